import { useEffect, useState } from "react";
import { fieldLabel } from "../../../shared/content/fields";
import type { RevisionDetail, RevisionSummary } from "../../../shared/schemas/history";
import { api, errorMessage } from "../../lib/api-client";
import { ResponsiveImage } from "../responsive-image";
import { useConfirm } from "./dialog";
import { buttonClass, formatDate, LoadingState } from "./screen-parts";
import { useToast } from "./toast";

/**
 * History in an edit dialog (every content type): the record's versions, newest first; choosing one shows
 * what differs from the current record, field by field, side by side; Restore makes it current again.
 * GET/POST {endpoint}/revisions… (server/api/history.ts).
 */

/** A chosen version, and whether it is the newest one (what the record is now). */
type Chosen = RevisionDetail & { isCurrent: boolean };

const ACTION_WORDS: Record<string, string> = { create: "Created", update: "Saved", restore: "Restored" };

const isImageUrl = (field: string, value: unknown): value is string =>
  typeof value === "string" && /image/i.test(field) && /^(\/uploads\/|\/images\/|https?:\/\/)/.test(value);

/** A value as a staff member reads it: text as written, lists one per line, images as a picture. */
function Value({ field, value }: { field: string; value: unknown }) {
  if (value === null || value === undefined || value === "") return <span className="text-slate-500 italic">(empty)</span>;
  if (isImageUrl(field, value)) {
    return (
      <ResponsiveImage src={value} alt="" sizes="160px" className="h-20 w-32 rounded border border-slate-200 object-cover" />
    );
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="text-slate-500 italic">(none)</span>;
    return (
      <ul className="list-disc space-y-0.5 pl-4">
        {value.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list that never reorders
          <li key={i}>{isImageUrl(field, item) ? <Value field={field} value={item} /> : describe(item)}</li>
        ))}
      </ul>
    );
  }
  return <span className="whitespace-pre-wrap">{describe(value)}</span>;
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record.name === "string") return record.name;
    return Object.entries(record)
      .filter(([k, v]) => k !== "_id" && v !== "" && v !== null)
      .map(([k, v]) => `${fieldLabel(k)}: ${describe(v)}`)
      .join(", ");
  }
  return String(value);
}

function Comparison({ detail }: { detail: RevisionDetail }) {
  if (detail.changes.length === 0) {
    return (
      <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">This version is the same as the current one.</p>
    );
  }
  return (
    <>
      {/* Phones: each field with its two values one above the other. */}
      <ul className="space-y-3 text-sm sm:hidden">
        {detail.changes.map((c) => (
          <li key={c.field} className="rounded-md border border-slate-200 p-3">
            <p className="font-semibold text-slate-800">{c.label}</p>
            <p className="mt-2 text-xs font-semibold text-slate-600 uppercase">This version</p>
            <div className="mt-1 rounded bg-amber-50 px-2 py-1 break-words text-slate-900">
              <Value field={c.field} value={c.revision} />
            </div>
            <p className="mt-2 text-xs font-semibold text-slate-600 uppercase">Current</p>
            <div className="mt-1 px-2 py-1 break-words text-slate-700">
              <Value field={c.field} value={c.current} />
            </div>
          </li>
        ))}
      </ul>
      <table className="hidden w-full table-fixed border-collapse text-left text-sm sm:table">
        <caption className="sr-only">What differs between the chosen version and the current record</caption>
        <thead>
          <tr className="border-b border-slate-300 text-xs text-slate-600 uppercase">
            <th scope="col" className="w-1/4 py-2 pr-2">
              Field
            </th>
            <th scope="col" className="py-2 pr-2">
              This version
            </th>
            <th scope="col" className="py-2">
              Current
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 align-top">
          {detail.changes.map((c) => (
            <tr key={c.field} data-field={c.field}>
              <th scope="row" className="py-2 pr-2 font-semibold break-words text-slate-800">
                {c.label}
              </th>
              <td className="bg-amber-50 px-2 py-2 break-words text-slate-900">
                <Value field={c.field} value={c.revision} />
              </td>
              <td className="px-2 py-2 break-words text-slate-700">
                <Value field={c.field} value={c.current} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function HistoryPanel({
  endpoint,
  entity,
  onBack,
  onRestored,
}: {
  /** The record's API URL, e.g. /api/banner/{id}. */
  endpoint: string;
  /** "Banner": the toast after a restore is "Banner updated successfully!". */
  entity: string;
  onBack: () => void;
  onRestored: () => void;
}) {
  const [versions, setVersions] = useState<RevisionSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = useConfirm();
  const toast = useToast();

  useEffect(() => {
    let live = true;
    api<RevisionSummary[]>(`${endpoint}/revisions`)
      .then((list) => live && setVersions(list))
      .catch((err) => live && setError(errorMessage(err, "Failed to load the history.")));
    return () => {
      live = false;
    };
  }, [endpoint]);

  const choose = async (version: RevisionSummary) => {
    setBusy(true);
    try {
      const detail = await api<RevisionDetail>(`${endpoint}/revisions/${version._id}`);
      setChosen({ ...detail, isCurrent: version.current });
    } catch (err) {
      toast.error(errorMessage(err, "Failed to load that version."));
    } finally {
      setBusy(false);
    }
  };

  const restore = async (version: Chosen) => {
    const when = formatDate(version.createdAt, true);
    if (
      !(await confirm(`Restore the version of ${when}? The current record is kept in the history.`, { confirmLabel: "Restore" }))
    )
      return;
    setBusy(true);
    try {
      await api(`${endpoint}/revisions/${version._id}/restore`, { method: "POST" });
      toast.success(`${entity} updated successfully!`);
      onRestored();
    } catch (err) {
      toast.error(errorMessage(err, "Failed to restore that version."));
      setBusy(false);
    }
  };

  return (
    <section aria-label="History" className="space-y-4">
      <button type="button" className={buttonClass("ghost", "sm")} onClick={chosen ? () => setChosen(null) : onBack}>
        ← {chosen ? "All versions" : "Back to the form"}
      </button>
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {error}
        </p>
      ) : !versions ? (
        <LoadingState />
      ) : chosen ? (
        <div className="space-y-4">
          <h3 className="font-bold text-slate-900">
            {ACTION_WORDS[chosen.action] ?? chosen.action} {formatDate(chosen.createdAt, true)}
            {chosen.actorName && ` by ${chosen.actorName}`}
          </h3>
          <Comparison detail={chosen} />
          {!chosen.isCurrent && (
            <button type="button" className={buttonClass("primary")} disabled={busy} onClick={() => restore(chosen)}>
              {busy ? "Restoring..." : "Restore this version"}
            </button>
          )}
        </div>
      ) : versions.length === 0 ? (
        <p className="text-slate-600">No versions yet.</p>
      ) : (
        <ol className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {versions.map((v) => (
            <li key={v._id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div className="min-w-0 text-sm">
                <p className="font-semibold text-slate-900">
                  {formatDate(v.createdAt, true)}
                  {v.current && (
                    <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
                      Current
                    </span>
                  )}
                </p>
                <p className="text-slate-600">
                  {ACTION_WORDS[v.action] ?? v.action}
                  {v.actorName && ` by ${v.actorName}`}
                </p>
                {v.changed.length > 0 && <p className="break-words text-slate-700">Changed: {v.changed.join(", ")}</p>}
              </div>
              <button type="button" className={buttonClass("secondary", "sm")} disabled={busy} onClick={() => choose(v)}>
                {v.current ? "View" : "Compare"}
                <span className="sr-only"> the version of {formatDate(v.createdAt, true)}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
