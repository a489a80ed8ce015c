import type { Request, RequestHandler } from "express";
import type { AdminUser } from "../../shared/schemas/login";
import type { AppContext } from "../context";
import { unauthorized } from "../http/errors";
import { findSessionAdmin } from "./sessions";

/** The token from `x-auth-token` (what the admin sends) or `Authorization: Bearer …`. */
export function tokenFrom(req: Request): string | null {
  const header = req.get("x-auth-token");
  if (header?.trim()) return header.trim();
  const auth = req.get("authorization");
  const match = auth ? /^Bearer\s+(\S+)\s*$/i.exec(auth) : null;
  return match?.[1] ?? null;
}

export function currentAdmin(req: Request): AdminUser {
  const admin = (req.res?.locals as { admin?: AdminUser } | undefined)?.admin;
  if (!admin) throw unauthorized();
  return admin;
}

/** Lets the request through only with a valid session token; otherwise 401. */
export function requireAdmin(ctx: AppContext): RequestHandler {
  return async (req, res, next) => {
    const token = tokenFrom(req);
    if (!token) throw unauthorized("Authentication required. Please sign in.");
    const admin = await findSessionAdmin(ctx.db, token);
    if (!admin) throw unauthorized("Your session has expired or is not valid. Please sign in again.");
    res.locals.admin = admin;
    next();
  };
}
