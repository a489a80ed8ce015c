import { inArray, or, type SQL, sql } from "drizzle-orm";
import { NO_CONSENTS } from "../../shared/privacy/consent";
import { EMPTY_ADDRESS } from "../../shared/sales/customer";
import type { Database } from "../db/client";
import { contacts, customerPeople, deals, emailOutbox, quotations } from "../db/schema";
import { getCustomer, updateCustomer } from "../sales/customers";
import { ERASED, type Matcher, type ScrubSpec } from "./erasure-scrub";

/**
 * The record-by-record steps of an erasure (server/privacy/erasure.ts): what each kind of record keeps and what it
 * loses. The records stay (counts, references, amounts are not personal); the person's details go.
 */

const ERASED_CUSTOMER = "Erased customer";

/** Where stored text may name a person, for scrubTable. */
export const SCRUB = {
  contactNotes: { table: "contact_notes", key: "id", text: ["text"] },
  contacts: {
    table: "contacts",
    key: "id",
    text: ["name", "phone", "company", "subject", "message", "search_text"],
    json: ["details"],
  },
  customers: { table: "customers", key: "id", text: ["name", "search_text"], json: ["billing_address", "delivery_address"] },
  deals: { table: "deals", key: "id", text: ["title", "next_step_text", "lost_reason", "search_text"] },
  dealNotes: { table: "deal_notes", key: "id", text: ["text", "author"] },
  quotations: { table: "quotations", key: "id", json: ["buyer", "decision", "terms", "lines"] },
  outbox: {
    table: "email_outbox",
    key: "id",
    text: ["subject", "text", "html", "reply_to", "last_error"],
    json: ["recipients"],
  },
  activity: { table: "activity", key: "id", text: ["entity_label", "detail"] },
  accessLog: { table: "access_log", key: "id", text: ["detail"] },
  revisions: { table: "revisions", key: "id", json: ["rows", "view"] },
  trash: { table: "trash", key: "id", text: ["label"], json: ["rows", "view"] },
  requests: { table: "privacy_requests", key: "id", text: ["details", "outcome"] },
  breaches: { table: "privacy_breaches", key: "id", text: ["title", "description", "affected", "measures"] },
} satisfies Record<string, ScrubSpec>;

/** Enquiries: the reference stays (it is ours, and the counts need the row); everything the person gave goes. */
export async function wipeEnquiries(db: Database, ids: string[], now: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(contacts)
    .set({
      name: "Erased",
      email: "",
      phone: "",
      company: "",
      subject: ERASED,
      message: "",
      details: null,
      consents: NO_CONSENTS,
      consentsChangedAt: now,
      searchText: sql`lower(${contacts.reference})`,
      erasedAt: sql`coalesce(${contacts.erasedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(inArray(contacts.id, ids))
    .returning({ reference: contacts.reference });
  return rows.map((r) => r.reference).sort();
}

/**
 * The person's rows among customers' people go; another person's row with their phone (a shared line, a colleague
 * who gave it) keeps its name and e-mail and loses the phone. Returns the customers that listed the person.
 */
export async function removeCustomerPeople(db: Database, email: string | null, phones: string[]): Promise<string[]> {
  if (phones.length > 0) {
    await db.update(customerPeople).set({ phone: "", phoneKey: "" }).where(inArray(customerPeople.phoneKey, phones));
  }
  if (!email) return [];
  const removed = await db
    .delete(customerPeople)
    .where(sql`${customerPeople.emailKey} = ${email}`)
    .returning({ customerId: customerPeople.customerId });
  return [...new Set(removed.map((r) => r.customerId))];
}

/**
 * Saves each customer again (so its search text is worked out from what is left); a customer that was the person
 * (an individual: named after them) is renamed and loses its addresses, and its GSTIN unless a quotation the law
 * keeps names it.
 */
export async function resaveCustomers(db: Database, ids: string[], own: Set<string>, keepGstin: Set<string>): Promise<void> {
  for (const id of ids) {
    const c = await getCustomer(db, id);
    if (!c) continue;
    const anonymous = own.has(id);
    await updateCustomer(db, id, {
      name: anonymous ? ERASED_CUSTOMER : c.name,
      gstin: anonymous && !keepGstin.has(id) ? "" : c.gstin,
      billingAddress: anonymous ? EMPTY_ADDRESS : c.billingAddress,
      deliveryAddress: anonymous ? EMPTY_ADDRESS : c.deliveryAddress,
      people: c.people,
    });
  }
}

/** After their text was scrubbed: the search text again (as server/sales/deals.ts makes it), and own deals marked erased. */
export async function finishDeals(db: Database, related: string[], own: string[], now: Date): Promise<void> {
  if (related.length > 0) {
    await db
      .update(deals)
      .set({
        searchText: sql`lower(concat_ws(' ', nullif(${deals.title}, ''),
          (SELECT c.name FROM customers c WHERE c.id = ${deals.customerId}),
          (SELECT e.reference FROM contacts e WHERE e.id = ${deals.contactId})))`,
      })
      .where(inArray(deals.id, related));
  }
  if (own.length > 0) {
    await db
      .update(deals)
      .set({ erasedAt: sql`coalesce(${deals.erasedAt}, ${now.toISOString()}::timestamptz)` })
      .where(inArray(deals.id, own));
  }
}

/**
 * The person's own quotations the law does not keep: who decided and from where go; a buyer who was the person
 * (an individual) loses name, GSTIN and address. Lines, amounts and tax stay: they are the company's figures.
 */
export async function eraseQuotations(db: Database, ids: string[], matcher: Matcher, own: Set<string>, now: Date): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db.select().from(quotations).where(inArray(quotations.id, ids));
  for (const q of rows) {
    const individual = (q.customerId !== null && own.has(q.customerId)) || matcher.mentions(q.buyer.name);
    await db
      .update(quotations)
      .set({
        buyer: individual ? { ...q.buyer, name: ERASED_CUSTOMER, gstin: "", address: EMPTY_ADDRESS } : q.buyer,
        decision: q.decision ? { ...q.decision, name: ERASED, ip: "" } : null,
        erasedAt: q.erasedAt ?? now,
      })
      .where(sql`${quotations.id} = ${q.id}`);
  }
}

export interface OutboxTies {
  contactIds: string[];
  /** The person's address: e-mails to them, or answered to them. */
  email: string | null;
  /** Their quotations: e-mails carrying one, or telling of one by its number. */
  quotations: { id: string; number: string }[];
}

/** The e-mails to or about the person. */
export async function tiedOutbox(db: Database, t: OutboxTies): Promise<string[]> {
  const o = emailOutbox;
  const conditions: SQL[] = [
    ...(t.contactIds.length ? [inArray(o.contactId, t.contactIds)] : []),
    ...(t.email
      ? [
          sql`strpos(lower(${o.recipients}::text), ${t.email}) > 0`,
          sql`strpos(lower(coalesce(${o.replyTo}, '')), ${t.email}) > 0`,
        ]
      : []),
    ...t.quotations.flatMap((q) => [
      sql`strpos(${o.attachments}::text, ${q.id}) > 0`,
      sql`strpos(${o.subject} || ' ' || ${o.text}, ${q.number}) > 0`,
    ]),
  ];
  if (conditions.length === 0) return [];
  const rows = await db
    .select({ id: o.id })
    .from(o)
    .where(or(...conditions));
  return rows.map((r) => r.id);
}

/**
 * An e-mail to or about the person keeps only that it existed (and when): no addresses, words or attachments. One
 * still waiting is cancelled: the sender only takes "queued" rows.
 */
export async function wipeOutbox(db: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(emailOutbox)
    .set({
      recipients: [],
      replyTo: null,
      subject: ERASED,
      text: ERASED,
      html: ERASED,
      attachments: [],
      lastError: null,
      status: sql`CASE WHEN ${emailOutbox.status} = 'queued' THEN 'cancelled' ELSE ${emailOutbox.status} END`,
    })
    .where(inArray(emailOutbox.id, ids));
}
