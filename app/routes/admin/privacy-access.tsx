import { Form, Link, useNavigate, useRevalidator } from "react-router";
import { mayLoad } from "../../components/admin/current-user";
import { SelectField } from "../../components/admin/fields";
import { LogList, LogRow } from "../../components/admin/log-list";
import { Pager } from "../../components/admin/pager";
import { indiaDate } from "../../components/admin/privacy-dates";
import { adminMeta } from "../../components/admin/screen-data";
import { buttonClass, EmptyState, ErrorState, PageHeader } from "../../components/admin/screen-parts";
import { SearchIcon } from "../../components/icons";
import { api, apiWithHeaders, errorDetail } from "../../lib/api-client";
import type { Route } from "./+types/privacy-access";

/**
 * Who looked at whom (owners; docs/decisions/030-privacy.md), from GET /api/privacy/access: by a person (a name,
 * e-mail or phone: the records that hold them, and who opened, exported, printed or downloaded them) or by a
 * staff member (what they opened). The choice is in the URL (?person= or ?staff=), 50 rows a page.
 */

const PAGE_SIZE = 50;

/** A row of the access log as the API answers it (server/privacy/access-log.ts). */
interface AccessEntry {
  _id: string;
  createdAt: string;
  actorId: string | null;
  actorName: string;
  ip: string;
  action: string;
  entityType: string;
  entityId: string | null;
  detail: string;
  label: string;
  link: string | null;
}

interface PersonRecord {
  entityType: string;
  entityId: string;
  label: string;
  link: string;
}

interface PersonAnswer {
  person: string;
  records: PersonRecord[];
  items: AccessEntry[];
  exports: AccessEntry[];
}

interface StaffAnswer {
  staff: { _id: string; name: string };
  items: AccessEntry[];
}

interface StaffMember {
  _id: string;
  username: string;
  name: string;
}

const ACTION_LABEL: Record<string, string> = {
  view: "Opened",
  list: "Listed",
  export: "Exported",
  print: "Printed",
  download: "Downloaded",
};
const KIND_LABEL: Record<string, string> = {
  enquiry: "Enquiry",
  customer: "Customer",
  deal: "Deal",
  quotation: "Quotation",
  enquiries: "The enquiries list",
  deals: "The deals list",
  customers: "The customers list",
  quotations: "The quotations list",
  people: "The people who wrote in",
  "my-day": "My day",
};

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const person = (params.get("person") ?? "").trim();
  const staffId = (params.get("staff") ?? "").trim();
  const by: "person" | "staff" = staffId || (!person && params.get("by") === "staff") ? "staff" : "person";
  const page = Math.max(1, Math.floor(Number(params.get("page")) || 1));
  const empty = {
    by,
    person,
    staffId,
    page,
    staff: [] as StaffMember[],
    found: null as PersonAnswer | null,
    ofStaff: null as StaffAnswer | null,
    total: 0,
    error: null as string | null,
  };
  if (!(await mayLoad("privacy"))) return empty;
  try {
    const [staff, answer] = await Promise.all([
      by === "staff" ? api<StaffMember[]>("/api/users") : Promise.resolve([] as StaffMember[]),
      person || staffId
        ? apiWithHeaders<PersonAnswer | StaffAnswer>("/api/privacy/access", {
            query: { ...(by === "staff" ? { staff: staffId } : { person }), page, limit: PAGE_SIZE },
          })
        : Promise.resolve(null),
    ]);
    const total = answer ? Number(answer.headers.get("X-Total-Count") ?? answer.data.items.length) : 0;
    return {
      ...empty,
      staff,
      total,
      found: by === "person" && answer ? (answer.data as PersonAnswer) : null,
      ofStaff: by === "staff" && answer ? (answer.data as StaffAnswer) : null,
    };
  } catch (err) {
    return { ...empty, error: `Could not look it up: ${errorDetail(err)}` };
  }
}

export const meta = () => adminMeta("Who looked at whom");

export default function PrivacyAccessScreen({ loaderData }: Route.ComponentProps) {
  const { by, person, staffId, page, staff, found, ofStaff, total, error } = loaderData;
  const revalidator = useRevalidator();
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <div>
      <PageHeader
        title="Who looked at whom"
        description="Every time staff opened, exported, printed or downloaded someone's enquiry, customer record, deal or quotation: who, when and from where. Kept for two years."
      />
      <nav aria-label="Look up by" className="mb-4 flex gap-2">
        <WayIn to="." current={by === "person"} label="A person" />
        <WayIn to="?by=staff" current={by === "staff"} label="A staff member" />
      </nav>
      {by === "person" ? <PersonSearch person={person} /> : <StaffChooser staff={staff} staffId={staffId} />}
      {error ? (
        <ErrorState text={error} onRetry={() => revalidator.revalidate()} />
      ) : found ? (
        <PersonResults found={found} total={total} page={page} pages={pages} />
      ) : ofStaff ? (
        <section aria-labelledby="staff-views">
          <h2 id="staff-views" className="mb-2 text-lg font-semibold text-slate-900">
            What {ofStaff.staff.name || "they"} opened
          </h2>
          <AccessList
            entries={ofStaff.items}
            total={total}
            empty={`${ofStaff.staff.name || "This staff member"} has not opened, exported, printed or downloaded anyone's data.`}
          />
          <Pager label="Pages of the staff member's views" page={page} pages={pages} previous="Newer" next="Older" />
        </section>
      ) : (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700">
          {by === "person"
            ? "Type a person's name, e-mail address or phone number to see who has seen their data."
            : "Choose a staff member to see whose data they opened."}
        </p>
      )}
    </div>
  );
}

function WayIn({ to, current, label }: { to: string; current: boolean; label: string }) {
  return (
    <Link to={to} aria-current={current ? "page" : undefined} className={buttonClass(current ? "primary" : "secondary")}>
      {label}
    </Link>
  );
}

/** A plain GET form: the search goes to the URL (?person=), so a look-up can be reloaded or sent on. */
function PersonSearch({ person }: { person: string }) {
  return (
    <Form
      method="get"
      role="search"
      aria-label="Find a person"
      className="mb-4 flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-end"
    >
      <div className="min-w-0 flex-1">
        <label htmlFor="access-person" className="mb-1 block text-sm font-semibold text-slate-800">
          Name, e-mail or phone
        </label>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" />
          <input
            key={person}
            id="access-person"
            name="person"
            type="search"
            required
            defaultValue={person}
            placeholder="Ravi Kumar, ravi@example.com or 98765 43210"
            className="min-h-10 w-full rounded-md border border-slate-400 bg-white py-2 pr-3 pl-9 text-sm placeholder:text-slate-500"
          />
        </div>
      </div>
      <button type="submit" className={buttonClass("primary")}>
        Find
      </button>
    </Form>
  );
}

function StaffChooser({ staff, staffId }: { staff: StaffMember[]; staffId: string }) {
  const navigate = useNavigate();
  return (
    <div className="mb-4 rounded-lg border border-slate-200 bg-white p-4 sm:max-w-md">
      <SelectField
        label="Staff member"
        value={staffId}
        onChange={(id) => navigate(id ? `?staff=${encodeURIComponent(id)}` : "?by=staff")}
        options={[
          { value: "", label: "Choose…" },
          ...staff.map((s) => ({ value: s._id, label: s.name ? `${s.name} (${s.username})` : s.username })),
        ]}
      />
    </div>
  );
}

function PersonResults({ found, total, page, pages }: { found: PersonAnswer; total: number; page: number; pages: number }) {
  if (found.records.length === 0) {
    return (
      <EmptyState
        text={`No enquiry, customer, deal or quotation holds “${found.person}”. Check the spelling, or try their e-mail address or phone number.`}
      />
    );
  }
  return (
    <div className="space-y-6">
      <section aria-labelledby="person-records">
        <h2 id="person-records" className="mb-2 text-lg font-semibold text-slate-900">
          Records that hold “{found.person}”
        </h2>
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {found.records.map((r) => (
            <li key={`${r.entityType}:${r.entityId}`} className="flex flex-wrap gap-x-3 px-4 py-2">
              <span className="w-24 shrink-0 text-sm text-slate-600">{KIND_LABEL[r.entityType] ?? r.entityType}</span>
              <Link to={r.link} className="min-w-0 font-medium break-words text-brand-700 underline">
                {r.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="person-views">
        <h2 id="person-views" className="mb-2 text-lg font-semibold text-slate-900">
          Who opened them
        </h2>
        <AccessList entries={found.items} total={total} empty="Nobody on the staff has opened these records." />
        <Pager label="Pages of who opened them" page={page} pages={pages} previous="Newer" next="Older" />
      </section>
      <section aria-labelledby="person-exports">
        <h2 id="person-exports" className="mb-1 text-lg font-semibold text-slate-900">
          Exports that may include them
        </h2>
        <p className="mb-2 text-sm text-slate-600">Every list exported since their first record was made.</p>
        <AccessList entries={found.exports} total={found.exports.length} empty="No list was exported since then." />
      </section>
    </div>
  );
}

/** Rows of the log: when (India time), who, what they did to which record, and from which address. */
function AccessList({ entries, total, empty }: { entries: AccessEntry[]; total: number; empty: string }) {
  if (entries.length === 0) return <EmptyState text={empty} />;
  return (
    <LogList total={total}>
      {entries.map((e) => (
        <LogRow
          key={e._id}
          data={{ "data-access": e.action }}
          time={e.createdAt}
          timeText={indiaDate(e.createdAt, true)}
          who={e.actorName}
          ip={e.ip}
        >
          <p className="min-w-0 break-words text-slate-900">
            <span className="font-semibold">{ACTION_LABEL[e.action] ?? e.action}</span>
            <span className="text-slate-600"> · {KIND_LABEL[e.entityType] ?? e.entityType}</span>
            {e.label &&
              (e.link ? (
                <>
                  {" · "}
                  <Link to={e.link} className="text-brand-700 underline">
                    {e.label}
                  </Link>
                </>
              ) : (
                <span> · {e.label}</span>
              ))}
            {/* The detail (the reference when written) says more only once the record is gone or renamed. */}
            {e.detail && e.detail !== e.label && <span className="block text-sm text-slate-600">{e.detail}</span>}
          </p>
        </LogRow>
      ))}
    </LogList>
  );
}
