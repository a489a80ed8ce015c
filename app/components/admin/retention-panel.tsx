import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import type { RetentionKind, RetentionOutlook, RetentionOutlookItem } from "../../../shared/privacy/retention";
import { api, errorMessage } from "../../lib/api-client";
import { useCan } from "./current-user";
import { buttonClass, formatDate } from "./screen-parts";
import { useToast } from "./toast";

/**
 * The dashboard's "Erased in the next 30 days" (owners): what the daily retention pass will erase soon
 * (GET /api/privacy/retention), per kind and the first records to go, and Run now (POST …/run). The periods
 * are in Site Settings → Privacy.
 */

const LISTED = 10;
const KINDS: { kind: RetentionKind; one: string; many: string }[] = [
  { kind: "enquiry", one: "enquiry without a deal", many: "enquiries without a deal" },
  { kind: "deal", one: "lost deal", many: "lost deals" },
  { kind: "quotation", one: "accepted quotation", many: "accepted quotations" },
];
const KIND_LABEL: Record<RetentionKind, string> = { enquiry: "Enquiry", deal: "Lost deal", quotation: "Quotation" };
const PATH: Record<RetentionKind, string> = { enquiry: "contacts", deal: "deals", quotation: "quotations" };

/** A YYYY-MM-DD India day, as the panel writes dates. */
const dayText = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

function Item({ item }: { item: RetentionOutlookItem }) {
  const name = item.kind === "deal" && item.reference ? `${item.title} (${item.reference})` : item.title;
  return (
    <li className="flex flex-col gap-x-3 py-2 sm:flex-row sm:items-baseline sm:justify-between">
      <span className="min-w-0 break-words">
        <span className="text-sm text-slate-600">{KIND_LABEL[item.kind]} </span>
        <Link to={`/admin/${PATH[item.kind]}/${item.id}`} className="font-semibold text-brand-700 hover:underline">
          {name}
        </Link>
        <span className="block text-xs text-slate-600">Last activity {formatDate(item.lastActivityAt)}</span>
      </span>
      <span className="shrink-0 text-sm text-slate-800">
        Erased from {dayText(item.erasesOn)} ·{" "}
        {item.warned ? <strong>person warned</strong> : <span className="text-slate-600">not warned yet</span>}
      </span>
    </li>
  );
}

function Outlook({ outlook }: { outlook: RetentionOutlook }) {
  const more = outlook.total - Math.min(LISTED, outlook.items.length);
  if (outlook.total === 0)
    return <p className="mt-2 text-slate-700">Nothing is due to be erased in the next {outlook.days} days.</p>;
  return (
    <>
      <ul className="mt-2 flex flex-wrap gap-2" aria-label="How many of each kind">
        {KINDS.filter((k) => outlook.counts[k.kind] > 0).map((k) => (
          <li key={k.kind} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-900">
            <strong>{outlook.counts[k.kind]}</strong> {outlook.counts[k.kind] === 1 ? k.one : k.many}
          </li>
        ))}
      </ul>
      <ul className="mt-3 divide-y divide-slate-200">
        {outlook.items.slice(0, LISTED).map((item) => (
          <Item key={`${item.kind}-${item.id}`} item={item} />
        ))}
      </ul>
      {more > 0 && <p className="mt-2 text-sm text-slate-700">and {more} more</p>}
    </>
  );
}

function RetentionOutlookPanel({ className }: { className: string }) {
  const [outlook, setOutlook] = useState<RetentionOutlook | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const toast = useToast();
  const reload = useCallback(async () => {
    try {
      setOutlook(await api<RetentionOutlook>("/api/privacy/retention"));
      setFailure(null);
    } catch (err) {
      setFailure(errorMessage(err, "What retention will erase could not be loaded."));
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  const runNow = async () => {
    setRunning(true);
    try {
      const done = await api<{ warned: number; emailed: number; erased: number }>("/api/privacy/retention/run", {
        method: "POST",
      });
      toast.success(`Retention pass done: ${done.warned} newly warned (${done.emailed} e-mails), ${done.erased} erased.`);
    } catch (err) {
      toast.error(errorMessage(err, "The retention pass failed."));
    } finally {
      setRunning(false);
      await reload();
    }
  };
  return (
    <section
      aria-labelledby="retention-heading"
      data-testid="retention-panel"
      className={`${className} rounded-lg border border-slate-200 bg-white p-5 shadow-sm`.trim()}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="retention-heading" className="text-lg font-bold text-brand-700">
          Erased in the next 30 days
        </h2>
        <button type="button" className={buttonClass("secondary", "sm")} onClick={runNow} disabled={running}>
          {running ? "Running..." : "Run the pass now"}
        </button>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Personal data past its retention period: each person is e-mailed 48 hours before and can keep it. Change the periods in{" "}
        <Link to="/admin/settings" className="font-semibold text-brand-700 underline">
          Site Settings → Privacy
        </Link>
        .
      </p>
      {failure && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failure}
        </p>
      )}
      {outlook ? <Outlook outlook={outlook} /> : !failure && <p className="mt-2 text-slate-600">Loading...</p>}
    </section>
  );
}

/** Owners only (the "privacy" permission); nothing for other roles. */
export function RetentionPanel({ className = "" }: { className?: string }) {
  return useCan("privacy") ? <RetentionOutlookPanel className={className} /> : null;
}
