import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { NO_CONSENTS } from "../../shared/privacy/consent";
import type { PersonalData } from "../../shared/privacy/personal-data";
import { emailKey } from "../../shared/sales/customer";
import { formatRupees } from "../../shared/sales/money";
import type { QuotationStatus } from "../../shared/sales/quotation";
import { CONTACT_TYPE_LABEL, type ContactType } from "../../shared/schemas/enquiry-values";
import type { Database } from "../db/client";
import { contacts, customerPeople, customers, privacyRequests, quotations } from "../db/schema";
import { personRecords } from "./erasure-scope";
import { emailHashOf } from "./requests";

/** A sent quotation's status in the person's words ("viewed" is ours: they know they opened it). */
type SentStatus = Exclude<QuotationStatus, "draft">;
const QUOTATION_STATUS_FOR_PERSON: Record<SentStatus, string> = {
  sent: "Sent to you",
  viewed: "Sent to you",
  accepted: "Accepted",
  declined: "Declined",
};

/**
 * The personal data held for one e-mail address (the person's own view, /privacy/request): their enquiries with
 * the notice and consents recorded, their rows among customers' people, their own quotations as sent to them
 * (those of their enquiries' deals, and those they decided: erasure-scope.ts; never a draft, which is staff's
 * work in progress), and their privacy requests. A company's other quotations are the company's, never shown to
 * one of its people (issue 44).
 */
export async function personalDataOf(db: Database, email: string, heldBy: string, now = new Date()): Promise<PersonalData> {
  const address = emailKey(email);
  const [enquiries, people, requests, their] = await Promise.all([
    db
      .select()
      .from(contacts)
      .where(and(sql`lower(${contacts.email}) = ${address}`, isNull(contacts.erasedAt)))
      .orderBy(desc(contacts.createdAt)),
    db
      .select({ person: customerPeople, customer: customers })
      .from(customerPeople)
      .innerJoin(customers, eq(customers.id, customerPeople.customerId))
      .where(eq(customerPeople.emailKey, address))
      .orderBy(asc(customers.name)),
    db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.emailHash, emailHashOf(address)))
      .orderBy(desc(privacyRequests.createdAt)),
    personRecords(db, address),
  ]);
  const quotationIds = their.quotations.map((q) => q.row.id);
  const quoted = quotationIds.length
    ? await db
        .select()
        .from(quotations)
        .where(and(inArray(quotations.id, quotationIds), isNull(quotations.erasedAt), ne(quotations.status, "draft")))
        .orderBy(asc(quotations.number), asc(quotations.version))
    : [];
  return {
    email: address,
    heldBy,
    generatedAt: now.toISOString(),
    enquiries: enquiries.map((e) => ({
      reference: e.reference,
      date: e.createdAt.toISOString(),
      kind: CONTACT_TYPE_LABEL[e.type as ContactType] ?? "Message",
      name: e.name,
      email: e.email,
      phone: e.phone,
      company: e.company,
      subject: e.subject,
      message: e.message,
      products: e.items.map((i) => ({ name: i.product.name, quantity: i.quantity })),
      source: e.source,
      noticeVersion: e.noticeVersion,
      consents: { ...NO_CONSENTS, ...e.consents },
      consentsChangedAt: e.consentsChangedAt?.toISOString() ?? null,
    })),
    customers: people.map(({ person, customer }) => ({
      company: customer.name,
      gstin: customer.gstin,
      city: customer.billingAddress.city ?? "",
      you: { name: person.name, phone: person.phone, email: person.email },
    })),
    quotations: quoted.map((q) => ({
      number: q.number,
      version: q.version,
      date: q.day,
      validUntil: q.validUntil,
      status: QUOTATION_STATUS_FOR_PERSON[q.status as SentStatus] ?? "Sent to you",
      total: formatRupees(q.totalPaise),
    })),
    requests: requests.map((r) => ({
      kind: r.kind,
      date: r.createdAt.toISOString(),
      status: r.status,
      outcome: r.outcome,
    })),
  };
}

/** Whether the site holds anything for the address (the link e-mail says so; the page answers the same either way). */
export async function holdsDataFor(db: Database, email: string): Promise<boolean> {
  const address = emailKey(email);
  const [row] = await db
    .select({ known: sql<boolean>`true` })
    .from(contacts)
    .where(and(sql`lower(${contacts.email}) = ${address}`, isNull(contacts.erasedAt)))
    .limit(1);
  if (row) return true;
  const [person] = await db
    .select({ known: sql<boolean>`true` })
    .from(customerPeople)
    .where(eq(customerPeople.emailKey, address))
    .limit(1);
  return Boolean(person);
}

/** Withdraws the chosen optional consents on every enquiry of the address, at once. Returns how many changed. */
export async function withdrawConsents(
  db: Database,
  email: string,
  purposes: ("news" | "whatsapp")[],
  now = new Date(),
): Promise<number> {
  if (purposes.length === 0) return 0;
  const address = emailKey(email);
  const off = Object.fromEntries(purposes.map((p) => [p, false]));
  const rows = await db
    .update(contacts)
    .set({ consents: sql`${contacts.consents} || ${JSON.stringify(off)}::jsonb`, consentsChangedAt: now })
    .where(
      and(sql`lower(${contacts.email}) = ${address}`, or(...purposes.map((p) => sql`(${contacts.consents} ->> ${p})::boolean`))),
    )
    .returning({ id: contacts.id });
  return rows.length;
}
