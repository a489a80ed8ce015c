import { setTimeout as sleep } from "node:timers/promises";
import { and, count, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { type Database, inTransaction, queryRows } from "../db/client";
import { throttleEvents } from "../db/schema";
import { HttpError } from "../http/errors";
import { clearEvents, clientKey, enforceLimits, type Limit, recordEvent, takeLimits } from "../http/throttle";
import { errorFields, log } from "../log";
import { htmlPage, htmlParagraphs } from "../mail/enquiry-emails";
import { emailSiteUrl, queueEmail } from "../mail/outbox";
import { ownerEmails } from "./users";

/**
 * Sign-in throttling that cannot be turned against the owner (docs/decisions/013-staff-accounts-and-roles.md):
 * - failures count per username and client address together: after 5 in 15 minutes that pair gets 429,
 *   while the same account from another address still signs in;
 * - one address failing across many usernames (30 in 15 minutes) is held back as a whole;
 * - guessing spread over many addresses (more than 50 failures for one account in an hour) slows that
 *   account's sign-in down: its password checks take turns a growing delay apart, on every app server
 *   (never refused for being wrong-looking; only a queue too long to wait in answers 429), and the owners
 *   get an e-mail, at most one an hour;
 * - wrong second-factor codes count per account, from every address and ticket: after 10 in 15 minutes
 *   the code step of that account answers 429 until they age out or an owner clears them, and the owners
 *   are told once.
 * A 429 is decided before any password hashing or code check.
 */
const WINDOW_MS = 15 * 60 * 1000;
const MAX_PAIR_FAILURES = 5;
const MAX_ADDRESS_FAILURES = 30;
const SPREAD_WINDOW_MS = 60 * 60 * 1000;
const SPREAD_THRESHOLD = 50;

/** The slow-down's timing (AppContext.signInSlowDown; tests use a tenth of it, so no test waits seconds). */
export interface SignInSlowDown {
  /** Each failure past the threshold adds this much delay, up to the cap. */
  stepMs: number;
  capMs: number;
  /** A turn further off than this is not given out: the request answers 429 instead of hanging. */
  maxTurnWaitMs: number;
}
export const SIGN_IN_SLOW_DOWN: SignInSlowDown = { stepMs: 100, capMs: 5_000, maxTurnWaitMs: 15_000 };
const MAX_TWO_FACTOR_FAILURES = 10;
/** Every failure for a username that has no account (one count, so the alert never names them). */
const UNKNOWN_USERNAMES_KEY = "login-unknown";

const TOO_MANY_FAILURES = "Too many failed sign-in attempts. Please wait a few minutes and try again.";
const TOO_MANY_AT_ONCE = "Too many sign-in attempts for this account at once. Please wait a little and try again.";
const TOO_MANY_CODES =
  "Too many wrong two-factor codes for this account. Please try again later, or ask an owner to clear the sign-in lock.";

/**
 * The throttle keys of one account: `account` counts every password failure from anywhere, each pair key
 * starts with `pairPrefix`, `turn` holds the reserved turns of the slow-down, `twoFactor` the code tries.
 */
function loginThrottleKeys(username: string) {
  const name = username.trim().toLowerCase();
  return {
    account: `login-user:${name}`,
    pairPrefix: `login-pair:${name}|`,
    turn: `login-turn:${name}`,
    twoFactor: `2fa-account:${name}`,
  };
}

function limitsFor(username: string, ip: string | undefined): { pair: Limit; address: Limit } {
  const client = clientKey(ip);
  return {
    pair: { key: `${loginThrottleKeys(username).pairPrefix}${client}`, max: MAX_PAIR_FAILURES, windowMs: WINDOW_MS },
    address: { key: `login-ip:${client}`, max: MAX_ADDRESS_FAILURES, windowMs: WINDOW_MS },
  };
}

const twoFactorLimit = (username: string): Limit => ({
  key: loginThrottleKeys(username).twoFactor,
  max: MAX_TWO_FACTOR_FAILURES,
  windowMs: WINDOW_MS,
});

/** Throws 429 (with Retry-After) when this username and address, or this address, failed too often. */
export async function checkSignInAllowed(db: Database, username: string, ip: string | undefined): Promise<void> {
  const { pair, address } = limitsFor(username, ip);
  await enforceLimits(db, [pair, address], TOO_MANY_FAILURES);
}

async function recentEvents(db: Database, key: string, windowMs: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(throttleEvents)
    .where(and(eq(throttleEvents.key, key), gt(throttleEvents.createdAt, new Date(Date.now() - windowMs))));
  return row?.n ?? 0;
}

/** How far apart this account's sign-ins are: 0 normally, growing under spread-out guessing. */
export async function signInDelayMs(db: Database, username: string, timing = SIGN_IN_SLOW_DOWN): Promise<number> {
  const failures = await recentEvents(db, loginThrottleKeys(username).account, SPREAD_WINDOW_MS);
  return failures <= SPREAD_THRESHOLD ? 0 : Math.min(timing.capMs, (failures - SPREAD_THRESHOLD) * timing.stepMs);
}

/**
 * Waits for this attempt's turn under the slow-down (at once otherwise). Parallel attempts would all sleep
 * and then all be checked, so each reserves the account's next turn, `delay` after the later of now and the
 * last turn given, as a throttle event dated then; an advisory lock makes the reservation atomic across app
 * servers, and the database's clock dates every turn. A turn more than `maxTurnWaitMs` away: 429.
 */
export async function waitForSignInTurn(db: Database, username: string, timing = SIGN_IN_SLOW_DOWN): Promise<void> {
  const delay = await signInDelayMs(db, username, timing);
  if (delay === 0) return;
  const key = loginThrottleKeys(username).turn;
  const waitMs = await inTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    const [row] = await queryRows<{ wait_ms: number | string }>(
      tx,
      sql`SELECT (extract(epoch FROM greatest(now(), max(created_at)) - now()) * 1000)::float8 + ${delay}::float8 AS wait_ms
          FROM throttle_events WHERE key = ${key}`,
    );
    const wait = Math.max(0, Number(row?.wait_ms ?? delay));
    if (wait > timing.maxTurnWaitMs) {
      const retryAfter = String(Math.max(1, Math.ceil((wait - timing.maxTurnWaitMs) / 1000)));
      throw new HttpError(429, TOO_MANY_AT_ONCE, undefined, { "Retry-After": retryAfter });
    }
    await tx.execute(
      sql`INSERT INTO throttle_events (key, created_at) VALUES (${key}, now() + make_interval(secs => ${wait / 1000}::float8))`,
    );
    return wait;
  });
  await sleep(waitMs);
}

/**
 * Counts a password failure against the pair, the address and the account (for a username without an
 * account, against the unknown usernames too); past the threshold, alerts the owners.
 */
export async function recordSignInFailure(
  ctx: AppContext,
  username: string,
  ip: string | undefined,
  accountExists: boolean,
): Promise<void> {
  const { pair, address } = limitsFor(username, ip);
  const account = loginThrottleKeys(username).account;
  await recordEvent(ctx.db, [pair.key, address.key, account, ...(accountExists ? [] : [UNKNOWN_USERNAMES_KEY])]);
  if (!ctx.mail.enabled) return;
  const unknown = await recentEvents(ctx.db, UNKNOWN_USERNAMES_KEY, SPREAD_WINDOW_MS);
  const failures = accountExists ? await recentEvents(ctx.db, account, SPREAD_WINDOW_MS) : unknown;
  if (failures <= SPREAD_THRESHOLD) return;
  await alertOwners(ctx, (site) =>
    accountExists ? accountAlert(site, username, failures, unknown) : unknownUsernamesAlert(site, failures),
  );
}

/**
 * The code step's per-account limit, before the code is checked: 429 (with Retry-After) after 10 wrong
 * codes in 15 minutes, from any address or ticket. Each try is counted as it is taken (atomically, so
 * parallel tries cannot slip past the limit); a right code gives its try back.
 */
export async function takeTwoFactorTry(db: Database, username: string): Promise<void> {
  const refused = await inTransaction(db, (tx) => takeLimits(tx, [twoFactorLimit(username)]));
  if (refused) throw new HttpError(429, TOO_MANY_CODES, undefined, { "Retry-After": String(refused.retryAfter) });
}

/** A right code: its counted try is given back (the newest of the account's). */
export async function returnTwoFactorTry(db: Database, username: string): Promise<void> {
  const key = twoFactorLimit(username).key;
  await db.execute(sql`DELETE FROM throttle_events WHERE id = (SELECT max(id) FROM throttle_events WHERE key = ${key})`);
}

/** A wrong code (already counted by takeTwoFactorTry): at the limit, the owners are told. */
export async function recordTwoFactorFailure(ctx: AppContext, username: string): Promise<void> {
  if (!ctx.mail.enabled) return;
  const limit = twoFactorLimit(username);
  const failures = await recentEvents(ctx.db, limit.key, limit.windowMs);
  if (failures >= limit.max) await alertOwners(ctx, (site) => twoFactorAlert(site, username, failures));
}

/**
 * Forgets every sign-in lock of the account, from every address: password failures, the slow-down's
 * turns and wrong codes (`npm run admin -- set-password`, and an owner's "Clear sign-in locks").
 */
export async function clearAccountFailures(db: Database, username: string): Promise<void> {
  const { account, pairPrefix, turn, twoFactor } = loginThrottleKeys(username);
  await db
    .delete(throttleEvents)
    .where(or(inArray(throttleEvents.key, [account, turn, twoFactor]), sql`starts_with(${throttleEvents.key}, ${pairPrefix})`));
}

/** A successful sign-in forgets its own pair's failures (not the account's: an attack elsewhere goes on). */
export async function clearSignInFailures(db: Database, username: string, ip: string | undefined): Promise<void> {
  await clearEvents(db, limitsFor(username, ip).pair.key);
}

interface Alert {
  subject: string;
  lines: string[];
  /** One e-mail per key (the outbox keeps them unique). */
  dedupeKey: string;
  logMessage: string;
  logFields: Record<string, unknown>;
}

const hourNow = () => new Date().toISOString().slice(0, 13);

/** Spread-out guessing of one account's password (and how many tries named no account, never which). */
function accountAlert(site: string, username: string, failures: number, unknownFailures: number): Alert {
  return {
    subject: `Many failed sign-ins to the admin panel (account "${username}")`,
    lines: [
      `In the last hour there were ${failures} failed attempts to sign in to the admin panel as "${username}", from several addresses.`,
      "Someone may be guessing the password. Sign-ins to that account are slowed down until the attempts stop;",
      "the right password still works.",
      ...(unknownFailures > 0 ? [`There were also ${unknownFailures} failed sign-ins for unknown usernames.`] : []),
      "",
      "What to do: make sure the account has a strong password and two-factor sign-in, and look at the activity log:",
      `${site}/admin/activity?action=sign-in-failed`,
      "",
      "You will get at most one such alert an hour.",
    ],
    dedupeKey: `sign-in-attack:${hourNow()}`,
    logMessage: "many failed sign-ins for one account; owners alerted",
    logFields: { username, failures },
  };
}

/** Guessing with usernames that have no account: counted together, and none of them quoted. */
function unknownUsernamesAlert(site: string, failures: number): Alert {
  return {
    subject: "Many failed sign-ins to the admin panel (unknown usernames)",
    lines: [
      `In the last hour there were ${failures} failed sign-ins for unknown usernames to the admin panel, from several addresses.`,
      "Someone may be trying names and passwords. No account has those names; each address is held back after repeated failures.",
      "",
      "What to do: make sure every account has a strong password and two-factor sign-in, and look at the activity log:",
      `${site}/admin/activity?action=sign-in-failed`,
      "",
      "You will get at most one such alert an hour.",
    ],
    dedupeKey: `sign-in-attack-unknown:${hourNow()}`,
    logMessage: "many failed sign-ins for unknown usernames; owners alerted",
    logFields: { failures },
  };
}

function twoFactorAlert(site: string, username: string, failures: number): Alert {
  return {
    subject: `Two-factor sign-in locked (account "${username}")`,
    lines: [
      `In the last 15 minutes there were ${failures} wrong two-factor codes for the account "${username}" of the admin panel.`,
      "Only someone who knows its password gets this far: the password may be known to someone else.",
      "The code step of that account is locked for 15 minutes, from every address.",
      "",
      "What to do: ask the person whether it was them. If not, set a new password for the account on the Staff screen,",
      "and look at the activity log:",
      `${site}/admin/activity?action=sign-in-failed`,
      "",
      `When it is safe, an owner can end the lock at once on the Staff screen (Clear sign-in locks): ${site}/admin/staff`,
      "",
      "You will get at most one such alert an hour for this account.",
    ],
    dedupeKey: `two-factor-lock:${username.trim().toLowerCase()}:${hourNow()}`,
    logMessage: "many wrong two-factor codes for one account; code step locked, owners alerted",
    logFields: { username, failures },
  };
}

/** Queues an alert to the owners; its links and Message-ID come from SITE_URL, never from the request's Host. */
async function alertOwners(ctx: AppContext, write: (site: string) => Alert): Promise<void> {
  try {
    const site = emailSiteUrl(ctx.config);
    const alert = write(site);
    const to = await ownerEmails(ctx.db);
    const text = alert.lines.join("\n");
    const queued = await queueEmail(ctx.db, {
      to,
      replyTo: null,
      subject: alert.subject,
      text,
      html: htmlPage(alert.subject, `<p>${htmlParagraphs(text)}</p>`),
      purpose: "alert",
      dedupeKey: alert.dedupeKey,
      origin: site,
    });
    if (queued) {
      log.warn(alert.logMessage, alert.logFields);
      ctx.mail.kick();
    }
  } catch (err) {
    log.error("could not queue a sign-in alert", errorFields(err));
  }
}
