import { useEffect, useMemo, useState } from "react";
import { type ShouldRevalidateFunctionArgs, useRevalidator, useSearchParams } from "react-router";
import { StatusBadge, StatusSelect } from "../../components/admin/contact-status";
import { adminMeta } from "../../components/admin/data";
import { Dialog, useConfirm } from "../../components/admin/dialog";
import { useToast } from "../../components/admin/toast";
import { buttonClass, EmptyState, ErrorState, formatDate, PageHeader } from "../../components/admin/ui";
import { SearchIcon } from "../../components/icons";
import { api, errorDetail } from "../../lib/api-client";
import { CONTACT_STATUSES, type Contact } from "../../schemas/contact";
import type { Route } from "./+types/contacts";

const FILTERS = ["all", ...CONTACT_STATUSES] as const;
const FILTER_LABEL: Record<string, string> = { all: "All", new: "New", "in-progress": "In progress", resolved: "Resolved" };

/** The status filter is asked of the server; the search is applied in the browser (SPEC §5). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const status = new URL(request.url).searchParams.get("status") ?? "all";
  try {
    const contacts = await api<Contact[]>("/api/contacts", { query: { status: status === "all" ? undefined : status } });
    return { contacts, error: null as string | null };
  } catch (err) {
    console.error("Failed to fetch contacts", err);
    return { contacts: [] as Contact[], error: `Error: ${errorDetail(err)}` };
  }
}

/** Typing in the search box filters what is already loaded. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.searchParams.get("status") === nextUrl.searchParams.get("status")) {
    return currentUrl.search === nextUrl.search ? defaultShouldRevalidate : false;
  }
  return defaultShouldRevalidate;
}

export const meta = () => adminMeta("Contact Messages");

export function matchesSearch(c: Contact, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return [c.name, c.email, c.subject].some((v) => (v ?? "").toLowerCase().includes(q));
}

export default function ContactsScreen({ loaderData }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const status = params.get("status") ?? "all";
  const search = params.get("search") ?? "";
  const [contacts, setContacts] = useState(loaderData.contacts);
  const [viewing, setViewing] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const revalidator = useRevalidator();
  const confirm = useConfirm();
  const toast = useToast();

  useEffect(() => setContacts(loaderData.contacts), [loaderData.contacts]);

  const shown = useMemo(() => contacts.filter((c) => matchesSearch(c, search)), [contacts, search]);
  const current = contacts.find((c) => c._id === viewing) ?? null;

  const setParam = (name: string, value: string, empty: string) => {
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === empty) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const changeStatus = async (contact: Contact, next: string) => {
    setBusy(contact._id);
    try {
      const updated = await api<Contact>(`/api/contacts/${contact._id}/status`, { method: "PUT", json: { status: next } });
      setContacts((list) => list.map((c) => (c._id === updated._id ? updated : c)));
      toast.success("Contact status updated successfully!");
    } catch (err) {
      console.error("Failed to update contact status", err);
      toast.error("Failed to update contact status");
    } finally {
      setBusy(null);
    }
  };

  const remove = async (contact: Contact) => {
    if (!(await confirm("Are you sure you want to delete this contact?"))) return;
    try {
      await api(`/api/contacts/${contact._id}`, { method: "DELETE" });
      setContacts((list) => list.filter((c) => c._id !== contact._id));
      setViewing(null);
      toast.success("Contact deleted successfully!");
    } catch (err) {
      console.error("Failed to delete contact", err);
      toast.error("Failed to delete contact");
      revalidator.revalidate();
    }
  };

  return (
    <div>
      <PageHeader title="Contact Messages" description="Messages sent through the website's contact form." />
      <div className="mb-4 flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 md:flex-row md:items-end">
        <div>
          <label htmlFor="contact-status-filter" className="mb-1 block text-sm font-semibold text-slate-800">
            Status
          </label>
          <select
            id="contact-status-filter"
            value={status}
            onChange={(e) => setParam("status", e.target.value, "all")}
            className="min-h-10 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm md:w-48"
          >
            {FILTERS.map((f) => (
              <option key={f} value={f}>
                {FILTER_LABEL[f]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex-1">
          <label htmlFor="contact-search" className="mb-1 block text-sm font-semibold text-slate-800">
            Search
          </label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" />
            <input
              id="contact-search"
              type="search"
              value={search}
              placeholder="Name, e-mail or subject"
              onChange={(e) => setParam("search", e.target.value, "")}
              className="min-h-10 w-full rounded-md border border-slate-400 bg-white py-2 pr-3 pl-9 text-sm placeholder:text-slate-500"
            />
          </div>
        </div>
      </div>

      {loaderData.error ? (
        <ErrorState text={loaderData.error} onRetry={() => revalidator.revalidate()} />
      ) : shown.length === 0 ? (
        <EmptyState text="No contacts found" />
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600" aria-live="polite">
            {shown.length === 1 ? "1 message" : `${shown.length} messages`}
          </p>
          <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full min-w-[720px] text-left text-sm">
              <caption className="sr-only">Contact messages</caption>
              <thead className="bg-slate-50 text-xs tracking-wide text-slate-700 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Name
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Subject
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Date
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {shown.map((c) => (
                  <tr key={c._id} data-contact={c.email}>
                    <td className="min-w-48 px-4 py-3 align-top">
                      <p className="font-semibold text-slate-900">{c.name}</p>
                      <a href={`mailto:${c.email}`} className="break-all text-brand-700 underline">
                        {c.email}
                      </a>
                      {c.phone && <p className="text-slate-600">{c.phone}</p>}
                    </td>
                    <td className="px-4 py-3 align-top">
                      <p className="font-medium text-slate-800">{c.subject}</p>
                      <p className="line-clamp-2 text-slate-600">{c.message}</p>
                    </td>
                    <td className="px-4 py-3 align-top whitespace-nowrap text-slate-700">{formatDate(c.date)}</td>
                    <td className="px-4 py-3 align-top">
                      <div className="flex flex-col items-start gap-1">
                        <StatusBadge status={c.status} />
                        <StatusSelect
                          value={c.status}
                          label={`Status of the message from ${c.name}`}
                          disabled={busy === c._id}
                          onChange={(s) => changeStatus(c, s)}
                        />
                      </div>
                    </td>
                    <td className="px-4 py-3 align-top">
                      <div className="flex gap-2">
                        <button type="button" className={buttonClass("secondary", "sm")} onClick={() => setViewing(c._id)}>
                          View<span className="sr-only"> the message from {c.name}</span>
                        </button>
                        <button type="button" className={buttonClass("danger-outline", "sm")} onClick={() => remove(c)}>
                          Delete<span className="sr-only"> the message from {c.name}</span>
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      <Dialog open={current !== null} title="Contact message" onClose={() => setViewing(null)}>
        {current && (
          <div className="space-y-4">
            <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
              <div>
                <dt className="text-xs font-semibold text-slate-600 uppercase">Name</dt>
                <dd className="text-slate-900">{current.name}</dd>
              </div>
              <div>
                <dt className="text-xs font-semibold text-slate-600 uppercase">E-mail</dt>
                <dd>
                  <a href={`mailto:${current.email}`} className="break-all text-brand-700 underline">
                    {current.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-xs font-semibold text-slate-600 uppercase">Phone</dt>
                <dd className="text-slate-900">{current.phone || "—"}</dd>
              </div>
              <div>
                <dt className="text-xs font-semibold text-slate-600 uppercase">Date</dt>
                <dd className="text-slate-900">{formatDate(current.date, true)}</dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="text-xs font-semibold text-slate-600 uppercase">Subject</dt>
                <dd className="text-slate-900">{current.subject}</dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="text-xs font-semibold text-slate-600 uppercase">Message</dt>
                <dd className="whitespace-pre-wrap text-slate-900">{current.message}</dd>
              </div>
            </dl>
            <div className="flex flex-wrap items-end justify-between gap-3 border-t border-slate-200 pt-4">
              <StatusSelect
                value={current.status}
                label="Status"
                visibleLabel
                disabled={busy === current._id}
                onChange={(s) => changeStatus(current, s)}
              />
              <button type="button" className={buttonClass("danger-outline")} onClick={() => remove(current)}>
                Delete
              </button>
            </div>
          </div>
        )}
      </Dialog>
    </div>
  );
}
