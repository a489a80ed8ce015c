import { isIPv4, isIPv6 } from "node:net";
import { and, count, eq, gt, lt, min, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { throttleEvents } from "../db/schema";
import { HttpError } from "./errors";

/**
 * Counting limits (failed logins, contact messages) over a sliding window. Events live in the database so
 * every app server sees the same counts.
 */
export interface Limit {
  /** e.g. "login-user:admin" or "contact-ip:203.0.113.9" */
  key: string;
  max: number;
  windowMs: number;
}

/** Seconds until the limit admits another event, or 0 when it admits one now. */
async function secondsUntilAllowed(db: Database, limit: Limit): Promise<number> {
  const since = new Date(Date.now() - limit.windowMs);
  const [row] = await db
    .select({ n: count(), oldest: min(throttleEvents.createdAt) })
    .from(throttleEvents)
    .where(and(eq(throttleEvents.key, limit.key), gt(throttleEvents.createdAt, since)));
  if (!row || row.n < limit.max || !row.oldest) return 0;
  const oldest = row.oldest instanceof Date ? row.oldest : new Date(row.oldest);
  return Math.max(1, Math.ceil((oldest.getTime() + limit.windowMs - Date.now()) / 1000));
}

/** Throws 429 with Retry-After when any of the limits is reached. */
export async function enforceLimits(db: Database, limits: Limit[], message: string): Promise<void> {
  let wait = 0;
  for (const limit of limits) wait = Math.max(wait, await secondsUntilAllowed(db, limit));
  if (wait > 0) throw new HttpError(429, message, undefined, { "Retry-After": String(wait) });
}

export async function recordEvent(db: Database, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.insert(throttleEvents).values(keys.map((key) => ({ key })));
}

export async function clearEvents(db: Database, key: string): Promise<void> {
  await db.delete(throttleEvents).where(eq(throttleEvents.key, key));
}

export async function deleteOldEvents(db: Database, olderThanMs = 24 * 60 * 60 * 1000): Promise<void> {
  await db.delete(throttleEvents).where(lt(throttleEvents.createdAt, new Date(Date.now() - olderThanMs)));
}

/**
 * The one atomic "check and count" of the enquiry limits, run inside the caller's transaction: it takes a
 * transaction-scoped advisory lock per key (in key order, so two requests never deadlock), so parallel
 * requests of one client are counted one after the other, on PostgreSQL across app servers too. Returns the
 * first limit that is reached (nothing recorded), or null after recording one event for every limit.
 */
export async function takeLimits(tx: Database, limits: Limit[]): Promise<{ limit: Limit; retryAfter: number } | null> {
  const ordered = [...limits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const limit of ordered) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${limit.key}, 0))`);
  for (const limit of ordered) {
    const wait = await secondsUntilAllowed(tx, limit);
    if (wait > 0) return { limit, retryAfter: wait };
  }
  await recordEvent(
    tx,
    ordered.map((l) => l.key),
  );
  return null;
}

/**
 * Who a client is for rate limits: its IPv4 address, or its IPv6 /64 network (one household or phone
 * usually has a whole /64 and can change the rest of its address at will).
 */
export function clientKey(ip: string | undefined): string {
  const address = (ip ?? "").trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIPv4(address)) return address;
  if (isIPv6(address)) return `${ipv6Groups(address).slice(0, 4).join(":")}::/64`;
  return address || "unknown";
}

/**
 * The network a client is in, for a wider limit than `clientKey`'s: its IPv4 /24 or its IPv6 /48 (what one
 * site, office or provider's customer usually has), so one network cannot send without bound by changing address.
 */
export function networkKey(ip: string | undefined): string {
  const client = clientKey(ip);
  if (isIPv4(client)) return `${client.split(".").slice(0, 3).join(".")}.0/24`;
  if (client.endsWith("::/64")) return `${client.split(":").slice(0, 3).join(":")}::/48`;
  return client;
}

/** The eight 16-bit groups of an IPv6 address, lower case without leading zeros ("::" expanded). */
function ipv6Groups(address: string): string[] {
  let text = address.split("%")[0]!.toLowerCase();
  // An embedded IPv4 tail (::ffff:1.2.3.4 handled above; 64:ff9b::1.2.3.4 here) becomes two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const middle = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...middle, ...right].map((g) => Number.parseInt(g || "0", 16).toString(16));
}
