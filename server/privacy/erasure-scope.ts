import { and, eq, inArray, isNotNull, or, type SQL, sql } from "drizzle-orm";
import { type Database, queryRows } from "../db/client";
import { contacts, customerPeople, customers, deals, emailOutbox, quotations } from "../db/schema";
import { Matcher, needlesOf, sameName } from "./erasure-scrub";

/**
 * What an erasure reaches (server/privacy/erasure.ts): a person's records found by the e-mail address they proved,
 * or the records a retention pass names, with the details to look for in them and the quotations the law keeps.
 * A person's rights reach only what is provably theirs (issue 44): what was given with that address. A customer,
 * deal or quotation that is a company's, or that another identity gave too, is never erased, changed or shown
 * through them; a phone number or a name someone typed proves nothing.
 */

export interface QuotationRef {
  id: string;
  number: string;
  version: number;
  dealId: string;
  customerId: string | null;
  /** When the buyer accepted it (the keeping period runs from then). */
  acceptedAt: Date;
  /** On one of their deals; else a company's quotation e-mailed to them that they decided under a name they gave. */
  onTheirDeal: boolean;
  /** The name typed on the buyer's page when it was accepted or declined; null while undecided. */
  decidedBy: string | null;
}

export interface ErasureScope {
  matcher: Matcher;
  contactIds: string[];
  /** Customers that list the person (their row goes) or are theirs: saved again. */
  customerIds: string[];
  /** …of which those that are the person alone (ownCustomersOf): anonymised. */
  ownCustomerIds: Set<string>;
  /** Their deals (from their enquiries, or of a customer that is theirs): scrubbed and marked erased. */
  dealIds: string[];
  /** Their quotations on those deals that the law does not keep: scrubbed. */
  quotationIds: string[];
  /** Their quotations, kept or not (their e-mails go either way). */
  ownQuotations: QuotationRef[];
  /** Their accepted quotations the law keeps whole. */
  kept: QuotationRef[];
  /** Whether a quotation of their deals was made out to the person themself (its buyer anonymised with them). */
  buyerIsThem: (q: { customerId: string | null; buyer: { name: string } }) => boolean;
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
  "id" | "number" | "version" | "status" | "dealId" | "customerId" | "decision" | "decidedAt" | "updatedAt"
>;

const quotationColumns = {
  id: quotations.id,
  number: quotations.number,
  version: quotations.version,
  status: quotations.status,
  dealId: quotations.dealId,
  customerId: quotations.customerId,
  decision: quotations.decision,
  decidedAt: quotations.decidedAt,
  updatedAt: quotations.updatedAt,
};

const unique = <T>(values: T[]) => [...new Set(values)];
const anyOf = (conditions: (SQL | false)[]) => or(...conditions.filter((c): c is SQL => c !== false));
const listOf = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

function emptyScope(matcher: Matcher): ErasureScope {
  return {
    matcher,
    contactIds: [],
    customerIds: [],
    ownCustomerIds: new Set(),
    dealIds: [],
    quotationIds: [],
    ownQuotations: [],
    kept: [],
    // A retention pass knows the person by their enquiry alone: a buyer named exactly as they gave their name.
    buyerIsThem: (q) => matcher.isTheirName(q.buyer.name),
  };
}

type TheirQuotation = { row: QuotationRow; onTheirDeal: boolean };

/** Sorts their quotations into kept (tax law) and scrubbed. */
function withQuotations(scope: ErasureScope, rows: TheirQuotation[], keep: KeepRule): ErasureScope {
  for (const { row: q, onTheirDeal } of rows) {
    const ref: QuotationRef = {
      id: q.id,
      number: q.number,
      version: q.version,
      dealId: q.dealId,
      customerId: q.customerId,
      acceptedAt: q.decidedAt ?? q.updatedAt,
      onTheirDeal,
      decidedBy: q.decision?.name ?? null,
    };
    const lawKeeps = q.status === "accepted" && keptUntil(ref.acceptedAt, keep.years) > keep.now;
    if (lawKeeps) scope.kept.push(ref);
    else if (onTheirDeal) scope.quotationIds.push(q.id);
    scope.ownQuotations.push(ref);
  }
  return scope;
}

/** What is provably one address's: the person's page shows it, their erasure reaches it. */
export interface PersonRecords {
  /** The enquiries given with the address. */
  contactIds: string[];
  /** The names and phone numbers given with it (their enquiries, their rows among customers' people). */
  names: string[];
  phones: string[];
  /** Customers whose people list the address. */
  listedIn: string[];
  ownCustomerIds: Set<string>;
  /** Deals of their enquiries or of a customer that is theirs. */
  dealIds: string[];
  quotations: TheirQuotation[];
}

/**
 * The customers that are the person alone, whom their erasure anonymises: named after them, without a GSTIN (a
 * registered business is a company), and with nobody else's people, enquiries or deals on them.
 */
async function ownCustomersOf(db: Database, address: string, ids: string[], names: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: customers.id, name: customers.name, gstin: customers.gstin })
    .from(customers)
    .where(inArray(customers.id, ids));
  const shared = await queryRows<{ id: string }>(
    db,
    sql`SELECT customer_id AS id FROM customer_people WHERE customer_id IN (${listOf(ids)}) AND email_key <> ${address}
      UNION SELECT customer_id FROM contacts
        WHERE customer_id IN (${listOf(ids)}) AND erased_at IS NULL AND lower(email) <> ${address}
      UNION SELECT d.customer_id FROM deals d JOIN contacts c ON c.id = d.contact_id
        WHERE d.customer_id IN (${listOf(ids)}) AND c.erased_at IS NULL AND lower(c.email) <> ${address}`,
  );
  const others = new Set(shared.map((r) => r.id));
  return new Set(rows.filter((c) => !c.gstin && !others.has(c.id) && names.some((n) => sameName(n, c.name))).map((c) => c.id));
}

/**
 * A company's quotations they decided: e-mailed to their address (the buyer's link reached them) and accepted or
 * declined under a name they gave. One e-mailed to them that someone else decided, or nobody, is not theirs.
 */
async function decidedByThem(db: Database, address: string, names: string[], skip: Set<string>): Promise<QuotationRow[]> {
  if (names.length === 0) return [];
  const sent = await queryRows<{ id: string }>(
    db,
    sql`SELECT DISTINCT a ->> 'quotationId' AS id FROM ${emailOutbox} o CROSS JOIN LATERAL jsonb_array_elements(o.attachments) a
      WHERE o.purpose = 'quotation' AND a ->> 'kind' = 'quotation-pdf'
        AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(o.recipients) r WHERE lower(r) = ${address})`,
  );
  const ids = sent.map((r) => r.id).filter((id) => id && !skip.has(id));
  if (ids.length === 0) return [];
  const rows = await db
    .select(quotationColumns)
    .from(quotations)
    .where(and(inArray(quotations.id, ids), isNotNull(quotations.decision)));
  return rows.filter((q) => q.decision !== null && names.some((n) => sameName(n, q.decision!.name)));
}

/** Everything provably the address's (lower-cased): see PersonRecords. */
export async function personRecords(db: Database, address: string): Promise<PersonRecords> {
  const found = await db
    .select({ id: contacts.id, name: contacts.name, phone: contacts.phone, customerId: contacts.customerId })
    .from(contacts)
    .where(sql`lower(${contacts.email}) = ${address}`);
  const people = await db
    .select({ customerId: customerPeople.customerId, name: customerPeople.name, phone: customerPeople.phone })
    .from(customerPeople)
    .where(sql`${customerPeople.emailKey} = ${address}`);
  const names = unique([...found, ...people].map((r) => r.name));
  const contactIds = found.map((c) => c.id);
  const listedIn = unique(people.map((p) => p.customerId));
  const candidates = unique([...listedIn, ...found.flatMap((c) => c.customerId ?? [])]);
  const ownCustomerIds = await ownCustomersOf(db, address, candidates, names);
  const own = [...ownCustomerIds];
  const dealIds =
    contactIds.length || own.length
      ? (
          await db
            .select({ id: deals.id })
            .from(deals)
            .where(
              anyOf([
                contactIds.length > 0 && inArray(deals.contactId, contactIds),
                own.length > 0 && inArray(deals.customerId, own),
              ]),
            )
        ).map((d) => d.id)
      : [];
  const onTheirDeals =
    dealIds.length || own.length
      ? await db
          .select(quotationColumns)
          .from(quotations)
          .where(
            anyOf([
              dealIds.length > 0 && inArray(quotations.dealId, dealIds),
              own.length > 0 && inArray(quotations.customerId, own),
            ]),
          )
      : [];
  const decided = await decidedByThem(db, address, names, new Set(onTheirDeals.map((q) => q.id)));
  return {
    contactIds,
    names,
    phones: [...found, ...people].map((r) => r.phone),
    listedIn,
    ownCustomerIds,
    dealIds,
    quotations: [
      ...onTheirDeals.map((row) => ({ row, onTheirDeal: true })),
      ...decided.map((row) => ({ row, onTheirDeal: false })),
    ],
  };
}

/** What one address's erasure reaches. */
export async function personScope(db: Database, address: string, keep: KeepRule): Promise<ErasureScope> {
  const their = await personRecords(db, address);
  // Who accepted or declined a quotation of their deals is them, under whatever name they typed on the buyer's page.
  const deciders = their.quotations.flatMap((q) => (q.onTheirDeal && q.row.decision?.name ? [q.row.decision.name] : []));
  const matcher = new Matcher(needlesOf({ emails: [address], phones: their.phones, names: [...their.names, ...deciders] }));
  const scope: ErasureScope = {
    ...emptyScope(matcher),
    contactIds: their.contactIds,
    customerIds: unique([...their.listedIn, ...their.ownCustomerIds]),
    ownCustomerIds: their.ownCustomerIds,
    dealIds: their.dealIds,
    // A buyer named like them may be a company they named themselves after: only a customer that is them counts.
    buyerIsThem: (q) => q.customerId !== null && their.ownCustomerIds.has(q.customerId),
  };
  return withQuotations(scope, their.quotations, keep);
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
      const theirs = own.map((row) => ({ row, onTheirDeal: true }));
      scopes.push(withQuotations({ ...emptyScope(matcher), dealIds: [d.id] }, theirs, keep));
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
      scopes.push(withQuotations(emptyScope(matcher), [{ row: q, onTheirDeal: true }], keep));
    }
  }
  return scopes;
}
