import { and, asc, eq, ilike, isNull, lte, ne, or, sql } from "drizzle-orm";
import { oneLine, withoutControls } from "../../shared/lib/control-characters";
import { type Address, emailKey } from "../../shared/sales/customer";
import { INDIA_OFFSET_MS } from "../../shared/sales/financial-year";
import { stateByCode, stateCodeOfName } from "../../shared/sales/states";
import { type PhoneCall, phoneCallText } from "../../shared/schemas/enquiry-values";
import { LIMITS } from "../../shared/schemas/fields";
import { addIndiamartLead, type PulledLead } from "../content/enquiry";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { categories, products } from "../db/content-tables";
import { salesDesk } from "../db/schema";
import { errorFields, log } from "../log";

/**
 * IndiaMART Lead Manager's leads (issue 32), pulled from its CRM API v2 (`crmListing/v2?glusr_crm_key=…&
 * start_time=…&end_time=…`, times in India's "28-Nov-2026 09:00:00"; the answer's envelope is CODE, STATUS,
 * MESSAGE, TOTAL_RECORDS and RESPONSE, one object per lead with UNIQUE_QUERY_ID, QUERY_TIME, SENDER_* …).
 * Every 10 minutes (and on an owner's Pull now) a window from a little before the last one's end up to now is
 * asked for: the overlap catches leads IndiaMART files late, and UNIQUE_QUERY_ID keeps each one once. IndiaMART
 * allows one call per few minutes (INDIAMART_MIN_INTERVAL_S, default 300): a server claims the call by one
 * conditional update of the desk row, so no two servers, and no Pull now, call within it. State: `sales_desk`.
 * A lead is stored as people read it (issue 45): <br> as line breaks, a phone call (PNS) as a call with its length,
 * the buyer's address for their customer, and a product named loosely as a quote request near its category.
 */

const DESK = "desk";
/** How often each server looks; the claim decides whether it calls. */
const PULL_EVERY_MS = 10 * 60_000;
/** The window reaches this far back before the last one's end. */
const OVERLAP_MS = 30 * 60_000;
/** The first pull, and the longest window IndiaMART answers (7 days). */
const FIRST_WINDOW_MS = 24 * 60 * 60_000;
const LONGEST_WINDOW_MS = 7 * 24 * 60 * 60_000;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export type PullResult =
  | { status: "pulled"; stored: number; received: number }
  | { status: "no-key" }
  | { status: "too-soon"; nextAllowedAt: Date }
  | { status: "failed"; error: string };

export interface IndiamartStatus {
  configured: boolean;
  lastPullAt: string | null;
  lastError: string;
  lastCount: number;
  nextAllowedAt: string | null;
}

/** "28-Nov-2026 09:05:00", India's wall clock, as the API takes it. */
function indiamartTime(date: Date): string {
  const d = new Date(date.getTime() + INDIA_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

/** QUERY_TIME ("2026-11-28 09:03:11", India time) as a moment; null when it is not one. */
function queryTime(text: unknown): Date | null {
  const m = typeof text === "string" ? /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(text.trim()) : null;
  const date = m ? new Date(`${m[1]}T${m[2]}+05:30`) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

async function desk(db: Database) {
  await db.insert(salesDesk).values({ id: DESK }).onConflictDoNothing();
  const [row] = await db.select().from(salesDesk).where(eq(salesDesk.id, DESK));
  return row!;
}

/** Sets (or, with "", removes) the CRM key; a new key starts from the last day again. */
export async function setCrmKey(db: Database, key: string): Promise<void> {
  await desk(db);
  await db
    .update(salesDesk)
    .set({ indiamartCrmKey: key, indiamartWindowEnd: null, indiamartLastError: "", updatedAt: new Date() })
    .where(eq(salesDesk.id, DESK));
}

export async function indiamartStatus(db: Database, minIntervalMs: number): Promise<IndiamartStatus> {
  const row = await desk(db);
  return {
    configured: row.indiamartCrmKey !== "",
    lastPullAt: row.indiamartLastPullAt?.toISOString() ?? null,
    lastError: row.indiamartLastError,
    lastCount: row.indiamartLastCount,
    nextAllowedAt: row.indiamartLastCallAt ? new Date(row.indiamartLastCallAt.getTime() + minIntervalMs).toISOString() : null,
  };
}

/** A category of ours with the words of its name and of its products' names. */
interface CatalogueCategory {
  name: string;
  words: Set<string>;
}

/** Words that tell nothing about a product. */
const SMALL_WORDS = new Set(["and", "for", "with", "the", "of", "in", "to", "on", "a", "an"]);

/** A name's words as compared: lower case, a plural as its singular ("Compressors" → "compressor"). */
function wordsOf(name: string): string[] {
  return name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !SMALL_WORDS.has(w))
    .map((w) => (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w));
}

/** Our categories in the staff's order, each with its words: read once per pull, only when a lead needs them. */
async function catalogueOf(db: Database): Promise<CatalogueCategory[]> {
  const [rows, names] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.createdAt)),
    db.select({ categoryId: products.categoryId, name: products.name }).from(products),
  ]);
  return rows.map((c) => ({
    name: c.name,
    words: new Set([c.name, ...names.filter((p) => p.categoryId === c.id).map((p) => p.name)].flatMap(wordsOf)),
  }));
}

/**
 * How close a loosely named product is to our catalogue. Each shared word counts more the fewer categories have
 * it, so "screw" outweighs "air" and "compressor", which a compressor maker's categories mostly share. `ours`: it
 * shares a word that not every category has (with one category, any word), so it asks about what we make: a quote
 * request. `closest`: the category with the most weight, when one has more than any other.
 */
function closestCategory(name: string, catalogue: CatalogueCategory[]): { ours: boolean; closest: string | null } {
  const wanted = [...new Set(wordsOf(name))];
  const having = (w: string) => catalogue.filter((c) => c.words.has(w)).length;
  const telling = wanted.filter((w) => having(w) > 0 && (catalogue.length === 1 || having(w) < catalogue.length));
  if (telling.length === 0) return { ours: false, closest: null };
  const scored = catalogue
    .map((c) => ({
      name: c.name,
      score: wanted.filter((w) => c.words.has(w)).reduce((sum, w) => sum + Math.log(1 + catalogue.length / having(w)), 0),
    }))
    .sort((a, b) => b.score - a.score);
  const [best, next] = scored;
  return { ours: true, closest: best && (!next || best.score > next.score) ? best.name : null };
}

/** The catalogue's product a lead's QUERY_PRODUCT_NAME names: the same name, else one containing it. */
async function productNamed(db: Database, name: string): Promise<PulledLead["product"]> {
  const wanted = name.trim();
  if (wanted.length < 3) return null;
  const pick = { _id: products.id, name: products.name, slug: products.slug };
  const [same] = await db.select(pick).from(products).where(sql`lower(${products.name}) = lower(${wanted})`).limit(1);
  if (same) return same;
  const escaped = wanted.replace(/[\\%_]/g, (c) => `\\${c}`);
  const [near] = await db
    .select(pick)
    .from(products)
    .where(ilike(products.name, `%${escaped}%`))
    .limit(1);
  return near ?? null;
}

/** A one-line value of the answer, clean and cut to `max`; "" when it is not text. */
const text = (v: unknown, max = 500) => (typeof v === "string" ? oneLine(v).trim().slice(0, max) : "");
/** IndiaMART writes a message's line breaks as <br>, <BR/> or <br />. */
const BREAKS = /<br\s*\/?>/gi;
/** A long text (the buyer's message): its line breaks kept. */
const longText = (v: unknown, max: number) =>
  typeof v === "string" ? withoutControls(v.replace(BREAKS, "\n")).trim().slice(0, max) : "";

/**
 * QUERY_TIME when it is a moment IndiaMART could have filed the lead at (within the longest window before now,
 * a little after now): a lead dated 2099 would never be due for retention, one dated 2020 erased at once.
 */
function receivedAt(r: Record<string, unknown>, now: Date): Date {
  const at = queryTime(r.QUERY_TIME);
  const earliest = now.getTime() - LONGEST_WINDOW_MS - OVERLAP_MS;
  const latest = now.getTime() + 60 * 60_000;
  return at && at.getTime() >= earliest && at.getTime() <= latest ? at : now;
}

/**
 * The buyer's address as a customer's: in India the state as our list spells it and a six-digit PIN (others are
 * left out, the customer form would refuse them); null when IndiaMART gave none. SENDER_COUNTRY_ISO "" is India.
 */
function addressOf(r: Record<string, unknown>): Address | null {
  const iso = text(r.SENDER_COUNTRY_ISO, 10).toUpperCase();
  const india = iso === "" || iso === "IN";
  const state = text(r.SENDER_STATE, 100);
  const code = india ? stateCodeOfName(state) : undefined;
  const pincode = text(r.SENDER_PINCODE, 20).replace(/\s/g, "");
  const address: Address = {
    line1: text(r.SENDER_ADDRESS, LIMITS.short),
    city: text(r.SENDER_CITY, 100),
    state: india ? (code ? (stateByCode(code)?.name ?? "") : "") : state,
    pincode: india && !/^[1-9][0-9]{5}$/.test(pincode) ? "" : pincode,
    country: india ? "India" : iso,
  };
  return address.line1 || address.city || address.state || address.pincode ? address : null;
}

/** A phone call (QUERY_TYPE "P", IndiaMART's PNS) with its CALL_DURATION in seconds; null for any other lead. */
function callOf(r: Record<string, unknown>): PhoneCall | null {
  if (text(r.QUERY_TYPE, 10).toUpperCase() !== "P") return null;
  const duration = typeof r.CALL_DURATION === "number" ? String(r.CALL_DURATION) : text(r.CALL_DURATION, 20);
  return { seconds: /^\d{1,6}$/.test(duration) ? Number(duration) : null };
}

/** One RESPONSE entry as a lead, or null without a UNIQUE_QUERY_ID. */
async function leadOf(
  db: Database,
  r: Record<string, unknown>,
  now: Date,
  catalogue: () => Promise<CatalogueCategory[]>,
): Promise<PulledLead | null> {
  const externalId = text(r.UNIQUE_QUERY_ID, 100);
  if (!externalId) return null;
  const productName = text(r.QUERY_PRODUCT_NAME, 200);
  const product = productName ? await productNamed(db, productName) : null;
  // Named loosely ("Screw Air Compressor"): IndiaMART's name and category against our categories.
  const looseName = `${productName} ${text(r.QUERY_MCAT_NAME, 200)}`;
  const near = product || !looseName.trim() ? null : closestCategory(looseName, await catalogue());
  const call = callOf(r);
  const place = [text(r.SENDER_CITY, 100), text(r.SENDER_STATE, 100)].filter(Boolean).join(", ");
  const message = [
    call ? phoneCallText(call) : "",
    longText(r.QUERY_MESSAGE, 5000),
    near?.closest ? `Closest category in our catalogue: ${near.closest}.` : "",
    place ? `From ${place}.` : "",
  ]
    .filter(Boolean)
    .join("\n\n");
  const kind = call ? "IndiaMART phone call" : "IndiaMART enquiry";
  return {
    externalId,
    name: text(r.SENDER_NAME, 100) || "IndiaMART buyer",
    email: emailKey(text(r.SENDER_EMAIL, 254)),
    phone: text(r.SENDER_MOBILE, 40),
    company: text(r.SENDER_COMPANY, 200),
    subject: productName ? `${kind}: ${productName}` : kind,
    message: message || "(no message)",
    product,
    quote: near?.ours ?? false,
    call,
    address: addressOf(r),
    receivedAt: receivedAt(r, now),
  };
}

/** The most of an answer read: a 7-day window of a busy seller's leads is a few MB; past this, nothing is parsed. */
export const MAX_ANSWER_BYTES = 25 * 1024 * 1024;
const TOO_LARGE = `IndiaMART's answer was larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MB and was not read; the same window is asked for again at the next pull.`;

/** The answer's text, or null past MAX_ANSWER_BYTES (the rest is not downloaded). */
async function cappedText(res: Response): Promise<string | null> {
  if (Number(res.headers.get("content-length") ?? 0) > MAX_ANSWER_BYTES) {
    await res.body?.cancel();
    return null;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body ?? []) {
    size += chunk.byteLength;
    if (size > MAX_ANSWER_BYTES) return null; // leaving the loop cancels the download
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Calls the API for one window: the leads, or why not, in words. */
async function fetchLeads(url: string, key: string, from: Date, to: Date): Promise<Record<string, unknown>[] | string> {
  const request = new URL(url);
  request.searchParams.set("glusr_crm_key", key);
  request.searchParams.set("start_time", indiamartTime(from));
  request.searchParams.set("end_time", indiamartTime(to));
  let body: { CODE?: unknown; MESSAGE?: unknown; RESPONSE?: unknown };
  try {
    const res = await fetch(request, { signal: AbortSignal.timeout(30_000) });
    const raw = await cappedText(res);
    if (raw === null) return TOO_LARGE;
    try {
      body = JSON.parse(raw);
    } catch {
      return `IndiaMART's answer could not be read (HTTP ${res.status}).`;
    }
  } catch (err) {
    return `IndiaMART could not be reached: ${err instanceof Error ? err.message : String(err)}`;
  }
  const code = Number(body.CODE);
  if (code === 204) return [];
  if (code !== 200)
    return `IndiaMART answered ${String(body.CODE ?? "without a code")}: ${text(body.MESSAGE, 300) || "no message"}`;
  return Array.isArray(body.RESPONSE)
    ? body.RESPONSE.filter((r): r is Record<string, unknown> => typeof r === "object" && r !== null)
    : [];
}

/**
 * One pull: claims the call (or says when the next is allowed), asks for the window, stores each new lead,
 * and notes the outcome; the window moves on only when the call succeeded.
 */
export async function pullIndiamart(ctx: AppContext): Promise<PullResult> {
  const db = ctx.db;
  const { apiUrl, minIntervalMs } = ctx.config.indiamart;
  const before = await desk(db);
  if (!before.indiamartCrmKey) return { status: "no-key" };
  const [claimed] = await db
    .update(salesDesk)
    .set({ indiamartLastCallAt: sql`now()` })
    .where(
      and(
        eq(salesDesk.id, DESK),
        ne(salesDesk.indiamartCrmKey, ""),
        or(
          isNull(salesDesk.indiamartLastCallAt),
          lte(salesDesk.indiamartLastCallAt, sql`now() - ${minIntervalMs} * interval '1 millisecond'`),
        ),
      ),
    )
    .returning();
  if (!claimed) {
    const status = await indiamartStatus(db, minIntervalMs);
    return status.configured
      ? { status: "too-soon", nextAllowedAt: new Date(status.nextAllowedAt ?? Date.now()) }
      : { status: "no-key" };
  }
  const now = new Date();
  const last = claimed.indiamartWindowEnd;
  const from = new Date(
    Math.max(last ? last.getTime() - OVERLAP_MS : now.getTime() - FIRST_WINDOW_MS, now.getTime() - LONGEST_WINDOW_MS),
  );
  const answer = await fetchLeads(apiUrl, claimed.indiamartCrmKey, from, now);
  if (typeof answer === "string") {
    await db
      .update(salesDesk)
      .set({ indiamartLastPullAt: now, indiamartLastError: answer, indiamartLastCount: 0 })
      .where(eq(salesDesk.id, DESK));
    log.warn("IndiaMART pull failed", { error: answer });
    return { status: "failed", error: answer };
  }
  // A lead that cannot be stored is skipped and named (staff find it in Lead Manager by its id); the others are
  // stored and the window moves on, so one bad lead never stops every later import.
  let stored = 0;
  const problems: string[] = [];
  let read: Promise<CatalogueCategory[]> | null = null;
  const catalogue = () => {
    read ??= catalogueOf(db);
    return read;
  };
  for (const r of answer) {
    try {
      const lead = await leadOf(db, r, now, catalogue);
      if (lead && (await addIndiamartLead(db, lead))) stored++;
    } catch (err) {
      const id = text(r.UNIQUE_QUERY_ID, 100) || "without an id";
      problems.push(`lead ${id}: ${text(err instanceof Error ? err.message : String(err), 300)}`);
      log.error("IndiaMART lead not stored", { lead: id, ...errorFields(err) });
    }
  }
  const error = problems.length ? `Some leads could not be stored (${problems.join("; ")})`.slice(0, 2000) : "";
  await db
    .update(salesDesk)
    .set({ indiamartWindowEnd: now, indiamartLastPullAt: now, indiamartLastError: error, indiamartLastCount: stored })
    .where(eq(salesDesk.id, DESK));
  if (stored > 0) log.info("IndiaMART leads stored", { stored, received: answer.length });
  return { status: "pulled", stored, received: answer.length };
}

/** Each server looks every 10 minutes (a no-op without a key); returns the stop. */
export function startIndiamartPulls(ctx: AppContext): () => void {
  const timer = setInterval(() => {
    pullIndiamart(ctx).catch((err) => log.error("IndiaMART pull crashed", errorFields(err)));
  }, PULL_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
