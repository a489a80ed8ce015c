import { and, arrayOverlaps, count, desc, eq, gte, inArray, lt, min, or, type SQL, sql } from "drizzle-orm";
import { phoneKey } from "../../shared/sales/customer";
import type { Actor } from "../activity/log";
import type { Database } from "../db/client";
import { accessLog, contacts, customerPeople, customers, deals, quotations } from "../db/schema";

/**
 * Who looked at whom (docs/decisions/030-privacy.md): every staff view, list, export, print or download of
 * personal data, written before the answer goes out. A row names the record by its id and reference or number,
 * never by the person's name, e-mail or phone: the log must not itself spread what it guards. A list answer is
 * one row naming every record of its page ("records"), so reading lists is no way round the log (issue 44, 2).
 */

/** Two years: the law asks for one; a complaint about last year can then still be answered in full. */
export const ACCESS_LOG_KEEP_DAYS = 730;

type AccessAction = "view" | "list" | "export" | "print" | "download";
/**
 * The lists: the enquiries, the people who wrote in (grouped by e-mail, /api/contacts/customers), customers,
 * deals, quotations and a sales person's My day.
 */
type ListName = "enquiries" | "people" | "customers" | "deals" | "quotations" | "my-day";
/** A record, or for a list or an export the list's name. */
type AccessEntityType = "enquiry" | "customer" | "deal" | "quotation" | ListName;

const EXPORT_TYPES: AccessEntityType[] = ["enquiries", "deals", "customers"];
const RECORD_TYPES = ["enquiry", "customer", "deal", "quotation"] as const;
type RecordType = (typeof RECORD_TYPES)[number];

export interface AccessRecord {
  action: AccessAction;
  entityType: AccessEntityType;
  entityId?: string | null;
  /** The record's reference or number, or an export's filter and row count; never a person's name, e-mail or phone. */
  detail: string;
  /** A list answer's records ("type:id"). */
  records?: string[];
}

export async function recordAccess(db: Database, actor: Actor, entry: AccessRecord): Promise<void> {
  await db.insert(accessLog).values({
    actorId: actor.id,
    actorName: actor.name.slice(0, 100),
    ip: actor.ip.slice(0, 100),
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    detail: entry.detail.slice(0, 500),
    records: entry.records ?? [],
  });
}

/** A record a list answer carried, by type and id (never by what the person is called). */
export interface ListedRecord {
  type: RecordType;
  id: string;
}

/** A record in a list, and its customer, whose name (and address) the row shows. */
const withItsCustomer =
  (type: RecordType) =>
  (r: { _id: string; customerId: string | null }): ListedRecord[] => [
    { type, id: r._id },
    ...(r.customerId ? [{ type: "customer" as const, id: r.customerId }] : []),
  ];
export const dealRecords = withItsCustomer("deal");
export const quotationRecords = withItsCustomer("quotation");

/** The key a list row stores for a record, and the person search looks for. */
const recordKey = (type: RecordType, id: string) => `${type}:${id}`;

/**
 * A list or search answer: one row naming every record of the page, written before the answer goes out. A
 * page of nobody (empty) writes nothing: it carried no one's data. `filter` is the query, described as for an
 * export (a search's text left out).
 */
export async function recordList(
  db: Database,
  actor: Actor,
  list: ListName,
  filter: Record<string, unknown>,
  listed: ListedRecord[],
  rows: number,
): Promise<void> {
  const records = [...new Set(listed.map((r) => recordKey(r.type, r.id)))];
  if (records.length === 0) return;
  await recordAccess(db, actor, { action: "list", entityType: list, detail: listDetail(filter, rows), records });
}

/** A query's filter in words ("status: new, a search"): the search's text is left out, it is often a person's name. */
function describeFilter(filter: Record<string, unknown>, leaveOut: string[]): string {
  return Object.entries(filter)
    .filter(([k, v]) => !leaveOut.includes(k) && v !== undefined && v !== "" && v !== "all")
    .map(([k, v]) => (k === "q" ? "a search" : `${k}: ${String(v)}`))
    .join(", ");
}

const rowsOf = (rows: number) => (rows === 1 ? "1 row" : `${rows} rows`);

/** An export's detail: its row count and filter ("CSV, 12 rows (status: new, a search)"). */
export function exportDetail(filter: Record<string, unknown>, rows: number): string {
  const described = describeFilter(filter, ["page", "limit"]);
  return `CSV, ${rowsOf(rows)}${described ? ` (${described})` : ""}`;
}

/** A list answer's detail: its row count and filter, the page with it ("20 rows (page: 2, status: new, a search)"). */
function listDetail(filter: Record<string, unknown>, rows: number): string {
  const described = describeFilter(filter, filter.page === 1 ? ["page", "limit"] : ["limit"]);
  return `${rowsOf(rows)}${described ? ` (${described})` : ""}`;
}

/** Retention: rows older than `days` days go (the hourly housekeeping, with ACCESS_LOG_KEEP_DAYS). */
export async function deleteOldAccess(db: Database, days: number): Promise<number> {
  const rows = await db
    .delete(accessLog)
    .where(lt(accessLog.createdAt, new Date(Date.now() - days * 24 * 60 * 60 * 1000)))
    .returning({ id: accessLog.id });
  return rows.length;
}

/** One row of the log as the API answers it, with what the record is called now and where the panel shows it. */
export interface AccessEntry {
  _id: string;
  createdAt: string;
  actorId: string | null;
  actorName: string;
  ip: string;
  action: AccessAction;
  entityType: AccessEntityType;
  entityId: string | null;
  detail: string;
  /** How many records a list answer carried (0 for the other rows). */
  listed: number;
  /** The record's reference, number or name today ("" for lists, exports and records since deleted). */
  label: string;
  /** The admin panel's page of the record, or null. */
  link: string | null;
}

/** A record that holds the person. */
interface PersonRecord {
  entityType: RecordType;
  entityId: string;
  label: string;
  link: string;
}

type Named = { label: string; link: string };
const keyOf = (type: string, id: string) => `${type}:${id}`;

/** What each record is called now (reference, customer's name, deal's title, quotation's number) and its admin page. */
async function namesOf(db: Database, refs: { entityType: string; entityId: string | null }[]): Promise<Map<string, Named>> {
  const ids = (type: RecordType) => [...new Set(refs.filter((r) => r.entityType === type && r.entityId).map((r) => r.entityId!))];
  const [e, c, d, q] = [ids("enquiry"), ids("customer"), ids("deal"), ids("quotation")];
  const [enquiryRows, customerRows, dealRows, quotationRows] = await Promise.all([
    e.length ? db.select({ id: contacts.id, label: contacts.reference }).from(contacts).where(inArray(contacts.id, e)) : [],
    c.length ? db.select({ id: customers.id, label: customers.name }).from(customers).where(inArray(customers.id, c)) : [],
    d.length ? db.select({ id: deals.id, label: deals.title }).from(deals).where(inArray(deals.id, d)) : [],
    q.length
      ? db
          .select({ id: quotations.id, label: sql<string>`${quotations.number} || ' v' || ${quotations.version}` })
          .from(quotations)
          .where(inArray(quotations.id, q))
      : [],
  ]);
  const names = new Map<string, Named>();
  for (const r of enquiryRows) names.set(keyOf("enquiry", r.id), { label: r.label, link: `/admin/contacts/${r.id}` });
  for (const r of customerRows) {
    names.set(keyOf("customer", r.id), { label: r.label, link: `/admin/customers?q=${encodeURIComponent(r.label)}` });
  }
  for (const r of dealRows) names.set(keyOf("deal", r.id), { label: r.label, link: `/admin/deals/${r.id}` });
  for (const r of quotationRows) names.set(keyOf("quotation", r.id), { label: r.label, link: `/admin/quotations/${r.id}` });
  return names;
}

async function withNames(db: Database, rows: (typeof accessLog.$inferSelect)[]): Promise<AccessEntry[]> {
  const names = await namesOf(db, rows);
  return rows.map((r) => {
    const named = r.entityId ? names.get(keyOf(r.entityType, r.entityId)) : undefined;
    return {
      _id: r.id,
      createdAt: r.createdAt.toISOString(),
      actorId: r.actorId,
      actorName: r.actorName,
      ip: r.ip,
      action: r.action as AccessAction,
      entityType: r.entityType as AccessEntityType,
      entityId: r.entityId,
      detail: r.detail,
      listed: r.records.length,
      label: named?.label ?? "",
      link: named?.link ?? null,
    };
  });
}

interface Page {
  page: number;
  limit: number;
}

async function pageOf(db: Database, where: SQL | undefined, { page, limit }: Page) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(accessLog)
      .where(where)
      .orderBy(desc(accessLog.createdAt), desc(accessLog.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(accessLog).where(where),
  ]);
  return { items: await withNames(db, rows), total: Number(total?.n ?? 0) };
}

/** The smallest number of digits taken for a phone number: fewer would match by chance. */
const PHONE_DIGITS = 7;

/**
 * The records that hold a person given by name, e-mail or phone: enquiries (name or e-mail alike but for case,
 * or the phone's last ten digits), customers whose people match, deals of those enquiries or customers, and
 * the quotations of those deals. With when the first of them was made.
 */
async function recordsOfPerson(db: Database, text: string): Promise<{ records: PersonRecord[]; since: Date | null }> {
  const lower = text.trim().toLowerCase();
  const phone = phoneKey(text);
  const byPhone = phone.length >= PHONE_DIGITS;
  const [enquiries, people] = await Promise.all([
    db
      .select({ id: contacts.id, customerId: contacts.customerId })
      .from(contacts)
      .where(
        or(
          sql`lower(${contacts.name}) = ${lower}`,
          sql`lower(${contacts.email}) = ${lower}`,
          byPhone ? sql`right(regexp_replace(${contacts.phone}, '[^0-9]', '', 'g'), 10) = ${phone}` : undefined,
        ),
      ),
    db
      .selectDistinct({ id: customerPeople.customerId })
      .from(customerPeople)
      .where(
        or(
          sql`lower(${customerPeople.name}) = ${lower}`,
          eq(customerPeople.emailKey, lower),
          byPhone ? eq(customerPeople.phoneKey, phone) : undefined,
        ),
      ),
  ]);
  const enquiryIds = enquiries.map((e) => e.id);
  const customerIds = people.map((p) => p.id);
  const dealIds =
    enquiryIds.length || customerIds.length
      ? (
          await db
            .select({ id: deals.id })
            .from(deals)
            .where(
              or(
                enquiryIds.length ? inArray(deals.contactId, enquiryIds) : undefined,
                customerIds.length ? inArray(deals.customerId, customerIds) : undefined,
              ),
            )
        ).map((d) => d.id)
      : [];
  const quotationIds = dealIds.length
    ? (await db.select({ id: quotations.id }).from(quotations).where(inArray(quotations.dealId, dealIds))).map((q) => q.id)
    : [];
  const found: { entityType: RecordType; entityId: string }[] = [
    ...enquiryIds.map((entityId) => ({ entityType: "enquiry" as const, entityId })),
    ...customerIds.map((entityId) => ({ entityType: "customer" as const, entityId })),
    ...dealIds.map((entityId) => ({ entityType: "deal" as const, entityId })),
    ...quotationIds.map((entityId) => ({ entityType: "quotation" as const, entityId })),
  ];
  const names = await namesOf(db, found);
  const records = found.flatMap((r) => {
    const named = names.get(keyOf(r.entityType, r.entityId));
    return named ? [{ ...r, ...named }] : [];
  });
  return { records, since: await firstMade(db, enquiryIds, customerIds, dealIds) };
}

/** When the earliest of the person's enquiries, customers and deals was made (quotations come after their deal). */
async function firstMade(db: Database, enquiryIds: string[], customerIds: string[], dealIds: string[]): Promise<Date | null> {
  const [e, c, d] = await Promise.all([
    enquiryIds.length
      ? db
          .select({ at: min(contacts.createdAt) })
          .from(contacts)
          .where(inArray(contacts.id, enquiryIds))
      : [],
    customerIds.length
      ? db
          .select({ at: min(customers.createdAt) })
          .from(customers)
          .where(inArray(customers.id, customerIds))
      : [],
    dealIds.length
      ? db
          .select({ at: min(deals.createdAt) })
          .from(deals)
          .where(inArray(deals.id, dealIds))
      : [],
  ]);
  const times = [e[0]?.at, c[0]?.at, d[0]?.at].filter((t): t is Date => t instanceof Date);
  return times.length ? new Date(Math.min(...times.map((t) => t.getTime()))) : null;
}

/** Exports shown with a person's records: the newest this many (each export is one row, so a long list says little more). */
const EXPORTS_SHOWN = 200;

export interface PersonAccess {
  person: string;
  records: PersonRecord[];
  items: AccessEntry[];
  total: number;
  /** Exports since the person's first record was made: each may have included them. */
  exports: AccessEntry[];
}

/** Who opened, listed, exported, printed or downloaded a person's records ("who has seen Ravi Kumar's data"). */
export async function accessOfPerson(db: Database, person: string, page: Page): Promise<PersonAccess> {
  const { records, since } = await recordsOfPerson(db, person);
  if (records.length === 0) return { person, records, items: [], total: 0, exports: [] };
  const byType = RECORD_TYPES.flatMap((type) => {
    const ids = records.filter((r) => r.entityType === type).map((r) => r.entityId);
    return ids.length ? [and(eq(accessLog.entityType, type), inArray(accessLog.entityId, ids))] : [];
  });
  // The list answers that carried any of the person's records (the records column's GIN index answers `&&`).
  const keys = records.map((r) => recordKey(r.entityType, r.entityId));
  const inLists = and(eq(accessLog.action, "list"), arrayOverlaps(accessLog.records, keys));
  const [{ items, total }, exportRows] = await Promise.all([
    pageOf(db, or(...byType, inLists), page),
    db
      .select()
      .from(accessLog)
      .where(
        and(
          eq(accessLog.action, "export"),
          inArray(accessLog.entityType, EXPORT_TYPES),
          since ? gte(accessLog.createdAt, since) : undefined,
        ),
      )
      .orderBy(desc(accessLog.createdAt), desc(accessLog.id))
      .limit(EXPORTS_SHOWN),
  ]);
  return { person, records, items, total, exports: await withNames(db, exportRows) };
}

/** Everything one staff member opened, listed, exported, printed or downloaded, newest first. */
export function accessOfStaff(db: Database, actorId: string, page: Page): Promise<{ items: AccessEntry[]; total: number }> {
  return pageOf(db, eq(accessLog.actorId, actorId), page);
}
