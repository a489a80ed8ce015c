import { useEffect, useId, useMemo, useState } from "react";
import { indiaDateOf } from "../../../shared/sales/financial-year";
import { ADD_A_RATE, calculateQuotation, type GstRate, QuotationInputError, rateOn } from "../../../shared/sales/gst";
import type { GstRateEntry } from "../../../shared/sales/gst-rate";
import { formatRupees, rupeesToPaise, toHundredths } from "../../../shared/sales/money";
import type { Quotation, QuotationTerms } from "../../../shared/sales/quotation";
import { api, errorMessage } from "../../lib/api-client";
import { useCurrentUser } from "./current-user";
import { TextField } from "./fields";
import { buttonClass } from "./screen-parts";

/**
 * The quotation form: lines from the catalogue (a product picker fills the description, HSN code and unit
 * price) and free lines, the validity date and the terms, with a live preview of the tax worked out by the
 * same arithmetic the server uses (shared/sales/gst.ts). The server's answer is the truth: the preview only
 * helps while typing. One form for a new quotation (POST /api/quotations) and a revision (POST …/revise).
 */

/** Rupees as the API answers them (a decimal number) printed with Indian grouping: ₹12,50,000.00. */
export const rupees = (amount: number) => formatRupees(Math.round(amount * 100));

export interface CatalogueProduct {
  _id: string;
  name: string;
  hsn: string;
  price: number | null;
}

interface LineDraft {
  key: number;
  productId: string | null;
  description: string;
  hsn: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  discount: string;
}

export interface QuotationFormStart {
  lines: Omit<LineDraft, "key">[];
  validUntil: string;
  terms: QuotationTerms;
}

/** A usual free line from Site Settings (installation, freight, AMC): added in one tap. */
export interface UsualLine {
  description: string;
  hsn: string;
  unit: string;
  /** Rupees as typed in Site Settings; "" when it is typed on each quotation. */
  price: string;
}

/** What the form sends: a new quotation of a deal, or the next version of a quotation. */
export type QuotationTarget = { dealId: string } | { reviseId: string };

let nextKey = 1;
const withKey = (line: Omit<LineDraft, "key">): LineDraft => ({ ...line, key: nextKey++ });
const FREE_LINE = { productId: null, description: "", hsn: "", quantity: "1", unit: "No.", unitPrice: "", discount: "0" };
const amountText = (n: number | null) => (n === null ? "" : String(n));

/** A catalogue product's line: its name, HSN code and catalogue price, `quantity` of it. */
export function lineOfProduct(p: CatalogueProduct, quantity = 1): Omit<LineDraft, "key"> {
  return {
    ...FREE_LINE,
    productId: p._id,
    description: p.name,
    hsn: p.hsn,
    quantity: String(quantity),
    unitPrice: amountText(p.price),
  };
}

const lineOfUsual = (u: UsualLine): Omit<LineDraft, "key"> => ({
  ...FREE_LINE,
  description: u.description,
  hsn: u.hsn,
  unit: u.unit || FREE_LINE.unit,
  unitPrice: u.price,
});

/** The form's start for a revision: the quotation's own lines and terms. */
export function startOfQuotation(q: Quotation, today: string): QuotationFormStart {
  return {
    lines: q.lines.map((l) => ({
      productId: l.productId,
      description: l.description,
      hsn: l.hsn,
      quantity: String(l.quantity),
      unit: l.unit,
      unitPrice: String(l.unitPrice),
      discount: String(l.discountPercent),
    })),
    validUntil: q.validUntil >= today ? q.validUntil : addDays(today, 30),
    terms: q.terms,
  };
}

/** The day `days` after `day` (YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Every product of the catalogue (pages of 100) with its HSN code and price, and the GST rate table. */
function usePickerData() {
  const [products, setProducts] = useState<CatalogueProduct[]>([]);
  const [rates, setRates] = useState<GstRate[]>([]);
  useEffect(() => {
    let cancelled = false;
    type Page = { data: CatalogueProduct[]; total: number };
    const page = (n: number) => api<Page>("/api/product", { query: { page: n, limit: 100 } });
    void (async () => {
      try {
        const first = await page(1);
        const rest = await Promise.all(Array.from({ length: Math.ceil(first.total / 100) - 1 }, (_, i) => page(i + 2)));
        if (!cancelled) setProducts([first, ...rest].flatMap((p) => p.data).sort((a, b) => a.name.localeCompare(b.name)));
      } catch (err) {
        console.error("Failed to fetch products", err);
      }
    })();
    const readRates = () =>
      api<GstRateEntry[]>("/api/gst-rates")
        .then((list) => {
          if (!cancelled)
            setRates(
              list.map((r) => ({ hsn: r.hsn, rateBasisPoints: Math.round(r.rate * 100), effectiveFrom: r.effectiveFrom })),
            );
        })
        .catch((err) => console.error("Failed to fetch GST rates", err));
    void readRates();
    // An owner adds a missing rate in another tab (the link below the preview): coming back, the form has it.
    window.addEventListener("focus", readRates);
    return () => {
      cancelled = true;
      window.removeEventListener("focus", readRates);
    };
  }, []);
  return { products, rates };
}

/** The products whose name or HSN code holds every word typed; at most 8. */
function matching(products: CatalogueProduct[], text: string): CatalogueProduct[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return products.filter((p) => words.every((w) => `${p.name} ${p.hsn}`.toLowerCase().includes(w))).slice(0, 8);
}

function ProductPicker({ products, onPick }: { products: CatalogueProduct[]; onPick: (p: CatalogueProduct) => void }) {
  const [text, setText] = useState("");
  const id = useId();
  const found = matching(products, text);
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 p-3">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        Add from the catalogue
      </label>
      <input
        id={id}
        type="search"
        value={text}
        autoComplete="off"
        placeholder="Type a product's name or HSN code"
        onChange={(e) => setText(e.target.value)}
        className="block min-h-10 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm placeholder:text-slate-500"
      />
      <p className="sr-only" aria-live="polite">
        {text.trim() ? `${found.length} ${found.length === 1 ? "product" : "products"} found` : ""}
      </p>
      {found.length > 0 && (
        <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200 bg-white" aria-label="Products found">
          {found.map((p) => (
            <li key={p._id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <span className="min-w-0 text-sm break-words text-slate-900">
                {p.name}
                <span className="block text-xs text-slate-600">
                  HSN {p.hsn || "not set"} · {p.price === null ? "price on request" : rupees(p.price)}
                </span>
              </span>
              <button
                type="button"
                className={buttonClass("secondary", "sm")}
                onClick={() => {
                  onPick(p);
                  setText("");
                }}
              >
                Add<span className="sr-only"> {p.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {text.trim() && found.length === 0 && <p className="mt-2 text-sm text-slate-700">No product matches.</p>}
    </div>
  );
}

function LineFields({
  line,
  index,
  onChange,
  onRemove,
  summary,
}: {
  line: LineDraft;
  index: number;
  onChange: (changes: Partial<LineDraft>) => void;
  onRemove: () => void;
  /** The line's worked-out amounts, when they can be. */
  summary: string;
}) {
  const field = (label: string, key: keyof LineDraft, extra: { inputMode?: "decimal" | "numeric"; className?: string } = {}) => (
    <TextField
      label={label}
      value={String(line[key] ?? "")}
      onChange={(v) => onChange({ [key]: v })}
      inputMode={extra.inputMode}
      className={extra.className}
    />
  );
  return (
    <fieldset data-line={index + 1} className="rounded-md border border-slate-200 bg-white p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">
        Line {index + 1}
        {line.productId ? " (from the catalogue)" : ""}
      </legend>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-6">
        {field("Description", "description", { className: "col-span-2 md:col-span-3" })}
        {field("HSN/SAC", "hsn", { inputMode: "numeric" })}
        {field("Quantity", "quantity", { inputMode: "decimal" })}
        {field("Unit", "unit")}
        {field("Unit price (₹)", "unitPrice", { inputMode: "decimal" })}
        {field("Discount (%)", "discount", { inputMode: "decimal" })}
      </div>
      {summary && <p className="mt-2 text-sm text-slate-700">{summary}</p>}
      <button type="button" className={`${buttonClass("danger-outline", "sm")} mt-3`} onClick={onRemove}>
        Remove<span className="sr-only"> line {index + 1}</span>
      </button>
    </fieldset>
  );
}

type Preview = { ok: true; amounts: ReturnType<typeof calculateQuotation> } | { ok: false; problems: string[] };

/** The totals as the server would work them out, or what keeps them from being worked out yet. */
function previewOf(lines: LineDraft[], rates: GstRate[], interState: boolean | null, today: string): Preview {
  const problems: string[] = [];
  const numbers = lines.map((l, i) => {
    const rate = rateOn(rates, l.hsn, today);
    const unitPricePaise = rupeesToPaise(l.unitPrice.replace(/,/g, ""));
    const quantity = toHundredths(l.quantity);
    const discount = toHundredths(l.discount || "0");
    if (quantity === null || quantity <= 0) problems.push(`Line ${i + 1}: give a quantity above 0.`);
    if (unitPricePaise === null) problems.push(`Line ${i + 1}: give a unit price in rupees.`);
    if (discount === null || discount > 10_000) problems.push(`Line ${i + 1}: the discount is from 0 to 100 %.`);
    if (!l.hsn.trim()) problems.push(`Line ${i + 1}: give an HSN or SAC code.`);
    else if (!rate) problems.push(`Line ${i + 1}: no GST rate for HSN ${l.hsn}. ${ADD_A_RATE}`);
    return {
      quantity: (quantity ?? 0) / 100,
      unitPricePaise: unitPricePaise ?? 0,
      discountPercent: (discount ?? 0) / 100,
      rateBasisPoints: rate?.rateBasisPoints ?? 0,
    };
  });
  if (interState === null) problems.push("The buyer's state is not known, so CGST + SGST or IGST cannot be told yet.");
  if (lines.length === 0) problems.push("Add a line.");
  if (problems.length > 0) return { ok: false, problems };
  try {
    return { ok: true, amounts: calculateQuotation(numbers, interState === true) };
  } catch (err) {
    return { ok: false, problems: [err instanceof QuotationInputError ? err.message : "The amounts cannot be worked out."] };
  }
}

function PreviewRow({ label, paise, strong }: { label: string; paise: number; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? "border-t border-slate-300 pt-1 font-bold" : ""}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{formatRupees(paise)}</dd>
    </div>
  );
}

function PreviewBox({ preview, interState, isOwner }: { preview: Preview; interState: boolean | null; isOwner: boolean }) {
  return (
    <section aria-labelledby="quotation-preview" className="rounded-md border border-slate-200 bg-white p-3 text-sm">
      <h2 id="quotation-preview" className="mb-2 font-semibold text-slate-900">
        Preview
      </h2>
      {preview.ok ? (
        <dl className="space-y-1 text-slate-800" data-testid="quotation-preview">
          <PreviewRow label="Taxable value" paise={preview.amounts.totals.taxablePaise} />
          {interState ? (
            <PreviewRow label="IGST" paise={preview.amounts.totals.igstPaise} />
          ) : (
            <>
              <PreviewRow label="CGST" paise={preview.amounts.totals.cgstPaise} />
              <PreviewRow label="SGST" paise={preview.amounts.totals.sgstPaise} />
            </>
          )}
          <PreviewRow label="Round-off" paise={preview.amounts.totals.roundOffPaise} />
          <PreviewRow label="Total" paise={preview.amounts.totals.totalPaise} strong />
        </dl>
      ) : (
        <>
          <ul className="list-disc space-y-1 pl-5 text-slate-700">
            {preview.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
          {isOwner && preview.problems.some((p) => p.endsWith(ADD_A_RATE)) && (
            <a
              href="/admin/settings#gst-rates"
              target="_blank"
              rel="noopener"
              className="mt-2 inline-block text-brand-700 underline"
            >
              Add the rate in Site Settings → GST rates (opens in a new tab; this form keeps what you typed)
            </a>
          )}
        </>
      )}
      <p className="mt-2 text-xs text-slate-600">The saved quotation's figures are worked out again by the server.</p>
    </section>
  );
}

/** "GST 18 % · taxable ₹73,150.00 · with tax ₹86,317.00", as much of it as is known. */
function lineSummary(
  line: LineDraft,
  amounts: { taxablePaise: number; totalPaise: number } | undefined,
  rates: GstRate[],
  today: string,
): string {
  const rate = line.hsn.trim() ? rateOn(rates, line.hsn, today) : null;
  if (!rate) return "";
  const parts = [`GST ${rate.rateBasisPoints / 100} %`];
  if (amounts) parts.push(`taxable ${formatRupees(amounts.taxablePaise)}`, `with tax ${formatRupees(amounts.totalPaise)}`);
  return parts.join(" · ");
}

/** The request's lines: what is left empty is left out (the product's own values, or the server's message). */
function linesOut(lines: LineDraft[]) {
  return lines.map((l) => ({
    ...(l.productId ? { productId: l.productId } : {}),
    ...(l.description.trim() ? { description: l.description.trim() } : {}),
    hsn: l.hsn,
    quantity: l.quantity.trim(),
    unit: l.unit.trim(),
    ...(l.unitPrice.trim() ? { unitPrice: l.unitPrice.trim() } : {}),
    discountPercent: l.discount.trim() || "0",
  }));
}

function TermsFields({ terms, onChange }: { terms: QuotationTerms; onChange: (t: QuotationTerms) => void }) {
  const set = (key: keyof QuotationTerms) => (v: string) => onChange({ ...terms, [key]: v });
  return (
    <fieldset className="grid gap-3 md:grid-cols-2">
      <legend className="mb-2 text-base font-semibold text-slate-900">Terms</legend>
      <TextField label="Payment" value={terms.payment} onChange={set("payment")} multiline rows={3} />
      <TextField label="Delivery" value={terms.delivery} onChange={set("delivery")} multiline rows={3} />
      <TextField label="Warranty" value={terms.warranty} onChange={set("warranty")} multiline rows={3} />
      <TextField label="Notes" value={terms.notes} onChange={set("notes")} multiline rows={3} />
    </fieldset>
  );
}

/**
 * The form. `interState`: IGST (true), CGST + SGST (false) or not known (null), for the preview only.
 * `onSaved` gets the saved quotation (the new one, or the new version).
 */
export function QuotationForm({
  start,
  target,
  interState,
  submitLabel,
  onSaved,
  onCancel,
  usualLines = [],
}: {
  start: QuotationFormStart;
  /** Site Settings' usual lines, one button each. */
  usualLines?: UsualLine[];
  target: QuotationTarget;
  interState: boolean | null;
  submitLabel: string;
  onSaved: (q: Quotation) => void;
  onCancel?: () => void;
}) {
  const { products, rates } = usePickerData();
  const { user } = useCurrentUser();
  const today = indiaDateOf(new Date());
  const [lines, setLines] = useState<LineDraft[]>(() => start.lines.map(withKey));
  const [validUntil, setValidUntil] = useState(start.validUntil);
  const [terms, setTerms] = useState(start.terms);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const preview = useMemo(() => previewOf(lines, rates, interState, today), [lines, rates, interState, today]);

  const change = (key: number, changes: Partial<LineDraft>) =>
    setLines((list) => list.map((l) => (l.key === key ? { ...l, ...changes } : l)));
  const add = (line: Omit<LineDraft, "key">) => setLines((list) => [...list, withKey(line)]);

  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSaving(true);
    setError(null);
    const body = { lines: linesOut(lines), validUntil, terms };
    try {
      const saved =
        "dealId" in target
          ? await api<Quotation>("/api/quotations", { method: "POST", json: { dealId: target.dealId, ...body } })
          : await api<Quotation>(`/api/quotations/${encodeURIComponent(target.reviseId)}/revise`, { method: "POST", json: body });
      onSaved(saved);
    } catch (err) {
      setError(errorMessage(err, "The quotation could not be saved. Please try again."));
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Quotation" className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="min-w-0 space-y-4">
        <ProductPicker products={products} onPick={(p) => add(lineOfProduct(p))} />
        {lines.map((line, i) => (
          <LineFields
            key={line.key}
            line={line}
            index={i}
            onChange={(c) => change(line.key, c)}
            onRemove={() => setLines((list) => list.filter((l) => l.key !== line.key))}
            summary={lineSummary(line, preview.ok ? preview.amounts.lines[i] : undefined, rates, today)}
          />
        ))}
        <div className="flex flex-wrap gap-2">
          {usualLines.map((u) => (
            <button
              key={u.description}
              type="button"
              className={buttonClass("secondary", "sm")}
              onClick={() => add(lineOfUsual(u))}
            >
              + {u.description}
            </button>
          ))}
          <button type="button" className={buttonClass("secondary", "sm")} onClick={() => add(FREE_LINE)}>
            + Add a free line
          </button>
        </div>
        <TextField label="Valid until" type="date" value={validUntil} onChange={setValidUntil} min={today} className="max-w-xs" />
        <TermsFields terms={terms} onChange={setTerms} />
      </div>
      <div className="space-y-3 lg:sticky lg:top-4 lg:self-start">
        <PreviewBox preview={preview} interState={interState} isOwner={user.role === "owner"} />
        {error && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClass("primary")} disabled={saving}>
            {saving ? "Saving..." : submitLabel}
          </button>
          {onCancel && (
            <button type="button" className={buttonClass("secondary")} onClick={onCancel}>
              Cancel
            </button>
          )}
        </div>
      </div>
    </form>
  );
}

/** A quotation's status in words (deal screen, quotation screen). */
export const QUOTATION_STATUS_LABEL: Record<string, string> = {
  draft: "Not sent",
  sent: "Sent",
  viewed: "Viewed by the buyer",
  accepted: "Accepted",
  declined: "Declined",
};
