import { type ReactNode, useState } from "react";
import { useRevalidator } from "react-router";
import type { ManualRedirect, NotFoundPath } from "../../../shared/schemas/redirects";
import { mayLoad } from "../../components/admin/current-user";
import { Dialog, useConfirm } from "../../components/admin/dialog";
import { TextField } from "../../components/admin/fields";
import { RecordList } from "../../components/admin/record-list";
import { adminMeta } from "../../components/admin/screen-data";
import { buttonClass, ErrorState, formatDate, PageHeader, RowActionButton } from "../../components/admin/screen-parts";
import { useToast } from "../../components/admin/toast";
import { api, apiWithHeaders, errorMessage } from "../../lib/api-client";
import type { Route } from "./+types/not-found-pages";

/**
 * Not found (/admin/not-found-pages, editors and owners): the public addresses that answered "Page not
 * found", most visited first, each with "Redirect to…" a page of the site; and the redirects made so far,
 * which can be removed (docs/decisions/025).
 */

interface NotFoundData {
  paths: NotFoundPath[];
  /** How many paths are kept in all (the screen lists the most visited). */
  total: number;
  redirects: ManualRedirect[];
  error: string | null;
}

const FETCH_FAILED = "Failed to fetch the pages not found";

export async function clientLoader(): Promise<NotFoundData> {
  const empty = { paths: [], total: 0, redirects: [], error: null };
  if (!(await mayLoad("content"))) return empty;
  try {
    const [notFound, redirects] = await Promise.all([
      apiWithHeaders<NotFoundPath[]>("/api/not-found"),
      api<ManualRedirect[]>("/api/redirects"),
    ]);
    return {
      paths: notFound.data,
      total: Number(notFound.headers.get("x-total-count") ?? notFound.data.length),
      redirects,
      error: null,
    };
  } catch (err) {
    console.error(FETCH_FAILED, err);
    return { ...empty, error: FETCH_FAILED };
  }
}

export const meta = () => adminMeta("Not found");

const visits = (n: number) => `${n.toLocaleString("en-IN")} ${n === 1 ? "visit" : "visits"}`;

export default function NotFoundScreen({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const confirm = useConfirm();
  const toast = useToast();
  const [redirecting, setRedirecting] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const remove = async (r: ManualRedirect) => {
    if (
      !(await confirm(`Remove the redirect from ${r.from}? It will answer “Page not found” again.`, { confirmLabel: "Remove" }))
    )
      return;
    setBusy(r._id);
    try {
      const answer = await api<{ message: string }>(`/api/redirects/${r._id}`, { method: "DELETE" });
      toast.success(answer.message);
    } catch (err) {
      toast.error(errorMessage(err, "Failed to remove the redirect."));
    } finally {
      setBusy(null);
    }
    await revalidator.revalidate();
  };

  if (loaderData.error) return <ErrorState text={loaderData.error} onRetry={() => revalidator.revalidate()} />;
  const { paths, total, redirects } = loaderData;
  return (
    <div className="space-y-8">
      <PageHeader
        title="Not found"
        description="Addresses on the site that answered “Page not found”, most visited first. Point one at a page to send its visitors there."
      />
      <ListSection
        id="missed-heading"
        heading={
          <>
            Pages not found
            {total > paths.length && (
              <span className="ml-2 text-sm font-normal text-slate-600">
                ({paths.length} most visited of {total.toLocaleString("en-IN")})
              </span>
            )}
          </>
        }
        emptyText="No visitor has met a missing page yet."
      >
        {paths.map((p) => (
          <li key={p.path} data-path={p.path} className={ROW_CLASS}>
            <div className="min-w-0">
              <p className="font-mono text-sm font-semibold wrap-anywhere text-slate-900">{p.path}</p>
              <p className="text-sm text-slate-600">
                {visits(p.hits)} · last <time dateTime={p.lastSeenAt}>{formatDate(p.lastSeenAt, true)}</time>
                {p.referrerHost && ` · from ${p.referrerHost}`}
              </p>
            </div>
            <button type="button" className={buttonClass("secondary", "sm")} onClick={() => setRedirecting(p.path)}>
              Redirect to…<span className="sr-only"> (from {p.path})</span>
            </button>
          </li>
        ))}
      </ListSection>
      <ListSection id="redirects-heading" heading="Redirects" emptyText="No redirects yet.">
        {redirects.map((r) => (
          <li key={r._id} data-redirect={r.from} className={ROW_CLASS}>
            <p className="min-w-0 font-mono text-sm wrap-anywhere text-slate-900">
              {r.from}{" "}
              <span className="block sm:inline">
                <span aria-hidden="true">→</span>
                <span className="sr-only">redirects to</span> {r.to}
              </span>
            </p>
            <RowActionButton action="remove" row={r} busy={busy} target={`the redirect from ${r.from}`} onClick={remove} />
          </li>
        ))}
      </ListSection>
      <RedirectDialog
        from={redirecting}
        onClose={() => setRedirecting(null)}
        onSaved={async (message) => {
          setRedirecting(null);
          toast.success(message);
          await revalidator.revalidate();
        }}
      />
    </div>
  );
}

/** A row of either list: what it is on the left, its button on the right (under it on a phone). */
const ROW_CLASS = "grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center";

/** One of the screen's two lists under its heading. */
function ListSection({
  id,
  heading,
  emptyText,
  children,
}: {
  id: string;
  heading: ReactNode;
  emptyText: string;
  children: ReactNode[];
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      <RecordList emptyText={emptyText}>{children}</RecordList>
    </section>
  );
}

/** "Redirect to…": the page a missed address should lead to; the server's refusal is shown under the field. */
function RedirectDialog({
  from,
  onClose,
  onSaved,
}: {
  from: string | null;
  onClose: () => void;
  onSaved: (message: string) => Promise<void>;
}) {
  const [to, setTo] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const close = () => {
    setTo("");
    setError(undefined);
    onClose();
  };
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!from) return;
    setSaving(true);
    try {
      const answer = await api<{ message: string }>("/api/redirects", { method: "POST", json: { from, to } });
      setTo("");
      setError(undefined);
      await onSaved(answer.message);
    } catch (err) {
      setError(errorMessage(err, "Failed to save the redirect."));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog
      open={from !== null}
      title="Redirect to…"
      onClose={close}
      size="sm"
      footer={
        <>
          <button type="button" className={buttonClass("secondary")} onClick={close}>
            Cancel
          </button>
          <button type="submit" form="redirect-form" className={buttonClass("primary")} disabled={saving}>
            {saving ? "Saving..." : "Save redirect"}
          </button>
        </>
      }
    >
      <form id="redirect-form" onSubmit={save} className="space-y-3">
        <p className="text-sm text-slate-700">
          Visitors to <span className="font-mono wrap-anywhere">{from}</span> will be sent to this page.
        </p>
        <TextField
          label="Redirect to"
          value={to}
          onChange={setTo}
          required
          error={error}
          placeholder="/products/rotary-screw-compressors"
          hint="The path of a page on this site, starting with /."
        />
      </form>
    </Dialog>
  );
}
