import { and, asc, count, desc, eq, inArray, max, type SQL, sql } from "drizzle-orm";
import { withBaseFields } from "../../shared/content/define";
import type { SiteSettings } from "../../shared/content/settings";
import { newId } from "../../shared/lib/ids";
import { amountInWords } from "../../shared/sales/amount-in-words";
import type { Customer } from "../../shared/sales/customer";
import { addDays, financialYearOf, indiaDateOf, quotationNumber } from "../../shared/sales/financial-year";
import { taxSplitOf } from "../../shared/sales/gst";
import { paiseToRupees } from "../../shared/sales/money";
import {
  QUOTATION_STATUSES,
  type Quotation,
  type QuotationInput,
  type QuotationLineInput,
  type QuotationParticulars,
  type QuotationParticularsInput,
  type QuotationRevision,
  type QuotationSeller,
  type QuotationStatus,
  type QuotationTerms,
} from "../../shared/sales/quotation";
import type { Database } from "../db/client";
import { contacts, deals, quotationCounters, quotations } from "../db/schema";
import { badRequest, conflict } from "../http/errors";
import { getCustomer } from "./customers";
import { leadFollowsDeal } from "./deals";
import { buyerOf, lineInputOf, sellerOf, workOutLines } from "./quotation-lines";

/** GST quotations (docs/decisions/029-sales-desk.md): made from a deal, numbered per financial year, revised as versions. */

type QuotationRow = typeof quotations.$inferSelect;
const NUMBER_PREFIX = "PQ";

function toApi(r: QuotationRow, versions: QuotationRow[]): Quotation {
  return withBaseFields(r, {
    number: r.number,
    version: r.version,
    versions: versions.map((v) => ({ _id: v.id, version: v.version, date: v.day, total: paiseToRupees(v.totalPaise) })),
    dealId: r.dealId,
    customerId: r.customerId,
    status: (QUOTATION_STATUSES as readonly string[]).includes(r.status) ? (r.status as QuotationStatus) : "draft",
    date: r.day,
    validUntil: r.validUntil,
    // Quotations made before issue 45 have no PAN or bank details in their copy of the seller: they print none.
    seller: { pan: "", bankDetails: "", ...r.seller },
    buyer: r.buyer,
    particulars: r.particulars ?? null,
    taxSplit: r.interState ? ("inter" as const) : ("intra" as const),
    lines: r.lines.map((l) => ({
      productId: l.productId,
      description: l.description,
      hsn: l.hsn,
      quantity: l.quantityHundredths / 100,
      unit: l.unit,
      unitPrice: paiseToRupees(l.unitPricePaise),
      discountPercent: l.discountHundredths / 100,
      gstRate: l.rateBasisPoints / 100,
      taxable: paiseToRupees(l.taxablePaise),
      cgst: paiseToRupees(l.cgstPaise),
      sgst: paiseToRupees(l.sgstPaise),
      igst: paiseToRupees(l.igstPaise),
      total: paiseToRupees(l.totalPaise),
    })),
    taxable: paiseToRupees(r.taxablePaise),
    cgst: paiseToRupees(r.cgstPaise),
    sgst: paiseToRupees(r.sgstPaise),
    igst: paiseToRupees(r.igstPaise),
    roundOff: paiseToRupees(r.roundOffPaise),
    total: paiseToRupees(r.totalPaise),
    amountInWords: amountInWords(r.totalPaise),
    terms: r.terms,
    preparedBy: r.preparedBy,
    sentAt: r.sentAt?.toISOString() ?? null,
    viewedAt: r.viewedAt?.toISOString() ?? null,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decision: r.decision ?? null,
  });
}

async function withVersions(db: Database, rows: QuotationRow[]): Promise<Quotation[]> {
  if (rows.length === 0) return [];
  const all = await db
    .select()
    .from(quotations)
    .where(inArray(quotations.number, [...new Set(rows.map((r) => r.number))]))
    .orderBy(asc(quotations.version));
  return rows.map((r) =>
    toApi(
      r,
      all.filter((v) => v.number === r.number),
    ),
  );
}

/** Quotations by id, in the order given (those that do not exist left out): two queries whatever their number. */
export async function quotationsByIds(db: Database, ids: string[]): Promise<Quotation[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(quotations).where(inArray(quotations.id, ids));
  const found = await withVersions(db, rows);
  return ids.flatMap((id) => found.find((q) => q._id === id) ?? []);
}

export async function getQuotation(db: Database, id: string): Promise<Quotation | null> {
  const [row] = await db.select().from(quotations).where(eq(quotations.id, id));
  return row ? ((await withVersions(db, [row]))[0] ?? null) : null;
}

/** One page, newest first: every version, or of one deal or customer. */
export async function listQuotations(
  db: Database,
  query: { dealId?: string; customerId?: string; page: number; limit: number },
): Promise<{ items: Quotation[]; total: number }> {
  const where: SQL | undefined = and(
    query.dealId ? eq(quotations.dealId, query.dealId) : undefined,
    query.customerId ? eq(quotations.customerId, query.customerId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(quotations)
      .where(where)
      .orderBy(desc(quotations.createdAt), desc(quotations.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(quotations).where(where),
  ]);
  return { items: await withVersions(db, rows), total: Number(total?.n ?? 0) };
}

async function nextNumber(tx: Database, now: Date): Promise<string> {
  const year = financialYearOf(now);
  const [row] = await tx
    .insert(quotationCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: quotationCounters.year, set: { last: sql`${quotationCounters.last} + 1` } })
    .returning({ last: quotationCounters.last });
  return quotationNumber(NUMBER_PREFIX, year, row!.last);
}

interface Draft {
  customerId: string;
  lines: QuotationLineInput[];
  validUntil?: string;
  terms: QuotationTerms;
  /** What staff changed of the particulars; the rest is `base`'s, or worked out from the deal and customer. */
  particulars: { base: QuotationParticulars | null; changes: QuotationParticularsInput | undefined };
}

const isEmptyAddress = (a: Customer["deliveryAddress"]) => ![a.line1, a.city, a.state, a.pincode].some((v) => v.trim());

/**
 * What a new quotation's particulars say unless staff change them (issue 45): ship to the customer's delivery
 * address (the billing one when it has none); "Your ref." is the deal's enquiry (its reference and India's day of
 * it), and "Kind attn." its person, else the customer's first person. An erased enquiry names nobody.
 */
async function defaultParticulars(tx: Database, dealId: string, customer: Customer): Promise<QuotationParticulars> {
  const [lead] = await tx
    .select({ reference: contacts.reference, name: contacts.name, createdAt: contacts.createdAt, erasedAt: contacts.erasedAt })
    .from(deals)
    .innerJoin(contacts, eq(contacts.id, deals.contactId))
    .where(eq(deals.id, dealId));
  const person = lead && !lead.erasedAt ? lead.name.trim() : "";
  return {
    shipTo: isEmptyAddress(customer.deliveryAddress) ? customer.billingAddress : customer.deliveryAddress,
    yourRef: lead?.reference ?? "",
    yourRefDate: lead ? indiaDateOf(lead.createdAt) : null,
    kindAttn: person || (customer.people.find((p) => p.name.trim())?.name.trim() ?? ""),
  };
}

/** The particulars as stored: staff's changes over `base` (the previous version's) or the defaults. */
async function particularsOf(tx: Database, dealId: string, customer: Customer, draft: Draft["particulars"]) {
  const base = draft.base ?? (await defaultParticulars(tx, dealId, customer));
  const changes = Object.fromEntries(Object.entries(draft.changes ?? {}).filter(([, v]) => v !== undefined));
  const merged: QuotationParticulars = { ...base, ...changes };
  // "" from a form's empty date field: no date.
  return { ...merged, yourRefDate: merged.yourRefDate || null };
}

/** Works a draft out and stores it as `number` version `version` (a new number when null). */
async function store(
  tx: Database,
  settings: SiteSettings,
  deal: { id: string },
  draft: Draft,
  version: { number: string | null; version: number; preparedBy: string },
): Promise<string> {
  const customer = await getCustomer(tx, draft.customerId);
  if (!customer) throw badRequest("There is no such customer.");
  const now = new Date();
  const day = indiaDateOf(now);
  // PAN and bank details are copied in with the seller: a quotation prints what was true the day it was made.
  const seller: QuotationSeller = { ...sellerOf(settings), pan: settings.pan ?? "", bankDetails: settings.bankDetails ?? "" };
  const buyer = buyerOf(customer);
  const particulars = await particularsOf(tx, deal.id, customer, draft.particulars);
  const interState = taxSplitOf(buyer.stateCode, seller.stateCode) === "inter";
  const { lines, totals } = await workOutLines(tx, draft.lines, day, interState);
  const validUntil = draft.validUntil ?? addDays(day, settings.quotationValidityDays ?? 30);
  if (validUntil < day) throw badRequest("Valid until must be today or later.");
  const id = newId();
  await tx.insert(quotations).values({
    id,
    number: version.number ?? (await nextNumber(tx, now)),
    version: version.version,
    dealId: deal.id,
    customerId: customer._id,
    day,
    validUntil,
    seller,
    buyer,
    interState,
    lines,
    taxablePaise: totals.taxablePaise,
    cgstPaise: totals.cgstPaise,
    sgstPaise: totals.sgstPaise,
    igstPaise: totals.igstPaise,
    roundOffPaise: totals.roundOffPaise,
    totalPaise: totals.totalPaise,
    terms: draft.terms,
    particulars,
    preparedBy: version.preparedBy,
    createdAt: now,
    updatedAt: now,
  });
  // A quotation answers the lead (the time to first response) and moves an early deal to Quoted.
  await tx
    .update(deals)
    .set({
      firstResponseAt: sql`coalesce(${deals.firstResponseAt}, ${now.toISOString()}::timestamptz)`,
      stage: sql`CASE WHEN ${deals.stage} IN ('new', 'qualified') THEN 'quoted' ELSE ${deals.stage} END`,
      updatedAt: now,
    })
    .where(eq(deals.id, deal.id));
  await leadFollowsDeal(tx, deal.id);
  return id;
}

/** A new quotation of a deal: the terms left out come from Site Settings' templates. */
export function createQuotation(
  tx: Database,
  settings: SiteSettings,
  deal: { id: string; customerId: string | null },
  input: QuotationInput,
  preparedBy: string,
): Promise<string> {
  const customerId = input.customerId ?? deal.customerId;
  if (!customerId) throw badRequest("The quotation needs a customer: link the deal to one, or give customerId.");
  const terms: QuotationTerms = {
    payment: input.terms.payment ?? settings.quotationPaymentTerms,
    delivery: input.terms.delivery ?? settings.quotationDeliveryTerms,
    warranty: input.terms.warranty ?? settings.quotationWarrantyTerms,
    notes: input.terms.notes ?? "",
  };
  return store(
    tx,
    settings,
    deal,
    {
      customerId,
      lines: input.lines,
      validUntil: input.validUntil,
      terms,
      particulars: { base: null, changes: input.particulars },
    },
    { number: null, version: 1, preparedBy },
  );
}

/**
 * The next version of `previous`'s number: what the revision leaves out stays as it was (the lines are
 * rated again on today's rates; the buyer and seller are read again; the particulars are the previous version's).
 */
export async function reviseQuotation(
  tx: Database,
  settings: SiteSettings,
  previous: Quotation,
  revision: QuotationRevision,
  preparedBy: string,
): Promise<string> {
  // Locks the number's versions, so two revisions at once cannot both take the same next version.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`quotation:${previous.number}`}))`);
  // An accepted quotation is final (issue 44): the buyer agreed to that version, and a revision could be accepted
  // again, two accepted versions of one number. A change after acceptance is a new quotation. A declined one may
  // be revised: the next version is a new offer, the declined one stays as it was.
  const [accepted] = await tx
    .select({ version: quotations.version })
    .from(quotations)
    .where(and(eq(quotations.number, previous.number), eq(quotations.status, "accepted")));
  if (accepted)
    throw conflict(
      `Quotation ${previous.number} v${accepted.version} has been accepted, so it is final. For a change, make a new quotation.`,
    );
  const [latest] = await tx
    .select({ v: max(quotations.version) })
    .from(quotations)
    .where(eq(quotations.number, previous.number));
  const [stored] = await tx.select().from(quotations).where(eq(quotations.id, previous._id));
  const draft: Draft = {
    customerId: previous.customerId ?? "",
    lines: revision.lines ?? stored!.lines.map(lineInputOf),
    validUntil: revision.validUntil,
    terms: { ...previous.terms, ...Object.fromEntries(Object.entries(revision.terms ?? {}).filter(([, v]) => v !== undefined)) },
    // The previous version's, as staff left them (one made before issue 45 gets the defaults).
    particulars: { base: previous.particulars, changes: revision.particulars },
  };
  return store(tx, settings, { id: previous.dealId }, draft, {
    number: previous.number,
    version: (latest?.v ?? previous.version) + 1,
    preparedBy,
  });
}
