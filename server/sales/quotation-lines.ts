import { inArray } from "drizzle-orm";
import type { SiteSettings } from "../../shared/content/settings";
import { type Customer, customerStateCode, EMPTY_ADDRESS } from "../../shared/sales/customer";
import {
  ADD_A_RATE,
  calculateQuotation,
  type GstRate,
  type QuotationAmounts,
  QuotationInputError,
  rateOn,
} from "../../shared/sales/gst";
import { checkGstin } from "../../shared/sales/gstin";
import type { QuotationLineInput, QuotationParty, StoredQuotationLine } from "../../shared/sales/quotation";
import { stateByCode } from "../../shared/sales/states";
import type { Database } from "../db/client";
import { products } from "../db/content-tables";
import { gstRates } from "../db/schema";
import { badRequest } from "../http/errors";

/**
 * A quotation's parties and lines worked out: what is copied into it when it is made or revised. Every
 * problem is a 400 in words naming the line, so staff can mend it in the form.
 */

/** The company, from Site Settings: its GSTIN decides the tax split, so a quotation needs it. */
export function sellerOf(settings: SiteSettings): QuotationParty {
  const gstin = checkGstin(settings.gstin);
  if (!settings.gstin || !gstin.ok) {
    throw badRequest(
      "Set the company's GSTIN in Site Settings first: it decides CGST and SGST or IGST, and quotations print it.",
    );
  }
  return {
    name: settings.companyName,
    gstin: gstin.gstin,
    stateCode: gstin.stateCode,
    state: gstin.state,
    address: { ...EMPTY_ADDRESS, line1: settings.address, state: gstin.state },
  };
}

export function buyerOf(customer: Customer): QuotationParty {
  const stateCode = customerStateCode(customer);
  if (!stateCode) {
    throw badRequest(
      "The customer's state is not known: add their GSTIN or their billing address's state, so the tax can be worked out.",
    );
  }
  return {
    name: customer.name,
    gstin: customer.gstin,
    stateCode,
    state: stateByCode(stateCode)?.name ?? "",
    address: customer.billingAddress,
  };
}

/** The rate table as rateOn reads it. */
async function rateTable(db: Database): Promise<GstRate[]> {
  return (await db.select().from(gstRates)).map((r) => ({
    hsn: r.hsn,
    rateBasisPoints: r.rateBasisPoints,
    effectiveFrom: r.effectiveFrom,
  }));
}

/** The lines worked out; numbers that cannot be (amounts past ₹90 lakh crore) are the sender's 400, in words. */
function amountsOf(lines: Parameters<typeof calculateQuotation>[0], interState: boolean): QuotationAmounts {
  try {
    return calculateQuotation(lines, interState);
  } catch (err) {
    if (err instanceof QuotationInputError) throw badRequest(err.message);
    throw err;
  }
}

/** Lines as sent, completed from the catalogue, rated on `day` and worked out for the tax split. */
export async function workOutLines(
  db: Database,
  lines: QuotationLineInput[],
  day: string,
  interState: boolean,
): Promise<{ lines: StoredQuotationLine[]; totals: QuotationAmounts["totals"] }> {
  const ids = lines.map((l) => l.productId).filter((id): id is string => Boolean(id));
  const [catalogue, rates] = await Promise.all([
    ids.length
      ? db
          .select({ id: products.id, name: products.name, hsn: products.hsn, price: products.price })
          .from(products)
          .where(inArray(products.id, ids))
      : [],
    rateTable(db),
  ]);
  const byId = new Map(catalogue.map((p) => [p.id, p]));
  const completed = lines.map((line, i) => {
    const where = `Line ${i + 1}`;
    const product = line.productId ? byId.get(line.productId) : undefined;
    if (line.productId && !product) throw badRequest(`${where}: there is no such product.`);
    const description = line.description || product?.name || "";
    const hsn = line.hsn || product?.hsn || "";
    // The catalogue keeps rupees as numeric(14,2): its paise are exact after rounding the float once.
    const unitPricePaise = line.unitPrice ?? (product?.price == null ? undefined : Math.round(product.price * 100));
    if (!description) throw badRequest(`${where}: a description is required.`);
    if (!hsn) throw badRequest(`${where}: an HSN or SAC code is required (it decides the GST rate).`);
    if (unitPricePaise === undefined)
      throw badRequest(`${where}: a unit price is required (the product's price is "on request").`);
    const rate = rateOn(rates, hsn, day);
    if (!rate) throw badRequest(`${where}: there is no GST rate for HSN ${hsn} on ${day}. ${ADD_A_RATE}`);
    return { line, product, description, hsn, unitPricePaise, rateBasisPoints: rate.rateBasisPoints };
  });
  const amounts = amountsOf(
    completed.map((c) => ({
      quantity: c.line.quantity / 100,
      unitPricePaise: c.unitPricePaise,
      discountPercent: c.line.discountPercent / 100,
      rateBasisPoints: c.rateBasisPoints,
    })),
    interState,
  );
  const stored = completed.map((c, i): StoredQuotationLine => {
    const a = amounts.lines[i]!;
    return {
      productId: c.product ? c.line.productId! : null,
      description: c.description,
      hsn: c.hsn,
      quantityHundredths: c.line.quantity,
      unit: c.line.unit,
      unitPricePaise: c.unitPricePaise,
      discountHundredths: c.line.discountPercent,
      rateBasisPoints: c.rateBasisPoints,
      taxablePaise: a.taxablePaise,
      cgstPaise: a.cgstPaise,
      sgstPaise: a.sgstPaise,
      igstPaise: a.igstPaise,
      totalPaise: a.totalPaise,
    };
  });
  return { lines: stored, totals: amounts.totals };
}

/** A stored line as the input it came from (a revision without new lines keeps the old ones, rated afresh). */
export function lineInputOf(line: StoredQuotationLine): QuotationLineInput {
  return {
    productId: line.productId,
    description: line.description,
    hsn: line.hsn,
    quantity: line.quantityHundredths,
    unit: line.unit,
    unitPrice: line.unitPricePaise,
    discountPercent: line.discountHundredths,
  };
}
