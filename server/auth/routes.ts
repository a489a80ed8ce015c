import { type Request, type Response, Router } from "express";
import {
  loginInput,
  passwordChangeInput,
  passwordConfirmInput,
  twoFactorCodeInput,
  twoFactorLoginInput,
} from "../../shared/schemas/login";
import { recordActivity } from "../activity/log";
import type { AppContext } from "../context";
import type { admins } from "../db/schema";
import { badRequest, conflict, HttpError, notFound, parseInput } from "../http/errors";
import {
  checkSignInAllowed,
  clearSignInFailures,
  recordSignInFailure,
  recordTwoFactorFailure,
  returnTwoFactorTry,
  takeTwoFactorTry,
  waitForSignInTurn,
} from "./login-throttle";
import { verifyAgainstDummy, verifyPassword } from "./passwords";
import { getSecurityPolicy } from "./policy";
import { actorOf, currentSessionId, currentUser, requireOwnAccount, tokenFrom } from "./require-admin";
import { createSession, deleteSession, deleteSessionOf, listSessions } from "./sessions";
import {
  beginSetup,
  confirmSetup,
  createLoginTicket,
  deleteLoginTicket,
  recoveryCodesLeft,
  takeLoginTicket,
  turnOff,
  verifySecondFactor,
} from "./two-factor";
import { changeOwnPassword, findUser, findUserByUsername, recordSignIn, toStaffUser, twoFactorOn } from "./users";

type UserRow = typeof admins.$inferSelect;

const INVALID_CREDENTIALS = "Invalid username or password.";
const TICKET_EXPIRED = "Your sign-in has expired. Please start again with your username and password.";
const WRONG_CODE = "The code is not right. Check the code in your authenticator app (and the time on your phone) and try again.";
const USED_CODE = "This code was just used. Wait for the next one.";

/** /api/auth: sign-in (with its second step), the signed-in person, their password, sessions and 2FA, sign-out. */
export function authRouter(ctx: AppContext): Router {
  const router = Router();

  /** The person as the panel sees them, with the owners' two-factor policy applied. */
  const staffUser = async (user: UserRow) => toStaffUser(user, (await getSecurityPolicy(ctx.db)).requireTwoFactor);

  /** A failed step: counted (under the account's own name when it exists) and logged. */
  const failed = async (req: Request, username: string, user: UserRow | null, detail: string) => {
    await recordSignInFailure(ctx, user?.username ?? username, req.ip, user !== null);
    await recordActivity(
      ctx.db,
      { id: user?.id ?? null, name: user?.username ?? username, ip: req.ip ?? "" },
      { action: "sign-in-failed", entityType: "session", detail },
    );
  };

  /** Both factors are right: the session, the counters of this address cleared, the log entry. */
  const signIn = async (req: Request, res: Response, user: UserRow, detail = "") => {
    await clearSignInFailures(ctx.db, user.username, req.ip);
    const { token } = await createSession(ctx.db, user.id, { userAgent: req.get("user-agent") ?? "", ip: req.ip ?? "" });
    await recordSignIn(ctx.db, user.id);
    await recordActivity(
      ctx.db,
      { id: user.id, name: user.username, ip: req.ip ?? "" },
      { action: "sign-in", entityType: "session", detail },
    );
    res.json({ token, user: await staffUser(user) });
  };

  router.post("/login", async (req, res) => {
    const { username, password } = parseInput(loginInput, req.body);
    // Refused before any hashing, so a flood of refused attempts costs no CPU.
    await checkSignInAllowed(ctx.db, username, req.ip);
    await waitForSignInTurn(ctx.db, username, ctx.signInSlowDown);
    const user = await findUserByUsername(ctx.db, username);
    let ok = false;
    if (user) ok = await verifyPassword(user.passwordHash, password);
    else await verifyAgainstDummy(password); // same time as a wrong password: names cannot be probed
    // A disabled account answers exactly as a wrong password does: the answer tells nothing about it.
    if (!user || !ok || user.disabledAt) {
      await failed(req, username, user, !user ? "unknown username" : !ok ? "wrong password" : "account disabled");
      throw new HttpError(401, INVALID_CREDENTIALS);
    }
    if (twoFactorOn(user)) {
      res.json({ twoFactorRequired: true, ticket: await createLoginTicket(ctx.db, user.id) });
      return;
    }
    await signIn(req, res, user);
  });

  router.post("/login/2fa", async (req, res) => {
    const { ticket, code } = parseInput(twoFactorLoginInput, req.body);
    const taken = await takeLoginTicket(ctx.db, ticket);
    const user = taken ? await findUser(ctx.db, taken.userId) : null;
    if (!taken || !user || user.disabledAt || !twoFactorOn(user)) throw new HttpError(401, TICKET_EXPIRED);
    await checkSignInAllowed(ctx.db, user.username, req.ip);
    await takeTwoFactorTry(ctx.db, user.username);
    const how = await verifySecondFactor(ctx.db, user, code);
    if (!how || how === "used") {
      // A replayed code still counts as a failed try: only the message differs, so a person is told the truth.
      await failed(req, user.username, user, how === "used" ? "two-factor code already used" : "wrong two-factor code");
      await recordTwoFactorFailure(ctx, user.username);
      throw new HttpError(401, how === "used" ? USED_CODE : WRONG_CODE);
    }
    await returnTwoFactorTry(ctx.db, user.username);
    await deleteLoginTicket(ctx.db, taken.ticketId);
    const detail =
      how === "recovery code"
        ? `with a recovery code (${await recoveryCodesLeft(ctx.db, user.id)} left)`
        : "with two-factor code";
    await signIn(req, res, user, detail);
  });

  router.get("/verify", requireOwnAccount(ctx), async (req, res) => {
    res.json({ valid: true, user: await staffUser(currentUser(req)) });
  });

  // The person's fields at the top (the spec of the staff issue), and under `user` as before.
  router.get("/me", requireOwnAccount(ctx), async (req, res) => {
    const me = await staffUser(currentUser(req));
    res.json({ ...me, user: me });
  });

  router.post("/logout", requireOwnAccount(ctx), async (req, res) => {
    const token = tokenFrom(req);
    if (token) await deleteSession(ctx.db, token);
    await recordActivity(ctx.db, actorOf(req), { action: "sign-out", entityType: "session" });
    res.json({ message: "Logged out successfully." });
  });

  /**
   * The signed-in person's password, checked again before a sensitive change. A stolen session must not
   * become a way to guess it: wrong passwords count as sign-in failures.
   */
  const checkOwnPassword = async (req: Request, password: string, field: string) => {
    const user = currentUser(req);
    await checkSignInAllowed(ctx.db, user.username, req.ip);
    if (!(await verifyPassword(user.passwordHash, password))) {
      await recordSignInFailure(ctx, user.username, req.ip, true);
      const message = field === "currentPassword" ? "The current password is not right." : "The password is not right.";
      throw badRequest(message, [{ path: field, message }]);
    }
  };

  router.post("/password", requireOwnAccount(ctx), async (req, res) => {
    const user = currentUser(req);
    const { currentPassword, newPassword } = parseInput(passwordChangeInput, req.body);
    await checkOwnPassword(req, currentPassword, "currentPassword");
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

  router.get("/sessions", requireOwnAccount(ctx), async (req, res) => {
    res.json(await listSessions(ctx.db, currentUser(req).id, currentSessionId(req)));
  });

  router.delete("/sessions/:id", requireOwnAccount(ctx), async (req, res) => {
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

  // ---- two-factor sign-in of the signed-in person ------------------------------------------------------

  router.get("/2fa", requireOwnAccount(ctx), async (req, res) => {
    const user = currentUser(req);
    const policy = await getSecurityPolicy(ctx.db);
    res.json({
      enabled: twoFactorOn(user),
      required: policy.requireTwoFactor,
      recoveryCodesLeft: twoFactorOn(user) ? await recoveryCodesLeft(ctx.db, user.id) : 0,
    });
  });

  // A new secret, as a QR code and as text; it counts once confirmed with a code from the app.
  router.post("/2fa/setup", requireOwnAccount(ctx), async (req, res) => {
    const user = currentUser(req);
    if (twoFactorOn(user)) throw conflict("Two-factor sign-in is already on. Turn it off first to set up a new phone.");
    res.json(await beginSetup(ctx.db, user));
  });

  router.post("/2fa/confirm", requireOwnAccount(ctx), async (req, res) => {
    const user = currentUser(req);
    const { code } = parseInput(twoFactorCodeInput, req.body);
    if (!user.totpPendingSecret) throw conflict("Start the set-up first: there is no code to confirm.");
    const codes = await confirmSetup(ctx.db, user, code);
    if (!codes) throw badRequest(WRONG_CODE, [{ path: "code", message: WRONG_CODE }]);
    await recordActivity(ctx.db, actorOf(req), {
      action: "two-factor-on",
      entityType: "user",
      entityId: user.id,
      entityLabel: user.username,
    });
    const updated = await findUser(ctx.db, user.id);
    res.json({ recoveryCodes: codes, user: await staffUser(updated ?? user) });
  });

  router.post("/2fa/disable", requireOwnAccount(ctx), async (req, res) => {
    const user = currentUser(req);
    const { password } = parseInput(passwordConfirmInput, req.body);
    await checkOwnPassword(req, password, "password");
    if (!twoFactorOn(user)) throw conflict("Two-factor sign-in is not on.");
    if ((await getSecurityPolicy(ctx.db)).requireTwoFactor) {
      throw conflict("Two-factor sign-in is required for every staff member (Site Settings), so it cannot be turned off.");
    }
    await turnOff(ctx.db, user.id);
    await recordActivity(ctx.db, actorOf(req), {
      action: "two-factor-off",
      entityType: "user",
      entityId: user.id,
      entityLabel: user.username,
    });
    const updated = await findUser(ctx.db, user.id);
    res.json({ message: "Two-factor sign-in is off.", user: await staffUser(updated ?? user) });
  });

  return router;
}
