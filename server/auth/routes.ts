import { Router } from "express";
import { loginInput } from "../../shared/schemas/login";
import type { AppContext } from "../context";
import { HttpError, parseInput } from "../http/errors";
import { clearEvents, enforceLimits, type Limit, recordEvent } from "../http/throttle";
import { findAdminByUsername } from "./admins";
import { verifyAgainstDummy, verifyPassword } from "./passwords";
import { currentAdmin, requireAdmin, tokenFrom } from "./require-admin";
import { createSession, deleteSession } from "./sessions";

const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
/** Failed logins allowed per username in the window, and per client address (several staff may share one). */
const MAX_FAILURES_PER_USER = 5;
const MAX_FAILURES_PER_ADDRESS = 10;

const INVALID_CREDENTIALS = "Invalid username or password.";

/** /api/auth: login, verify, me, logout. */
export function authRouter(ctx: AppContext): Router {
  const router = Router();

  router.post("/login", async (req, res) => {
    const { username, password } = parseInput(loginInput, req.body);
    const limits: Limit[] = [
      { key: `login-user:${username.toLowerCase()}`, max: MAX_FAILURES_PER_USER, windowMs: LOCKOUT_WINDOW_MS },
      { key: `login-ip:${req.ip ?? "unknown"}`, max: MAX_FAILURES_PER_ADDRESS, windowMs: LOCKOUT_WINDOW_MS },
    ];
    try {
      await enforceLimits(ctx.db, limits, "Too many failed sign-in attempts. Please wait a few minutes and try again.");
    } catch (err) {
      // Same work as a real attempt, so a locked account cannot be told apart by timing either.
      await verifyAgainstDummy(password);
      throw err;
    }
    const admin = await findAdminByUsername(ctx.db, username);
    let ok = false;
    if (admin) ok = await verifyPassword(admin.passwordHash, password);
    else await verifyAgainstDummy(password);
    if (!admin || !ok) {
      await recordEvent(
        ctx.db,
        limits.map((l) => l.key),
      );
      throw new HttpError(401, INVALID_CREDENTIALS);
    }
    await clearEvents(ctx.db, limits[0]!.key);
    const token = await createSession(ctx.db, admin.id);
    res.json({ token, user: { _id: admin.id, username: admin.username } });
  });

  router.get("/verify", requireAdmin(ctx), (req, res) => {
    res.json({ valid: true, user: currentAdmin(req) });
  });

  router.get("/me", requireAdmin(ctx), (req, res) => {
    res.json({ user: currentAdmin(req) });
  });

  router.post("/logout", requireAdmin(ctx), async (req, res) => {
    const token = tokenFrom(req);
    if (token) await deleteSession(ctx.db, token);
    res.json({ message: "Logged out successfully." });
  });

  return router;
}
