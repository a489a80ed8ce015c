import { setTimeout as sleep } from "node:timers/promises";
import { Router } from "express";
import { loginInput, passwordChangeInput } from "../../shared/schemas/login";
import { recordActivity } from "../activity/log";
import { actorOf, currentSessionId, currentUser, requireAdmin, tokenFrom } from "../auth/require-admin";
import type { AppContext } from "../context";
import { badRequest, HttpError, notFound, parseInput } from "../http/errors";
import { requestOrigin } from "../http/origin";
import { checkSignInAllowed, clearSignInFailures, recordSignInFailure, signInDelayMs } from "./login-throttle";
import { verifyAgainstDummy, verifyPassword } from "./passwords";
import { createSession, deleteSession, deleteSessionOf, listSessions } from "./sessions";
import { changeOwnPassword, findUserByUsername, recordSignIn, toStaffUser } from "./users";

const INVALID_CREDENTIALS = "Invalid username or password.";
const ACCOUNT_DISABLED = "This account is disabled. Ask an owner to enable it.";

/** /api/auth: sign-in, the signed-in person (me, verify), their password and sessions, sign-out. */
export function authRouter(ctx: AppContext): Router {
  const router = Router();

  router.post("/login", async (req, res) => {
    const { username, password } = parseInput(loginInput, req.body);
    // Refused before any hashing, so a flood of refused attempts costs no CPU.
    await checkSignInAllowed(ctx.db, username, req.ip);
    const delay = await signInDelayMs(ctx.db, username);
    if (delay > 0) await sleep(delay);
    const user = await findUserByUsername(ctx.db, username);
    let ok = false;
    if (user) ok = await verifyPassword(user.passwordHash, password);
    else await verifyAgainstDummy(password); // same time as a wrong password: names cannot be probed
    const actor = { id: user?.id ?? null, name: user?.username ?? username, ip: req.ip ?? "" };
    if (!user || !ok) {
      await recordSignInFailure(ctx, username, req.ip, requestOrigin(req));
      await recordActivity(ctx.db, actor, {
        action: "sign-in-failed",
        entityType: "session",
        detail: user ? "wrong password" : "unknown username",
      });
      throw new HttpError(401, INVALID_CREDENTIALS);
    }
    if (user.disabledAt) {
      await recordActivity(ctx.db, actor, { action: "sign-in-failed", entityType: "session", detail: "account disabled" });
      throw new HttpError(403, ACCOUNT_DISABLED);
    }
    await clearSignInFailures(ctx.db, username, req.ip);
    const { token } = await createSession(ctx.db, user.id, { userAgent: req.get("user-agent") ?? "", ip: req.ip ?? "" });
    await recordSignIn(ctx.db, user.id);
    await recordActivity(ctx.db, actor, { action: "sign-in", entityType: "session" });
    res.json({ token, user: toStaffUser(user) });
  });

  router.get("/verify", requireAdmin(ctx), (req, res) => {
    res.json({ valid: true, user: toStaffUser(currentUser(req)) });
  });

  // The person's fields at the top (the spec of the staff issue), and under `user` as before.
  router.get("/me", requireAdmin(ctx), (req, res) => {
    const me = toStaffUser(currentUser(req));
    res.json({ ...me, user: me });
  });

  router.post("/logout", requireAdmin(ctx), async (req, res) => {
    const token = tokenFrom(req);
    if (token) await deleteSession(ctx.db, token);
    await recordActivity(ctx.db, actorOf(req), { action: "sign-out", entityType: "session" });
    res.json({ message: "Logged out successfully." });
  });

  router.post("/password", requireAdmin(ctx), async (req, res) => {
    const user = currentUser(req);
    const { currentPassword, newPassword } = parseInput(passwordChangeInput, req.body);
    // A stolen session must not become a way to guess the password: wrong current passwords count as failures.
    await checkSignInAllowed(ctx.db, user.username, req.ip);
    if (!(await verifyPassword(user.passwordHash, currentPassword))) {
      await recordSignInFailure(ctx, user.username, req.ip, requestOrigin(req));
      const message = "The current password is not right.";
      throw badRequest(message, [{ path: "currentPassword", message }]);
    }
    if (newPassword === currentPassword) {
      const message = "The new password must be different from the current one.";
      throw badRequest(message, [{ path: "newPassword", message }]);
    }
    await changeOwnPassword(ctx.db, user, newPassword, currentSessionId(req));
    await recordActivity(ctx.db, actorOf(req), {
      action: "password-change",
      entityType: "user",
      entityId: user.id,
      entityLabel: user.username,
    });
    res.json({ message: "Your password has been changed. Your other sessions were signed out." });
  });

  router.get("/sessions", requireAdmin(ctx), async (req, res) => {
    res.json(await listSessions(ctx.db, currentUser(req).id, currentSessionId(req)));
  });

  router.delete("/sessions/:id", requireAdmin(ctx), async (req, res) => {
    const user = currentUser(req);
    if (!(await deleteSessionOf(ctx.db, user.id, String(req.params.id)))) throw notFound("Session not found.");
    await recordActivity(ctx.db, actorOf(req), {
      action: "sessions-end",
      entityType: "user",
      entityId: user.id,
      entityLabel: user.username,
      detail: "one session",
    });
    res.json({ message: "The session was signed out." });
  });

  return router;
}
