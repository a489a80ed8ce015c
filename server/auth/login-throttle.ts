import { and, count, eq, gt, or, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { throttleEvents } from "../db/schema";
import { clearEvents, clientKey, enforceLimits, type Limit, recordEvent } from "../http/throttle";
import { errorFields, log } from "../log";
import { htmlPage, htmlParagraphs } from "../mail/enquiry-emails";
import { queueEmail } from "../mail/outbox";
import { ownerEmails } from "./users";

/**
 * Sign-in throttling that cannot be turned against the owner (docs/decisions/013-staff-accounts-and-roles.md):
 * - failures count per username and client address together: after 5 in 15 minutes that pair gets 429,
 *   while the same account from another address still signs in;
 * - one address failing across many usernames (30 in 15 minutes) is held back as a whole;
 * - guessing spread over many addresses (more than 50 failures for one account in an hour) slows that
 *   account's sign-in down, never refusing it, and alerts the owners by e-mail once an hour.
 * A 429 is decided before any password hashing.
 */
const WINDOW_MS = 15 * 60 * 1000;
const MAX_PAIR_FAILURES = 5;
const MAX_ADDRESS_FAILURES = 30;
const SPREAD_WINDOW_MS = 60 * 60 * 1000;
const SPREAD_THRESHOLD = 50;
/** Each failure past the threshold adds this much delay, up to the cap. */
const DELAY_STEP_MS = 100;
const DELAY_CAP_MS = 5_000;

const TOO_MANY_FAILURES = "Too many failed sign-in attempts. Please wait a few minutes and try again.";

/** `account` counts every failure of the account from anywhere; each pair key starts with `pairPrefix`. */
function loginThrottleKeys(username: string) {
  const name = username.trim().toLowerCase();
  return { account: `login-user:${name}`, pairPrefix: `login-pair:${name}|` };
}

function limitsFor(username: string, ip: string | undefined): { pair: Limit; address: Limit } {
  const client = clientKey(ip);
  return {
    pair: { key: `${loginThrottleKeys(username).pairPrefix}${client}`, max: MAX_PAIR_FAILURES, windowMs: WINDOW_MS },
    address: { key: `login-ip:${client}`, max: MAX_ADDRESS_FAILURES, windowMs: WINDOW_MS },
  };
}

/** Throws 429 (with Retry-After) when this username and address, or this address, failed too often. */
export async function checkSignInAllowed(db: Database, username: string, ip: string | undefined): Promise<void> {
  const { pair, address } = limitsFor(username, ip);
  await enforceLimits(db, [pair, address], TOO_MANY_FAILURES);
}

async function recentAccountFailures(db: Database, username: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(throttleEvents)
    .where(
      and(
        eq(throttleEvents.key, loginThrottleKeys(username).account),
        gt(throttleEvents.createdAt, new Date(Date.now() - SPREAD_WINDOW_MS)),
      ),
    );
  return row?.n ?? 0;
}

/** How long a sign-in of this account waits first: 0 normally, growing under spread-out guessing. */
export async function signInDelayMs(db: Database, username: string): Promise<number> {
  const failures = await recentAccountFailures(db, username);
  return failures <= SPREAD_THRESHOLD ? 0 : Math.min(DELAY_CAP_MS, (failures - SPREAD_THRESHOLD) * DELAY_STEP_MS);
}

/** Counts a failure against the pair, the address and the account; past the threshold, alerts the owners. */
export async function recordSignInFailure(
  ctx: AppContext,
  username: string,
  ip: string | undefined,
  origin: string,
): Promise<void> {
  const { pair, address } = limitsFor(username, ip);
  const account = loginThrottleKeys(username).account;
  await recordEvent(ctx.db, [pair.key, address.key, account]);
  const failures = await recentAccountFailures(ctx.db, username);
  if (failures > SPREAD_THRESHOLD && ctx.mail.enabled) await alertOwners(ctx, username, failures, origin);
}

/** Forgets every failure of the account, from every address (`npm run admin -- set-password`). */
export async function clearAccountFailures(db: Database, username: string): Promise<void> {
  const { account, pairPrefix } = loginThrottleKeys(username);
  await db
    .delete(throttleEvents)
    .where(or(eq(throttleEvents.key, account), sql`starts_with(${throttleEvents.key}, ${pairPrefix})`));
}

/** A successful sign-in forgets its own pair's failures (not the account's: an attack elsewhere goes on). */
export async function clearSignInFailures(db: Database, username: string, ip: string | undefined): Promise<void> {
  await clearEvents(db, limitsFor(username, ip).pair.key);
}

async function alertOwners(ctx: AppContext, username: string, failures: number, origin: string): Promise<void> {
  const to = await ownerEmails(ctx.db);
  const hour = new Date().toISOString().slice(0, 13);
  const subject = `Many failed sign-ins to the admin panel (account "${username}")`;
  const text = [
    `In the last hour there were ${failures} failed attempts to sign in to the admin panel as "${username}", from several addresses.`,
    "Someone may be guessing the password. Sign-ins to that account are slowed down until the attempts stop;",
    "the right password still works.",
    "",
    "What to do: make sure the account has a strong password and two-factor sign-in, and look at the activity log:",
    `${origin}/admin/activity?action=sign-in-failed`,
    "",
    "You will get at most one such alert an hour.",
  ].join("\n");
  try {
    const queued = await queueEmail(ctx.db, {
      to,
      replyTo: null,
      subject,
      text,
      html: htmlPage(subject, `<p>${htmlParagraphs(text)}</p>`),
      purpose: "alert",
      dedupeKey: `sign-in-attack:${hour}`,
      origin,
    });
    if (queued) {
      log.warn("many failed sign-ins for one account; owners alerted", { username, failures });
      ctx.mail.kick();
    }
  } catch (err) {
    log.error("could not queue the sign-in alert", errorFields(err));
  }
}
