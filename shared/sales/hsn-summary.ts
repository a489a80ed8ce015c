import { rupeesToPaise, toHundredths } from "./money";

/**
 * The HSN/SAC summary a GST document carries (issue 45): one row per code and rate with the taxable value, each
 * tax's rate and amount and the total tax, and a totals row. The PDF, the buyer's page and the panel all print
 * this one table, so a CA reconciles the same figures wherever the quotation is read.
 *
 * Worked out from the quotation's stored lines, whose tax was rounded per line: a row is the sum of its lines'
 * paise, never tax worked out again on the summed value (that could differ by a paisa from the lines above it).
 */

/** What the summary needs of a line, as the API answers it (rupees, GST rate in percent). */
export interface HsnSummaryLine {
  hsn: string;
  gstRate: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export interface HsnSummaryAmounts {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** CGST + SGST + IGST. */
  taxPaise: number;
}

interface HsnSummaryRow extends HsnSummaryAmounts {
  hsn: string;
  /** The GST rate in hundredths of a percent (1800 is 18%); CGST and SGST are each half of it. */
  rateBasisPoints: number;
}

export interface HsnSummary {
  rows: HsnSummaryRow[];
  totals: HsnSummaryAmounts;
}

/** An answer's rupees back to paise, from their decimal digits (the API prints paise / 100 exactly). */
const paiseOf = (rupees: number) => rupeesToPaise(rupees) ?? Math.round(rupees * 100);

const ZERO: HsnSummaryAmounts = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0 };

/** The rows by code, then rate (a code quoted at two rates, across a rate change, is two rows), and their totals. */
export function hsnSummary(lines: readonly HsnSummaryLine[]): HsnSummary {
  const rows = new Map<string, HsnSummaryRow>();
  const totals = { ...ZERO };
  for (const line of lines) {
    const rateBasisPoints = toHundredths(line.gstRate) ?? Math.round(line.gstRate * 100);
    const key = `${line.hsn}|${rateBasisPoints}`;
    const row = rows.get(key) ?? { hsn: line.hsn, rateBasisPoints, ...ZERO };
    const add = {
      taxablePaise: paiseOf(line.taxable),
      cgstPaise: paiseOf(line.cgst),
      sgstPaise: paiseOf(line.sgst),
      igstPaise: paiseOf(line.igst),
    };
    const tax = add.cgstPaise + add.sgstPaise + add.igstPaise;
    for (const sums of [row, totals]) {
      sums.taxablePaise += add.taxablePaise;
      sums.cgstPaise += add.cgstPaise;
      sums.sgstPaise += add.sgstPaise;
      sums.igstPaise += add.igstPaise;
      sums.taxPaise += tax;
    }
    rows.set(key, row);
  }
  const sorted = [...rows.values()].sort((a, b) =>
    a.hsn === b.hsn ? a.rateBasisPoints - b.rateBasisPoints : a.hsn < b.hsn ? -1 : 1,
  );
  return { rows: sorted, totals };
}

/** A rate in basis points as printed: "18%", "9%", "2.5%", "0.125%" (half of 0.25%). */
export function ratePercent(basisPoints: number): string {
  return `${Number((basisPoints / 100).toFixed(3))}%`;
}
