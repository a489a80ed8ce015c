import { useEffect, useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import type { StaffUser } from "../../../shared/auth/roles";
import { isId } from "../../../shared/lib/ids";
import { DEAL_SOURCE_LABEL, DEAL_SOURCES, DEAL_STAGE_LABEL, DEAL_STAGES, type Deal, dealInput } from "../../../shared/sales/deal";
import { indiaDateOf } from "../../../shared/sales/financial-year";
import { calendarDay } from "../../../shared/schemas/calendar-day";
import { mayLoad, useCurrentUser } from "../../components/admin/current-user";
import { CustomerPicker } from "../../components/admin/customer-picker";
import { NextStep, rupeesText, StageBadge } from "../../components/admin/deal-parts";
import { DownloadButton } from "../../components/admin/download-button";
import { EditorDialog, useEditorForm } from "../../components/admin/editor-form";
import { SelectField, TextField } from "../../components/admin/fields";
import { FilterSelect } from "../../components/admin/filter-select";
import { zodErrors } from "../../components/admin/form-utils";
import { Pager } from "../../components/admin/pager";
import { adminMeta } from "../../components/admin/screen-data";
import { buttonClass, EmptyState, ErrorState, PageHeader } from "../../components/admin/screen-parts";
import { SearchBox, useUrlSearch } from "../../components/admin/url-search";
import { api, apiWithHeaders, errorDetail, errorMessage } from "../../lib/api-client";
import type { Route } from "./+types/deals";

/**
 * Deals (docs/decisions/029-sales-desk.md): every deal with its customer, owner, stage, expected value and
 * next step, filtered by stage, sales person, source and the days made (India's), and searched on the server
 * (title, customer, city, phone, GSTIN, person), 25 a page; the filters and the page are in the URL, and the
 * CSV export asks for the same. Sales people see the others' deals too (read-only on the deal's page) and
 * choose among everyone's, theirs and unassigned; owners may also pick any sales person. A new deal opens its page.
 */

const PAGE_SIZE = 25;
const FETCH_FAILED = "Failed to fetch deals";

const STAGE_OPTIONS = [
  { value: "all", label: "All stages" },
  { value: "open", label: "Open (not won or lost)" },
  ...DEAL_STAGES.map((s) => ({ value: s, label: DEAL_STAGE_LABEL[s] })),
];
const OWNER_OPTIONS = [
  { value: "all", label: "Everyone's" },
  { value: "me", label: "Mine" },
  { value: "none", label: "Unassigned" },
];
const SOURCE_OPTIONS = [
  { value: "all", label: "All sources" },
  ...DEAL_SOURCES.map((s) => ({ value: s, label: DEAL_SOURCE_LABEL[s] })),
];

interface DealsQuery {
  stage: string;
  /** OWNER_OPTIONS' values, or a staff member's id (an owner's choice). */
  owner: string;
  source: string;
  /** India days (YYYY-MM-DD) the deals were made from and to, both inclusive; "" for none. */
  from: string;
  to: string;
  q: string;
  page: number;
}

/** A day the server takes, else none: a typo in the URL drops that filter rather than failing the list. */
const dayOf = (value: string | null) => (value && calendarDay("Day").safeParse(value).success ? value : "");

function dealsQuery(params: URLSearchParams): DealsQuery {
  const stage = params.get("stage") ?? "all";
  const owner = params.get("owner") ?? "all";
  const source = params.get("source") ?? "all";
  return {
    stage: STAGE_OPTIONS.some((o) => o.value === stage) ? stage : "all",
    owner: OWNER_OPTIONS.some((o) => o.value === owner) || isId(owner) ? owner : "all",
    source: SOURCE_OPTIONS.some((o) => o.value === source) ? source : "all",
    from: dayOf(params.get("from")),
    to: dayOf(params.get("to")),
    q: (params.get("q") ?? "").trim(),
    page: Math.max(1, Math.floor(Number(params.get("page")) || 1)),
  };
}

/** The API's filter (all = none): the list and the CSV export use the same. */
const apiFilter = (query: DealsQuery) => ({
  stage: query.stage === "all" ? undefined : query.stage,
  owner: query.owner === "all" ? undefined : query.owner,
  source: query.source === "all" ? undefined : query.source,
  from: query.from || undefined,
  to: query.to || undefined,
  q: query.q || undefined,
});

const filtered = (query: DealsQuery) =>
  Boolean(query.q || query.from || query.to) || [query.stage, query.owner, query.source].some((v) => v !== "all");

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = dealsQuery(new URL(request.url).searchParams);
  const empty = { deals: [] as Deal[], total: 0, query, error: null as string | null };
  if (!(await mayLoad("sales"))) return empty;
  try {
    const { data, headers } = await apiWithHeaders<Deal[]>("/api/deals", {
      query: { ...apiFilter(query), page: query.page, limit: PAGE_SIZE },
    });
    return { ...empty, deals: data, total: Number(headers.get("X-Total-Count") ?? data.length) };
  } catch (err) {
    console.error(FETCH_FAILED, err);
    return { ...empty, error: `${FETCH_FAILED}: ${errorDetail(err)}` };
  }
}

export const meta = () => adminMeta("Deals");

export default function DealsScreen({ loaderData }: Route.ComponentProps) {
  const { deals, total, query, error } = loaderData;
  const revalidator = useRevalidator();
  const search = useUrlSearch(query.q);
  const [adding, setAdding] = useState(0);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const today = indiaDateOf(new Date());
  return (
    <div>
      <PageHeader
        title="Deals"
        description="Every sale from lead to won or lost, with its next step."
        actions={
          <>
            <DownloadButton
              path="/api/deals/export.csv"
              fileName="deals.csv"
              query={apiFilter(query)}
              label="Export CSV"
              busyLabel="Exporting..."
              failure="Failed to export the deals"
            />
            <button type="button" className={buttonClass("primary")} onClick={() => setAdding((n) => n + 1)}>
              + New deal
            </button>
          </>
        }
      />
      <DealFilters query={query} deals={deals} search={search} />
      {error ? (
        <ErrorState text={error} onRetry={() => revalidator.revalidate()} />
      ) : deals.length === 0 ? (
        <EmptyState text={filtered(query) ? "No deal matches the filters" : "No deals yet"} />
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600" aria-live="polite">
            {total === 1 ? "1 deal" : `${total} deals`}
          </p>
          <DealCards deals={deals} today={today} />
          <DealTable deals={deals} today={today} />
          <Pager label="Deal pages" page={query.page} pages={pages} previous="Previous" next="Next" />
        </>
      )}
      {adding > 0 && <NewDealDialog key={adding} onClose={() => setAdding(0)} />}
    </div>
  );
}

/** A day filter, styled as the filters' selects beside it. */
function DayFilter(props: {
  id: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (v: string) => void;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={props.id} className="mb-1 block text-sm font-semibold text-slate-800">
        {props.label}
      </label>
      <input
        id={props.id}
        type="date"
        value={props.value}
        min={props.min || undefined}
        max={props.max || undefined}
        onChange={(e) => props.onChange(e.target.value)}
        className="min-h-10 w-full min-w-0 rounded-md border border-slate-400 bg-white px-3 py-2 text-sm"
      />
    </div>
  );
}

/**
 * The search and the filters. An owner may pick any sales person (GET /api/users is theirs); a sales person
 * has everyone's, theirs and unassigned. A person the list cannot name yet (loading, or no longer active)
 * is named from the deals shown, so the select never shows a choice other than the URL's.
 */
function DealFilters({ query, deals, search }: { query: DealsQuery; deals: Deal[]; search: ReturnType<typeof useUrlSearch> }) {
  const { user } = useCurrentUser();
  const staff = useDealOwners(user.role === "owner");
  const people = staff.filter((p) => p.value !== user._id);
  const chosen =
    isId(query.owner) && !people.some((p) => p.value === query.owner)
      ? [{ value: query.owner, label: deals.find((d) => d.ownerId === query.owner)?.ownerName ?? "The chosen person" }]
      : [];
  const ownerOptions = [...OWNER_OPTIONS, ...people, ...chosen];
  return (
    <form
      aria-label="Filter the deals"
      className="mb-4 grid gap-3 rounded-lg border border-slate-200 bg-white p-4"
      onSubmit={(e) => {
        e.preventDefault();
        search.update({});
      }}
    >
      <SearchBox
        id="deal-search"
        value={search.text}
        placeholder="Title, customer, city, phone, GSTIN or person"
        onSearch={search.onSearch}
      />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-end">
        <FilterSelect
          id="deal-stage-filter"
          label="Stage"
          value={query.stage}
          options={STAGE_OPTIONS}
          className="min-w-0"
          onChange={(v) => search.update({ stage: v })}
        />
        <FilterSelect
          id="deal-owner-filter"
          label="Owner"
          value={query.owner}
          options={ownerOptions}
          className="min-w-0"
          onChange={(v) => search.update({ owner: v })}
        />
        <FilterSelect
          id="deal-source-filter"
          label="Source"
          value={query.source}
          options={SOURCE_OPTIONS}
          className="col-span-2 min-w-0 sm:col-span-1"
          onChange={(v) => search.update({ source: v })}
        />
        <DayFilter
          id="deal-from-filter"
          label="Created from"
          value={query.from}
          max={query.to}
          onChange={(v) => search.update({ from: v })}
        />
        <DayFilter
          id="deal-to-filter"
          label="Created to"
          value={query.to}
          min={query.from}
          onChange={(v) => search.update({ to: v })}
        />
        {filtered(query) && (
          <button
            type="button"
            className={`${buttonClass("ghost")} col-span-2 justify-self-start sm:col-span-1`}
            onClick={() => search.update({ q: "", stage: "all", owner: "all", source: "all", from: "", to: "" })}
          >
            Clear filters
          </button>
        )}
      </div>
    </form>
  );
}

const dealLink = (d: Deal) => `/admin/deals/${d._id}`;

/** Phones: one card per deal. */
function DealCards({ deals, today }: { deals: Deal[]; today: string }) {
  return (
    <ul className="space-y-3 md:hidden" aria-label="Deals">
      {deals.map((d) => (
        <li key={d._id} data-deal={d._id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex items-start justify-between gap-2">
            <Link to={dealLink(d)} className="min-w-0 font-semibold break-words text-brand-700 underline">
              {d.title}
            </Link>
            <StageBadge stage={d.stage} />
          </div>
          <p className="mt-1 text-sm break-words text-slate-700">
            {d.customerName ?? "No customer"} · {d.ownerName ?? "Unassigned"}
          </p>
          <p className="mt-1 text-sm font-semibold text-slate-900">{rupeesText(d.expectedValue)}</p>
          <p className="mt-2 border-t border-slate-100 pt-2 text-sm">
            <NextStep deal={d} today={today} />
          </p>
        </li>
      ))}
    </ul>
  );
}

const TABLE_BOX = "hidden overflow-x-auto rounded-lg border border-slate-200 bg-white md:block";

/** Wider screens: the table, scrolling sideways in its own region when the window is narrow. */
function DealTable({ deals, today }: { deals: Deal[]; today: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable).
    <section aria-label="Deals table" tabIndex={0} className={TABLE_BOX}>
      <table className="w-full min-w-[760px] text-left text-sm">
        <caption className="sr-only">Deals</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-700 uppercase">
          <tr>
            {["Title", "Customer", "Owner", "Stage", "Expected value", "Next step"].map((h) => (
              <th key={h} scope="col" className={`px-4 py-3 ${h === "Expected value" ? "text-right" : ""}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {deals.map((d) => (
            <tr key={d._id} data-deal={d._id}>
              <td className="min-w-48 px-4 py-3 align-top">
                <Link to={dealLink(d)} className="font-semibold break-words text-brand-700 underline">
                  {d.title}
                </Link>
              </td>
              <td className="px-4 py-3 align-top break-words text-slate-800">{d.customerName ?? "—"}</td>
              <td className="px-4 py-3 align-top text-slate-800">{d.ownerName ?? "Unassigned"}</td>
              <td className="px-4 py-3 align-top">
                <StageBadge stage={d.stage} />
              </td>
              <td className="px-4 py-3 text-right align-top whitespace-nowrap text-slate-900 tabular-nums">
                {rupeesText(d.expectedValue)}
              </td>
              <td className="min-w-48 px-4 py-3 align-top">
                <NextStep deal={d} today={today} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

interface NewDealValues {
  title: string;
  customer: { id: string; name: string } | null;
  expectedValue: string;
  expectedCloseDate: string;
  /** Owners choose; "" leaves the deal unassigned. */
  ownerId: string;
}

/** Sales people and owners who may own a deal, for an owner's choice (GET /api/users is for owners). */
function useDealOwners(enabled: boolean) {
  const [owners, setOwners] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    if (!enabled) return;
    api<(StaffUser & { active: boolean })[]>("/api/users")
      .then((users) =>
        setOwners(
          users
            .filter((u) => u.active && (u.role === "sales" || u.role === "owner"))
            .map((u) => ({ value: u._id, label: u.name || u.username })),
        ),
      )
      .catch((err) => console.error("Failed to fetch the staff", err));
  }, [enabled]);
  return owners;
}

function NewDealDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const isOwner = user.role === "owner";
  const owners = useDealOwners(isOwner);
  const body = (v: NewDealValues) => ({
    title: v.title,
    customerId: v.customer?.id ?? null,
    expectedValue: v.expectedValue.trim() || null,
    expectedCloseDate: v.expectedCloseDate || null,
    ...(isOwner ? { ownerId: v.ownerId || null } : {}),
  });
  const form = useEditorForm<NewDealValues, Deal>({
    entity: "Deal",
    endpoint: "/api/deals",
    adding: true,
    initial: { title: "", customer: null, expectedValue: "", expectedCloseDate: "", ownerId: user._id },
    validate: (v) => zodErrors(dealInput, body(v)),
    body,
    failure: (err) => errorMessage(err, "Failed to add the deal."),
    serverIssues: true,
    onSaved: (deal) => navigate(`/admin/deals/${deal._id}`),
  });
  const ownerOptions = [
    { value: "", label: "Nobody yet (unassigned)" },
    ...(owners.length ? owners : [{ value: user._id, label: user.name || user.username }]),
  ];
  return (
    <EditorDialog form={form} open onClose={onClose}>
      <TextField
        label="Title"
        value={form.values.title}
        onChange={(v) => form.set("title", v)}
        error={form.errors.title}
        required
      />
      <CustomerPicker
        label="Customer"
        value={form.values.customer}
        onChange={(c) => form.set("customer", c, "customerId")}
        error={form.errors.customerId}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Expected value (₹)"
          value={form.values.expectedValue}
          onChange={(v) => form.set("expectedValue", v)}
          error={form.errors.expectedValue}
          inputMode="decimal"
          hint="Rupees, e.g. 1250000 or 12,50,000.50"
        />
        <TextField
          label="Expected close date"
          type="date"
          value={form.values.expectedCloseDate}
          onChange={(v) => form.set("expectedCloseDate", v)}
          error={form.errors.expectedCloseDate}
        />
      </div>
      {isOwner && (
        <SelectField
          label="Owner"
          value={form.values.ownerId}
          options={ownerOptions}
          onChange={(v) => form.set("ownerId", v)}
          error={form.errors.ownerId}
        />
      )}
    </EditorDialog>
  );
}
