import { createHmac, timingSafeEqual } from "node:crypto";
import { emailKey } from "../../shared/sales/customer";
import type { Database } from "../db/client";
import { linkKey } from "../sales/quotation-mail";

/**
 * The "keep my details" link of a retention warning (server/privacy/retention.ts): /privacy/keep/<token>. No
 * sign-in, so the token is the permission: the warning's time and a keyed hash of the person's address, signed
 * with the key of the buyers' quotation links. It names no record and no address (a link in a mail log reveals
 * nothing); the page finds the records warned at that time whose person's address has that hash.
 */

export const KEEP_PAGE = "/privacy/keep/";
const HOUR_MS = 60 * 60 * 1000;
/** The warning's notice: the records are erased by the first daily pass this long after it. */
export const WARNING_NOTICE_MS = 48 * HOUR_MS;
/** The link works until the erasure would have happened, and a few days more (a pass missed, a late reader). */
const LINK_VALID_MS = WARNING_NOTICE_MS + 5 * 24 * HOUR_MS;

const hmac = (key: Buffer, text: string) => createHmac("sha256", key).update(text).digest("base64url");
/** Who the link is for: the lower-cased address, hashed with the key (no one else can test addresses against it). */
const personTagOf = (key: Buffer, address: string) => hmac(key, `retention-person:${emailKey(address)}`).slice(0, 22);
const signatureOf = (key: Buffer, payload: string) => hmac(key, `retention-keep:${payload}`);

/** The token of one warning e-mail: "<warned at, base 36 ms>.<person>.<signature>". */
export async function keepLinkToken(db: Database, address: string, warnedAt: Date): Promise<string> {
  const key = await linkKey(db);
  const payload = `${warnedAt.getTime().toString(36)}.${personTagOf(key, address)}`;
  return `${payload}.${signatureOf(key, payload)}`;
}

/** A token this site made: the warning's time, and a test of whether an address is the person it was sent to. */
export interface KeepLink {
  warnedAt: Date;
  /** Until when it works. */
  validUntil: Date;
  isFor(address: string): boolean;
}

/** The link a token stands for, or null when it was not made here (or was changed). Expiry is the caller's to judge. */
export async function keepLinkOf(db: Database, token: string): Promise<KeepLink | null> {
  const match = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, time, tag, signature] = match as unknown as [string, string, string, string];
  const key = await linkKey(db);
  const given = Buffer.from(signature);
  const expected = Buffer.from(signatureOf(key, `${time}.${tag}`));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const warnedAt = new Date(Number.parseInt(time, 36));
  return {
    warnedAt,
    validUntil: new Date(warnedAt.getTime() + LINK_VALID_MS),
    isFor: (address) => address.trim() !== "" && personTagOf(key, address) === tag,
  };
}
