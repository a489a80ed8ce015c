import { useEffect, useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import type { Customer } from "../../../shared/sales/customer";
import type { Deal } from "../../../shared/sales/deal";
import { indiaDateOf } from "../../../shared/sales/financial-year";
import type { Quotation, QuotationParty } from "../../../shared/sales/quotation";
import { addressLines, freightExWorksWarning, placeOfSupply, yourRefText } from "../../../shared/sales/quotation-particulars";
import { mayLoad, useCurrentUser } from "../../components/admin/current-user";
import { Dialog } from "../../components/admin/dialog";
import { TextField } from "../../components/admin/fields";
import { RecordAnswerDialog } from "../../components/admin/quotation-answer";
import { QUOTATION_STATUS_LABEL, QuotationForm, rupees, startOfQuotation } from "../../components/admin/quotation-form";
import { adminMeta } from "../../components/admin/screen-data";
import { buttonClass, ErrorState, formatDate, PageHeader } from "../../components/admin/screen-parts";
import { useToast } from "../../components/admin/toast";
import { HsnSummaryTable } from "../../components/quotation/hsn-summary-table";
import { api, downloadFile, errorDetail, errorMessage } from "../../lib/api-client";
import type { Route } from "./+types/quotation";

/**
 * One quotation (/admin/quotations/{id}) as the buyer will see it: both parties with their GSTINs, the
 * lines with HSN codes and tax, the totals and the amount in words, the terms; its versions, its status
 * (sent, viewed, accepted or declined), and Revise (a new version), Download PDF and Send to buyer; owners
 * record an answer the buyer gave another way.
 */

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  if (!(await mayLoad("sales"))) return { quotation: null, deal: null, error: null as string | null };
  try {
    const quotation = await api<Quotation>(`/api/quotations/${encodeURIComponent(params.id)}`);
    // The deal decides whether this person may revise or send it; a deal that cannot be read leaves it read-only.
    const deal = await api<Deal>(`/api/deals/${encodeURIComponent(quotation.dealId)}`).catch(() => null);
    return { quotation, deal, error: null as string | null };
  } catch (err) {
    console.error("Failed to fetch the quotation", err);
    return { quotation: null, deal: null, error: `Error: ${errorDetail(err)}` };
  }
}

export const meta = () => adminMeta("Quotation");

const latestVersion = (q: Quotation) => Math.max(...q.versions.map((v) => v.version), q.version);
const linkClass = "text-brand-700 underline hover:text-brand-900";
/** The address on one line; the state left out when the line already names it (the company's address does). */
const addressText = (p: QuotationParty) =>
  [p.address.line1, p.address.city, p.address.line1.includes(p.address.state) ? "" : p.address.state, p.address.pincode]
    .filter(Boolean)
    .join(", ");

function Party({ title, party }: { title: string; party: QuotationParty }) {
  return (
    <div className="rounded-md border border-slate-200 p-3">
      <h3 className="text-xs font-semibold text-slate-600 uppercase">{title}</h3>
      <p className="font-semibold break-words text-slate-900">{party.name}</p>
      {addressText(party) && <p className="text-sm break-words text-slate-700">{addressText(party)}</p>}
      <p className="text-sm text-slate-800">GSTIN: {party.gstin || "none (unregistered)"}</p>
      <p className="text-sm text-slate-800">
        State: {party.state || "not known"}
        {party.stateCode ? ` (code ${party.stateCode})` : ""}
      </p>
    </div>
  );
}

/** Phones: one card a line. */
function LineCards({ q }: { q: Quotation }) {
  const intra = q.taxSplit === "intra";
  return (
    <ol className="space-y-3 md:hidden" aria-label="Lines">
      {q.lines.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a saved quotation's lines never reorder
        <li key={i} data-line={i + 1} className="rounded-md border border-slate-200 p-3 text-sm">
          <p className="font-semibold break-words text-slate-900">
            {i + 1}. {l.description}
          </p>
          <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1 text-slate-800">
            <dt className="text-slate-600">HSN/SAC</dt>
            <dd className="text-right">{l.hsn}</dd>
            <dt className="text-slate-600">Quantity</dt>
            <dd className="text-right">
              {l.quantity} {l.unit}
            </dd>
            <dt className="text-slate-600">Unit price</dt>
            <dd className="text-right tabular-nums">{rupees(l.unitPrice)}</dd>
            <dt className="text-slate-600">Discount</dt>
            <dd className="text-right">{l.discountPercent} %</dd>
            <dt className="text-slate-600">Taxable</dt>
            <dd className="text-right tabular-nums">{rupees(l.taxable)}</dd>
            <dt className="text-slate-600">
              {intra ? "CGST + SGST" : "IGST"} ({l.gstRate} %)
            </dt>
            <dd className="text-right tabular-nums">{rupees(l.cgst + l.sgst + l.igst)}</dd>
          </dl>
        </li>
      ))}
    </ol>
  );
}

/** Wider screens: the table, scrolling sideways inside its own labelled region if it must. */
function LineTable({ q }: { q: Quotation }) {
  const intra = q.taxSplit === "intra";
  const head = ["#", "Description", "HSN/SAC", "Qty", "Unit price", "Discount", "Taxable", "GST rate", "Tax"];
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable).
    <section aria-label="Lines" tabIndex={0} className="hidden overflow-x-auto md:block">
      <table className="w-full min-w-[720px] text-left text-sm">
        <thead className="bg-slate-50 text-xs text-slate-700 uppercase">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className={`px-2 py-2 ${h === "Description" || h === "#" ? "" : "text-right"}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {q.lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a saved quotation's lines never reorder
            <tr key={i} data-line={i + 1}>
              <td className="px-2 py-2 align-top">{i + 1}</td>
              <td className="px-2 py-2 align-top break-words">{l.description}</td>
              <td className="px-2 py-2 text-right align-top">{l.hsn}</td>
              <td className="px-2 py-2 text-right align-top whitespace-nowrap">
                {l.quantity} {l.unit}
              </td>
              <td className="px-2 py-2 text-right align-top tabular-nums">{rupees(l.unitPrice)}</td>
              <td className="px-2 py-2 text-right align-top">{l.discountPercent} %</td>
              <td className="px-2 py-2 text-right align-top tabular-nums">{rupees(l.taxable)}</td>
              <td className="px-2 py-2 text-right align-top whitespace-nowrap">
                {intra ? `${l.gstRate / 2} + ${l.gstRate / 2} %` : `${l.gstRate} %`}
              </td>
              <td className="px-2 py-2 text-right align-top tabular-nums">{rupees(l.cgst + l.sgst + l.igst)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Totals({ q }: { q: Quotation }) {
  const row = (label: string, amount: number, strong = false) => (
    <div className={`flex justify-between gap-4 ${strong ? "border-t border-slate-300 pt-1 text-base font-bold" : ""}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{rupees(amount)}</dd>
    </div>
  );
  return (
    <div className="ml-auto w-full max-w-sm space-y-1 text-sm text-slate-800">
      <dl data-testid="quotation-totals" className="space-y-1">
        {row("Taxable value", q.taxable)}
        {q.taxSplit === "intra" ? (
          <>
            {row("CGST", q.cgst)}
            {row("SGST", q.sgst)}
          </>
        ) : (
          row("IGST", q.igst)
        )}
        {row("Round-off", q.roundOff)}
        {row("Total", q.total, true)}
      </dl>
      <p data-testid="amount-in-words" className="font-semibold text-slate-900">
        {q.amountInWords}
      </p>
    </div>
  );
}

/** Place of supply, Ship-to, "Your ref.", "Kind attn." and the seller's PAN and bank as the PDF prints them (issue 45). */
function Particulars({ q }: { q: Quotation }) {
  const p = q.particulars;
  const rows: [string, string][] = [
    ["Place of supply", placeOfSupply(q.buyer)],
    ["Ship to", p ? addressLines(p.shipTo).join(", ") || "The bill-to address" : "The bill-to address"],
    ["Your ref.", p ? yourRefText(p) : ""],
    ["Kind attn.", p?.kindAttn ?? ""],
    ["PAN", q.seller.pan],
    ["Bank details", q.seller.bankDetails],
  ];
  return (
    <dl data-testid="quotation-particulars" className="grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
      {rows
        .filter(([, text]) => text)
        .map(([label, text]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-slate-800">{label}</dt>
            <dd className="break-words text-slate-800">{text}</dd>
          </div>
        ))}
    </dl>
  );
}

function QuotationDocument({ q }: { q: Quotation }) {
  const terms: [string, string][] = [
    ["Payment", q.terms.payment],
    ["Delivery", q.terms.delivery],
    ["Warranty", q.terms.warranty],
    ["Notes", q.terms.notes],
  ];
  return (
    <article aria-labelledby="document-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="document-heading" className="text-lg font-semibold text-slate-900">
        Quotation {q.number} v{q.version}
      </h2>
      <p className="text-sm text-slate-700">
        Date {formatDate(q.date)} · Valid until {formatDate(q.validUntil)} · Prepared by {q.preparedBy}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Party title="Seller" party={q.seller} />
        <Party title="Buyer" party={q.buyer} />
      </div>
      <Particulars q={q} />
      <p className="text-sm text-slate-700">
        {q.taxSplit === "intra" ? "The buyer is in the seller's state: CGST and SGST." : "The buyer is in another state: IGST."}
      </p>
      <LineCards q={q} />
      <LineTable q={q} />
      <div>
        <h3 id="hsn-heading" className="mb-1 font-semibold text-slate-900">
          HSN/SAC summary
        </h3>
        <HsnSummaryTable lines={q.lines} taxSplit={q.taxSplit} headingId="hsn-heading" />
      </div>
      <Totals q={q} />
      <section aria-labelledby="terms-heading">
        <h3 id="terms-heading" className="font-semibold text-slate-900">
          Terms
        </h3>
        <dl className="mt-1 space-y-1 text-sm">
          {terms
            .filter(([, text]) => text)
            .map(([label, text]) => (
              <div key={label}>
                <dt className="inline font-semibold text-slate-800">{label}: </dt>
                <dd className="inline break-words whitespace-pre-line text-slate-800">{text}</dd>
              </div>
            ))}
        </dl>
      </section>
    </article>
  );
}

function StatusAndVersions({ q }: { q: Quotation }) {
  const latest = latestVersion(q);
  const events: [string, string | null][] = [
    ["Sent", q.sentAt],
    ["Viewed by the buyer", q.viewedAt],
    [q.status === "declined" ? "Declined" : "Accepted", q.decidedAt],
  ];
  return (
    <section aria-labelledby="status-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <h2 id="status-heading" className="text-lg font-semibold text-slate-900">
        Status: <span data-testid="quotation-status">{QUOTATION_STATUS_LABEL[q.status] ?? q.status}</span>
      </h2>
      <ul className="space-y-1 text-slate-800">
        {events
          .filter(([, at]) => at)
          .map(([label, at]) => (
            <li key={label}>
              {label} {formatDate(at, true)}
            </li>
          ))}
      </ul>
      {q.decision && (
        <p className="text-slate-800">
          {q.status === "declined" ? "Declined" : "Accepted"} by {q.decision.name}
          {q.decision.recordedBy
            ? ` (recorded by ${q.decision.recordedBy}: ${q.decision.how}).`
            : `, from the address ${q.decision.ip}.`}
        </p>
      )}
      {q.version < latest && (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900">
          Viewing v{q.version} of {latest}: a later version replaces it.
        </p>
      )}
      <nav aria-label="Versions">
        <h3 className="font-semibold text-slate-900">Versions</h3>
        <ul className="mt-1 space-y-1">
          {q.versions.map((v) => (
            <li key={v._id}>
              {v._id === q._id ? (
                <span aria-current="page" className="font-semibold">
                  v{v.version} (this one)
                </span>
              ) : (
                <Link to={`/admin/quotations/${v._id}`} className={linkClass}>
                  v{v.version}
                </Link>
              )}{" "}
              · {formatDate(v.date)} · {rupees(v.total)}
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}

/** Send to buyer: the buyer's people's e-mail addresses, prefilled, and a message of one's own. */
function SendDialog({
  q,
  open,
  onClose,
  onSent,
}: {
  q: Quotation;
  open: boolean;
  onClose: () => void;
  onSent: (q: Quotation) => void;
}) {
  const [to, setTo] = useState("");
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const warning = freightExWorksWarning(q);
  useEffect(() => {
    if (!open || !q.customerId) return;
    let cancelled = false;
    api<Customer>(`/api/customers/${encodeURIComponent(q.customerId)}`)
      .then((c) => {
        if (!cancelled)
          setTo(
            (typed) =>
              typed ||
              c.people
                .map((p) => p.email)
                .filter(Boolean)
                .join(", "),
          );
      })
      .catch((err) => console.error("Failed to fetch the customer", err));
    return () => {
      cancelled = true;
    };
  }, [open, q.customerId]);
  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    setSending(true);
    setError(null);
    const emails = to.split(/[\s,;]+/).filter(Boolean);
    try {
      onSent(await api<Quotation>(`/api/quotations/${q._id}/send`, { method: "POST", json: { to: emails, message } }));
    } catch (err) {
      setError(errorMessage(err, "The quotation could not be sent. Please try again."));
    } finally {
      setSending(false);
    }
  };
  return (
    <Dialog open={open} title={`Send ${q.number} v${q.version} to the buyer`} onClose={onClose}>
      <form onSubmit={send} noValidate className="space-y-3">
        <TextField label="To" value={to} onChange={setTo} hint="E-mail addresses, separated by commas." />
        <TextField label="Message (optional)" value={message} onChange={setMessage} multiline rows={4} />
        <p className="text-sm text-slate-700">The PDF goes with it, and a link to view the quotation and accept or decline it.</p>
        {/* A check, not a block: staff may mean it (freight to the works' gate), so they can still send. */}
        {warning && (
          <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {warning}
          </p>
        )}
        {error && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={buttonClass("secondary")} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonClass("primary")} disabled={sending}>
            {sending ? "Sending..." : "Send"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The buyer's page (the signed link the e-mail carries), to share another way: copied, or into a WhatsApp
 * chat. Not a link to click: opening it here would count as the buyer viewing it.
 */
function BuyerLink({ q }: { q: Quotation }) {
  const toast = useToast();
  if (!q.buyerPath || q.version !== latestVersion(q)) return null;
  const url = `${window.location.origin}${q.buyerPath}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success("The buyer's link is copied.");
    } catch {
      toast.error("The link could not be copied: select it and copy it yourself.");
    }
  };
  return (
    <section aria-labelledby="buyer-link-heading" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <h2 id="buyer-link-heading" className="font-semibold text-slate-900">
        The buyer's page
      </h2>
      <p className="text-slate-700">The buyer reads, downloads and accepts or declines the quotation here, without signing in.</p>
      <label htmlFor="buyer-link" className="sr-only">
        The buyer's link
      </label>
      <input
        id="buyer-link"
        readOnly
        value={url}
        onFocus={(e) => e.currentTarget.select()}
        className="w-full rounded-md border border-slate-300 px-2 py-1.5 text-xs"
      />
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass("secondary")} onClick={copy}>
          Copy link
        </button>
        <a
          href={`https://wa.me/?text=${encodeURIComponent(`Quotation ${q.number}: ${url}`)}`}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass("secondary")}
        >
          Share on WhatsApp
        </a>
      </div>
    </section>
  );
}

function QuotationView({ initial, canChange, isOwner }: { initial: Quotation; canChange: boolean; isOwner: boolean }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [q, setQ] = useState(initial);
  const [revising, setRevising] = useState(false);
  const [sending, setSending] = useState(false);
  const [recording, setRecording] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(`/api/quotations/${q._id}/pdf`, `${q.number.replace(/\//g, "-")}-v${q.version}.pdf`);
    } catch (err) {
      toast.error(errorMessage(err, "The PDF could not be made. Please try again."));
    } finally {
      setDownloading(false);
    }
  };
  const actions = (
    <>
      <Link to={`/admin/deals/${q.dealId}`} className={buttonClass("secondary")}>
        The deal
      </Link>
      <button type="button" className={buttonClass("secondary")} onClick={download} disabled={downloading}>
        {downloading ? "Making the PDF..." : "Download PDF"}
      </button>
      {canChange && (
        <>
          {/* A decided quotation is final (issue 45): a change is a new quotation. */}
          {!q.decidedAt && (
            <button type="button" className={buttonClass("secondary")} onClick={() => setRevising(true)} disabled={revising}>
              Revise
            </button>
          )}
          {/* The server sends only the latest version, and never one the buyer has decided on. */}
          {q.version === latestVersion(q) && !q.decidedAt && (
            <button type="button" className={buttonClass("primary")} onClick={() => setSending(true)}>
              Send to buyer
            </button>
          )}
        </>
      )}
      {/* As the server decides: owners only, the latest version, not answered yet. */}
      {isOwner && q.version === latestVersion(q) && !q.decidedAt && (
        <button type="button" className={buttonClass("secondary")} onClick={() => setRecording(true)}>
          Record the buyer's answer
        </button>
      )}
    </>
  );
  return (
    <div className="space-y-4">
      <PageHeader title={`${q.number} v${q.version}`} description={`${q.buyer.name} · ${rupees(q.total)}`} actions={actions} />
      {revising ? (
        <section aria-labelledby="revise-heading" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="revise-heading" className="mb-3 text-lg font-semibold text-slate-900">
            Revise: the new version is v{latestVersion(q) + 1}
          </h2>
          <QuotationForm
            start={startOfQuotation(q, indiaDateOf(new Date()))}
            target={{ reviseId: q._id }}
            interState={q.taxSplit === "inter"}
            submitLabel="Save the new version"
            onCancel={() => setRevising(false)}
            onSaved={(saved) => {
              toast.success(`${saved.number} v${saved.version} saved.`);
              navigate(`/admin/quotations/${saved._id}`);
            }}
          />
        </section>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          {/* On a phone the status comes first: it is what staff look up most. */}
          <div className="min-w-0 lg:order-2">
            <StatusAndVersions q={q} />
            <div className="mt-4">
              <BuyerLink q={q} />
            </div>
          </div>
          <div className="min-w-0 lg:order-1">
            <QuotationDocument q={q} />
          </div>
        </div>
      )}
      <SendDialog
        q={q}
        open={sending}
        onClose={() => setSending(false)}
        onSent={(sent) => {
          setQ(sent);
          setSending(false);
          toast.success("The quotation is on its way to the buyer.");
        }}
      />
      <RecordAnswerDialog
        q={q}
        open={recording}
        onClose={() => setRecording(false)}
        onRecorded={(answered) => {
          setQ(answered);
          setRecording(false);
          toast.success(`The buyer's answer is recorded: ${QUOTATION_STATUS_LABEL[answered.status] ?? answered.status}.`);
        }}
      />
    </div>
  );
}

export default function QuotationScreen({ loaderData }: Route.ComponentProps) {
  const { quotation, deal, error } = loaderData;
  const { user } = useCurrentUser();
  const revalidator = useRevalidator();
  if (!quotation) {
    return (
      <div>
        <PageHeader title="Quotation" />
        {error && <ErrorState text={error} onRetry={() => revalidator.revalidate()} />}
      </div>
    );
  }
  // As the server decides (server/api/deals.ts assertMayChange).
  const canChange = deal !== null && (user.role === "owner" || deal.ownerId === null || deal.ownerId === user._id);
  return <QuotationView key={quotation._id} initial={quotation} canChange={canChange} isOwner={user.role === "owner"} />;
}
