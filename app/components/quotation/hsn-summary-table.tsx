import { type HsnSummaryAmounts, type HsnSummaryLine, hsnSummary, ratePercent } from "../../../shared/sales/hsn-summary";
import { formatRupees } from "../../../shared/sales/money";

/**
 * The HSN/SAC summary as a table (issue 45), on the buyer's page and in the panel: the figures are
 * shared/sales/hsn-summary.ts's, as the PDF prints them. Wide, so it scrolls sideways inside its own region on a
 * phone rather than the page.
 */
export function HsnSummaryTable({
  lines,
  taxSplit,
  headingId,
}: {
  lines: readonly HsnSummaryLine[];
  taxSplit: "intra" | "inter";
  /** The id of the heading that names the table (the caller's, outside it: the table is the region). */
  headingId: string;
}) {
  const { rows, totals } = hsnSummary(lines);
  const intra = taxSplit === "intra";
  const head = intra
    ? ["HSN/SAC", "Taxable value", "CGST rate", "CGST amount", "SGST rate", "SGST amount", "Total tax"]
    : ["HSN/SAC", "Taxable value", "IGST rate", "IGST amount", "Total tax"];
  const taxCells = (r: HsnSummaryAmounts, basisPoints: number | null) => {
    const rate = (bp: number) => (basisPoints === null ? "" : ratePercent(bp));
    return intra
      ? [rate((basisPoints ?? 0) / 2), formatRupees(r.cgstPaise), rate((basisPoints ?? 0) / 2), formatRupees(r.sgstPaise)]
      : [rate(basisPoints ?? 0), formatRupees(r.igstPaise)];
  };
  const cell = "px-2 py-1.5 text-right tabular-nums whitespace-nowrap";
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable).
    <section aria-labelledby={headingId} tabIndex={0} className="overflow-x-auto">
      <table className="w-full min-w-[34rem] text-sm" data-testid="hsn-summary">
        <thead className="bg-slate-50 text-xs text-slate-700">
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={`px-2 py-1.5 font-semibold ${i === 0 ? "text-left" : "text-right"}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-800">
          {rows.map((r) => (
            <tr key={`${r.hsn}|${r.rateBasisPoints}`}>
              <th scope="row" className="px-2 py-1.5 text-left font-normal">
                {r.hsn}
              </th>
              <td className={cell}>{formatRupees(r.taxablePaise)}</td>
              {taxCells(r, r.rateBasisPoints).map((text, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the table's split
                <td key={i} className={cell}>
                  {text}
                </td>
              ))}
              <td className={cell}>{formatRupees(r.taxPaise)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-slate-400 font-semibold text-slate-900">
          <tr>
            <th scope="row" className="px-2 py-1.5 text-left">
              Total
            </th>
            <td className={cell}>{formatRupees(totals.taxablePaise)}</td>
            {taxCells(totals, null).map((text, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the table's split
              <td key={i} className={cell}>
                {text}
              </td>
            ))}
            <td className={cell}>{formatRupees(totals.taxPaise)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
