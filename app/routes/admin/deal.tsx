import { useEffect, useState } from "react";
import { Link, useRevalidator } from "react-router";
import {
  DEAL_NOTE_KINDS,
  DEAL_STAGE_LABEL,
  DEAL_STAGES,
  type Deal,
  type DealEventKind,
  type DealNoteKind,
  type DealStage,
} from "../../../shared/sales/deal";
import type { Quotation } from "../../../shared/sales/quotation";
import type { Contact } from "../../../shared/schemas/enquiry-values";
import { mayLoad, useCurrentUser } from "../../components/admin/current-user";
import { DealOwner } from "../../components/admin/deal-owner";
import { SelectField, TextField } from "../../components/admin/fields";
import { QUOTATION_STATUS_LABEL, rupees } from "../../components/admin/quotation-form";
import { adminMeta } from "../../components/admin/screen-data";
import { buttonClass, ErrorState, formatDate, PageHeader } from "../../components/admin/screen-parts";
import { useToast } from "../../components/admin/toast";
import { api, errorDetail, errorMessage } from "../../lib/api-client";
import { telHref } from "../../lib/format";
import type { Route } from "./+types/deal";

/**
 * One deal (/admin/deals/{id}): who and what, its stage, value and next step (changed here), the timeline
 * of notes with the events the server records (quotation sent, viewed, decided), and its quotations.
 * A sales person sees another's deal read-only: the server refuses their changes, so the controls hide.
 */

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  if (!(await mayLoad("sales")))
    return { deal: null, quotations: [] as Quotation[], lead: null as Contact | null, error: null as string | null };
  try {
    const id = encodeURIComponent(params.id);
    const [deal, quotations] = await Promise.all([
      api<Deal>(`/api/deals/${id}`),
      api<Quotation[]>("/api/quotations", { query: { dealId: params.id, limit: 100 } }),
    ]);
    // What the lead asked for, with the phone and e-mail: the deal screen shows them (issue 45).
    const lead = deal.contactId
      ? await api<Contact>(`/api/contacts/${encodeURIComponent(deal.contactId)}`).catch(() => null)
      : null;
    return { deal, quotations, lead, error: null as string | null };
  } catch (err) {
    console.error("Failed to fetch the deal", err);
    return { deal: null, quotations: [] as Quotation[], lead: null, error: `Error: ${errorDetail(err)}` };
  }
}

export const meta = () => adminMeta("Deal");

/** Every kind of timeline entry in words: the ones staff log, and the events the server records. */
const NOTE_KIND_LABEL: Record<DealNoteKind | DealEventKind, string> = {
  note: "Note",
  call: "Call",
  email: "E-mail",
  meeting: "Meeting",
  "quotation-sent": "Quotation sent",
  "quotation-viewed": "Quotation viewed by the buyer",
  "quotation-accepted": "Quotation accepted",
  "quotation-declined": "Quotation declined",
};

const linkClass = "text-brand-700 underline hover:text-brand-900";

/** "2 days 3 h", "4 h 10 min", "12 min" between two times. */
function duration(fromIso: string, toIso: string): string {
  const minutes = Math.max(0, Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `${days} ${days === 1 ? "day" : "days"}${hours ? ` ${hours} h` : ""}`;
  if (hours > 0) return `${hours} h${mins ? ` ${mins} min` : ""}`;
  return `${mins} min`;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold text-slate-600 uppercase">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** What the lead asked for and how to reach the person, so nobody opens the enquiry to quote or call. */
function LeadFacts({ lead }: { lead: Contact }) {
  const asked = lead.items.map((i) => `${i.quantity} × ${i.product.name}`).join(", ");
  return (
    <>
      <Fact label="Asked for">{asked || lead.service?.title || lead.subject || "—"}</Fact>
      <Fact label="Phone">
        {lead.phone ? (
          <a href={telHref(lead.phone)} className={linkClass}>
            {lead.phone}
          </a>
        ) : (
          "—"
        )}
      </Fact>
      <Fact label="E-mail">
        {lead.email ? (
          <a href={`mailto:${lead.email}`} className={`break-all ${linkClass}`}>
            {lead.email}
          </a>
        ) : (
          "—"
        )}
      </Fact>
    </>
  );
}

function DealFacts({ deal, lead }: { deal: Deal; lead: Contact | null }) {
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white p-4 lg:grid-cols-3">
      <Fact label="Customer">
        {deal.customerName ? (
          <Link to={`/admin/customers?q=${encodeURIComponent(deal.customerName)}`} className={linkClass}>
            {deal.customerName}
          </Link>
        ) : (
          "None yet"
        )}
      </Fact>
      <Fact label="Lead">
        {deal.contactId ? (
          <Link to={`/admin/contacts/${deal.contactId}`} className={linkClass}>
            {lead ? `Enquiry ${lead.reference}` : "The enquiry"}
          </Link>
        ) : (
          "Entered by staff"
        )}
      </Fact>
      {lead && <LeadFacts lead={lead} />}
      <Fact label="Owner">{deal.ownerName ?? "Unassigned"}</Fact>
      <Fact label="Received">{formatDate(deal.receivedAt, true)}</Fact>
      <Fact label="First response">
        {deal.firstResponseAt
          ? `${formatDate(deal.firstResponseAt, true)} (after ${duration(deal.receivedAt, deal.firstResponseAt)})`
          : "None yet"}
      </Fact>
      {deal.closedAt && <Fact label="Closed">{formatDate(deal.closedAt, true)}</Fact>}
    </dl>
  );
}

interface DealValues {
  stage: DealStage;
  lostReason: string;
  expectedValue: string;
  expectedCloseDate: string;
  nextStepText: string;
  nextStepDue: string;
}

const valuesOf = (d: Deal): DealValues => ({
  stage: d.stage,
  lostReason: d.lostReason,
  expectedValue: d.expectedValue === null ? "" : String(d.expectedValue),
  expectedCloseDate: d.expectedCloseDate ?? "",
  nextStepText: d.nextStep.text,
  nextStepDue: d.nextStep.dueDate ?? "",
});

const STAGE_OPTIONS = DEAL_STAGES.map((s) => ({ value: s, label: DEAL_STAGE_LABEL[s] }));

/** Stage, value, close date and next step; the server's message in words when it refuses. */
function DealForm({ deal, onSaved }: { deal: Deal; onSaved: (d: Deal) => void }) {
  const toast = useToast();
  const [values, setValues] = useState(() => valuesOf(deal));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (key: keyof DealValues) => (v: string) => setValues((old) => ({ ...old, [key]: v }));

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const saved = await api<Deal>(`/api/deals/${deal._id}`, {
        method: "PUT",
        json: {
          stage: values.stage,
          lostReason: values.stage === "lost" ? values.lostReason : "",
          expectedValue: values.expectedValue.trim() || null,
          expectedCloseDate: values.expectedCloseDate || null,
          nextStep: { text: values.nextStepText, dueDate: values.nextStepDue || null },
        },
      });
      onSaved(saved);
      setValues(valuesOf(saved));
      toast.success("Deal saved.");
    } catch (err) {
      setError(errorMessage(err, "The deal could not be saved. Please try again."));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={save}
      noValidate
      aria-labelledby="deal-form-heading"
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="deal-form-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Stage and next step
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField label="Stage" value={values.stage} options={STAGE_OPTIONS} onChange={set("stage")} />
        <TextField
          label="Expected value (₹)"
          value={values.expectedValue}
          onChange={set("expectedValue")}
          inputMode="decimal"
          hint="Follows the quotation sent or accepted. A value typed here stays; cleared, it follows the quotations again."
        />
        <TextField label="Expected close date" type="date" value={values.expectedCloseDate} onChange={set("expectedCloseDate")} />
      </div>
      {values.stage === "lost" && (
        <TextField label="Why was it lost?" value={values.lostReason} onChange={set("lostReason")} className="mt-3" />
      )}
      <div className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <TextField label="Next step" value={values.nextStepText} onChange={set("nextStepText")} />
        <TextField label="Next step due" type="date" value={values.nextStepDue} onChange={set("nextStepDue")} />
      </div>
      {error && (
        <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <button type="submit" className={`${buttonClass("primary")} mt-4`} disabled={saving}>
        {saving ? "Saving..." : "Save changes"}
      </button>
    </form>
  );
}

/** The same, read-only (another sales person's deal). */
function DealSummary({ deal }: { deal: Deal }) {
  return (
    <section aria-labelledby="deal-form-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="deal-form-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Stage and next step
      </h2>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <Fact label="Stage">
          {DEAL_STAGE_LABEL[deal.stage]}
          {deal.stage === "lost" && deal.lostReason ? `: ${deal.lostReason}` : ""}
        </Fact>
        <Fact label="Expected value">
          {deal.expectedValue === null
            ? "Not estimated"
            : `${rupees(deal.expectedValue)} (${deal.valueByHand ? "set by hand" : "from its quotation"})`}
        </Fact>
        <Fact label="Expected close date">{deal.expectedCloseDate ? formatDate(deal.expectedCloseDate) : "Not set"}</Fact>
        <Fact label="Next step">
          {deal.nextStep.text || "None"}
          {deal.nextStep.dueDate ? ` (due ${formatDate(deal.nextStep.dueDate)})` : ""}
        </Fact>
      </dl>
    </section>
  );
}

const KIND_OPTIONS = DEAL_NOTE_KINDS.map((k) => ({ value: k, label: NOTE_KIND_LABEL[k] ?? k }));

function NoteForm({ deal, onSaved }: { deal: Deal; onSaved: (d: Deal) => void }) {
  const toast = useToast();
  const [text, setText] = useState("");
  const [kind, setKind] = useState<string>("note");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const add = async (e: React.FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setError(null);
    try {
      onSaved(await api<Deal>(`/api/deals/${deal._id}/notes`, { method: "POST", json: { text, kind } }));
      setText("");
      toast.success("Note added.");
    } catch (err) {
      setError(errorMessage(err, "The note could not be added. Please try again."));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={add} noValidate aria-label="Add a note" className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-[9rem_minmax(0,1fr)] lg:grid-cols-1">
        <SelectField label="Kind" value={kind} options={KIND_OPTIONS} onChange={setKind} />
        <TextField label="Note" value={text} onChange={setText} multiline rows={2} error={error ?? undefined} />
      </div>
      <button type="submit" className={buttonClass("secondary")} disabled={saving}>
        {saving ? "Adding..." : "Add note"}
      </button>
    </form>
  );
}

function Timeline({ deal, canChange, onSaved }: { deal: Deal; canChange: boolean; onSaved: (d: Deal) => void }) {
  const notes = [...deal.notes].reverse();
  return (
    <section aria-labelledby="timeline-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="timeline-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Timeline
      </h2>
      {canChange && <NoteForm deal={deal} onSaved={onSaved} />}
      {notes.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">Nothing logged yet.</p>
      ) : (
        <ol className="mt-4 space-y-3" aria-label="Notes and events, newest first">
          {notes.map((n) => (
            <li key={n._id} data-note-kind={n.kind} className="border-l-4 border-brand-200 pl-3">
              <p className="text-xs text-slate-600">
                <span className="font-semibold text-slate-800">{NOTE_KIND_LABEL[n.kind] ?? NOTE_KIND_LABEL.note}</span> ·{" "}
                <time dateTime={n.date}>{formatDate(n.date, true)}</time>
                {n.author ? ` · ${n.author}` : ""}
              </p>
              {n.text && <p className="text-sm break-words whitespace-pre-line text-slate-900">{n.text}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function DealQuotations({ quotations }: { quotations: Quotation[] }) {
  return (
    <section aria-labelledby="quotations-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="quotations-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Quotations
      </h2>
      {quotations.length === 0 ? (
        <p className="text-sm text-slate-600">No quotation yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {quotations.map((q) => (
            <li
              key={q._id}
              data-quotation={`${q.number} v${q.version}`}
              className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2"
            >
              <Link to={`/admin/quotations/${q._id}`} className={`font-mono font-semibold ${linkClass}`}>
                {q.number} v{q.version}
              </Link>
              <span className="text-sm text-slate-700">{formatDate(q.date)}</span>
              <span className="text-sm font-semibold text-slate-900 tabular-nums">{rupees(q.total)}</span>
              <span className="text-sm text-slate-700">{QUOTATION_STATUS_LABEL[q.status] ?? q.status}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function DealScreen({ loaderData }: Route.ComponentProps) {
  const { user } = useCurrentUser();
  const revalidator = useRevalidator();
  const [deal, setDeal] = useState(loaderData.deal);
  useEffect(() => setDeal(loaderData.deal), [loaderData.deal]);
  if (!deal) {
    return (
      <div>
        <PageHeader title="Deal" />
        {loaderData.error && <ErrorState text={loaderData.error} onRetry={() => revalidator.revalidate()} />}
      </div>
    );
  }
  // As the server decides (server/api/deals.ts assertMayChange): owners, the deal's own person, or nobody's deal.
  const canChange = user.role === "owner" || deal.ownerId === null || deal.ownerId === user._id;
  return (
    <div className="space-y-4">
      <PageHeader
        title={deal.title}
        description={`${DEAL_STAGE_LABEL[deal.stage]}${deal.expectedValue === null ? "" : ` · ${rupees(deal.expectedValue)}`}`}
        actions={
          <>
            <Link to="/admin/deals" className={buttonClass("secondary")}>
              All deals
            </Link>
            {canChange && (
              <Link to={`/admin/deals/${deal._id}/quotations/new`} className={buttonClass("primary")}>
                Make a quotation
              </Link>
            )}
          </>
        }
      />
      {!canChange && (
        <p role="note" className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">
          Read only: this deal is {deal.ownerName ?? "another sales person"}'s. Only they or an owner can change it.
        </p>
      )}
      <DealFacts deal={deal} lead={loaderData.lead} />
      <DealOwner deal={deal} onSaved={setDeal} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="min-w-0 space-y-4">
          {canChange ? <DealForm key={deal._id} deal={deal} onSaved={setDeal} /> : <DealSummary deal={deal} />}
          <DealQuotations quotations={loaderData.quotations} />
        </div>
        <Timeline deal={deal} canChange={canChange} onSaved={setDeal} />
      </div>
    </div>
  );
}
