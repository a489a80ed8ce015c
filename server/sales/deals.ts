import { and, asc, count, desc, eq, gte, inArray, isNull, like, lt, notInArray, or, type SQL, sql } from "drizzle-orm";
import { withBaseFields } from "../../shared/content/define";
import { newId } from "../../shared/lib/ids";
import { customerStateCode, EMPTY_ADDRESS, phoneKey } from "../../shared/sales/customer";
import {
  CLOSED_STAGES,
  DEAL_STAGES,
  type Deal,
  type DealEventKind,
  type DealInput,
  type DealListQuery,
  type DealNoteKind,
  type DealStage,
  isOpenDeal,
  timelineKind,
} from "../../shared/sales/deal";
import { addDays, indiaDayStart } from "../../shared/sales/financial-year";
import { paiseToRupees } from "../../shared/sales/money";
import { stateByCode } from "../../shared/sales/states";
import { likePattern } from "../content/contact";
import type { Database } from "../db/client";
import { admins, contacts, customerPeople, customers, dealNotes, deals, quotations } from "../db/schema";

/** Deals (docs/decisions/029-sales-desk.md). Amounts are paise here; rupees only in the answers. */

type DealRow = typeof deals.$inferSelect;

async function toApi(db: Database, rows: DealRow[]): Promise<Deal[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const customerIds = [...new Set(rows.map((r) => r.customerId).filter((v): v is string => v !== null))];
  const ownerIds = [...new Set(rows.map((r) => r.ownerId).filter((v): v is string => v !== null))];
  const [notes, names, owners] = await Promise.all([
    db.select().from(dealNotes).where(inArray(dealNotes.dealId, ids)).orderBy(asc(dealNotes.createdAt), asc(dealNotes.id)),
    customerIds.length
      ? db.select({ id: customers.id, name: customers.name }).from(customers).where(inArray(customers.id, customerIds))
      : [],
    ownerIds.length
      ? db
          .select({ id: admins.id, name: admins.name, username: admins.username })
          .from(admins)
          .where(inArray(admins.id, ownerIds))
      : [],
  ]);
  const customerName = new Map(names.map((c) => [c.id, c.name]));
  const ownerName = new Map(owners.map((o) => [o.id, o.name || o.username]));
  return rows.map((r) =>
    withBaseFields(r, {
      title: r.title,
      customerId: r.customerId,
      customerName: r.customerId ? (customerName.get(r.customerId) ?? null) : null,
      contactId: r.contactId,
      ownerId: r.ownerId,
      ownerName: r.ownerId ? (ownerName.get(r.ownerId) ?? null) : null,
      stage: (DEAL_STAGES as readonly string[]).includes(r.stage) ? (r.stage as DealStage) : "new",
      lostReason: r.lostReason,
      expectedValue: r.expectedValuePaise === null ? null : paiseToRupees(r.expectedValuePaise),
      valueByHand: r.valueByHand,
      expectedCloseDate: r.expectedCloseDate,
      nextStep: { text: r.nextStepText, dueDate: r.nextStepDue },
      receivedAt: r.receivedAt.toISOString(),
      firstResponseAt: r.firstResponseAt?.toISOString() ?? null,
      closedAt: r.closedAt?.toISOString() ?? null,
      notes: notes
        .filter((n) => n.dealId === r.id)
        .map((n) => ({
          _id: n.id,
          kind: timelineKind(n.kind),
          text: n.text,
          author: n.author,
          date: n.createdAt.toISOString(),
        })),
    }),
  );
}

/** The deals of `ids`, in that order. */
export async function dealsByIds(db: Database, ids: string[]): Promise<Deal[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await toApi(db, await db.select().from(deals).where(inArray(deals.id, ids)))).map((d) => [d._id, d]));
  return ids.map((id) => byId.get(id)).filter((d): d is Deal => d !== undefined);
}

export async function getDeal(db: Database, id: string): Promise<Deal | null> {
  const [row] = await db.select().from(deals).where(eq(deals.id, id));
  return row ? ((await toApi(db, [row]))[0] ?? null) : null;
}

/** A search that is only a phone's digits and punctuation, with enough digits to mean a number ("98765 43210"). */
const MIN_PHONE_DIGITS = 5;
const phoneSearch = (q: string): string | null =>
  /^[+\d\s().-]+$/.test(q) && phoneKey(q).length >= MIN_PHONE_DIGITS ? phoneKey(q) : null;

/**
 * The list's search (issue 45). Joined, not copied onto the deal: the deal's own text (title, the customer's
 * name when saved, the lead's reference), its customer's search text (name, GSTIN, both cities, the people's
 * names, e-mails and phones), which server/sales/customers.ts rewrites on every change of the customer, so an
 * edit there is found at once with no deal to keep in step, and the lead's name. A phone-like search compares
 * digits (phoneKey): the customer's people's phone keys and the lead's phone with everything but digits removed.
 */
function searchCondition(q: string): SQL | undefined {
  const pattern = likePattern(q);
  const key = phoneSearch(q);
  const digits = key ? `%${key}%` : null;
  return or(
    like(deals.searchText, pattern),
    sql`${deals.customerId} IN (SELECT ${customers.id} FROM ${customers} WHERE ${customers.searchText} LIKE ${pattern})`,
    sql`${deals.contactId} IN (SELECT ${contacts.id} FROM ${contacts} WHERE lower(${contacts.name}) LIKE ${pattern})`,
    digits
      ? sql`${deals.customerId} IN (SELECT ${customerPeople.customerId} FROM ${customerPeople} WHERE ${customerPeople.phoneKey} LIKE ${digits})`
      : undefined,
    digits
      ? sql`${deals.contactId} IN (SELECT ${contacts.id} FROM ${contacts} WHERE regexp_replace(${contacts.phone}, '[^0-9]', '', 'g') LIKE ${digits})`
      : undefined,
  );
}

/** The deals whose lead came from `source`; "direct" ones have no lead (as the dashboard's figures count them). */
function sourceCondition(source: DealListQuery["source"]): SQL | undefined {
  if (!source || source === "all") return undefined;
  if (source === "direct") return isNull(deals.contactId);
  return sql`${deals.contactId} IN (SELECT ${contacts.id} FROM ${contacts} WHERE ${contacts.source} = ${source})`;
}

function listWhere(query: DealListQuery, me: string): SQL | undefined {
  const stage =
    query.stage === "open"
      ? notInArray(deals.stage, [...CLOSED_STAGES])
      : query.stage && query.stage !== "all"
        ? eq(deals.stage, query.stage)
        : undefined;
  const owner =
    query.owner === "none"
      ? isNull(deals.ownerId)
      : query.owner === "me"
        ? eq(deals.ownerId, me)
        : query.owner && query.owner !== "all"
          ? eq(deals.ownerId, query.owner)
          : undefined;
  // Made from and to India's days, both inclusive: from the first's midnight there to the next day's after the last.
  const from = query.from ? gte(deals.createdAt, indiaDayStart(query.from)) : undefined;
  const to = query.to ? lt(deals.createdAt, indiaDayStart(addDays(query.to, 1))) : undefined;
  const search = query.q ? searchCondition(query.q) : undefined;
  return and(stage, owner, sourceCondition(query.source), from, to, search);
}

/** One page, the most recently changed first; `me` is the signed-in person's id (owner=me). */
export async function listDeals(db: Database, query: DealListQuery, me: string): Promise<{ items: Deal[]; total: number }> {
  const where = listWhere(query, me);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(deals)
      .where(where)
      .orderBy(desc(deals.updatedAt), desc(deals.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(deals).where(where),
  ]);
  return { items: await toApi(db, rows), total: Number(total?.n ?? 0) };
}

/** Every deal matching, a batch at a time in the list's order (the CSV export). */
export async function* dealBatches(db: Database, query: DealListQuery, me: string, size = 500): AsyncGenerator<Deal[]> {
  const where = listWhere(query, me);
  // As the contacts' export: the key is the database's own text of updated_at (microseconds, which a
  // JavaScript Date would cut), compared as a row so the order index serves every batch.
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const key = after ? sql`(${deals.updatedAt}, ${deals.id}) < (${after.at}::timestamptz, ${after.id})` : undefined;
    const page: { row: DealRow; at: string }[] = await db
      .select({ row: deals, at: sql<string>`${deals.updatedAt}::text` })
      .from(deals)
      .where(and(where, key))
      .orderBy(desc(deals.updatedAt), desc(deals.id))
      .limit(size);
    if (page.length === 0) return;
    yield await toApi(
      db,
      page.map((p) => p.row),
    );
    const last = page[page.length - 1]!;
    after = { at: last.at, id: last.row.id };
    if (page.length < size) return;
  }
}

/** What the CSV export says of a deal beyond its list answer (issue 45). */
export interface DealExportDetails {
  /** DEAL_SOURCES: the lead's source, "direct" without one. */
  source: string;
  /** The number of its latest quotation ("" when none). */
  quotationNumber: string;
  /** The lead's phone, else the customer's first person's with one. */
  phone: string;
  gstin: string;
  /** The state the customer is taxed in (its GSTIN's, else its billing address's), by name. */
  state: string;
}

/** The export's details of the deals `ids`, by id. */
export async function dealExportDetails(db: Database, ids: string[]): Promise<Map<string, DealExportDetails>> {
  if (ids.length === 0) return new Map();
  const [rows, latest, people] = await Promise.all([
    db
      .select({
        id: deals.id,
        customerId: deals.customerId,
        source: contacts.source,
        leadPhone: contacts.phone,
        gstin: customers.gstin,
        billingAddress: customers.billingAddress,
      })
      .from(deals)
      .leftJoin(contacts, eq(contacts.id, deals.contactId))
      .leftJoin(customers, eq(customers.id, deals.customerId))
      .where(inArray(deals.id, ids)),
    db
      .selectDistinctOn([quotations.dealId], { dealId: quotations.dealId, number: quotations.number })
      .from(quotations)
      .where(inArray(quotations.dealId, ids))
      .orderBy(quotations.dealId, desc(quotations.createdAt), desc(quotations.id)),
    db
      .select({ customerId: customerPeople.customerId, phone: customerPeople.phone })
      .from(customerPeople)
      .innerJoin(deals, eq(deals.customerId, customerPeople.customerId))
      .where(and(inArray(deals.id, ids), sql`${customerPeople.phone} <> ''`))
      .orderBy(desc(customerPeople.position)),
  ]);
  const numbers = new Map(latest.map((q) => [q.dealId, q.number]));
  // Read last position first, so the map keeps each customer's first person with a phone.
  const firstPhone = new Map(people.map((p) => [p.customerId, p.phone]));
  return new Map(
    rows.map((r) => {
      const billing = { ...EMPTY_ADDRESS, ...r.billingAddress };
      const stateCode = r.billingAddress ? customerStateCode({ gstin: r.gstin ?? "", billingAddress: billing }) : "";
      return [
        r.id,
        {
          source: r.source ?? "direct",
          quotationNumber: numbers.get(r.id) ?? "",
          phone: r.leadPhone || (r.customerId ? (firstPhone.get(r.customerId) ?? "") : ""),
          gstin: r.gstin ?? "",
          state: stateByCode(stateCode)?.name ?? billing.state,
        },
      ];
    }),
  );
}

/** What a deal's references say, checked: null when they are fine, else the message. */
export async function referenceProblem(db: Database, input: DealInput): Promise<string | null> {
  const [customer, contact, owner] = await Promise.all([
    input.customerId ? db.select({ id: customers.id }).from(customers).where(eq(customers.id, input.customerId)) : [{}],
    input.contactId ? db.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, input.contactId)) : [{}],
    input.ownerId
      ? db.select({ role: admins.role, disabledAt: admins.disabledAt }).from(admins).where(eq(admins.id, input.ownerId))
      : [{ role: "sales", disabledAt: null }],
  ]);
  if (customer.length === 0) return "There is no such customer.";
  if (contact.length === 0) return "There is no such enquiry.";
  const o = owner[0] as { role: string; disabledAt: Date | null } | undefined;
  if (!o || o.disabledAt) return "The deal's owner must be an active staff account.";
  if (o.role !== "sales" && o.role !== "owner") return "A deal's owner must be a sales person or an owner.";
  return null;
}

async function rowValues(db: Database, input: DealInput, previous: DealRow | null) {
  // A deal from a lead belongs to the lead's customer unless staff chose another, and dates from the lead.
  const [lead] = input.contactId
    ? await db
        .select({ customerId: contacts.customerId, createdAt: contacts.createdAt, reference: contacts.reference })
        .from(contacts)
        .where(eq(contacts.id, input.contactId))
    : [];
  const customerId = input.customerId ?? lead?.customerId ?? null;
  const [customer] = customerId
    ? await db.select({ name: customers.name }).from(customers).where(eq(customers.id, customerId))
    : [];
  const closing = !isOpenDeal(input);
  // Typed by staff: a value other than the one it had. Cleared: it follows the quotations again.
  const valueByHand =
    input.expectedValue !== null &&
    (previous ? previous.valueByHand || input.expectedValue !== previous.expectedValuePaise : true);
  return {
    title: input.title,
    customerId,
    contactId: input.contactId,
    ownerId: input.ownerId === undefined ? (previous?.ownerId ?? null) : input.ownerId,
    stage: input.stage,
    lostReason: input.stage === "lost" ? input.lostReason : "",
    expectedValuePaise: input.expectedValue,
    valueByHand,
    expectedCloseDate: input.expectedCloseDate,
    nextStepText: input.nextStep.text,
    nextStepDue: input.nextStep.dueDate,
    receivedAt: lead?.createdAt ?? previous?.receivedAt ?? new Date(),
    closedAt: closing ? (previous && !isOpenDeal(previous) ? previous.closedAt : new Date()) : null,
    searchText: [input.title, customer?.name, lead?.reference].filter(Boolean).join(" ").toLowerCase(),
  };
}

export async function createDeal(db: Database, input: DealInput): Promise<string> {
  const id = newId();
  // Both times from here, to the millisecond: the export pages by (updated_at, id) with JavaScript dates.
  const now = new Date();
  await db.insert(deals).values({ id, ...(await rowValues(db, input, null)), createdAt: now, updatedAt: now });
  return id;
}

/**
 * The deal as the input it would be sent as: a change (PUT) is laid over it, so the fields a request leaves
 * out keep their values (moving a deal to Won is `{stage: "won"}`).
 */
export function inputOfDeal(row: DealRow): Record<string, unknown> {
  return {
    title: row.title,
    customerId: row.customerId,
    contactId: row.contactId,
    ownerId: row.ownerId,
    stage: row.stage,
    lostReason: row.lostReason,
    expectedValue: row.expectedValuePaise === null ? null : (row.expectedValuePaise / 100).toFixed(2),
    expectedCloseDate: row.expectedCloseDate,
    nextStep: { text: row.nextStepText, dueDate: row.nextStepDue },
  };
}

/** The stored row (for the permission check before a change); null when there is no such deal. */
export async function dealRow(db: Database, id: string): Promise<DealRow | null> {
  const [row] = await db.select().from(deals).where(eq(deals.id, id));
  return row ?? null;
}

export async function updateDeal(db: Database, previous: DealRow, input: DealInput): Promise<void> {
  const values = await rowValues(db, input, previous);
  await db
    .update(deals)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(deals.id, previous.id));
  if (!values.valueByHand) await followQuotations(db, previous.id);
  await leadFollowsDeal(db, previous.id);
}

/**
 * The enquiry a deal came from follows the deal (issue 45: the inbox said "new" for a won deal's lead): in
 * progress while the deal is worked on, resolved once it is won or lost. A deal still "new" leaves it as it is.
 */
export async function leadFollowsDeal(db: Database, dealId: string): Promise<void> {
  await db.execute(sql`
    UPDATE contacts c SET status = s.status, updated_at = ${new Date().toISOString()}::timestamptz
    FROM (
      SELECT contact_id, CASE WHEN stage IN ('won', 'lost') THEN 'resolved' ELSE 'in-progress' END AS status
      FROM deals WHERE id = ${dealId} AND contact_id IS NOT NULL AND stage <> 'new'
    ) s
    WHERE c.id = s.contact_id AND c.status <> s.status`);
}

/**
 * The deal's value from its quotations (issue 45: every figure of the owner was ₹0.00 while the deals held
 * quotations): the total of its accepted quotation, else of the latest one sent (viewed counts as sent).
 * Called when a quotation is sent or answered and when staff clear the value; a value typed by staff stays,
 * and a deal with no such quotation keeps the value it has.
 */
export async function followQuotations(db: Database, dealId: string): Promise<void> {
  await db.execute(sql`
    UPDATE deals d SET expected_value_paise = q.total_paise
    FROM (
      SELECT total_paise FROM quotations
      WHERE deal_id = ${dealId} AND status IN ('sent', 'viewed', 'accepted')
      ORDER BY status = 'accepted' DESC, created_at DESC, id DESC
      LIMIT 1
    ) q
    WHERE d.id = ${dealId} AND NOT d.value_by_hand AND d.expected_value_paise IS DISTINCT FROM q.total_paise`);
}

/** Logs a note, call, e-mail or meeting (or a quotation's event); the first one is the deal's first response. */
export async function addDealNote(
  db: Database,
  id: string,
  note: { kind: DealNoteKind | DealEventKind; text: string; author: string },
): Promise<void> {
  const now = new Date();
  await db.insert(dealNotes).values({ id: newId(), dealId: id, ...note, createdAt: now });
  await db
    .update(deals)
    .set({ firstResponseAt: sql`coalesce(${deals.firstResponseAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
    .where(eq(deals.id, id));
}
