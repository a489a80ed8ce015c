import { useRevalidator, useSearchParams } from "react-router";
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_PAGE_SIZE,
  ACTIVITY_SUBJECTS,
  type ActivityAction,
  type ActivityEntry,
} from "../../../shared/activity/actions";
import { mayLoad } from "../../components/admin/current-user";
import { SelectField, TextField } from "../../components/admin/fields";
import { LogList, LogRow } from "../../components/admin/log-list";
import { Pager } from "../../components/admin/pager";
import { adminMeta } from "../../components/admin/screen-data";
import { buttonClass, EmptyState, ErrorState, formatDate, PageHeader } from "../../components/admin/screen-parts";
import { api, apiWithHeaders, errorMessage } from "../../lib/api-client";
import type { Route } from "./+types/activity";

/**
 * Activity (/admin/activity, owners): who changed what, when and from where, newest first, 50 a page. The
 * filters and the page live in the URL (a filtered view can be bookmarked or sent to a colleague).
 */

const FILTERS = ["actor", "type", "action", "from", "to"] as const;
type Filter = (typeof FILTERS)[number];

interface Person {
  _id: string;
  username: string;
  name: string;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const page = Math.max(1, Math.floor(Number(params.get("page")) || 1));
  const query: Record<string, string | number> = { page, limit: ACTIVITY_PAGE_SIZE };
  for (const f of FILTERS) {
    const v = params.get(f);
    if (v) query[f] = v;
  }
  if (!(await mayLoad("activity")))
    return { entries: [] as ActivityEntry[], total: 0, people: [] as Person[], page, error: null as string | null };
  try {
    const [{ data, headers }, people] = await Promise.all([
      apiWithHeaders<ActivityEntry[]>("/api/activity", { query }),
      api<Person[]>("/api/users"),
    ]);
    return {
      entries: data,
      total: Number(headers.get("X-Total-Count") ?? data.length),
      people,
      page,
      error: null as string | null,
    };
  } catch (err) {
    return {
      entries: [] as ActivityEntry[],
      total: 0,
      people: [] as Person[],
      page,
      error: errorMessage(err, "Failed to fetch the activity log"),
    };
  }
}

export const meta = () => adminMeta("Activity");

/** A filter's options: the one that filters nothing first, then every value with its label. */
const filterOptions = (none: string, labels: Record<string, string>) => [
  { value: "", label: none },
  ...Object.entries(labels).map(([value, label]) => ({ value, label })),
];

function Filters({ people }: { people: Person[] }) {
  const [params, setParams] = useSearchParams();
  const value = (f: Filter) => params.get(f) ?? "";
  const set = (f: Filter, v: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (v) next.set(f, v);
        else next.delete(f);
        next.delete("page");
        return next;
      },
      { preventScrollReset: true },
    );
  const any = FILTERS.some((f) => value(f));
  return (
    <div className="mb-4 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-end">
      <SelectField
        label="Person"
        value={value("actor")}
        onChange={(v) => set("actor", v)}
        options={[{ value: "", label: "Everyone" }, ...people.map((p) => ({ value: p._id, label: p.name || p.username }))]}
      />
      <SelectField
        label="What"
        value={value("type")}
        onChange={(v) => set("type", v)}
        options={filterOptions("Everything", ACTIVITY_SUBJECTS)}
      />
      <SelectField
        label="Action"
        value={value("action")}
        onChange={(v) => set("action", v)}
        options={filterOptions("Any action", ACTIVITY_ACTIONS)}
      />
      <TextField label="From" type="date" value={value("from")} onChange={(v) => set("from", v)} />
      <TextField label="To" type="date" value={value("to")} onChange={(v) => set("to", v)} />
      {any && (
        <button
          type="button"
          className={`${buttonClass("ghost")} sm:justify-self-start`}
          onClick={() => setParams(new URLSearchParams(), { preventScrollReset: true })}
        >
          Clear filters
        </button>
      )}
    </div>
  );
}

/** "Changed Product “Screw Compressor 15 HP”: description, price". */
function What({ entry }: { entry: ActivityEntry }) {
  const subject = ACTIVITY_SUBJECTS[entry.entityType] ?? entry.entityType;
  return (
    <p className="min-w-0 break-words text-slate-900">
      <span className="font-semibold">{ACTIVITY_ACTIONS[entry.action as ActivityAction] ?? entry.action}</span>
      <span className="text-slate-600"> · {subject}</span>
      {entry.entityLabel && <span> · “{entry.entityLabel}”</span>}
      {entry.fields.length > 0 && <span className="block text-sm text-slate-600">Fields: {entry.fields.join(", ")}</span>}
      {entry.detail && <span className="block text-sm text-slate-600">{entry.detail}</span>}
    </p>
  );
}

export default function ActivityScreen({ loaderData }: Route.ComponentProps) {
  const { entries, total, people, page, error } = loaderData;
  const revalidator = useRevalidator();
  const pages = Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));
  return (
    <div>
      <PageHeader
        title="Activity"
        description="Every change, sign-in and export: who, when, from where and what. Kept for a year."
      />
      <Filters people={people} />
      {error ? (
        <ErrorState text={error} onRetry={() => revalidator.revalidate()} />
      ) : entries.length === 0 ? (
        <EmptyState text="No activity found" />
      ) : (
        <>
          <LogList total={total}>
            {entries.map((e) => (
              <LogRow
                key={e._id}
                data={{ "data-activity": e.action }}
                time={e.createdAt}
                timeText={formatDate(e.createdAt, true)}
                who={e.actorName}
                ip={e.ip}
              >
                <What entry={e} />
              </LogRow>
            ))}
          </LogList>
          <Pager label="Activity pages" page={page} pages={pages} previous="Newer" next="Older" />
        </>
      )}
    </div>
  );
}
