import type { Address } from "./customer";
import { dayInWords } from "./financial-year";
import type { QuotationParticulars, QuotationParty, QuotationTerms } from "./quotation";

/**
 * How a quotation's particulars read wherever it is printed (the PDF, the buyer's page, the panel; issue 45), and
 * the one check staff see before sending: freight charged on an ex-works delivery.
 */

/** "Tamil Nadu (33)": the buyer's state, whose code decided CGST + SGST or IGST; "" when not known. */
export function placeOfSupply(buyer: Pick<QuotationParty, "state" | "stateCode">): string {
  if (!buyer.state) return "";
  return buyer.stateCode ? `${buyer.state} (${buyer.stateCode})` : buyer.state;
}

/** An address as printed lines: the street, "City State PIN", and the country outside India. */
export function addressLines(a: Address): string[] {
  const abroad = a.country && !/^(india|bharat)$/i.test(a.country.trim()) ? a.country : "";
  // The company's one-line address already names its state (Site Settings' address is free text).
  const state = a.state && !a.line1.includes(a.state) ? a.state : "";
  return [a.line1, [a.city, state, a.pincode].filter(Boolean).join(" "), abroad].filter(Boolean);
}

/** "Q-2026-00042 dated 29 Nov 2026", the reference or the date alone, or "" when there is neither. */
export function yourRefText(p: Pick<QuotationParticulars, "yourRef" | "yourRefDate">): string {
  const date = p.yourRefDate ? dayInWords(p.yourRefDate) : "";
  if (p.yourRef && date) return `${p.yourRef} dated ${date}`;
  return p.yourRef || (date ? `Your enquiry of ${date}` : "");
}

/** What the freight check needs of a line: as the API answers it, or as the form holds it. */
export interface FreightCheckLine {
  hsn: string;
  description: string;
  unitPrice: number;
  discountPercent?: number;
}

/** SAC 9965: goods transport services (996511 road freight, …). */
const FREIGHT_SAC = /^9965/;
const EX_WORKS = /\bex[\s-]?works\b/i;

/** A line that charges freight: goods transport's SAC or "freight" in its words, at a price the buyer pays. */
function chargesFreight(line: FreightCheckLine): boolean {
  const freight = FREIGHT_SAC.test(line.hsn.replace(/\s/g, "")) || /freight/i.test(line.description);
  return freight && line.unitPrice > 0 && (line.discountPercent ?? 0) < 100;
}

export const FREIGHT_EX_WORKS_WARNING =
  "This quotation charges freight, but its delivery terms say ex-works (the buyer collects). Change one of them, or send it as it is.";

/**
 * The warning when a quotation both charges freight and says ex-works (the buyer collects from our works, so there
 * is no freight of ours to pay for); null when it does not. Staff may still send it: the words are theirs.
 */
export function freightExWorksWarning(q: {
  lines: readonly FreightCheckLine[];
  terms: Pick<QuotationTerms, "delivery">;
}): string | null {
  return EX_WORKS.test(q.terms.delivery) && q.lines.some(chargesFreight) ? FREIGHT_EX_WORKS_WARNING : null;
}
