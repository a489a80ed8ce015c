import { formatRupees } from "../../../shared/sales/money";
import type { Quotation, QuotationParty } from "../../../shared/sales/quotation";

/** The quotation as its buyer reads it on /quotation/<token>: parties, lines, the tax, totals and terms. */

/**
 * What the buyer's page shows of a quotation, and nothing more: a route's loader data is readable by anyone
 * with the link (its `.data` answer), so ids, who prepared it and who answered from which address stay out.
 */
export type BuyerView = Pick<
  Quotation,
  | "number"
  | "version"
  | "date"
  | "validUntil"
  | "seller"
  | "buyer"
  | "taxSplit"
  | "taxable"
  | "cgst"
  | "sgst"
  | "igst"
  | "roundOff"
  | "total"
  | "amountInWords"
  | "terms"
> & { lines: Omit<Quotation["lines"][number], "productId">[] };

export function buyerViewOf(q: Quotation): BuyerView {
  const { number, version, date, validUntil, seller, buyer, taxSplit, taxable, cgst, sgst, igst, roundOff, total } = q;
  const lines = q.lines.map(({ productId: _, ...shown }) => shown);
  return {
    number,
    version,
    date,
    validUntil,
    seller,
    buyer,
    taxSplit,
    lines,
    taxable,
    cgst,
    sgst,
    igst,
    roundOff,
    total,
    amountInWords: q.amountInWords,
    terms: q.terms,
  };
}

const money = (rupees: number) => formatRupees(Math.round(rupees * 100));
const figure = (n: number) => String(Number(n.toFixed(2)));
export const dayText = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

function Party({ title, party }: { title: string; party: QuotationParty }) {
  const a = party.address;
  return (
    <div>
      <h2 className="text-xs font-semibold tracking-wider text-slate-600 uppercase">{title}</h2>
      <p className="mt-1 font-semibold text-slate-900">{party.name}</p>
      <p className="text-sm text-slate-700">{[a.line1, a.city, a.pincode].filter(Boolean).join(", ")}</p>
      {party.state && (
        <p className="text-sm text-slate-700">
          State: {party.state}
          {party.stateCode && ` (code ${party.stateCode})`}
        </p>
      )}
      <p className="text-sm font-semibold text-slate-900">GSTIN: {party.gstin || "not registered"}</p>
    </div>
  );
}

function Lines({ q }: { q: BuyerView }) {
  return (
    <ol className="mt-6 divide-y divide-slate-200 border-y border-slate-200">
      {q.lines.map((l, i) => (
        // A stored version's lines never change or move: their place is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={i} className="grid gap-1 py-3 sm:grid-cols-[1fr_auto] sm:gap-6">
          <div>
            <p className="font-medium text-slate-900">{l.description}</p>
            <p className="text-sm text-slate-600">
              HSN/SAC {l.hsn || "—"} · {figure(l.quantity)} {l.unit} × {money(l.unitPrice)}
              {l.discountPercent > 0 && ` less ${figure(l.discountPercent)}%`} · GST {figure(l.gstRate)}%
            </p>
          </div>
          <div className="text-sm sm:text-right">
            <p className="text-slate-600">Taxable {money(l.taxable)}</p>
            <p className="font-semibold text-slate-900">{money(l.total)}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

function Totals({ q }: { q: BuyerView }) {
  const rows: [string, number][] = [
    ["Taxable value", q.taxable],
    ...(q.taxSplit === "intra"
      ? ([
          ["CGST", q.cgst],
          ["SGST", q.sgst],
        ] as [string, number][])
      : ([["IGST", q.igst]] as [string, number][])),
    ["Round off", q.roundOff],
  ];
  return (
    <div className="mt-4 sm:ml-auto sm:max-w-sm">
      <dl className="space-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-slate-700">{label}</dt>
            <dd className="text-slate-900 tabular-nums">{money(value)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-900 pt-2 text-lg font-bold">
          <dt>Total</dt>
          <dd className="tabular-nums">{money(q.total)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-sm font-semibold text-slate-900">{q.amountInWords}</p>
    </div>
  );
}

function Terms({ q }: { q: BuyerView }) {
  const terms: [string, string][] = [
    ["Validity", `Valid until ${dayText(q.validUntil)}.`],
    ["Payment", q.terms.payment],
    ["Delivery", q.terms.delivery],
    ["Warranty", q.terms.warranty],
    ["Notes", q.terms.notes],
  ];
  return (
    <section aria-labelledby="terms-heading" className="mt-8">
      <h2 id="terms-heading" className="text-lg font-semibold text-brand-900">
        Terms
      </h2>
      <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
        {terms
          .filter(([, v]) => v.trim() !== "")
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold text-slate-900">{label}</dt>
              <dd className="whitespace-pre-line text-slate-700">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

export function BuyerQuotation({ q }: { q: BuyerView }) {
  return (
    <article>
      <div className="grid gap-6 sm:grid-cols-2">
        <Party title="Quotation for" party={q.buyer} />
        <Party title="From" party={q.seller} />
      </div>
      <h2 className="sr-only">Items</h2>
      <Lines q={q} />
      <Totals q={q} />
      <Terms q={q} />
    </article>
  );
}
