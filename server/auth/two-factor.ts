import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { renderSVG } from "uqr";
import type { Database } from "../db/client";
import { inTransaction } from "../db/client";
import { admins, loginTickets, recoveryCodes } from "../db/schema";

/**
 * Two-factor sign-in with authenticator apps: TOTP (RFC 6238: SHA-1, 6 digits, 30 s) through `otpauth`,
 * the set-up QR code drawn here by `uqr` (no outside service sees the secret), 10 one-time recovery codes
 * kept as SHA-256 hashes, and the ticket that carries a sign-in from the password to the code.
 */

type UserRow = typeof admins.$inferSelect;

const ISSUER = "Pneuma Admin";
const PERIOD_S = 30;
/** A code of the step before or after is accepted too (a phone clock a little off). */
const WINDOW = 1;
const RECOVERY_CODE_COUNT = 10;
const TICKET_MS = 5 * 60 * 1000;
const TICKET_ATTEMPTS = 5;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

function totpFor(secret: string, username: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: username,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/** Starts (or restarts) the set-up: a new secret waits for a code from the app before it counts. */
export async function beginSetup(db: Database, user: UserRow) {
  const secret = new Secret({ size: 20 }).base32;
  await db.update(admins).set({ totpPendingSecret: secret }).where(eq(admins.id, user.id));
  const url = totpFor(secret, user.username).toString();
  return {
    secret,
    otpauthUrl: url,
    qrSvg: renderSVG(url, { border: 2, pixelSize: 6 }),
  };
}

/** The time step a code belongs to (within the window), or null when it is not a current code. */
function codeStep(secret: string, username: string, code: string): number | null {
  const delta = totpFor(secret, username).validate({ token: code, window: WINDOW });
  if (delta === null) return null;
  return Math.floor(Date.now() / 1000 / PERIOD_S) + delta;
}

const digitsOnly = (code: string) => code.replace(/\s+/g, "");

/** Readable, unambiguous (no 0/o, 1/l/i), 50 bits each: "k7md2-xq9wp". */
function newRecoveryCode(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const chars = Array.from(randomBytes(10), (b) => alphabet[b % alphabet.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * Finishes the set-up with a code from the app: two-factor sign-in is on, and the recovery codes (shown
 * once, stored hashed) are returned. Null when the code is wrong or nothing is being set up.
 */
export async function confirmSetup(db: Database, user: UserRow, code: string): Promise<string[] | null> {
  const pending = user.totpPendingSecret;
  if (!pending) return null;
  const step = codeStep(pending, user.username, digitsOnly(code));
  if (step === null) return null;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await inTransaction(db, async (tx) => {
    await tx
      .update(admins)
      .set({ totpSecret: pending, totpPendingSecret: null, totpEnabledAt: new Date(), totpLastStep: step, updatedAt: new Date() })
      .where(eq(admins.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.adminId, user.id));
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ adminId: user.id, codeHash: sha256(normalizeRecoveryCode(c)) })));
  });
  return codes;
}

/** Turns two-factor sign-in off for an account (its own choice, or an owner's for a lost phone). */
export async function turnOff(db: Database, userId: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx
      .update(admins)
      .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() })
      .where(eq(admins.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.adminId, userId));
  });
}

/**
 * Checks a second factor: a current TOTP code not used before, or an unused recovery code (used up by
 * this). Returns how it was given; "used" for a current code whose step (or a later one) already signed
 * in, so the person is told to wait for the next code rather than to check their phone's clock; or null.
 */
export async function verifySecondFactor(
  db: Database,
  user: UserRow,
  input: string,
): Promise<"code" | "recovery code" | "used" | null> {
  if (!user.totpSecret) return null;
  const code = digitsOnly(input);
  if (/^\d{6}$/.test(code)) {
    const step = codeStep(user.totpSecret, user.username, code);
    if (step === null) return null;
    // Only a later step than the last one accepted: the same code cannot sign in twice (RFC 6238 §5.2).
    const updated = await db
      .update(admins)
      .set({ totpLastStep: step })
      .where(and(eq(admins.id, user.id), sql`coalesce(${admins.totpLastStep}, -1) < ${step}`))
      .returning({ id: admins.id });
    return updated.length > 0 ? "code" : "used";
  }
  const hash = sha256(normalizeRecoveryCode(input));
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.adminId, user.id), eq(recoveryCodes.codeHash, hash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length > 0 ? "recovery code" : null;
}

export async function recoveryCodesLeft(db: Database, userId: string): Promise<number> {
  const rows = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.adminId, userId), isNull(recoveryCodes.usedAt)));
  return rows.length;
}

/** After the right password of an account with two-factor sign-in: the ticket for the second step. */
export async function createLoginTicket(db: Database, userId: string): Promise<string> {
  const ticket = randomBytes(32).toString("base64url");
  await db.insert(loginTickets).values({ id: sha256(ticket), adminId: userId, expiresAt: new Date(Date.now() + TICKET_MS) });
  return ticket;
}

/**
 * The account a ticket is for, counting this attempt: null when the ticket is unknown, expired or has had
 * its five attempts (then it is gone and the person starts again with the password).
 */
export async function takeLoginTicket(db: Database, ticket: string): Promise<{ userId: string; ticketId: string } | null> {
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(ticket)) return null;
  const id = sha256(ticket);
  const [row] = await db
    .update(loginTickets)
    .set({ attempts: sql`${loginTickets.attempts} + 1` })
    .where(and(eq(loginTickets.id, id), gt(loginTickets.expiresAt, new Date())))
    .returning();
  if (!row) return null;
  if (row.attempts > TICKET_ATTEMPTS) {
    await db.delete(loginTickets).where(eq(loginTickets.id, id));
    return null;
  }
  return { userId: row.adminId, ticketId: id };
}

export async function deleteLoginTicket(db: Database, ticketId: string): Promise<void> {
  await db.delete(loginTickets).where(eq(loginTickets.id, ticketId));
}

export async function deleteExpiredLoginTickets(db: Database): Promise<void> {
  await db.delete(loginTickets).where(lt(loginTickets.expiresAt, new Date()));
}
