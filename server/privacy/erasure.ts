import { eq, sql } from "drizzle-orm";
import { countText } from "../../shared/lib/count";
import { maskEmail } from "../../shared/privacy/request";
import { emailKey } from "../../shared/sales/customer";
import { type Actor, recordActivity } from "../activity/log";
import { getSettings } from "../content/settings";
import { type Database, inTransaction } from "../db/client";
import { privacyLinks, privacyRequests, throttleEvents } from "../db/schema";
import {
  dropRecipient,
  eraseQuotations,
  finishDeals,
  removeCustomerPeople,
  resaveCustomers,
  SCRUB,
  scrubDecisions,
  tiedOutbox,
  wipeEnquiries,
  wipeOutbox,
} from "./erasure-records";
import { type ErasureScope, type KeepRule, keptUntil, personScope, type QuotationRef, recordScopes } from "./erasure-scope";
import { inList, type Matcher, scrubTable } from "./erasure-scrub";
import { emailHashOf } from "./requests";

/**
 * Erasure (docs/decisions/030-privacy.md): a person asks (/privacy/request), or a retention period ends. Records
 * stay, anonymous (counts, references and amounts are not personal); the person's name, e-mail address and phone
 * number go. Only what is provably theirs is reached (erasure-scope.ts, issue 44): their name and phone go from
 * their own records (their enquiries, deals, notes, e-mails, a customer that is them alone, and the log entries and
 * versions of those); elsewhere only the e-mail address they proved, and their own row wherever a customer lists
 * it. A name or phone they typed is never looked for in a company's or another person's records: anyone can type
 * a company's phone number, or "the" as their name. An accepted quotation is kept whole while tax law requires.
 */

/** What an erasure did, in words for the person and for staff. */
export interface ErasureReport {
  /** What was erased or anonymised ("2 enquiries (Q-2026-00012, M-2026-00007)", "3 notes"). */
  erased: string[];
  /** What the law makes the company keep, each with why. */
  kept: string[];
}

/** The records a retention pass erases (their personal details; the records stay, anonymous). */
export interface ErasureTargets {
  contactIds: string[];
  dealIds: string[];
  quotationIds: string[];
}

export interface ErasureOptions {
  /** How long accepted quotations are kept: Site Settings' retentionQuotationYears unless given (default 8). */
  keepQuotationYears?: number;
  now?: Date;
  /** Who the activity log names for a person's own erasure. */
  actor?: Actor;
}

const SELF_SERVICE: Actor = { id: null, name: "The person (privacy page)", ip: "" };

/** What one scope's erasure changed, for the report. */
interface Counts {
  references: string[];
  customers: number;
  deals: number;
  notes: number;
  quotations: number;
  emails: number;
  logs: number;
  elsewhere: number;
  kept: QuotationRef[];
}

async function keepRuleOf(db: Database, options: ErasureOptions): Promise<KeepRule> {
  const years = options.keepQuotationYears ?? (await getSettings(db)).retentionQuotationYears ?? 8;
  return { years, now: options.now ?? new Date() };
}

/** Erases one person (by e-mail address) everywhere the site keeps them, in one transaction. */
export async function erasePerson(db: Database, email: string, options: ErasureOptions = {}): Promise<ErasureReport> {
  const address = emailKey(email);
  if (!address.includes("@")) return { erased: [], kept: [] };
  return inTransaction(db, async (tx) => {
    const keep = await keepRuleOf(tx, options);
    const scope = await personScope(tx, address, keep);
    const counts = await eraseScope(tx, scope, keep, true);
    await forgetAddress(tx, address, scope.matcher);
    const report = reportOf(counts, keep.years);
    if (report.erased.length || report.kept.length) {
      // The log keeps that it happened and how much, never who.
      await recordActivity(tx, options.actor ?? SELF_SERVICE, {
        action: "erase",
        entityType: "privacy-request",
        detail: summaryOf(counts),
      });
    }
    return report;
  });
}

/**
 * Erases the personal details of these records (and what hangs off them: notes, e-mails, versions), in one
 * transaction: each record with its own person's details, and nothing person-wide (their other records may not be
 * due). The retention pass logs each record itself.
 */
export async function eraseRecords(db: Database, targets: ErasureTargets, options: ErasureOptions = {}): Promise<ErasureReport> {
  return inTransaction(db, async (tx) => {
    const keep = await keepRuleOf(tx, options);
    const all: Counts[] = [];
    for (const scope of await recordScopes(tx, targets, keep)) all.push(await eraseScope(tx, scope, keep, false));
    return reportOf(
      all.reduce(
        (sum, c) => ({
          references: [...sum.references, ...c.references],
          customers: sum.customers + c.customers,
          deals: sum.deals + c.deals,
          notes: sum.notes + c.notes,
          quotations: sum.quotations + c.quotations,
          emails: sum.emails + c.emails,
          logs: sum.logs + c.logs,
          elsewhere: sum.elsewhere + c.elsewhere,
          kept: [...sum.kept, ...c.kept],
        }),
        emptyCounts(),
      ),
      keep.years,
    );
  });
}

const emptyCounts = (): Counts => ({
  references: [],
  customers: 0,
  deals: 0,
  notes: 0,
  quotations: 0,
  emails: 0,
  logs: 0,
  elsewhere: 0,
  kept: [],
});

/**
 * The erasure itself: the scope's own records lose the person's name, phone and e-mail address. `personWide` (their
 * own request): also their rows among customers' people, and their e-mail address wherever else it appears.
 */
async function eraseScope(db: Database, scope: ErasureScope, keep: KeepRule, personWide: boolean): Promise<Counts> {
  const { matcher } = scope;
  const now = keep.now;
  const keptIds = new Set(scope.kept.map((q) => q.id));
  const ownErased = scope.ownQuotations.filter((q) => !keptIds.has(q.id));
  // A company's quotation they decided is not theirs whole: its other e-mails (to colleagues) stay.
  const onTheirDeals = scope.ownQuotations.filter((q) => q.onTheirDeal);
  const references = await wipeEnquiries(db, scope.contactIds, now);
  const outbox = await tiedOutbox(db, {
    contactIds: scope.contactIds,
    email: personWide ? matcher.needles.email : null,
    quotations: onTheirDeals,
  });
  await wipeOutbox(db, outbox);
  const shared = personWide ? await dropRecipient(db, matcher.needles.email) : [];
  if (personWide) await removeCustomerPeople(db, matcher.needles.email);
  const scrub = (spec: Parameters<typeof scrubTable>[1], tied: ReturnType<typeof inList>, within?: ReturnType<typeof sql>) =>
    scrubTable(db, spec, matcher, { tied, within, mentions: personWide });
  const records = [...scope.contactIds, ...scope.ownCustomerIds, ...scope.dealIds, ...onTheirDeals.map((q) => q.id)];
  const decisions = await scrubDecisions(db, scope.ownQuotations);
  const notes = [
    ...(await scrub(SCRUB.contactNotes, inList("contact_id", scope.contactIds))),
    ...(await scrub(SCRUB.dealNotes, inList("deal_id", scope.dealIds))),
    ...decisions.notes,
  ];
  await scrub(SCRUB.deals, inList("id", scope.dealIds));
  // What tax law keeps is not touched, whoever's it is.
  const keptSince = keptUntil(now, -keep.years).toISOString();
  const lawKeeps = sql`NOT (status = 'accepted' AND coalesce(decided_at, updated_at) > ${keptSince}::timestamptz)`;
  const quotations = new Set([
    ...(await scrub(SCRUB.quotationTexts, inList("id", scope.quotationIds), lawKeeps)),
    ...(await scrub(SCRUB.quotationParties, null, lawKeeps)),
    ...ownErased.map((q) => q.id),
  ]);
  const revisionsOf = inList("record_id", [...scope.ownCustomerIds, ...scope.dealIds]);
  const logs = [
    ...(await scrub(SCRUB.activity, inList("entity_id", records))),
    ...(await scrub(SCRUB.accessLog, inList("entity_id", records))),
    ...(await scrub(SCRUB.revisions, revisionsOf && sql`content_type IN ('customer', 'deal') AND ${revisionsOf}`)),
  ];
  const emailIds = new Set([...outbox, ...shared, ...decisions.emails]);
  let elsewhere = 0;
  if (personWide) {
    for (const id of await scrub(SCRUB.outbox, null)) emailIds.add(id);
    logs.push(...(await scrub(SCRUB.trash, null)));
    elsewhere += (await scrub(SCRUB.contacts, null)).length + (await scrub(SCRUB.breaches, null)).length;
  }
  await resaveCustomers(db, scope.customerIds, scope.ownCustomerIds);
  await finishDeals(db, scope.dealIds, now);
  await eraseQuotations(db, ownErased, scope.buyerIsThem, now);
  return {
    references,
    customers: scope.customerIds.length,
    deals: scope.dealIds.length,
    notes: new Set(notes).size,
    quotations: quotations.size,
    emails: emailIds.size,
    logs: logs.length,
    elsewhere,
    kept: scope.kept,
  };
}

/**
 * What holds the address itself: its privacy links and rate-limit counters go; its privacy requests stay (the proof
 * that they were answered) with the address masked, found again by the address's hash if the person asks again.
 */
async function forgetAddress(db: Database, address: string, matcher: Matcher): Promise<void> {
  const hash = emailHashOf(address);
  await scrubTable(db, SCRUB.requests, matcher, { tied: sql`email_hash = ${hash}`, mentions: false });
  await db
    .update(privacyRequests)
    .set({ email: maskEmail(address) })
    .where(eq(privacyRequests.emailHash, hash));
  await db.delete(privacyLinks).where(sql`lower(${privacyLinks.email}) = ${address}`);
  await db.delete(throttleEvents).where(sql`strpos(lower(${throttleEvents.key}), ${address}) > 0`);
}

const indiaYear = new Intl.DateTimeFormat("en-IN", { year: "numeric", timeZone: "Asia/Kolkata" });
const dayText = (d: Date) =>
  d.toLocaleDateString("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Kolkata" });

/** Only their own quotations are kept for them (erasure-scope.ts): a company's others are never named to them. */
function keptWords(q: QuotationRef, years: number): string {
  const name = `Quotation ${q.number}${q.version > 1 ? ` (revision ${q.version})` : ""}`;
  const why = `tax law makes us keep it for ${years} years (until ${indiaYear.format(keptUntil(q.acceptedAt, years))}).`;
  return `${name} that you accepted on ${dayText(q.acceptedAt)}: ${why}`;
}

function reportOf(c: Counts, years: number): ErasureReport {
  const erased = [
    c.references.length ? `${countText(c.references.length, "enquiry", "enquiries")} (${c.references.join(", ")})` : "",
    c.customers ? `your details in ${countText(c.customers, "customer record", "customer records")}` : "",
    c.deals ? `your details in ${countText(c.deals, "deal", "deals")} (our follow-up of your enquiries and orders)` : "",
    c.quotations ? `your details in ${countText(c.quotations, "quotation", "quotations")}` : "",
    c.notes ? `${countText(c.notes, "note", "notes")} our staff wrote` : "",
    c.emails ? countText(c.emails, "e-mail", "e-mails") : "",
    c.logs ? `your details in ${countText(c.logs, "entry", "entries")} of our activity log, access log and past versions` : "",
    c.elsewhere ? `your e-mail address or phone number in ${countText(c.elsewhere, "other record", "other records")}` : "",
  ].filter(Boolean);
  return { erased, kept: c.kept.map((q) => keptWords(q, years)) };
}

/** The activity log's words: how much, never who. */
function summaryOf(c: Counts): string {
  const done = [
    countText(c.references.length, "enquiry", "enquiries"),
    countText(c.customers, "customer record", "customer records"),
    countText(c.deals, "deal", "deals"),
    countText(c.quotations, "quotation", "quotations"),
    countText(c.emails, "e-mail", "e-mails"),
  ].join(", ");
  return c.kept.length ? `${done}; ${countText(c.kept.length, "quotation", "quotations")} kept (tax law)` : done;
}
