import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useNavigation, useRevalidator, useSearchParams } from "react-router";
import {
  CONTACT_STATUSES,
  CONTACT_TYPE_LABEL,
  CONTACT_TYPES,
  type Contact,
  LEAD_SOURCE_LABEL,
  LEAD_SOURCES,
} from "../../../shared/schemas/enquiry-values";
import { ContactDetail } from "../../components/admin/contact-detail";
import { HeldBadge, KindBadge, SourceBadge, StatusSelect } from "../../components/admin/contact-status";
import { mayLoad, useCan } from "../../components/admin/current-user";
import { Dialog, useConfirm } from "../../components/admin/dialog";
import { DownloadButton } from "../../components/admin/download-button";
import { FilterSelect } from "../../components/admin/filter-select";
import { Pager } from "../../components/admin/pager";
import { adminMeta } from "../../components/admin/screen-data";
import { buttonClass, EmptyState, ErrorState, formatDate, PageHeader } from "../../components/admin/screen-parts";
import { useToast } from "../../components/admin/toast";
import { SearchIcon } from "../../components/icons";
import { api, apiWithHeaders, errorDetail, errorMessage } from "../../lib/api-client";
import type { Route } from "./+types/contacts";

/**
 * Contact Messages, the inbox of every enquiry (messages, quote requests, service requests). The filters
 * (status, type, source, e-mail, held), the search and the page live in the URL and are asked of the server, 25
 * enquiries a page. Held enquiries (past the hourly cap: no acknowledgement, listed in the staff's hourly
 * digest, whose link opens the Held filter) carry a badge and a Release button.
 * The same module answers /admin/contacts/{id} (the link in the staff e-mail): the list with that
 * enquiry's detail dialog open.
 */

const PAGE_SIZE = 25;
const SEARCH_DELAY_MS = 300;

const STATUS_FILTERS = ["all", ...CONTACT_STATUSES] as const;
const STATUS_LABEL: Record<string, string> = { all: "All", new: "New", "in-progress": "In progress", resolved: "Resolved" };
const TYPE_FILTERS = ["all", ...CONTACT_TYPES] as const;
const TYPE_LABEL: Record<string, string> = { all: "All", message: "Messages", quote: "Quotes", service: "Service requests" };
const SOURCE_FILTERS = ["all", ...LEAD_SOURCES] as const;
const SOURCE_LABEL: Record<string, string> = { all: "All", ...LEAD_SOURCE_LABEL };
const NOTIFICATION_FILTERS = ["all", "failed", "queued", "sent", "off"] as const;
const NOTIFICATION_LABEL: Record<string, string> = {
  all: "All",
  failed: "Failed",
  queued: "Waiting to send",
  sent: "Sent",
  off: "Not sent (off)",
};
const HELD_FILTERS = ["all", "true", "false"] as const;
const HELD_LABEL: Record<string, string> = { all: "All", true: "Held only", false: "Not held" };

/** The inbox's five filters, in the order they stand (each a parameter of the URL and of the API). */
const INBOX_FILTERS = [
  { key: "status", label: "Status", options: STATUS_FILTERS, labels: STATUS_LABEL, width: "md:w-40" },
  { key: "type", label: "Type", options: TYPE_FILTERS, labels: TYPE_LABEL, width: "md:w-48" },
  { key: "source", label: "Source", options: SOURCE_FILTERS, labels: SOURCE_LABEL, width: "md:w-36" },
  { key: "notification", label: "E-mail", options: NOTIFICATION_FILTERS, labels: NOTIFICATION_LABEL, width: "md:w-44" },
  { key: "held", label: "Held", options: HELD_FILTERS, labels: HELD_LABEL, width: "md:w-36" },
] as const;

const CONTACT_TEXTS = {
  deleteQuestion: "Are you sure you want to delete this contact?",
  empty: "No contacts found",
  statusUpdated: "Contact status updated successfully!",
  deleted: "Contact deleted successfully!",
  exportFailed: "Failed to export the enquiries",
  releaseFailed: "Failed to release the enquiry",
  openFailed: "Failed to open the enquiry",
};

export interface InboxQuery {
  status: string;
  type: string;
  /** Where the lead came from (website, manual, indiamart). */
  source: string;
  /** The staff notification e-mail's state. */
  notification: string;
  /** "true": only held enquiries (past the hourly cap); "false": only the others. */
  held: string;
  q: string;
  page: number;
}

/** The inbox's filters from a URL (`search` is the older name of `q`). */
export function inboxQuery(params: URLSearchParams): InboxQuery {
  const status = params.get("status") ?? "all";
  const type = params.get("type") ?? "all";
  const source = params.get("source") ?? "all";
  const notification = params.get("notification") ?? "all";
  const held = params.get("held") ?? "all";
  return {
    status: (STATUS_FILTERS as readonly string[]).includes(status) ? status : "all",
    type: (TYPE_FILTERS as readonly string[]).includes(type) ? type : "all",
    source: (SOURCE_FILTERS as readonly string[]).includes(source) ? source : "all",
    notification: (NOTIFICATION_FILTERS as readonly string[]).includes(notification) ? notification : "all",
    held: (HELD_FILTERS as readonly string[]).includes(held) ? held : "all",
    q: (params.get("q") ?? params.get("search") ?? "").trim(),
    page: Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1),
  };
}

/** The API's filter for a query (all = no filter). */
function apiFilter(query: InboxQuery) {
  return {
    status: query.status === "all" ? undefined : query.status,
    type: query.type === "all" ? undefined : query.type,
    source: query.source === "all" ? undefined : query.source,
    notification: query.notification === "all" ? undefined : query.notification,
    held: query.held === "all" ? undefined : query.held,
    q: query.q || undefined,
  };
}

async function loadList(query: InboxQuery) {
  try {
    const { data, headers } = await apiWithHeaders<Contact[]>("/api/contacts", {
      query: { ...apiFilter(query), page: query.page, limit: PAGE_SIZE },
    });
    const contacts = Array.isArray(data) ? data : [];
    const total = Number(headers.get("X-Total-Count") ?? contacts.length);
    return { contacts, total: Number.isFinite(total) ? total : contacts.length, error: null as string | null };
  } catch (err) {
    console.error("Failed to fetch contacts", err);
    return { contacts: [] as Contact[], total: 0, error: `Error: ${errorDetail(err)}` };
  }
}

async function loadDetail(id: string | undefined) {
  if (!id) return { detail: null, detailError: null };
  try {
    return { detail: await api<Contact>(`/api/contacts/${encodeURIComponent(id)}`), detailError: null as string | null };
  } catch (err) {
    console.error("Failed to fetch the contact", err);
    return { detail: null as Contact | null, detailError: `Error: ${errorDetail(err)}` };
  }
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const query = inboxQuery(new URL(request.url).searchParams);
  const id = "id" in params && typeof params.id === "string" ? params.id : undefined;
  // A role without enquiries sees "Not allowed" (the layout); nothing is asked of the server.
  if (!(await mayLoad("enquiries"))) {
    return { contacts: [] as Contact[], total: 0, error: null, detail: null, detailError: null, query };
  }
  const [list, detail] = await Promise.all([loadList(query), loadDetail(id)]);
  return { ...list, ...detail, query };
}

export const meta = () => adminMeta("Contact Messages");

function rangeText(page: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return "";
  const first = (page - 1) * PAGE_SIZE + 1;
  return `Showing ${first}–${first + shown - 1} of ${total}`;
}

export default function ContactsScreen({ loaderData }: Route.ComponentProps) {
  const { query, total } = loaderData;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [contacts, setContacts] = useState(loaderData.contacts);
  const [detail, setDetail] = useState<Contact | null>(loaderData.detail);
  const onDetailRoute = loaderData.detail !== null || loaderData.detailError !== null;
  const search = useInboxSearch(query);
  const actions = useInboxActions({ query, onDetailRoute, pageHref: search.pageHref, detail, setDetail, setContacts });

  useEffect(() => setContacts(loaderData.contacts), [loaderData.contacts]);

  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin/contacts";

  return (
    <div>
      <PageHeader
        title="Contact Messages"
        description="Messages, quote requests and service requests: from the website, typed in by staff, and from IndiaMART."
        actions={
          <DownloadButton
            path="/api/contacts/export.csv"
            fileName="enquiries.csv"
            query={apiFilter(query)}
            label="Export CSV"
            busyLabel="Exporting..."
            failure={CONTACT_TEXTS.exportFailed}
          />
        }
      />
      <InboxFilters query={query} text={search.text} onSearch={search.onSearch} onChange={search.update} />

      {loaderData.detailError && (
        <div role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          {loaderData.detailError}
        </div>
      )}

      {loaderData.error ? (
        <ErrorState text={loaderData.error} onRetry={() => revalidator.revalidate()} />
      ) : contacts.length === 0 ? (
        <EmptyState text={CONTACT_TEXTS.empty}>
          {query.page > 1 && total > 0 && (
            <Link to={search.pageHref(1)} className={buttonClass("secondary")}>
              Back to the first page
            </Link>
          )}
        </EmptyState>
      ) : (
        <div aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : ""}>
          <p className="mb-2 text-sm text-slate-600" aria-live="polite">
            {total === 1 ? "1 enquiry" : `${total} enquiries`}
            {pages > 1 && <span> · {rangeText(query.page, contacts.length, total)}</span>}
          </p>

          <EnquiryCards contacts={contacts} actions={actions} />
          <EnquiryTable contacts={contacts} actions={actions} />

          <Pager
            label="Pages"
            page={query.page}
            pages={pages}
            href={search.pageHref}
            previous={
              <>
                Previous<span className="sr-only"> page</span>
              </>
            }
            next={
              <>
                Next<span className="sr-only"> page</span>
              </>
            }
          />
        </div>
      )}

      <Dialog
        open={detail !== null}
        title={detail ? `${CONTACT_TYPE_LABEL[detail.type] ?? "Contact message"} ${detail.reference}` : "Contact message"}
        onClose={actions.closeDetail}
        size="lg"
      >
        {detail && (
          <ContactDetail
            contact={detail}
            busy={actions.busy === detail._id}
            onStatus={(s) => actions.onStatus(detail, s)}
            onDelete={actions.canDelete ? () => actions.onDelete(detail) : undefined}
            onRelease={() => actions.onRelease(detail)}
            onUpdated={actions.replace}
          />
        )}
      </Dialog>
    </div>
  );
}

/**
 * The search box as typed (sent to the URL a moment after typing stops), the filters' changes to the URL,
 * and the links to the list's pages.
 */
function useInboxSearch(query: InboxQuery) {
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const [text, setText] = useState(query.q);
  const timer = useRef<number | undefined>(undefined);
  // The filters to build on: those of a navigation still loading (a type chosen a moment ago), else the URL's.
  // Built on the URL's alone, a search typed while a slow server answered the type would drop the type.
  const pending = navigation.location?.pathname === "/admin/contacts" ? new URLSearchParams(navigation.location.search) : null;
  const latest = useRef({ params, text });
  latest.current = { params: pending ?? params, text };

  // The URL's search changed by other means (back button, a link): show it in the box.
  useEffect(() => {
    if (timer.current === undefined && latest.current.text.trim() !== query.q) setText(query.q);
  }, [query.q]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  /** Applies filter changes to the URL, always with the search as typed so far (a pending search is not lost). */
  const update = (changes: Record<string, string>, replace = true) => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    const next = new URLSearchParams(latest.current.params);
    next.delete("search");
    const values: Record<string, string> = { q: latest.current.text.trim(), ...changes };
    for (const [k, v] of Object.entries(values)) {
      if (v === "" || v === "all" || (k === "page" && v === "1")) next.delete(k);
      else next.set(k, v);
    }
    if (!("page" in changes)) next.delete("page");
    if (next.toString() === latest.current.params.toString()) return;
    setParams(next, { replace, preventScrollReset: true });
    latest.current.params = next;
  };

  const onSearch = (value: string) => {
    setText(value);
    latest.current.text = value;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      timer.current = undefined;
      if (value.trim() !== query.q) update({});
    }, SEARCH_DELAY_MS);
  };

  const pageHref = (page: number) => {
    const next = new URLSearchParams(params);
    next.delete("search");
    if (query.q) next.set("q", query.q);
    if (page > 1) next.set("page", String(page));
    else next.delete("page");
    const qs = next.toString();
    return `/admin/contacts${qs ? `?${qs}` : ""}`;
  };

  return { text, onSearch, update, pageHref };
}

/** What staff do to an enquiry, in the list or its dialog: view, change its status, release, delete. */
function useInboxActions({
  query,
  onDetailRoute,
  pageHref,
  detail,
  setDetail,
  setContacts,
}: {
  query: InboxQuery;
  /** /admin/contacts/{id}: the dialog is the page's own. */
  onDetailRoute: boolean;
  pageHref: (page: number) => string;
  detail: Contact | null;
  setDetail: Dispatch<SetStateAction<Contact | null>>;
  setContacts: Dispatch<SetStateAction<Contact[]>>;
}): RowActions & { replace: (updated: Contact) => void; closeDetail: () => void } {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const confirm = useConfirm();
  const toast = useToast();
  const canDelete = useCan("deleteEnquiries");
  const [busy, setBusy] = useState<string | null>(null);
  const leaving = useRef(false);

  const replace = (updated: Contact) => {
    setContacts((list) => list.map((c) => (c._id === updated._id ? updated : c)));
    setDetail((d) => (d && d._id === updated._id ? updated : d));
  };

  const changeStatus = async (contact: Contact, next: string) => {
    setBusy(contact._id);
    try {
      const updated = await api<Contact>(`/api/contacts/${contact._id}/status`, { method: "PUT", json: { status: next } });
      replace(updated);
      toast.success(CONTACT_TEXTS.statusUpdated);
    } catch (err) {
      console.error("Failed to update contact status", err);
      toast.error("Failed to update contact status");
    } finally {
      setBusy(null);
    }
  };

  const closeDetail = () => {
    setDetail(null);
    // /admin/contacts/{id}: closing the dialog leaves the enquiry's own address for the list.
    if (onDetailRoute && !leaving.current) {
      leaving.current = true;
      navigate(pageHref(query.page), { replace: true, preventScrollReset: true });
    }
  };

  const release = async (contact: Contact) => {
    setBusy(contact._id);
    try {
      const answer = await api<{ message: string; data: Contact }>(`/api/contacts/${contact._id}/release`, { method: "POST" });
      replace(answer.data);
      toast.success(`${contact.reference}: ${answer.message}`);
      // Under the Held filter it leaves the list, and the next one moves up onto this page.
      if (query.held === "true" && !onDetailRoute) revalidator.revalidate();
    } catch (err) {
      console.error(CONTACT_TEXTS.releaseFailed, err);
      toast.error(errorMessage(err, CONTACT_TEXTS.releaseFailed));
    } finally {
      setBusy(null);
    }
  };

  // Asked of the server, not drawn from the list: opening an enquiry is what the access log records.
  const view = async (contact: Contact) => {
    setBusy(contact._id);
    try {
      setDetail(await api<Contact>(`/api/contacts/${contact._id}`));
    } catch (err) {
      console.error(CONTACT_TEXTS.openFailed, err);
      toast.error(errorMessage(err, CONTACT_TEXTS.openFailed));
    } finally {
      setBusy(null);
    }
  };

  const remove = async (contact: Contact) => {
    if (!(await confirm(CONTACT_TEXTS.deleteQuestion))) return;
    try {
      await api(`/api/contacts/${contact._id}`, { method: "DELETE" });
      setContacts((list) => list.filter((c) => c._id !== contact._id));
      if (detail?._id === contact._id) closeDetail();
      toast.success(CONTACT_TEXTS.deleted);
      // The next enquiry moves up onto this page.
      if (!onDetailRoute) revalidator.revalidate();
    } catch (err) {
      console.error("Failed to delete contact", err);
      toast.error("Failed to delete contact");
      revalidator.revalidate();
    }
  };

  return {
    busy,
    canDelete,
    onView: (contact) => void view(contact),
    onStatus: changeStatus,
    onDelete: remove,
    onRelease: release,
    replace,
    closeDetail,
  };
}

function ReleaseButton({
  contact,
  disabled,
  onRelease,
}: {
  contact: Contact;
  disabled: boolean;
  onRelease: (contact: Contact) => void;
}) {
  return (
    <button type="button" className={buttonClass("secondary", "sm")} disabled={disabled} onClick={() => onRelease(contact)}>
      Release<span className="sr-only"> the held message from {contact.name}</span>
    </button>
  );
}

/** The inbox's filters and search box; each change goes to the URL through `onChange`. */
function InboxFilters({
  query,
  text,
  onSearch,
  onChange,
}: {
  query: InboxQuery;
  text: string;
  onSearch: (value: string) => void;
  onChange: (changes: Record<string, string>) => void;
}) {
  return (
    <form
      aria-label="Filter the enquiries"
      className="mb-4 flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 md:flex-row md:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        onChange({});
      }}
    >
      <div className="grid grid-cols-2 gap-3 md:flex">
        {INBOX_FILTERS.map((f) => (
          <FilterSelect
            key={f.key}
            id={`contact-${f.key}-filter`}
            label={f.label}
            value={query[f.key]}
            options={f.options.map((o) => ({ value: o, label: f.labels[o] ?? o }))}
            width={f.width}
            onChange={(v) => onChange({ [f.key]: v })}
          />
        ))}
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
            value={text}
            placeholder="Name, e-mail, company, reference or product"
            onChange={(e) => onSearch(e.target.value)}
            className="min-h-10 w-full rounded-md border border-slate-400 bg-white py-2 pr-3 pl-9 text-sm placeholder:text-slate-500"
          />
        </div>
      </div>
    </form>
  );
}

/** An enquiry's status in its row, changed in place. */
function RowStatus({ contact, actions }: { contact: Contact; actions: RowActions }) {
  return (
    <StatusSelect
      value={contact.status}
      label={`Status of the message from ${contact.name}`}
      disabled={actions.busy === contact._id}
      onChange={(s) => actions.onStatus(contact, s)}
    />
  );
}

/** What a row of the inbox can do (the screen's handlers). */
interface RowActions {
  /** The id of the enquiry being changed, if any. */
  busy: string | null;
  canDelete: boolean;
  onView: (contact: Contact) => void;
  onStatus: (contact: Contact, status: string) => void;
  onDelete: (contact: Contact) => void;
  onRelease: (contact: Contact) => void;
}

/**
 * Phones: one card per enquiry, nothing to scroll sideways. The card's big control opens the enquiry; Delete
 * is in the detail view (with its confirmation), never a thumb's slip away in the list.
 */
function EnquiryCards({ contacts, actions }: { contacts: Contact[]; actions: RowActions }) {
  return (
    <ul className="space-y-3 md:hidden" aria-label="Enquiries">
      {contacts.map((c) => (
        <li key={c._id} data-contact={c.email} className="rounded-lg border border-slate-200 bg-white shadow-sm">
          <button
            type="button"
            className="block w-full rounded-t-lg px-4 pt-3 pb-2 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500"
            onClick={() => actions.onView(c)}
          >
            <span className="sr-only">View the message from </span>
            <span className="flex items-start justify-between gap-2">
              <span className="min-w-0 font-semibold break-words text-slate-900">{c.name}</span>
              <span className="flex shrink-0 flex-wrap justify-end gap-1">
                {c.held && <HeldBadge />}
                <KindBadge type={c.type} />
                <SourceBadge source={c.source} />
              </span>
            </span>
            <span className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-600">
              <span className="font-mono text-slate-800">{c.reference}</span>
              <span>{formatDate(c.date, true)}</span>
            </span>
            <span className="mt-1 block truncate text-sm text-slate-700">{c.subject}</span>
          </button>
          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 px-4 py-2">
            <RowStatus contact={c} actions={actions} />
            {c.held && <ReleaseButton contact={c} disabled={actions.busy === c._id} onRelease={actions.onRelease} />}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Wider screens: the table. */
function EnquiryTable({ contacts, actions }: { contacts: Contact[]; actions: RowActions }) {
  return (
    <div className="relative hidden overflow-x-auto rounded-lg border border-slate-200 bg-white md:block">
      <table className="w-full min-w-[720px] text-left text-sm">
        <caption className="sr-only">Contact messages</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-700 uppercase">
          <tr>
            {["Name", "Kind", "Subject", "Date", "Status"].map((heading) => (
              <th key={heading} scope="col" className="px-4 py-3">
                {heading}
              </th>
            ))}
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {contacts.map((c) => (
            <tr key={c._id} data-contact={c.email}>
              <td className="w-64 min-w-52 px-4 py-3 align-top">
                <p className="font-semibold break-words text-slate-900">{c.name}</p>
                {/* An IndiaMART phone call or buy-lead may come without an address: its phone instead. */}
                {c.email ? (
                  <a href={`mailto:${c.email}`} className="break-all text-brand-700 underline">
                    {c.email}
                  </a>
                ) : (
                  c.phone && <p className="break-all text-slate-700">{c.phone}</p>
                )}
                {c.company && <p className="break-words text-slate-600">{c.company}</p>}
              </td>
              <td className="px-4 py-3 align-top">
                <div className="flex flex-wrap gap-1">
                  <KindBadge type={c.type} />
                  <SourceBadge source={c.source} />
                  {c.held && <HeldBadge />}
                </div>
                <p className="mt-1 font-mono text-xs whitespace-nowrap text-slate-800">{c.reference}</p>
              </td>
              <td className="min-w-56 px-4 py-3 align-top">
                {c.items.length > 0 ? (
                  // A quote's subject only lists its products: show them with their quantities instead.
                  <p className="line-clamp-3 font-medium break-words text-slate-800">
                    {c.items.map((i) => `${i.product.name} × ${i.quantity}`).join(", ")}
                  </p>
                ) : (
                  <>
                    <p className="font-medium break-words text-slate-800">{c.subject}</p>
                    <p className="line-clamp-2 break-words text-slate-600">{c.message}</p>
                  </>
                )}
              </td>
              <td className="px-4 py-3 align-top whitespace-nowrap text-slate-700">{formatDate(c.date, true)}</td>
              <td className="px-4 py-3 align-top">
                <RowStatus contact={c} actions={actions} />
              </td>
              <td className="min-w-48 px-4 py-3 align-top">
                {/* Two buttons a line: a held row's Release wraps rather than widening the table past the screen. */}
                <div className="flex flex-wrap gap-2">
                  <button type="button" className={buttonClass("secondary", "sm")} onClick={() => actions.onView(c)}>
                    View<span className="sr-only"> the message from {c.name}</span>
                  </button>
                  {c.held && <ReleaseButton contact={c} disabled={actions.busy === c._id} onRelease={actions.onRelease} />}
                  {actions.canDelete && (
                    <button type="button" className={buttonClass("danger-outline", "sm")} onClick={() => actions.onDelete(c)}>
                      Delete<span className="sr-only"> the message from {c.name}</span>
                    </button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
