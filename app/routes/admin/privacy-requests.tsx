import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import {
  PRIVACY_REQUEST_KIND_LABEL,
  PRIVACY_REQUEST_KINDS,
  PRIVACY_REQUEST_STATUS_LABEL,
  PRIVACY_REQUEST_STATUSES,
  type PrivacyRequestStatus,
  type PrivacyRequestWithDue,
} from "../../../shared/privacy/request";
import { mayLoad, useCan } from "../../components/admin/current-user";
import { Dialog } from "../../components/admin/dialog";
import { FormErrors, TextField } from "../../components/admin/fields";
import { FilterSelect } from "../../components/admin/filter-select";
import { Pager } from "../../components/admin/pager";
import { indiaDate } from "../../components/admin/privacy-dates";
import { adminMeta } from "../../components/admin/screen-data";
import { buttonClass, EmptyState, ErrorState, PageHeader } from "../../components/admin/screen-parts";
import { useToast } from "../../components/admin/toast";
import { useUrlSearch } from "../../components/admin/url-search";
import { api, apiWithHeaders, errorDetail, errorMessage } from "../../lib/api-client";
import type { Route } from "./+types/privacy-requests";

/**
 * People's privacy requests (docs/decisions/030-privacy.md), from GET /api/privacy/requests, 25 a page, the
 * filters in the URL. Owners answer open ones (done or refused, with what was done); sales only read.
 */

const PAGE_SIZE = 25;
const TEXTS = {
  fetchFailed: "Failed to fetch privacy requests",
  empty: "No privacy requests yet. When someone asks at /privacy/request, it shows here.",
  noMatch: "No privacy request matches these filters",
};
const STATUS_OPTIONS = [
  { value: "all", label: "All" },
  ...PRIVACY_REQUEST_STATUSES.map((s) => ({ value: s, label: PRIVACY_REQUEST_STATUS_LABEL[s] })),
];
const KIND_OPTIONS = [
  { value: "all", label: "All kinds" },
  ...PRIVACY_REQUEST_KINDS.map((k) => ({ value: k, label: PRIVACY_REQUEST_KIND_LABEL[k] })),
];
const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | "all" =>
  allowed.includes(value as T) ? (value as T) : "all";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const status = oneOf(params.get("status"), PRIVACY_REQUEST_STATUSES);
  const kind = oneOf(params.get("kind"), PRIVACY_REQUEST_KINDS);
  const page = Math.max(1, Math.floor(Number(params.get("page")) || 1));
  const empty = { requests: [] as PrivacyRequestWithDue[], total: 0, status, kind, page, error: null as string | null };
  if (!(await mayLoad("privacyRequests"))) return empty;
  try {
    const { data, headers } = await apiWithHeaders<PrivacyRequestWithDue[]>("/api/privacy/requests", {
      query: { status, kind, page, limit: PAGE_SIZE },
    });
    return { ...empty, requests: data, total: Number(headers.get("X-Total-Count") ?? data.length) };
  } catch (err) {
    console.error(TEXTS.fetchFailed, err);
    return { ...empty, error: `${TEXTS.fetchFailed}: ${errorDetail(err)}` };
  }
}

export const meta = () => adminMeta("Privacy requests");

export default function PrivacyRequestsScreen({ loaderData }: Route.ComponentProps) {
  const { requests, total, status, kind, page, error } = loaderData;
  const revalidator = useRevalidator();
  const search = useUrlSearch("");
  const mayAnswer = useCan("privacy");
  const [answering, setAnswering] = useState<PrivacyRequestWithDue | null>(null);
  const filtered = status !== "all" || kind !== "all";
  return (
    <div>
      <PageHeader title="Privacy requests" description="What people asked about their personal data, and what was done." />
      <div className="mb-4 space-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
        <p>
          People ask at{" "}
          <a href="/privacy/request" className="font-semibold text-brand-700 underline">
            /privacy/request
          </a>{" "}
          with their e-mail address. Seeing their data, withdrawing consent and erasure are carried out at once by the site: they
          appear here as done, with what was done.
        </p>
        <p>Requests to correct data arrive open: answer each one by its due date, and record what was done.</p>
        {!mayAnswer && <p data-testid="read-only">Read only: only owners answer privacy requests.</p>}
      </div>
      <form
        aria-label="Filter the privacy requests"
        className="mb-4 grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 md:flex"
        onSubmit={(e) => e.preventDefault()}
      >
        <FilterSelect
          id="privacy-status-filter"
          label="Status"
          value={status}
          options={STATUS_OPTIONS}
          width="md:w-40"
          onChange={(v) => search.update({ status: v })}
        />
        <FilterSelect
          id="privacy-kind-filter"
          label="Kind"
          value={kind}
          options={KIND_OPTIONS}
          width="md:w-64"
          onChange={(v) => search.update({ kind: v })}
        />
      </form>
      {error ? (
        <ErrorState text={error} onRetry={() => revalidator.revalidate()} />
      ) : requests.length === 0 ? (
        <EmptyState text={filtered ? TEXTS.noMatch : TEXTS.empty} />
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600" aria-live="polite">
            {total === 1 ? "1 request" : `${total} requests`}
          </p>
          <ul className="space-y-3" aria-label="Privacy requests">
            {requests.map((r) => (
              <RequestCard key={r._id} request={r} onAnswer={mayAnswer ? () => setAnswering(r) : undefined} />
            ))}
          </ul>
          <Pager label="Privacy request pages" page={page} pages={Math.max(1, Math.ceil(total / PAGE_SIZE))} />
        </>
      )}
      <AnswerDialog
        request={answering}
        onClose={() => setAnswering(null)}
        onAnswered={() => {
          setAnswering(null);
          void revalidator.revalidate();
        }}
      />
    </div>
  );
}

const STATUS_BADGE: Record<PrivacyRequestStatus, string> = {
  open: "bg-amber-100 text-amber-900",
  done: "bg-green-100 text-green-900",
  refused: "bg-slate-200 text-slate-900",
};

function RequestCard({ request: r, onAnswer }: { request: PrivacyRequestWithDue; onAnswer?: () => void }) {
  const masked = r.email.includes("•");
  return (
    <li data-request={r._id} className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-semibold text-slate-900">{PRIVACY_REQUEST_KIND_LABEL[r.kind]}</h2>
          <p className="text-sm text-slate-700">
            <span className="mr-2 break-all">{r.email}</span>
            {!masked && (
              <Link
                to={`/admin/contacts?q=${encodeURIComponent(r.email)}`}
                className="font-semibold whitespace-nowrap text-brand-700 underline"
              >
                Their enquiries
              </Link>
            )}
          </p>
        </div>
        <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATUS_BADGE[r.status]}`} data-status>
          {PRIVACY_REQUEST_STATUS_LABEL[r.status]}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 text-sm lg:grid-cols-4">
        <Fact term="Received">{indiaDate(r.createdAt, true)}</Fact>
        <Fact term="Answer by">
          {indiaDate(r.dueAt)}
          {r.overdue && <span className="ml-2 rounded bg-red-700 px-1.5 py-0.5 text-xs font-bold text-white">Overdue</span>}
        </Fact>
        {r.status !== "open" && (
          <Fact term={r.status === "done" ? "Done by" : "Refused by"}>
            {`${r.doneByName || "The site"}, ${indiaDate(r.doneAt, true)}`}
          </Fact>
        )}
      </dl>
      {r.details && <Block term="Details" text={r.details} />}
      {r.outcome && <Block term="What was done" text={r.outcome} />}
      {r.status === "open" && onAnswer && (
        <button type="button" className={`${buttonClass("primary", "sm")} mt-3`} onClick={onAnswer}>
          Answer<span className="sr-only"> the request from {r.email}</span>
        </button>
      )}
    </li>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="font-semibold text-slate-800">{term}</dt>
      <dd className="text-slate-700">{children}</dd>
    </div>
  );
}

function Block({ term, text }: { term: string; text: string }) {
  return (
    <div className="mt-3 text-sm">
      <p className="font-semibold text-slate-800">{term}</p>
      <p className="break-words whitespace-pre-line text-slate-700">{text}</p>
    </div>
  );
}

/** Done or refused, with what was done (the person may be told it): PATCH /api/privacy/requests/{id}. */
function AnswerDialog({
  request,
  onClose,
  onAnswered,
}: {
  request: PrivacyRequestWithDue | null;
  onClose: () => void;
  onAnswered: () => void;
}) {
  const toast = useToast();
  const [outcome, setOutcome] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setOutcome("");
    setProblem(null);
    onClose();
  };
  const answer = async (status: "done" | "refused") => {
    if (!request) return;
    if (!outcome.trim()) {
      setProblem("Please say what was done (or why the request was refused).");
      return;
    }
    setBusy(true);
    try {
      await api(`/api/privacy/requests/${request._id}`, { method: "PATCH", json: { status, outcome } });
      toast.success(status === "done" ? "Request marked done." : "Request refused.");
      setOutcome("");
      setProblem(null);
      onAnswered();
    } catch (err) {
      setProblem(errorMessage(err, "Failed to save the answer."));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={request !== null}
      title="Answer the request"
      onClose={close}
      footer={
        <>
          <button type="button" className={buttonClass("secondary")} onClick={close}>
            Cancel
          </button>
          <button type="button" className={buttonClass("danger-outline")} disabled={busy} onClick={() => answer("refused")}>
            Refuse
          </button>
          <button type="button" className={buttonClass("primary")} disabled={busy} onClick={() => answer("done")}>
            {busy ? "Saving..." : "Mark done"}
          </button>
        </>
      }
    >
      {request && (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            {PRIVACY_REQUEST_KIND_LABEL[request.kind]} · {request.email}
          </p>
          {request.details && <Block term="What they asked" text={request.details} />}
          <TextField
            label="What was done"
            value={outcome}
            onChange={(v) => {
              setOutcome(v);
              setProblem(null);
            }}
            multiline
            rows={4}
            required
            hint="For example: the phone number on their enquiry was corrected. If you refuse, say why."
          />
          <FormErrors messages={problem ? [problem] : []} />
        </div>
      )}
    </Dialog>
  );
}
