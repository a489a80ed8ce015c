import { useEffect, useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import type { StaffUser } from "../../../shared/auth/roles";
import { DEAL_STAGE_LABEL, DEAL_STAGES, type Deal, dealInput } from "../../../shared/sales/deal";
import { indiaDateOf } from "../../../shared/sales/financial-year";
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
 * next step, filtered by stage and owner and searched on the server, 25 a page; the filters and the page are
 * in the URL. Sales people see the others' deals too (read-only on the deal's page). A new deal opens its page.
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

interface DealsQuery {
  stage: string;
  owner: string;
  q: string;
  page: number;
}

function dealsQuery(params: URLSearchParams): DealsQuery {
  const stage = params.get("stage") ?? "all";
  const owner = params.get("owner") ?? "all";
  return {
    stage: STAGE_OPTIONS.some((o) => o.value === stage) ? stage : "all",
    owner: OWNER_OPTIONS.some((o) => o.value === owner) ? owner : "all",
    q: (params.get("q") ?? "").trim(),
    page: Math.max(1, Math.floor(Number(params.get("page")) || 1)),
  };
}

/** The API's filter (all = none): the list and the CSV export use the same. */
const apiFilter = (query: DealsQuery) => ({
  stage: query.stage === "all" ? undefined : query.stage,
  owner: query.owner === "all" ? undefined : query.owner,
  q: query.q || undefined,
});

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
      <form
        aria-label="Filter the deals"
        className="mb-4 flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 md:flex-row md:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          search.update({});
        }}
      >
        <div className="grid grid-cols-2 gap-3 md:flex">
          <FilterSelect
            id="deal-stage-filter"
            label="Stage"
            value={query.stage}
            options={STAGE_OPTIONS}
            width="md:w-52"
            onChange={(v) => search.update({ stage: v })}
          />
          <FilterSelect
            id="deal-owner-filter"
            label="Owner"
            value={query.owner}
            options={OWNER_OPTIONS}
            width="md:w-40"
            onChange={(v) => search.update({ owner: v })}
          />
        </div>
        <SearchBox id="deal-search" value={search.text} placeholder="Title, customer or next step" onSearch={search.onSearch} />
      </form>
      {error ? (
        <ErrorState text={error} onRetry={() => revalidator.revalidate()} />
      ) : deals.length === 0 ? (
        <EmptyState
          text={query.q || query.stage !== "all" || query.owner !== "all" ? "No deal matches the filters" : "No deals yet"}
        />
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
