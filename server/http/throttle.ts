import { and, count, eq, gt, lt, min } from "drizzle-orm";
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
export async function secondsUntilAllowed(db: Database, limit: Limit): Promise<number> {
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
