import type { Address } from "../../../shared/sales/customer";
import { formatRupees } from "../../../shared/sales/money";
import type { Quotation, QuotationParty } from "../../../shared/sales/quotation";
import { addressLines, placeOfSupply, yourRefText } from "../../../shared/sales/quotation-particulars";
import { HsnSummaryTable } from "./hsn-summary-table";

/**
 * The quotation as its buyer reads it on /quotation/<token>: Bill-to, Ship-to and the seller, the place of supply,
 * "Your ref." and "Kind attn.", lines, the HSN/SAC summary, totals, the bank details for an advance and the terms.
 */

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
  | "particulars"
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
  const { number, version, date, validUntil, seller, buyer, particulars, taxSplit, taxable, cgst, sgst, igst, roundOff, total } =
    q;
  const lines = q.lines.map(({ productId: _, ...shown }) => shown);
  return {
    number,
    version,
    date,
    validUntil,
    seller,
    buyer,
    particulars,
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

const addressText = (a: Address) => addressLines(a).join(", ");

function Party({ title, party }: { title: string; party: QuotationParty }) {
  return (
    <div>
      <h2 className="text-xs font-semibold tracking-wider text-slate-600 uppercase">{title}</h2>
      <p className="mt-1 font-semibold text-slate-900">{party.name}</p>
      <p className="text-sm text-slate-700">{addressText(party.address)}</p>
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

function ShipTo({ q }: { q: BuyerView }) {
  const shipTo = q.particulars ? addressText(q.particulars.shipTo) : "";
  return (
    <div>
      <h2 className="text-xs font-semibold tracking-wider text-slate-600 uppercase">Ship to</h2>
      {shipTo ? (
        <>
          <p className="mt-1 font-semibold text-slate-900">{q.buyer.name}</p>
          <p className="text-sm text-slate-700">{shipTo}</p>
        </>
      ) : (
        <p className="mt-1 text-sm text-slate-700">The bill-to address</p>
      )}
    </div>
  );
}

/** Place of supply, "Your ref." and "Kind attn.": what a purchase manager files the quotation under. */
function Particulars({ q }: { q: BuyerView }) {
  const rows: [string, string][] = [
    ["Place of supply", placeOfSupply(q.buyer)],
    ["Your ref.", q.particulars ? yourRefText(q.particulars) : ""],
    ["Kind attn.", q.particulars?.kindAttn ?? ""],
  ];
  return (
    <dl className="mt-6 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]" data-testid="quotation-particulars">
      {rows
        .filter(([, v]) => v !== "")
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-slate-900">{label}</dt>
            <dd className="break-words text-slate-700">{value}</dd>
          </div>
        ))}
    </dl>
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

function HsnSummary({ q }: { q: BuyerView }) {
  return (
    <div className="mt-8">
      <h2 id="hsn-heading" className="text-lg font-semibold text-brand-900">
        Tax by HSN/SAC code
      </h2>
      <div className="mt-2">
        <HsnSummaryTable lines={q.lines} taxSplit={q.taxSplit} headingId="hsn-heading" />
      </div>
    </div>
  );
}

/** The bank details and PAN copied in when it was made, for an advance (quotations before issue 45 have none). */
function Advance({ q }: { q: BuyerView }) {
  const rows: [string, string][] = [
    ["Bank details", q.seller.bankDetails],
    ["PAN", q.seller.pan],
  ];
  if (rows.every(([, v]) => !v.trim())) return null;
  return (
    <section aria-labelledby="advance-heading" className="mt-8">
      <h2 id="advance-heading" className="text-lg font-semibold text-brand-900">
        Paying an advance
      </h2>
      <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
        {rows
          .filter(([, v]) => v.trim() !== "")
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold text-slate-900">{label}</dt>
              <dd className="break-words text-slate-700">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
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
      <div className="grid gap-6 sm:grid-cols-3">
        <Party title="Bill to" party={q.buyer} />
        <ShipTo q={q} />
        <Party title="From" party={q.seller} />
      </div>
      <Particulars q={q} />
      <h2 className="sr-only">Items</h2>
      <Lines q={q} />
      <Totals q={q} />
      <HsnSummary q={q} />
      <Advance q={q} />
      <Terms q={q} />
    </article>
  );
}
