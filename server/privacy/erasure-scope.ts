import { eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { contacts, customerPeople, customers, deals, quotations } from "../db/schema";
import { Matcher, needlesOf } from "./erasure-scrub";

/**
 * What an erasure reaches (server/privacy/erasure.ts): a person's records found by their e-mail address, or the
 * records a retention pass names, with the details to look for in them and the quotations the law keeps.
 */

export interface QuotationRef {
  id: string;
  number: string;
  version: number;
  customerId: string | null;
  /** When the buyer accepted it (the keeping period runs from then). */
  acceptedAt: Date;
  /** The person's own (their deal, or they decided it), not a company's they are one of the people of. */
  own: boolean;
}

export interface ErasureScope {
  matcher: Matcher;
  contactIds: string[];
  /** Customers that list the person or their enquiries: scrubbed and saved again. */
  customerIds: string[];
  /** …of which those that are the person (an individual, named after them): anonymised. */
  ownCustomerIds: Set<string>;
  /** Deals of their enquiries and customers: scrubbed… */
  dealIds: string[];
  /** …and those that are theirs marked erased. */
  ownDealIds: string[];
  /** Quotations scrubbed (not the kept ones). */
  quotationIds: string[];
  /** Their own quotations, kept or not (their e-mails go either way). */
  ownQuotations: QuotationRef[];
  /** Accepted quotations naming them that the law keeps whole. */
  kept: QuotationRef[];
}

/** Accepted quotations are kept whole for Site Settings' years (tax law), counted from the acceptance. */
export interface KeepRule {
  years: number;
  now: Date;
}

export function keptUntil(acceptedAt: Date, years: number): Date {
  const until = new Date(acceptedAt);
  until.setUTCFullYear(until.getUTCFullYear() + years);
  return until;
}

type QuotationRow = Pick<
  typeof quotations.$inferSelect,
  "id" | "number" | "version" | "status" | "dealId" | "customerId" | "buyer" | "decision" | "decidedAt" | "updatedAt"
>;

const quotationColumns = {
  id: quotations.id,
  number: quotations.number,
  version: quotations.version,
  status: quotations.status,
  dealId: quotations.dealId,
  customerId: quotations.customerId,
  buyer: quotations.buyer,
  decision: quotations.decision,
  decidedAt: quotations.decidedAt,
  updatedAt: quotations.updatedAt,
};

const unique = <T>(values: T[]) => [...new Set(values)];
const anyOf = (conditions: (SQL | false)[]) => or(...conditions.filter((c): c is SQL => c !== false));

function emptyScope(matcher: Matcher): ErasureScope {
  return {
    matcher,
    contactIds: [],
    customerIds: [],
    ownCustomerIds: new Set(),
    dealIds: [],
    ownDealIds: [],
    quotationIds: [],
    ownQuotations: [],
    kept: [],
  };
}

/** Sorts quotations into scrubbed, own and kept. */
function withQuotations(
  scope: ErasureScope,
  rows: QuotationRow[],
  isOwn: (q: QuotationRow) => boolean,
  keep: KeepRule,
): ErasureScope {
  for (const q of rows) {
    const ref: QuotationRef = {
      id: q.id,
      number: q.number,
      version: q.version,
      customerId: q.customerId,
      acceptedAt: q.decidedAt ?? q.updatedAt,
      own: isOwn(q),
    };
    const lawKeeps = q.status === "accepted" && keptUntil(ref.acceptedAt, keep.years) > keep.now;
    if (lawKeeps && (ref.own || scope.matcher.mentions(JSON.stringify([q.buyer, q.decision])))) scope.kept.push(ref);
    else if (!lawKeeps) scope.quotationIds.push(q.id);
    if (ref.own) scope.ownQuotations.push(ref);
  }
  return scope;
}

/** Everything held for one address: its enquiries, the customers listing it, their deals and quotations. */
export async function personScope(db: Database, address: string, keep: KeepRule): Promise<ErasureScope> {
  const found = await db
    .select({ id: contacts.id, name: contacts.name, phone: contacts.phone, customerId: contacts.customerId })
    .from(contacts)
    .where(sql`lower(${contacts.email}) = ${address}`);
  const people = await db
    .select({ customerId: customerPeople.customerId, name: customerPeople.name, phone: customerPeople.phone })
    .from(customerPeople)
    .where(eq(customerPeople.emailKey, address));
  const names = [...found, ...people].map((r) => r.name);
  const contactIds = found.map((c) => c.id);
  const customerIds = unique([...people.map((p) => p.customerId), ...found.flatMap((c) => c.customerId ?? [])]);
  const lowerNames = new Set(names.map((n) => n.trim().toLowerCase()));
  const ownCustomerIds = new Set(
    (customerIds.length ? await db.select().from(customers).where(inArray(customers.id, customerIds)) : [])
      .filter((c) => lowerNames.has(c.name.trim().toLowerCase()))
      .map((c) => c.id),
  );
  const dealRows =
    contactIds.length || customerIds.length
      ? await db
          .select({ id: deals.id, contactId: deals.contactId, customerId: deals.customerId })
          .from(deals)
          .where(
            anyOf([
              contactIds.length > 0 && inArray(deals.contactId, contactIds),
              customerIds.length > 0 && inArray(deals.customerId, customerIds),
            ]),
          )
      : [];
  const ownDealIds = dealRows
    .filter((d) => (d.contactId && contactIds.includes(d.contactId)) || (d.customerId && ownCustomerIds.has(d.customerId)))
    .map((d) => d.id);
  const dealIds = dealRows.map((d) => d.id);
  const quotationRows =
    dealIds.length || customerIds.length
      ? await db
          .select(quotationColumns)
          .from(quotations)
          .where(
            anyOf([
              dealIds.length > 0 && inArray(quotations.dealId, dealIds),
              customerIds.length > 0 && inArray(quotations.customerId, customerIds),
            ]),
          )
      : [];
  const ofTheirs = (q: QuotationRow) =>
    ownDealIds.includes(q.dealId) || (q.customerId !== null && ownCustomerIds.has(q.customerId));
  // Who accepted or declined their own quotations is them, under whatever name they typed on the buyer's page.
  names.push(...quotationRows.filter(ofTheirs).flatMap((q) => (q.decision?.name ? [q.decision.name] : [])));
  const matcher = new Matcher(needlesOf({ emails: [address], phones: [...found, ...people].map((r) => r.phone), names }));
  const scope = { ...emptyScope(matcher), contactIds, customerIds, ownCustomerIds, dealIds, ownDealIds };
  const decidedByThem = (q: QuotationRow) => q.decision !== null && matcher.mentions(q.decision.name);
  return withQuotations(scope, quotationRows, (q) => ofTheirs(q) || decidedByThem(q), keep);
}

type Lead = { name: string; email: string; phone: string } | null;

const leadMatcher = (lead: Lead, names: string[] = []) =>
  new Matcher(
    needlesOf({
      emails: lead ? [lead.email] : [],
      phones: lead ? [lead.phone] : [],
      names: [...(lead ? [lead.name] : []), ...names],
    }),
  );

const leadColumns = { name: contacts.name, email: contacts.email, phone: contacts.phone };

/**
 * One scope per record a retention pass erases, each with its own person's details (from the enquiry, or the deal's
 * enquiry), all read before anything is erased: a deal's enquiry may be erased in the same pass.
 */
export async function recordScopes(
  db: Database,
  targets: { contactIds: string[]; dealIds: string[]; quotationIds: string[] },
  keep: KeepRule,
): Promise<ErasureScope[]> {
  const scopes: ErasureScope[] = [];
  if (targets.contactIds.length) {
    const rows = await db
      .select({ id: contacts.id, ...leadColumns })
      .from(contacts)
      .where(inArray(contacts.id, targets.contactIds));
    for (const c of rows) scopes.push({ ...emptyScope(leadMatcher(c)), contactIds: [c.id] });
  }
  if (targets.dealIds.length) {
    const rows = await db
      .select({ id: deals.id, lead: leadColumns })
      .from(deals)
      .leftJoin(contacts, eq(contacts.id, deals.contactId))
      .where(inArray(deals.id, targets.dealIds));
    for (const d of rows) {
      const own = await db.select(quotationColumns).from(quotations).where(eq(quotations.dealId, d.id));
      const matcher = leadMatcher(
        d.lead,
        own.flatMap((q) => (q.decision?.name ? [q.decision.name] : [])),
      );
      scopes.push(withQuotations({ ...emptyScope(matcher), dealIds: [d.id], ownDealIds: [d.id] }, own, () => true, keep));
    }
  }
  if (targets.quotationIds.length) {
    const rows = await db
      .select({ q: quotationColumns, lead: leadColumns })
      .from(quotations)
      .innerJoin(deals, eq(deals.id, quotations.dealId))
      .leftJoin(contacts, eq(contacts.id, deals.contactId))
      .where(inArray(quotations.id, targets.quotationIds));
    for (const { q, lead } of rows) {
      const matcher = leadMatcher(lead, q.decision?.name ? [q.decision.name] : []);
      scopes.push(withQuotations(emptyScope(matcher), [q], () => true, keep));
    }
  }
  return scopes;
}
