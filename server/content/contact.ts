import { and, asc, count, countDistinct, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { withBaseFields } from "../../shared/content/define";
import { isId, newId } from "../../shared/lib/ids";
import { productPath } from "../../shared/lib/product-paths";
import { NO_CONSENTS } from "../../shared/privacy/consent";
import type { ContactListQuery } from "../../shared/schemas/contact";
import {
  CONTACT_TYPES,
  type Contact,
  type ContactNote,
  type ContactStats,
  type ContactStatus,
  type ContactType,
  EMPTY_DETAILS,
  type EmailState,
  type KindCounts,
  LEAD_SOURCES,
  type LeadSource,
} from "../../shared/schemas/enquiry-values";
import type { Database } from "../db/client";
import { queryRows } from "../db/client";
import { categories, products } from "../db/content-tables";
import { contactNotes, contacts, customers, deals, emailOutbox } from "../db/schema";

/**
 * Enquiries as staff see them (the inbox, its CSV export, the dashboard's figures). Submissions from the
 * public site are in enquiry.ts. Every read is bounded: one page of rows, or a batch while exporting.
 */

export type ContactRow = typeof contacts.$inferSelect;

const OFF: EmailState = { status: "off", to: [], attempts: 0, sentAt: null, nextAttemptAt: null, error: null };

interface Extras {
  notes: Map<string, ContactNote[]>;
  mail: Map<string, { staff?: EmailState; customer?: EmailState }>;
  productUrls: Map<string, string>;
  /** Each lead's deal (the latest, should staff have made two). */
  deals: Map<string, string>;
  customerNames: Map<string, string>;
}

export function toApi(r: ContactRow, extras?: Extras): Contact {
  const mail = extras?.mail.get(r.id);
  const { call, ...details } = r.details ?? {};
  return withBaseFields(r, {
    name: r.name,
    email: r.email,
    phone: r.phone,
    subject: r.subject,
    message: r.message,
    date: r.createdAt.toISOString(),
    status: r.status as ContactStatus,
    type: (CONTACT_TYPES as readonly string[]).includes(r.type) ? (r.type as ContactType) : "message",
    reference: r.reference,
    company: r.company,
    items: r.items.map((item) => ({
      quantity: item.quantity,
      product: {
        _id: item.product._id,
        name: item.product.name,
        slug: item.product.slug,
        url: extras?.productUrls.get(item.product._id) ?? null,
      },
    })),
    service: r.service ?? null,
    details: { ...EMPTY_DETAILS, ...details },
    call: call ?? null,
    notes: extras?.notes.get(r.id) ?? [],
    notification: mail?.staff ?? OFF,
    acknowledgement: mail?.customer ?? OFF,
    held: r.held,
    source: (LEAD_SOURCES as readonly string[]).includes(r.source) ? (r.source as LeadSource) : "website",
    customerId: r.customerId,
    customerName: (r.customerId && extras?.customerNames.get(r.customerId)) || null,
    dealId: extras?.deals.get(r.id) ?? null,
    privacy: {
      noticeVersion: r.noticeVersion,
      consents: { ...NO_CONSENTS, ...r.consents },
      consentsChangedAt: r.consentsChangedAt?.toISOString() ?? null,
      erasedAt: r.erasedAt?.toISOString() ?? null,
    },
  });
}

/** Notes, e-mail states, current product pages, deals and customers of a page of enquiries: five queries, whatever its size. */
async function loadExtras(db: Database, rows: ContactRow[]): Promise<Extras> {
  const ids = rows.map((r) => r.id);
  const extras: Extras = {
    notes: new Map(),
    mail: new Map(),
    productUrls: new Map(),
    deals: new Map(),
    customerNames: new Map(),
  };
  if (ids.length === 0) return extras;
  const productIds = [...new Set(rows.flatMap((r) => r.items.map((i) => i.product._id)))];
  const customerIds = [...new Set(rows.flatMap((r) => (r.customerId ? [r.customerId] : [])))];
  const [notes, mails, pages, leadDeals, leadCustomers] = await Promise.all([
    db.select().from(contactNotes).where(inArray(contactNotes.contactId, ids)).orderBy(asc(contactNotes.createdAt)),
    db
      .select()
      .from(emailOutbox)
      .where(and(inArray(emailOutbox.contactId, ids), inArray(emailOutbox.purpose, ["staff", "customer"])))
      .orderBy(asc(emailOutbox.createdAt)),
    productIds.length
      ? db
          .select({ id: products.id, slug: products.slug, categorySlug: categories.slug })
          .from(products)
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .where(inArray(products.id, productIds))
      : Promise.resolve([]),
    db
      .select({ id: deals.id, contactId: deals.contactId })
      .from(deals)
      .where(inArray(deals.contactId, ids))
      .orderBy(asc(deals.createdAt)),
    customerIds.length
      ? db.select({ id: customers.id, name: customers.name }).from(customers).where(inArray(customers.id, customerIds))
      : Promise.resolve([]),
  ]);
  for (const c of leadCustomers) extras.customerNames.set(c.id, c.name);
  for (const d of leadDeals) if (d.contactId) extras.deals.set(d.contactId, d.id);
  for (const n of notes) {
    const list = extras.notes.get(n.contactId) ?? [];
    list.push({ _id: n.id, text: n.text, author: n.author, date: n.createdAt.toISOString() });
    extras.notes.set(n.contactId, list);
  }
  // Oldest first, so the latest e-mail of each purpose (a resend) is the one kept.
  for (const m of mails) {
    if (!m.contactId) continue;
    const entry = extras.mail.get(m.contactId) ?? {};
    entry[m.purpose as "staff" | "customer"] = {
      status: m.status as EmailState["status"],
      to: m.recipients,
      attempts: m.attempts,
      sentAt: m.sentAt?.toISOString() ?? null,
      nextAttemptAt: m.status === "queued" ? m.nextAttemptAt.toISOString() : null,
      error: m.lastError,
    };
    extras.mail.set(m.contactId, entry);
  }
  for (const p of pages) extras.productUrls.set(p.id, productPath(p.categorySlug, p.slug));
  return extras;
}

async function withExtras(db: Database, rows: ContactRow[]): Promise<Contact[]> {
  const extras = await loadExtras(db, rows);
  return rows.map((r) => toApi(r, extras));
}

/** `%` and `_` in a search are letters, not wildcards. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Midnight in India at the start of `day` (YYYY-MM-DD): the company's calendar. */
function indiaMidnight(day: string, plusDays = 0): Date {
  const d = new Date(`${day}T00:00:00+05:30`);
  return new Date(d.getTime() + plusDays * 24 * 60 * 60 * 1000);
}

export type ContactFilter = Omit<ContactListQuery, "page" | "limit">;

/** The enquiry's latest staff notification has this state ("off": it has none). */
function notificationIs(status: EmailState["status"]): SQL {
  if (status === "off") {
    return sql`NOT EXISTS (SELECT 1 FROM ${emailOutbox} o WHERE o.contact_id = ${contacts.id} AND o.purpose = 'staff')`;
  }
  return sql`EXISTS (SELECT 1 FROM ${emailOutbox} o WHERE o.contact_id = ${contacts.id} AND o.purpose = 'staff'
    AND o.status = ${status} AND NOT EXISTS (SELECT 1 FROM ${emailOutbox} later
      WHERE later.contact_id = o.contact_id AND later.purpose = 'staff' AND later.created_at > o.created_at))`;
}

function where(filter: ContactFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filter.status && filter.status !== "all" ? eq(contacts.status, filter.status) : undefined,
    filter.type && filter.type !== "all" ? eq(contacts.type, filter.type) : undefined,
    filter.source && filter.source !== "all" ? eq(contacts.source, filter.source) : undefined,
    // Written as the partial index's own condition, so the Held filter reads that small index.
    filter.held === "true" ? sql`${contacts.held}` : filter.held === "false" ? sql`NOT ${contacts.held}` : undefined,
    filter.q ? sql`${contacts.searchText} LIKE ${likePattern(filter.q)}` : undefined,
    filter.notification && filter.notification !== "all" ? notificationIs(filter.notification) : undefined,
    filter.from ? gte(contacts.createdAt, indiaMidnight(filter.from)) : undefined,
    filter.to ? lt(contacts.createdAt, indiaMidnight(filter.to, 1)) : undefined,
  ];
  return and(...conditions.filter((c): c is SQL => c !== undefined));
}

/** One page of enquiries, newest first, and how many match in all. */
export async function listContacts(db: Database, query: ContactListQuery): Promise<{ items: Contact[]; total: number }> {
  const condition = where(query);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(contacts)
      .where(condition)
      .orderBy(desc(contacts.createdAt), desc(contacts.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(contacts).where(condition),
  ]);
  return { items: await withExtras(db, rows), total: totalRow?.n ?? 0 };
}

/**
 * Every enquiry matching `filter`, newest first, in batches of `batchSize` read by key (never an OFFSET
 * that grows, never all rows at once): the CSV export streams them.
 */
export async function* contactBatches(db: Database, filter: ContactFilter, batchSize = 500): AsyncGenerator<Contact[]> {
  // The key is the database's own text of created_at: a JavaScript Date keeps milliseconds only, and rows
  // written by the database (defaultNow) have microseconds, which a millisecond key would skip.
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const page: { row: ContactRow; at: string }[] = await db
      .select({ row: contacts, at: sql<string>`${contacts.createdAt}::text` })
      .from(contacts)
      .where(
        and(
          where(filter),
          after ? sql`(${contacts.createdAt}, ${contacts.id}) < (${after.at}::timestamptz, ${after.id})` : undefined,
        ),
      )
      .orderBy(desc(contacts.createdAt), desc(contacts.id))
      .limit(batchSize);
    if (page.length === 0) return;
    yield await withExtras(
      db,
      page.map((p) => p.row),
    );
    const last = page[page.length - 1]!;
    after = { at: last.at, id: last.row.id };
    if (page.length < batchSize) return;
  }
}

async function getContactRow(db: Database, id: string): Promise<ContactRow | null> {
  if (!isId(id)) return null;
  const [row] = await db.select().from(contacts).where(eq(contacts.id, id)).limit(1);
  return row ?? null;
}

export async function getContact(db: Database, id: string): Promise<Contact | null> {
  const row = await getContactRow(db, id);
  return row ? ((await withExtras(db, [row]))[0] ?? null) : null;
}

/** The enquiries of `ids`, in that order (ids of nothing are left out). */
export async function listContactsByIds(db: Database, ids: string[]): Promise<Contact[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(contacts).where(inArray(contacts.id, ids));
  const byId = new Map((await withExtras(db, rows)).map((c) => [c._id, c]));
  return ids.map((id) => byId.get(id)).filter((c): c is Contact => c !== undefined);
}

export async function setContactStatus(db: Database, id: string, status: ContactStatus): Promise<Contact | null> {
  if (!isId(id)) return null;
  const [row] = await db.update(contacts).set({ status, updatedAt: new Date() }).where(eq(contacts.id, id)).returning();
  return row ? ((await withExtras(db, [row]))[0] ?? null) : null;
}

/** Releases a held enquiry: from now on it is an ordinary one (its acknowledgement is not sent late). */
export async function releaseContact(db: Database, id: string): Promise<{ contact: Contact; released: boolean } | null> {
  if (!isId(id)) return null;
  const [row] = await db
    .update(contacts)
    .set({ held: false, updatedAt: new Date() })
    .where(and(eq(contacts.id, id), eq(contacts.held, true)))
    .returning();
  if (row) return { contact: (await withExtras(db, [row]))[0]!, released: true };
  const contact = await getContact(db, id);
  return contact ? { contact, released: false } : null;
}

export async function deleteContact(db: Database, id: string): Promise<boolean> {
  if (!isId(id)) return false;
  const rows = await db.delete(contacts).where(eq(contacts.id, id)).returning({ id: contacts.id });
  return rows.length > 0;
}

/** Adds a staff note; null when the enquiry does not exist. */
export async function addContactNote(db: Database, id: string, author: string, text: string): Promise<Contact | null> {
  if (!isId(id)) return null;
  const inserted = await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, id)).for("update");
    if (!row) return false;
    await tx.insert(contactNotes).values({ id: newId(), contactId: id, author, text });
    await tx.update(contacts).set({ updatedAt: new Date() }).where(eq(contacts.id, id));
    return true;
  });
  return inserted ? getContact(db, id) : null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The dashboard's figures, counted by the database. */
export async function contactStats(db: Database, mailEnabled: boolean, now = new Date()): Promise<ContactStats> {
  const since30 = new Date(now.getTime() - 30 * DAY_MS);
  const since60 = new Date(now.getTime() - 60 * DAY_MS);
  const [kinds, [people], [companies], top, [failed]] = await Promise.all([
    db
      .select({
        type: contacts.type,
        last30: sql<number>`count(*) FILTER (WHERE ${contacts.createdAt} >= ${since30.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
        previous30: sql<number>`count(*) FILTER (WHERE ${contacts.createdAt} < ${since30.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
      })
      .from(contacts)
      .where(gte(contacts.createdAt, since60))
      .groupBy(contacts.type),
    db.select({ customers: countDistinct(sql`lower(${contacts.email})`), total: count() }).from(contacts),
    db.select({ n: count() }).from(customers),
    queryRows<{ id: string; name: string; slug: string; requests: number; quantity: number }>(
      db,
      sql`SELECT item->'product'->>'_id' AS id, max(item->'product'->>'name') AS name, max(item->'product'->>'slug') AS slug,
            count(*)::int AS requests, sum((item->>'quantity')::int)::int AS quantity
          FROM ${contacts}, jsonb_array_elements(${contacts.items}) AS item
          WHERE ${contacts.type} = 'quote' AND ${contacts.createdAt} >= ${since30.toISOString()}::timestamptz
          GROUP BY 1 ORDER BY requests DESC, quantity DESC, name LIMIT 5`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM ${emailOutbox} o
          WHERE o.status = 'failed' AND o.purpose = 'staff' AND o.contact_id IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM ${emailOutbox} later WHERE later.contact_id = o.contact_id
              AND later.purpose = 'staff' AND later.created_at > o.created_at)`,
    ),
  ]);
  const empty = (): KindCounts => ({ message: 0, quote: 0, service: 0 });
  const last30 = empty();
  const previous30 = empty();
  for (const k of kinds) {
    if (!(CONTACT_TYPES as readonly string[]).includes(k.type)) continue;
    last30[k.type as ContactType] = k.last30;
    previous30[k.type as ContactType] = k.previous30;
  }
  const urls = top.length
    ? await db
        .select({ id: products.id, slug: products.slug, categorySlug: categories.slug })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(
          inArray(
            products.id,
            top.map((t) => t.id),
          ),
        )
    : [];
  return {
    last30,
    previous30,
    customers: Number(people?.customers ?? 0),
    salesCustomers: Number(companies?.n ?? 0),
    total: Number(people?.total ?? 0),
    topProducts: top.map((t) => {
      const page = urls.find((u) => u.id === t.id);
      return {
        product: { _id: t.id, name: t.name, slug: t.slug, url: page ? productPath(page.categorySlug, page.slug) : null },
        requests: Number(t.requests),
        quantity: Number(t.quantity),
      };
    }),
    failedNotifications: Number(failed?.n ?? 0),
    mail: { enabled: mailEnabled },
  };
}

export interface CustomerSummary {
  email: string;
  /** The name and phone of their latest enquiry (the latest phone given, when the latest has none). */
  name: string;
  phone: string;
  messages: number;
  lastDate: string;
}

/**
 * The people who wrote in, one per e-mail address (any case), latest first: one page, and how many in all.
 * With the enquiries whose name, e-mail and phone each row shows (the latest, and the latest with a phone),
 * for the access log.
 */
export async function listCustomers(
  db: Database,
  page: number,
  limit: number,
): Promise<{ items: CustomerSummary[]; total: number; enquiryIds: string[] }> {
  const [rows, [count]] = await Promise.all([
    queryRows<{
      email: string;
      name: string;
      phone: string | null;
      messages: number;
      last: Date | string;
      latest_id: string;
      phone_id: string | null;
    }>(
      db,
      sql`SELECT (array_agg(${contacts.email} ORDER BY ${contacts.createdAt} DESC))[1] AS email,
            (array_agg(${contacts.name} ORDER BY ${contacts.createdAt} DESC))[1] AS name,
            (array_agg(${contacts.phone} ORDER BY ${contacts.createdAt} DESC) FILTER (WHERE ${contacts.phone} <> ''))[1] AS phone,
            (array_agg(${contacts.id} ORDER BY ${contacts.createdAt} DESC))[1] AS latest_id,
            (array_agg(${contacts.id} ORDER BY ${contacts.createdAt} DESC) FILTER (WHERE ${contacts.phone} <> ''))[1] AS phone_id,
            count(*)::int AS messages, max(${contacts.createdAt}) AS last
          FROM ${contacts} GROUP BY lower(${contacts.email})
          ORDER BY last DESC, lower((array_agg(${contacts.email}))[1])
          LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    ),
    db.select({ n: countDistinct(sql`lower(${contacts.email})`) }).from(contacts),
  ]);
  return {
    items: rows.map((r) => ({
      email: r.email,
      name: r.name,
      phone: r.phone ?? "",
      messages: Number(r.messages),
      lastDate: new Date(r.last).toISOString(),
    })),
    total: Number(count?.n ?? 0),
    enquiryIds: rows.flatMap((r) => (r.phone_id && r.phone_id !== r.latest_id ? [r.latest_id, r.phone_id] : [r.latest_id])),
  };
}
