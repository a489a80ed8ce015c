import type { Request, RequestHandler } from "express";
import { can, type Permission } from "../../shared/auth/roles";
import type { Actor } from "../activity/log";
import type { AppContext } from "../context";
import type { admins } from "../db/schema";
import { HttpError, unauthorized } from "../http/errors";
import { getSecurityPolicy } from "./policy";
import { findSession } from "./sessions";
import { twoFactorOn } from "./users";

type UserRow = typeof admins.$inferSelect;

/** The token from `x-auth-token` (what the admin sends) or `Authorization: Bearer …`. */
export function tokenFrom(req: Request): string | null {
  const header = req.get("x-auth-token");
  if (header?.trim()) return header.trim();
  const auth = req.get("authorization");
  const match = auth ? /^Bearer\s+(\S+)\s*$/i.exec(auth) : null;
  return match?.[1] ?? null;
}

interface SignedIn {
  user: UserRow;
  sessionId: string;
}

function signedIn(req: Request): SignedIn {
  const found = (req.res?.locals as { signedIn?: SignedIn } | undefined)?.signedIn;
  if (!found) throw unauthorized();
  return found;
}

/** The account of the request (behind requireAdmin). */
export function currentUser(req: Request): UserRow {
  return signedIn(req).user;
}

export function currentSessionId(req: Request): string {
  return signedIn(req).sessionId;
}

/** Who did it, for the activity log: the signed-in account (if any) and the client address. */
export function actorOf(req: Request): Actor {
  const found = (req.res?.locals as { signedIn?: SignedIn } | undefined)?.signedIn;
  return { id: found?.user.id ?? null, name: found?.user.username ?? "", ip: req.ip ?? "" };
}

const CHANGE_PASSWORD_FIRST =
  "Please choose your own password first (My account): until you change the one you were given, you can only use My account.";
const TWO_FACTOR_FIRST =
  "The owners require two-factor sign-in: please turn it on first (My account). Until then you can only use My account.";

/**
 * Why the account may not use the panel yet, or null: the first password is still to be changed, or the
 * owners require two-factor sign-in and it is off. Until then its sessions work only for My account.
 */
async function accountNotReady(ctx: AppContext, user: UserRow): Promise<string | null> {
  if (user.mustChangePassword) return CHANGE_PASSWORD_FIRST;
  if (!twoFactorOn(user) && (await getSecurityPolicy(ctx.db)).requireTwoFactor) return TWO_FACTOR_FIRST;
  return null;
}

/**
 * The session of the request (401 without a valid one). Unless `ownAccount` (the person's own account
 * calls under /api/auth), an account not ready yet gets 403 with the reason: the panel sending the person
 * to My account is not the only guard.
 */
async function authenticate(ctx: AppContext, req: Request, ownAccount = false): Promise<SignedIn> {
  const token = tokenFrom(req);
  if (!token) throw unauthorized("Authentication required. Please sign in.");
  const found = await findSession(ctx.db, token);
  if (!found) throw unauthorized("Your session has expired or is not valid. Please sign in again.");
  if (req.res) req.res.locals.signedIn = found;
  const notReady = ownAccount ? null : await accountNotReady(ctx, found.user);
  if (notReady) throw new HttpError(403, notReady);
  return found;
}

/** Lets the request through only with a valid session of an active, ready account; otherwise 401 or 403. */
export function requireAdmin(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    await authenticate(ctx, req);
    next();
  };
}

/**
 * For the person's own account (/api/auth: who am I, password, two-factor set-up, sessions, sign-out): a
 * valid session is enough, so someone who must first change their password or set up two-factor sign-in can.
 */
export function requireOwnAccount(ctx: AppContext): RequestHandler {
  return async (req, _res, next) => {
    await authenticate(ctx, req, true);
    next();
  };
}

/** 403 in words when the signed-in role may not do this: "Your role (sales) cannot change products." */
export function forbidden(user: UserRow, doing: string): HttpError {
  return new HttpError(403, `Your role (${user.role}) cannot ${doing}.`);
}

/**
 * A signed-in account whose role has `permission`: 401 without a valid session, 403 with the reason
 * otherwise. `doing` finishes the sentence "Your role (sales) cannot …".
 */
export function requirePermission(ctx: AppContext, permission: Permission, doing: string): RequestHandler {
  return async (req, _res, next) => {
    const { user } = await authenticate(ctx, req);
    if (!can(user.role, permission)) throw forbidden(user, doing);
    next();
  };
}
