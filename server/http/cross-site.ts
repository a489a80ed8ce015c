import type { Request, RequestHandler } from "express";
import { sendError } from "./errors";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Whether a browser sent this request from another site's page: `Sec-Fetch-Site: cross-site`, or an
 * `Origin` that is neither SITE_URL's origin nor the host the request reached ("null", from a sandboxed
 * frame or a redirect, counts as another site). Requests without these headers (curl, server clients)
 * are not browsers acting for a visitor, so they are not refused.
 */
function isCrossSite(req: Request, siteOrigin: string | null): boolean {
  if (req.get("sec-fetch-site")?.trim().toLowerCase() === "cross-site") return true;
  const origin = req.get("origin");
  if (origin === undefined) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return true;
  }
  if (url.origin === siteOrigin) return false;
  // The host only (as React Router's own check of page form posts): behind a TLS proxy without TRUST_PROXY
  // the request looks like http:// while the page was https://, on the same site.
  return url.host !== (req.host ?? "").toLowerCase();
}

/**
 * Forms and fetches from other sites must not act for our visitors and staff (CORS lets any page send a
 * URL-encoded or multipart POST): every write, to the API or a page's form, from another site answers 403.
 */
export function refuseCrossSiteWrites(siteUrl: string | null): RequestHandler {
  const siteOrigin = siteUrl === null ? null : new URL(siteUrl).origin; // once, not per request
  return (req, res, next) => {
    if (WRITE_METHODS.has(req.method) && isCrossSite(req, siteOrigin)) {
      sendError(res, 403, "This request came from another website, so it was refused. Please use the form on our own site.");
      return;
    }
    next();
  };
}
