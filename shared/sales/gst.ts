/**
 * A GST quotation's arithmetic, in integer paise. Per line: gross = unit price × quantity, the discount on the
 * gross, taxable = gross − discount, then the tax on the taxable value; each step rounded to the paisa, half
 * away from zero. Inside the company's state the tax is CGST + SGST, each at half the rate and each rounded on
 * its own (so on an odd half-paisa both round up, one paisa over IGST: that is how GST invoices print it);
 * between states, IGST at the full rate. The total is rounded to the rupee (50 paise and up rounds up) and
 * the difference shown as the round-off.
 *
 * Products are BigInt: a unit price of ₹1,000 crore (10^12 paise) × 10,000.00 (10^6 hundredths) is 10^18,
 * far past 2^53. Every amount returned is checked to be a safe integer.
 */
import { toHundredths } from "./money";

/** What the arithmetic needs of a line. */
export interface QuotationLineNumbers {
  /** More than 0, at most two decimals. */
  quantity: number;
  /** Whole paise, 0 or more. */
  unitPricePaise: number;
  /** 0 to 100, at most two decimals. */
  discountPercent: number;
  /** The GST rate in hundredths of a percent: 1800 is 18%. */
  rateBasisPoints: number;
}

export interface QuotationLine extends QuotationLineNumbers {
  description: string;
  hsn: string;
}

interface LineAmounts {
  grossPaise: number;
  discountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

interface QuotationTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** Taxable value plus all tax, to the paisa. */
  exactTotalPaise: number;
  /** totalPaise − exactTotalPaise: from −49 to +50. */
  roundOffPaise: number;
  /** Rounded to the rupee. */
  totalPaise: number;
}

export interface QuotationAmounts {
  lines: LineAmounts[];
  totals: QuotationTotals;
}

/** Bad numbers given to calculateQuotation (the API checks lines with quotationLineProblem first and answers 400). */
export class QuotationInputError extends RangeError {
  override name = "QuotationInputError";
}

/** The highest GST rate a line may carry: 100% (10,000 basis points). */
const MAX_RATE_BASIS_POINTS = 10_000;

/** What is wrong with a line's numbers, in words for the person who typed them; null when nothing. */
export function quotationLineProblem(line: QuotationLineNumbers): string | null {
  const quantity = toHundredths(line.quantity);
  if (quantity === null || quantity <= 0) return "Quantity must be a number above 0 with at most two decimals.";
  if (!Number.isSafeInteger(line.unitPricePaise) || line.unitPricePaise < 0)
    return "Unit price must be an amount of 0 or more with at most two decimals.";
  const discount = toHundredths(line.discountPercent);
  if (discount === null || discount > 10_000) return "Discount must be from 0 to 100 % with at most two decimals.";
  if (!Number.isInteger(line.rateBasisPoints) || line.rateBasisPoints < 0 || line.rateBasisPoints > MAX_RATE_BASIS_POINTS)
    return "GST rate must be from 0 to 100 % with at most two decimals.";
  return null;
}

/** numerator / denominator rounded half away from zero (denominator > 0). */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  const twice = 2n * (remainder < 0n ? -remainder : remainder);
  if (twice < denominator) return quotient;
  return numerator < 0n ? quotient - 1n : quotient + 1n;
}

function safePaise(amount: bigint): number {
  if (amount > BigInt(Number.MAX_SAFE_INTEGER) || amount < -BigInt(Number.MAX_SAFE_INTEGER))
    throw new QuotationInputError("The quotation's amounts are too large to work out (over ₹90 lakh crore).");
  return Number(amount);
}

interface LineSums {
  gross: bigint;
  discount: bigint;
  taxable: bigint;
  cgst: bigint;
  sgst: bigint;
  igst: bigint;
}

function lineSums(line: QuotationLineNumbers, interState: boolean): LineSums {
  const problem = quotationLineProblem(line);
  if (problem) throw new QuotationInputError(problem);
  const quantityHundredths = BigInt(toHundredths(line.quantity)!);
  const discountHundredths = BigInt(toHundredths(line.discountPercent)!);
  const rate = BigInt(line.rateBasisPoints);
  const gross = divideRounded(BigInt(line.unitPricePaise) * quantityHundredths, 100n);
  const discount = divideRounded(gross * discountHundredths, 10_000n);
  const taxable = gross - discount;
  // Half the rate each: taxable × rate / 10,000 / 2.
  const half = interState ? 0n : divideRounded(taxable * rate, 20_000n);
  const igst = interState ? divideRounded(taxable * rate, 10_000n) : 0n;
  return { gross, discount, taxable, cgst: half, sgst: half, igst };
}

/** The lines' amounts and the quotation's totals; throws QuotationInputError for bad numbers or amounts too large. */
export function calculateQuotation(lines: readonly QuotationLineNumbers[], interState: boolean): QuotationAmounts {
  const sums = lines.map((line) => lineSums(line, interState));
  const add = (pick: (s: LineSums) => bigint) => sums.reduce((total, s) => total + pick(s), 0n);
  const taxable = add((s) => s.taxable);
  const cgst = add((s) => s.cgst);
  const sgst = add((s) => s.sgst);
  const igst = add((s) => s.igst);
  const exactTotal = taxable + cgst + sgst + igst;
  const total = divideRounded(exactTotal, 100n) * 100n;
  return {
    lines: sums.map((s) => ({
      grossPaise: safePaise(s.gross),
      discountPaise: safePaise(s.discount),
      taxablePaise: safePaise(s.taxable),
      cgstPaise: safePaise(s.cgst),
      sgstPaise: safePaise(s.sgst),
      igstPaise: safePaise(s.igst),
      totalPaise: safePaise(s.taxable + s.cgst + s.sgst + s.igst),
    })),
    totals: {
      taxablePaise: safePaise(taxable),
      cgstPaise: safePaise(cgst),
      sgstPaise: safePaise(sgst),
      igstPaise: safePaise(igst),
      exactTotalPaise: safePaise(exactTotal),
      roundOffPaise: safePaise(total - exactTotal),
      totalPaise: safePaise(total),
    },
  };
}

/**
 * CGST + SGST ("intra") when the buyer's GST state code is the company's, IGST ("inter") otherwise. Codes are
 * the two digits GSTINs begin with ("33" Tamil Nadu); "7" and "07" are the same state.
 */
export function taxSplitOf(buyerStateCode: string, companyStateCode: string): "intra" | "inter" {
  const normalise = (code: string) => code.trim().padStart(2, "0");
  return normalise(buyerStateCode) === normalise(companyStateCode) ? "intra" : "inter";
}

export interface GstRate {
  /** An HSN or SAC code or its first digits: "8414" covers every 8414xxxx. */
  hsn: string;
  rateBasisPoints: number;
  /** YYYY-MM-DD, India time. */
  effectiveFrom: string;
  /** What the code covers, in words (the rate table's; quotations print the line's own text). */
  description?: string;
}

/** An HSN code (goods: 4, 6 or 8 digits) or a SAC code (services: 6 digits, 99…). */
export function isHsnCode(text: string): boolean {
  return /^\d{4}(?:\d{2}){0,2}$/.test(text);
}

/** What to do about a code the rate table lacks: whoever reads it learns who adds it, and where. */
export const ADD_A_RATE = "Owners add rates in Site Settings → GST rates; anyone else, ask an owner.";

/**
 * The defaults the rate table starts with (migrations 0024 and 0031), in the table's order (by code): every code
 * the catalogue and the usual free lines of a quotation need, 18% from GST's first day.
 */
export const DEFAULT_GST_RATES: readonly GstRate[] = [
  { hsn: "7311", description: "Air receivers (pressure vessels of iron or steel)" },
  { hsn: "8414", description: "Air compressors and their parts" },
  { hsn: "8421", description: "Air dryers, filters and separators, and their parts" },
  { hsn: "8481", description: "Valves and automatic drains" },
  { hsn: "996511", description: "Freight: road transport of goods" },
  { hsn: "998717", description: "Maintenance and repair of industrial machinery (AMC, service visits)" },
  { hsn: "998732", description: "Installation and commissioning of industrial machinery" },
].map((rate) => ({ ...rate, rateBasisPoints: 1800, effectiveFrom: "2017-07-01" }));

/**
 * The rate for `hsn` on `date` (YYYY-MM-DD, India time): among the rates in force that day (effectiveFrom ≤
 * date) whose code begins `hsn`, the one with the longest code, and of those the latest; null when none. A
 * specific code's rate from a later date so leaves the shorter code's rate in force until then.
 */
export function rateOn(rates: readonly GstRate[], hsn: string, date: string): GstRate | null {
  const code = hsn.replace(/\s/g, "");
  let best: GstRate | null = null;
  for (const rate of rates) {
    if (rate.effectiveFrom > date || !code.startsWith(rate.hsn)) continue;
    const longer = best === null || rate.hsn.length > best.hsn.length;
    const later = best !== null && rate.hsn.length === best.hsn.length && rate.effectiveFrom > best.effectiveFrom;
    if (longer || later) best = rate;
  }
  return best;
}
