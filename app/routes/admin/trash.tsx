import { useState } from "react";
import { useRevalidator } from "react-router";
import { LIST_CONTENT } from "../../../shared/content/registry";
import type { TrashItem } from "../../../shared/schemas/history";
import { mayLoad, useCan } from "../../components/admin/current-user";
import { useConfirm } from "../../components/admin/dialog";
import { RecordList } from "../../components/admin/record-list";
import { adminMeta, type ListData, loadList } from "../../components/admin/screen-data";
import { formatDate, PageHeader, RowActionButton } from "../../components/admin/screen-parts";
import { useToast } from "../../components/admin/toast";
import { api, errorMessage } from "../../lib/api-client";
import type { Route } from "./+types/trash";

/**
 * Trash (/admin/trash, editors and owners): what was deleted, by whom and when. Restore puts a record back
 * where it was, with its images; Delete forever (owners) removes it for good. Emptied after 30 days.
 */

export async function clientLoader(): Promise<ListData<TrashItem>> {
  if (!(await mayLoad("content"))) return { items: [], error: null };
  return loadList<TrashItem>("/api/trash", "Failed to fetch the trash");
}

export const meta = () => adminMeta("Trash");

/** Where a restored record is managed, to say so in the toast's place. */
const SCREEN_OF: Record<string, string> = {
  ...Object.fromEntries(LIST_CONTENT.map((c) => [c.name, c.admin.title])),
  category: "Categories Management",
  product: "Products Management",
};

export default function TrashScreen({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const confirm = useConfirm();
  const toast = useToast();
  const canPurge = useCan("purge");
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (item: TrashItem, call: () => Promise<{ message?: string }>, fallback: string) => {
    setBusy(item._id);
    try {
      const answer = await call();
      toast.success(answer.message ?? "Done.");
    } catch (err) {
      toast.error(errorMessage(err, fallback));
    } finally {
      setBusy(null);
    }
    await revalidator.revalidate();
  };

  const restore = (item: TrashItem) =>
    run(
      item,
      () => api(`/api/trash/${item.type}/${item.recordId}/restore`, { method: "POST" }),
      `Failed to restore this ${item.typeLabel.toLowerCase()}.`,
    );

  const purge = async (item: TrashItem) => {
    const name = item.label || `this ${item.typeLabel.toLowerCase()}`;
    if (!(await confirm(`Delete “${name}” for good? This cannot be undone.`, { confirmLabel: "Delete forever" }))) return;
    await run(
      item,
      () => api(`/api/trash/${item.type}/${item.recordId}`, { method: "DELETE" }),
      `Failed to delete this ${item.typeLabel.toLowerCase()}.`,
    );
  };

  return (
    <div>
      <PageHeader
        title="Trash"
        description="Deleted records, kept for 30 days. Restore puts one back where it was, with its images."
      />
      <RecordList error={loaderData.error} onRetry={() => revalidator.revalidate()} emptyText="The trash is empty">
        {loaderData.items.map((item) => {
          const name = item.label || `(untitled ${item.typeLabel.toLowerCase()})`;
          return (
            <li
              key={item._id}
              data-trash={item.label}
              className="grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
            >
              <div className="min-w-0">
                <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{item.typeLabel}</p>
                <h2 className="font-semibold break-words text-slate-900">{name}</h2>
                <p className="text-sm text-slate-600">
                  Deleted <time dateTime={item.deletedAt}>{formatDate(item.deletedAt, true)}</time>
                  {item.deletedBy && ` by ${item.deletedBy}`}
                  {SCREEN_OF[item.type] && <span className="hidden sm:inline"> · from {SCREEN_OF[item.type]}</span>}
                </p>
              </div>
              <div className="flex flex-wrap gap-2 sm:justify-end">
                <RowActionButton action="restore" row={item} busy={busy} target={name} onClick={restore} />
                {canPurge && <RowActionButton action="purge" row={item} busy={busy} target={name} onClick={purge} />}
              </div>
            </li>
          );
        })}
      </RecordList>
    </div>
  );
}
