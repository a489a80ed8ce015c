import { createHash } from "node:crypto";
import { inArray, type SQL, sql } from "drizzle-orm";
import type { SiteSettings } from "../../shared/content/settings";
import type { RetentionKind, RetentionOutlook, RetentionOutlookItem } from "../../shared/privacy/retention";
import { INDIA_OFFSET_MS, indiaDateOf } from "../../shared/sales/financial-year";
import { type Actor, recordActivity } from "../activity/log";
import { getSettings } from "../content/settings";
import type { AppContext } from "../context";
import { type Database, inTransaction, queryRows } from "../db/client";
import { contacts, deals, quotations } from "../db/schema";
import { takeLimits } from "../http/throttle";
import { errorFields, log } from "../log";
import { escapeHtml, headerText, htmlPage, type RenderedEmail } from "../mail/enquiry-emails";
import { emailSiteUrl, queueEmail } from "../mail/outbox";
import { eraseRecords } from "./erasure";
import { KEEP_PAGE, keepLinkOf, keepLinkToken, WARNING_NOTICE_MS } from "./keep-link";

/**
 * Retention (docs/decisions/030-privacy.md): personal data is kept for Site Settings' period after its last
 * activity (updated_at; an accepted quotation's decision counts too), then erased. Due are enquiries that did not
 * become a deal, lost deals (with the enquiry they came from) and accepted quotations. A record falling due is
 * first marked (erasure_warned_at) and its person e-mailed once, with a signed link to keep it; the first pass 48
 * hours later erases it if it is still due. A warning counts only while nothing happened since: activity after
 * it (a note, a keep) makes the record wait for a new period and a new warning.
 *
 * Every batch is one transaction that first takes the pass's advisory lock and then reads what is due, so several
 * app servers (or `npm run retention` beside them) run one after the other and never warn or erase twice.
 */

/** One record the retention rules reach, with its person's address ("" when none). */
interface RetentionRow {
  kind: RetentionKind;
  id: string;
  /** The enquiry's reference (a deal's lead, a quotation's deal's lead) or "". */
  reference: string;
  /** A deal's title, a quotation's number and version; the reference for an enquiry. */
  title: string;
  /** The enquiry a lost deal came from, erased with it when no other deal of it remains. */
  lead_contact_id: string | null;
  email: string;
  last_activity_ms: number;
  due_ms: number;
  /** Null, or a warning that still counts (after the last activity). */
  warned_ms: number | null;
}

interface Periods {
  enquiryMonths: number;
  lostDealMonths: number;
  quotationYears: number;
}

/** Site Settings → Privacy (the form requires each; the defaults stand in for a document saved before them). */
const periodsOf = (s: SiteSettings): Periods => ({
  enquiryMonths: s.retentionEnquiryMonths ?? 24,
  lostDealMonths: s.retentionLostDealMonths ?? 36,
  quotationYears: s.retentionQuotationYears ?? 8,
});

/** Held by every batch of the pass (and by a keep), so two servers never work on the same records at once. */
const RETENTION_LOCK_ID = 7_245_033;
const BATCH = 100;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The daily pass runs from this hour, India time (warnings arrive in office hours). */
const RUN_FROM_HOUR = 10;
/** How often each app server looks whether today's pass is done. */
const CHECK_MS = 60 * 60 * 1000;
/** Who erased, in the activity log, when no staff member ran the pass. */
const RETENTION_ACTOR: Actor = { id: null, name: "Retention (daily)", ip: "" };

type WarnedFilter = { unwarned: true } | { warnedBefore: Date } | { warnedAt: Date } | null;

interface RowFilter {
  /** Only records due by then (their period over); null for any. */
  dueBy: Date | null;
  warned: WarnedFilter;
  /** Keyset: rows after this one in (email, kind, id) order. */
  after?: RetentionRow | null;
  limit?: number;
}

const epochMs = (column: SQL) => sql`(extract(epoch FROM ${column}) * 1000)::float8`;

/** The three rules as one list (raw SQL: a union of three tables), each with its due time. */
function rulesSql(p: Periods): SQL {
  const enquiryDue = sql`c.updated_at + make_interval(months => ${p.enquiryMonths}::int)`;
  const dealDue = sql`d.updated_at + make_interval(months => ${p.lostDealMonths}::int)`;
  const quotationActivity = sql`greatest(q.updated_at, coalesce(q.decided_at, q.updated_at))`;
  const quotationDue = sql`${quotationActivity} + make_interval(years => ${p.quotationYears}::int)`;
  return sql`
    SELECT 'enquiry' AS kind, c.id, c.reference, c.reference AS title, NULL::text AS lead_contact_id,
      lower(c.email) AS email, c.updated_at AS last_activity, ${enquiryDue} AS due_at, c.erasure_warned_at AS warned_at
    FROM contacts c
    WHERE c.erased_at IS NULL AND NOT EXISTS (SELECT 1 FROM deals x WHERE x.contact_id = c.id)
    UNION ALL
    SELECT 'deal', d.id, coalesce(c.reference, ''), d.title,
      CASE WHEN NOT EXISTS (SELECT 1 FROM deals x WHERE x.contact_id = c.id AND x.id <> d.id AND x.erased_at IS NULL)
        THEN c.id END,
      lower(coalesce(c.email, '')), d.updated_at, ${dealDue}, d.erasure_warned_at
    FROM deals d LEFT JOIN contacts c ON c.id = d.contact_id AND c.erased_at IS NULL
    WHERE d.stage = 'lost' AND d.erased_at IS NULL
    UNION ALL
    SELECT 'quotation', q.id, coalesce(c.reference, ''), q.number || ' v' || q.version, NULL,
      lower(coalesce(c.email, '')), ${quotationActivity}, ${quotationDue}, q.erasure_warned_at
    FROM quotations q JOIN deals d ON d.id = q.deal_id LEFT JOIN contacts c ON c.id = d.contact_id AND c.erased_at IS NULL
    WHERE q.status = 'accepted' AND q.erased_at IS NULL`;
}

function filterSql(f: RowFilter): SQL {
  const parts: SQL[] = [sql`TRUE`];
  if (f.dueBy) parts.push(sql`r.due_at <= ${f.dueBy}::timestamptz`);
  const counts = sql`(r.warned_at IS NOT NULL AND r.warned_at > r.last_activity)`;
  const w = f.warned;
  if (w && "unwarned" in w) parts.push(sql`NOT ${counts}`);
  if (w && "warnedBefore" in w) parts.push(sql`${counts} AND r.warned_at <= ${w.warnedBefore}::timestamptz`);
  if (w && "warnedAt" in w) parts.push(sql`r.warned_at = ${w.warnedAt}::timestamptz`);
  if (f.after) parts.push(sql`(r.email, r.kind, r.id) > (${f.after.email}, ${f.after.kind}, ${f.after.id})`);
  return sql.join(parts, sql` AND `);
}

async function retentionRows(
  db: Database,
  p: Periods,
  f: RowFilter,
  order: "person" | "due" = "person",
): Promise<RetentionRow[]> {
  const orderBy = order === "person" ? sql`r.email, r.kind, r.id` : sql`r.due_at, r.kind, r.id`;
  return queryRows<RetentionRow>(
    db,
    sql`SELECT r.kind, r.id, r.reference, r.title, r.lead_contact_id, r.email,
        ${epochMs(sql`r.last_activity`)} AS last_activity_ms, ${epochMs(sql`r.due_at`)} AS due_ms,
        CASE WHEN r.warned_at > r.last_activity THEN ${epochMs(sql`r.warned_at`)} END AS warned_ms
      FROM (${rulesSql(p)}) r WHERE ${filterSql(f)} ORDER BY ${orderBy} LIMIT ${f.limit ?? BATCH}`,
  );
}

const lockPass = (tx: Database) => tx.execute(sql`SELECT pg_advisory_xact_lock(${RETENTION_LOCK_ID})`);

/** Runs `work` on every batch of rows `filter` finds, each batch in its own transaction under the pass's lock. */
async function eachBatch(
  db: Database,
  p: Periods,
  filter: RowFilter,
  work: (tx: Database, rows: RetentionRow[]) => Promise<void>,
): Promise<void> {
  let after: RetentionRow | null = null;
  for (;;) {
    const rows: RetentionRow[] = await inTransaction(db, async (tx) => {
      await lockPass(tx);
      const found = await retentionRows(tx, p, { ...filter, after });
      // A person's records stay together (one e-mail): a full batch leaves its last person to the next one.
      const lastPerson = found.at(-1)?.email;
      const whole = found.length < BATCH || found[0]?.email === lastPerson ? found : found.filter((r) => r.email !== lastPerson);
      if (whole.length > 0) await work(tx, whole);
      return whole;
    });
    if (rows.length === 0) return;
    after = rows.at(-1) ?? null;
  }
}

const idsOf = (rows: RetentionRow[], kind: RetentionKind) => rows.filter((r) => r.kind === kind).map((r) => r.id);

const TABLES = { enquiry: contacts, deal: deals, quotation: quotations } as const;

/** Sets (or clears) the warning mark of these records, and with `activityAt` moves their last activity. */
async function setWarned(tx: Database, rows: RetentionRow[], warnedAt: Date | null, activityAt?: Date): Promise<void> {
  for (const kind of ["enquiry", "deal", "quotation"] as const) {
    const ids = idsOf(rows, kind);
    if (ids.length === 0) continue;
    const table = TABLES[kind];
    await tx
      .update(table)
      .set({ erasureWarnedAt: warnedAt, ...(activityAt ? { updatedAt: activityAt } : {}) })
      .where(inArray(table.id, ids));
  }
}

const dayOf = (ms: number) =>
  new Date(ms).toLocaleDateString("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Kolkata" });
const timeOf = (ms: number) =>
  `${new Date(ms).toLocaleString("en-IN", { dateStyle: "long", timeStyle: "short", hourCycle: "h23", timeZone: "Asia/Kolkata" })} (India time)`;

/** A record as its person reads it (the e-mail and the keep page): no names, only our references. */
function describeForPerson(r: RetentionRow): string {
  if (r.kind === "enquiry") return `Your enquiry ${r.reference} (last activity ${dayOf(r.last_activity_ms)})`;
  if (r.kind === "deal") {
    const of = r.reference ? `your enquiry ${r.reference}` : `"${headerText(r.title, 80)}"`;
    return `Our follow-up of ${of}, which did not lead to an order (last activity ${dayOf(r.last_activity_ms)})`;
  }
  return `Quotation ${r.title} you accepted (kept since ${dayOf(r.last_activity_ms)}, as tax law requires)`;
}

function warningEmail(
  rows: RetentionRow[],
  settings: SiteSettings,
  link: string,
  siteUrl: string,
  erasesAt: number,
): RenderedEmail {
  const company = headerText(settings.companyName);
  const subject = headerText(`Your details with ${company} will be erased after ${dayOf(erasesAt)}`, 150);
  const intro =
    "We keep the details people give us only as long as we need them. These records of yours have had no activity for a long time, " +
    `so we will erase your name, e-mail address, phone number and what you wrote in them after ${timeOf(erasesAt)}:`;
  const keep = "If you would like us to keep them, open this link and press “Keep my details”:";
  const after = "If you do nothing, they will be erased; you do not need to reply.";
  const notice = `How we handle personal data: ${siteUrl}/privacy`;
  const lines = rows.map(describeForPerson);
  const text = ["Hello,", "", intro, ...lines.map((l) => `- ${l}`), "", keep, link, "", after, notice, "", company, ""].join(
    "\n",
  );
  const html = htmlPage(
    subject,
    [
      "<p>Hello,</p>",
      `<p>${escapeHtml(intro)}</p>`,
      `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>`,
      `<p>${escapeHtml(keep)}</p>`,
      `<p><a href="${escapeHtml(link)}" style="background:#0b4f8a;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none;">Keep my details</a></p>`,
      `<p style="font-size:13px;color:#475569;">${escapeHtml(link)}</p>`,
      `<p>${escapeHtml(after)} <a href="${escapeHtml(`${siteUrl}/privacy`)}">How we handle personal data</a>.</p>`,
      `<p>${escapeHtml(company)}</p>`,
    ].join(""),
  );
  return { to: [rows[0]!.email], replyTo: null, subject, text, html };
}

interface WarnContext {
  settings: SiteSettings;
  /** SITE_URL with e-mail on; null: records are marked without e-mail (the erasure still waits 48 hours). */
  siteUrl: string | null;
  now: Date;
}

/** Marks a batch warned and queues one e-mail per person with an address; returns the e-mails queued. */
async function warnBatch(tx: Database, rows: RetentionRow[], w: WarnContext): Promise<number> {
  await setWarned(tx, rows, w.now);
  if (!w.siteUrl) return 0;
  const erasesAt = w.now.getTime() + WARNING_NOTICE_MS;
  let queued = 0;
  for (const email of new Set(rows.map((r) => r.email))) {
    if (!email) continue; // a phone-only lead: marked, nobody to write to
    const own = rows.filter((r) => r.email === email);
    const link = `${w.siteUrl}${KEEP_PAGE}${await keepLinkToken(tx, email, w.now)}`;
    // Two servers never both send it: the mark is under the lock, and the key is this warning's records.
    const dedupeKey = `retention-warning:${createHash("sha256")
      .update(`${email}|${own.map((r) => `${r.kind}:${r.id}`).join(",")}|${w.now.getTime()}`)
      .digest("hex")}`;
    const email_ = warningEmail(own, w.settings, link, w.siteUrl, erasesAt);
    if (await queueEmail(tx, { ...email_, purpose: "privacy", dedupeKey, origin: w.siteUrl })) queued++;
  }
  return queued;
}

const PERIOD_WORDS = (p: Periods): Record<RetentionKind, string> => ({
  enquiry: `${p.enquiryMonths} months without activity (an enquiry that did not become a deal)`,
  deal: `${p.lostDealMonths} months without activity (a lost deal)`,
  quotation: `${p.quotationYears} years after it was accepted`,
});

/** Erases a batch (and a lost deal's own enquiry) and logs each record erased, without the person. */
async function eraseBatch(tx: Database, rows: RetentionRow[], p: Periods, actor: Actor, now: Date): Promise<void> {
  const leads = rows.flatMap((r) => (r.kind === "deal" && r.lead_contact_id ? [r.lead_contact_id] : []));
  await eraseRecords(
    tx,
    {
      contactIds: [...new Set([...idsOf(rows, "enquiry"), ...leads])],
      dealIds: idsOf(rows, "deal"),
      quotationIds: idsOf(rows, "quotation"),
    },
    { keepQuotationYears: p.quotationYears, now },
  );
  const words = PERIOD_WORDS(p);
  for (const r of rows) {
    await recordActivity(tx, actor, {
      action: "erase",
      entityType: r.kind,
      entityId: r.id,
      entityLabel: r.kind === "enquiry" ? r.reference : r.kind === "quotation" ? r.title : r.reference || "Lost deal",
      detail: `End of its retention period: ${words[r.kind]}.`,
    });
  }
}

export interface RetentionResult {
  /** Records marked to be erased in 48 hours. */
  warned: number;
  /** Warning e-mails queued (one per person with an e-mail address; none with e-mail off). */
  emailed: number;
  /** Records erased (warned at least 48 hours before and still due). */
  erased: number;
}

/** What the pass needs of the app: the command line builds it without the caches and the image store. */
export type RetentionContext = Pick<AppContext, "db" | "config" | "mail">;

/** The pass: warns what fell due, erases what was warned 48 hours ago and is still due. Throws on a database error. */
export async function runRetention(
  ctx: RetentionContext,
  now = new Date(),
  actor: Actor = RETENTION_ACTOR,
): Promise<RetentionResult> {
  // From the database, not the content cache: a background job must not fill the cache.
  const settings = await getSettings(ctx.db);
  const p = periodsOf(settings);
  const result: RetentionResult = { warned: 0, emailed: 0, erased: 0 };
  const warnedBefore = new Date(now.getTime() - WARNING_NOTICE_MS);
  await eachBatch(ctx.db, p, { dueBy: now, warned: { warnedBefore } }, async (tx, rows) => {
    await eraseBatch(tx, rows, p, actor, now);
    result.erased += rows.length;
  });
  const w: WarnContext = { settings, siteUrl: ctx.mail.enabled ? emailSiteUrl(ctx.config) : null, now };
  await eachBatch(ctx.db, p, { dueBy: now, warned: { unwarned: true } }, async (tx, rows) => {
    result.emailed += await warnBatch(tx, rows, w);
    result.warned += rows.length;
  });
  if (result.emailed > 0) ctx.mail.kick();
  return result;
}

/** India's day when the daily pass's hour has passed at `now`; null before then. */
function dueDay(now: Date): string | null {
  const india = new Date(now.getTime() + INDIA_OFFSET_MS);
  return india.getUTCHours() >= RUN_FROM_HOUR ? indiaDateOf(now) : null;
}

/**
 * The daily pass: every server looks every hour from 10:00 India time; the first to claim the day (a mark in the
 * rate-limit events, taken under its advisory lock) runs it. Returns the stop function.
 */
export function startRetention(ctx: AppContext): () => void {
  let doneDay: string | null = null;
  const run = async () => {
    const now = new Date();
    const day = dueDay(now);
    if (day === null || day === doneDay) return;
    try {
      const claimed = await inTransaction(
        ctx.db,
        async (tx) => (await takeLimits(tx, [{ key: `retention:${day}`, max: 1, windowMs: 2 * DAY_MS }])) === null,
      );
      doneDay = day;
      if (!claimed) return;
      const result = await runRetention(ctx, now);
      log.info("retention pass done", { day, ...result });
    } catch (err) {
      log.error("the retention pass failed", errorFields(err));
    }
  };
  void run();
  const timer = setInterval(() => void run(), CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/* The keep link's page (app/routes/privacy.keep.$token.tsx). */

/** What a keep link finds: nothing valid, nothing waiting any more, or the records waiting to be erased. */
export type KeepLinkState =
  | { state: "invalid" | "expired" | "nothing" }
  | { state: "waiting"; records: string[]; erasesAt: string }
  | { state: "kept"; records: { text: string; until: string }[] };

const KEEPER: Actor = { id: null, name: "The person (e-mailed keep link)", ip: "" };

/** The records the link's warning still holds over its person (a warning activity has since replaced does not count). */
async function recordsUnderLink(db: Database, p: Periods, token: string, now: Date) {
  const link = await keepLinkOf(db, token);
  if (!link) return { state: "invalid" as const };
  if (now.getTime() > link.validUntil.getTime()) return { state: "expired" as const };
  const rows = await retentionRows(db, p, { dueBy: null, warned: { warnedAt: link.warnedAt }, limit: 1_000 });
  return { state: "found" as const, link, rows: rows.filter((r) => r.warned_ms !== null && link.isFor(r.email)) };
}

/** GET of the keep page: what will be erased, and when. */
export async function keepLinkState(db: Database, token: string, now = new Date()): Promise<KeepLinkState> {
  const found = await recordsUnderLink(db, periodsOf(await getSettings(db)), token, now);
  if (found.state !== "found") return found;
  if (found.rows.length === 0) return { state: "nothing" };
  return {
    state: "waiting",
    records: found.rows.map(describeForPerson),
    erasesAt: timeOf(found.link.warnedAt.getTime() + WARNING_NOTICE_MS),
  };
}

function keptUntil(kind: RetentionKind, p: Periods, now: Date): string {
  const until = new Date(now);
  if (kind === "quotation") until.setUTCFullYear(until.getUTCFullYear() + p.quotationYears);
  else until.setUTCMonth(until.getUTCMonth() + (kind === "enquiry" ? p.enquiryMonths : p.lostDealMonths));
  return dayOf(until.getTime());
}

/**
 * The person keeps their records (the page's POST; counts as activity): their last activity becomes now, the
 * warning is cleared, and each keep is logged without the person. Under the pass's lock, so a pass never erases
 * what is being kept.
 */
export async function keepUnderLink(db: Database, token: string, now = new Date()): Promise<KeepLinkState> {
  const p = periodsOf(await getSettings(db));
  return inTransaction(db, async (tx) => {
    await lockPass(tx);
    const found = await recordsUnderLink(tx, p, token, now);
    if (found.state !== "found") return found;
    if (found.rows.length === 0) return { state: "nothing" };
    await setWarned(tx, found.rows, null, now);
    for (const r of found.rows) {
      await recordActivity(tx, KEEPER, {
        action: "keep",
        entityType: r.kind,
        entityId: r.id,
        entityLabel: r.kind === "quotation" ? r.title : r.reference,
        detail: "Kept through the link in the retention warning e-mail.",
      });
    }
    return {
      state: "kept",
      records: found.rows.map((r) => ({ text: describeForPerson(r).replace(/ \(.*\)$/, ""), until: keptUntil(r.kind, p, now) })),
    };
  });
}

/* The dashboard's "Erased in the next 30 days" (GET /api/privacy/retention). */

const OUTLOOK_DAYS = 30;
const OUTLOOK_LISTED = 100;

export async function retentionOutlook(db: Database, now = new Date()): Promise<RetentionOutlook> {
  const p = periodsOf(await getSettings(db));
  // Due by then, so their 48 hours' notice ends within the window too.
  const horizon = new Date(now.getTime() + OUTLOOK_DAYS * DAY_MS - WARNING_NOTICE_MS);
  const filter: RowFilter = { dueBy: horizon, warned: null, limit: OUTLOOK_LISTED };
  const [rows, counted] = await Promise.all([
    retentionRows(db, p, filter, "due"),
    queryRows<{ kind: RetentionKind; n: number }>(
      db,
      sql`SELECT r.kind, count(*)::int AS n FROM (${rulesSql(p)}) r WHERE ${filterSql(filter)} GROUP BY r.kind`,
    ),
  ]);
  const counts: Record<RetentionKind, number> = { enquiry: 0, deal: 0, quotation: 0 };
  for (const c of counted) counts[c.kind] = Number(c.n);
  const items = rows.map((r): RetentionOutlookItem => {
    const from = r.warned_ms ?? Math.max(r.due_ms, now.getTime());
    return {
      kind: r.kind,
      id: r.id,
      reference: r.reference,
      title: r.title,
      lastActivityAt: new Date(r.last_activity_ms).toISOString(),
      erasesOn: indiaDateOf(new Date(from + WARNING_NOTICE_MS)),
      warned: r.warned_ms !== null,
    };
  });
  return { days: OUTLOOK_DAYS, total: counts.enquiry + counts.deal + counts.quotation, counts, items };
}
