import { inArray, or, type SQL, sql } from "drizzle-orm";
import { NO_CONSENTS } from "../../shared/privacy/consent";
import { EMPTY_ADDRESS } from "../../shared/sales/customer";
import type { Database } from "../db/client";
import { contacts, customerPeople, deals, emailOutbox, quotations } from "../db/schema";
import { getCustomer, updateCustomer } from "../sales/customers";
import type { ErasureScope, QuotationRef } from "./erasure-scope";
import { ERASED, Matcher, needlesOf, type ScrubSpec, scrubTable } from "./erasure-scrub";

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
  deals: { table: "deals", key: "id", text: ["title", "next_step_text", "lost_reason", "search_text"] },
  dealNotes: { table: "deal_notes", key: "id", text: ["text", "author"] },
  /** A quotation's words that may name the person (Kind attn. among the particulars): scrubbed in full on their own deals. */
  quotationTexts: { table: "quotations", key: "id", json: ["decision", "terms", "particulars"] },
  /** The buyer (a customer's copy) and the lines (the company's words): only their e-mail address goes. */
  quotationParties: { table: "quotations", key: "id", json: ["buyer", "lines"] },
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
 * The person's rows among customers' people go: those with the address they proved. Another person's row is never
 * touched, even with the same phone number (a shared line, or a number someone else typed).
 */
export async function removeCustomerPeople(db: Database, email: string | null): Promise<void> {
  if (email) await db.delete(customerPeople).where(sql`${customerPeople.emailKey} = ${email}`);
}

/**
 * Saves each customer again (so its search text is worked out from what is left); a customer that is the person
 * alone (an individual named after them, without a GSTIN: erasure-scope.ts) is renamed and loses its addresses.
 */
export async function resaveCustomers(db: Database, ids: string[], own: Set<string>): Promise<void> {
  for (const id of ids) {
    const c = await getCustomer(db, id);
    if (!c) continue;
    const anonymous = own.has(id);
    await updateCustomer(db, id, {
      name: anonymous ? ERASED_CUSTOMER : c.name,
      gstin: c.gstin,
      billingAddress: anonymous ? EMPTY_ADDRESS : c.billingAddress,
      deliveryAddress: anonymous ? EMPTY_ADDRESS : c.deliveryAddress,
      people: c.people,
    });
  }
}

/** After their text was scrubbed: their deals' search text again (as server/sales/deals.ts makes it), marked erased. */
export async function finishDeals(db: Database, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(deals)
    .set({
      searchText: sql`lower(concat_ws(' ', nullif(${deals.title}, ''),
        (SELECT c.name FROM customers c WHERE c.id = ${deals.customerId}),
        (SELECT e.reference FROM contacts e WHERE e.id = ${deals.contactId})))`,
      erasedAt: sql`coalesce(${deals.erasedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(inArray(deals.id, ids));
}

/**
 * The person's own quotations the law does not keep: who decided and from where go; on their own deal, a buyer that
 * was the person (`buyerIsThem`) loses name, GSTIN and address (and the ship-to). A company's buyer stays, and so do lines, amounts
 * and tax: they are the company's.
 */
export async function eraseQuotations(
  db: Database,
  refs: QuotationRef[],
  buyerIsThem: ErasureScope["buyerIsThem"],
  now: Date,
): Promise<void> {
  if (refs.length === 0) return;
  const onTheirDeal = new Set(refs.filter((r) => r.onTheirDeal).map((r) => r.id));
  const rows = await db
    .select()
    .from(quotations)
    .where(
      inArray(
        quotations.id,
        refs.map((r) => r.id),
      ),
    );
  for (const q of rows) {
    const individual = onTheirDeal.has(q.id) && buyerIsThem(q);
    await db
      .update(quotations)
      .set({
        buyer: individual ? { ...q.buyer, name: ERASED_CUSTOMER, gstin: "", address: EMPTY_ADDRESS } : q.buyer,
        // Where the person had their goods delivered is their address too.
        particulars: individual && q.particulars ? { ...q.particulars, shipTo: EMPTY_ADDRESS } : q.particulars,
        decision: q.decision ? { ...q.decision, name: ERASED, ip: "" } : null,
        erasedAt: q.erasedAt ?? now,
      })
      .where(sql`${quotations.id} = ${q.id}`);
  }
}

/**
 * A company's quotation they decided: the name they typed goes from the deal's note of their answer and from the
 * e-mail that told the deal's owner (the quotation itself is erased with their others, or kept whole by law).
 * Returns the notes and the e-mails changed.
 */
export async function scrubDecisions(db: Database, refs: QuotationRef[]): Promise<{ notes: string[]; emails: string[] }> {
  const notes: string[] = [];
  const emails: string[] = [];
  for (const q of refs) {
    if (q.onTheirDeal || !q.decidedBy) continue;
    const decider = new Matcher(needlesOf({ emails: [], phones: [], names: [q.decidedBy] }));
    const label = `${q.number} v${q.version}`;
    const note = sql`deal_id = ${q.dealId} AND kind IN ('quotation-accepted', 'quotation-declined')
      AND author = ${q.decidedBy} AND strpos(text, ${label}) > 0`;
    notes.push(...(await scrubTable(db, SCRUB.dealNotes, decider, { tied: note, mentions: false })));
    const told = sql`purpose = 'staff' AND strpos(subject, ${`Quotation ${q.number} `}) = 1 AND strpos(text, ${label}) > 0`;
    emails.push(...(await scrubTable(db, SCRUB.outbox, decider, { tied: told, mentions: false })));
  }
  return { notes, emails };
}

export interface OutboxTies {
  contactIds: string[];
  /** The person's address: e-mails to them alone, or answered to them. */
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
          sql`(jsonb_array_length(${o.recipients}) > 0 AND NOT EXISTS
            (SELECT 1 FROM jsonb_array_elements_text(${o.recipients}) r WHERE lower(r) <> ${t.email}))`,
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
 * An e-mail to them and others (a company's quotation to its people) is the others' too: only their address goes
 * from its recipients. Returns the e-mails changed.
 */
export async function dropRecipient(db: Database, email: string | null): Promise<string[]> {
  if (!email) return [];
  const o = emailOutbox;
  const rows = await db
    .update(o)
    .set({
      recipients: sql`(SELECT coalesce(jsonb_agg(r), '[]'::jsonb) FROM jsonb_array_elements_text(${o.recipients}) r
        WHERE lower(r) <> ${email})`,
    })
    .where(sql`EXISTS (SELECT 1 FROM jsonb_array_elements_text(${o.recipients}) r WHERE lower(r) = ${email})`)
    .returning({ id: o.id });
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
