import type { Request } from "express";

/** The origin the request reached, for links in e-mails when SITE_URL is unset (TRUST_PROXY decides the protocol). */
export function requestOrigin(req: Request): string {
  return `${req.protocol}://${req.get("host") ?? "localhost"}`;
}
