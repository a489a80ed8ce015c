import { Link, useNavigate, useRevalidator } from "react-router";
import type { Deal } from "../../../shared/sales/deal";
import type { Quotation } from "../../../shared/sales/quotation";
import type { Contact } from "../../../shared/schemas/enquiry-values";
import { mayLoad } from "../../components/admin/current-user";
import { ageText, NextStep, rupeesText, StageBadge } from "../../components/admin/deal-parts";
import { adminMeta } from "../../components/admin/screen-data";
import { buttonClass, ErrorState, formatDate, LoadingState, PageHeader } from "../../components/admin/screen-parts";
import { useTakeLead } from "../../components/admin/take-lead";
import { api, errorDetail } from "../../lib/api-client";
import type { Route } from "./+types/my-day";

/**
 * My day (/admin/my-day), the sales person's start screen: the leads given to them that they have not acted
 * on yet (with how long each has waited), their overdue and today's next steps, the new leads no deal has
 * taken up yet (each one tap from becoming a deal) and their quotations about to expire,
 * from GET /api/my-day. An empty section says so, so "nothing to do" is never mistaken for "not loaded".
 */

/** What GET /api/my-day answers (server/sales/my-day.ts). */
interface MyDay {
  day: string;
  newDeals: Deal[];
  overdue: Deal[];
  today: Deal[];
  unassignedLeads: Contact[];
  expiringQuotations: Quotation[];
}

const FETCH_FAILED = "Failed to fetch your day";

export async function clientLoader() {
  if (!(await mayLoad("sales"))) return { myDay: null, error: null };
  try {
    return { myDay: await api<MyDay>("/api/my-day"), error: null as string | null };
  } catch (err) {
    console.error(FETCH_FAILED, err);
    return { myDay: null as MyDay | null, error: `${FETCH_FAILED}: ${errorDetail(err)}` };
  }
}

export const meta = () => adminMeta("My day");

export default function MyDayScreen({ loaderData }: Route.ComponentProps) {
  const { myDay, error } = loaderData;
  const revalidator = useRevalidator();
  return (
    <div>
      <PageHeader
        title="My day"
        description={myDay ? `What needs doing on ${formatDate(myDay.day)}.` : "What needs doing today."}
        actions={
          <Link to="/admin/deals?owner=me&stage=open" className={buttonClass("secondary")}>
            All my open deals
          </Link>
        }
      />
      {error ? (
        <ErrorState text={error} onRetry={() => revalidator.revalidate()} />
      ) : !myDay ? (
        <LoadingState />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <Section id="given" title="Leads given to you" count={myDay.newDeals.length} empty="No new leads given to you.">
            <GivenList deals={myDay.newDeals} />
          </Section>
          <Section id="overdue" title="Overdue" count={myDay.overdue.length} empty="Nothing overdue.">
            <DealList deals={myDay.overdue} day={myDay.day} />
          </Section>
          <Section id="today" title="Today" count={myDay.today.length} empty="No next steps due today.">
            <DealList deals={myDay.today} day={myDay.day} />
          </Section>
          <Section id="leads" title="New leads" count={myDay.unassignedLeads.length} empty="No new leads waiting for a deal.">
            <LeadList leads={myDay.unassignedLeads} />
          </Section>
          <Section
            id="quotations"
            title="Quotations about to expire"
            count={myDay.expiringQuotations.length}
            empty="No quotation expires in the next week."
          >
            <QuotationList quotations={myDay.expiringQuotations} />
          </Section>
        </div>
      )}
    </div>
  );
}

function Section({
  id,
  title,
  count,
  empty,
  children,
}: {
  id: string;
  title: string;
  count: number;
  empty: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={`my-day-${id}`} data-section={id} className="min-w-0 rounded-lg border border-slate-200 bg-white">
      <h2
        id={`my-day-${id}`}
        className="flex items-center gap-2 border-b border-slate-200 px-4 py-3 text-lg font-bold text-brand-700"
      >
        {title}
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-sm font-semibold text-slate-700">{count}</span>
      </h2>
      {count === 0 ? <p className="px-4 py-6 text-slate-600">{empty}</p> : children}
    </section>
  );
}

function DealList({ deals, day }: { deals: Deal[]; day: string }) {
  return (
    <ul className="divide-y divide-slate-100">
      {deals.map((d) => (
        <li key={d._id} data-deal={d._id} className="space-y-1 px-4 py-3">
          <div className="flex items-start justify-between gap-2">
            <Link to={`/admin/deals/${d._id}`} className="min-w-0 font-semibold break-words text-brand-700 underline">
              {d.title}
            </Link>
            <StageBadge stage={d.stage} />
          </div>
          <p className="text-sm break-words text-slate-700">
            {d.customerName ?? "No customer"} · {rupeesText(d.expectedValue)}
          </p>
          <p className="text-sm">
            <NextStep deal={d} today={day} />
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Deals from leads given to me, not acted on yet: how long each has waited, and where to act. */
function GivenList({ deals }: { deals: Deal[] }) {
  return (
    <ul className="divide-y divide-slate-100">
      {deals.map((d) => (
        <li key={d._id} data-deal={d._id} className="space-y-1 px-4 py-3">
          <Link to={`/admin/deals/${d._id}`} className="font-semibold break-words text-brand-700 underline">
            {d.title}
          </Link>
          <p className="text-sm break-words text-slate-700">{d.customerName ?? "No customer yet"}</p>
          <p className="text-sm font-semibold text-amber-800">
            Received <time dateTime={d.receivedAt}>{ageText(d.receivedAt)}</time>, not acted on yet
          </p>
        </li>
      ))}
    </ul>
  );
}

function LeadList({ leads }: { leads: Contact[] }) {
  const navigate = useNavigate();
  const { take, busy } = useTakeLead();
  const makeDeal = async (lead: Contact) => {
    const deal = await take(lead);
    if (deal) navigate(`/admin/deals/${deal._id}`);
  };
  return (
    <ul className="divide-y divide-slate-100">
      {leads.map((lead) => (
        <li key={lead._id} data-lead={lead._id} className="space-y-1 px-4 py-3">
          <p className="font-semibold break-words text-slate-900">
            {lead.name}
            {lead.company && <span className="font-normal text-slate-700"> · {lead.company}</span>}
          </p>
          <p className="text-sm break-words text-slate-700">{lead.subject}</p>
          <p className="text-xs text-slate-600">
            <span className="font-mono">{lead.reference}</span> · {formatDate(lead.date, true)} ·{" "}
            {SOURCE_LABEL[lead.source] ?? lead.source}
          </p>
          <div className="flex flex-wrap gap-2 pt-1">
            <button
              type="button"
              className={buttonClass("primary", "sm")}
              disabled={busy !== null}
              onClick={() => makeDeal(lead)}
            >
              {busy === lead._id ? "Making the deal..." : "Make a deal"}
              <span className="sr-only"> of the enquiry from {lead.name}</span>
            </button>
            <Link to={`/admin/contacts/${lead._id}`} className={buttonClass("secondary", "sm")}>
              View<span className="sr-only"> the enquiry from {lead.name}</span>
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}

const SOURCE_LABEL: Record<string, string> = { website: "Website", manual: "Entered by staff", indiamart: "IndiaMART" };

function QuotationList({ quotations }: { quotations: Quotation[] }) {
  return (
    <ul className="divide-y divide-slate-100">
      {quotations.map((q) => (
        <li key={q._id} data-quotation={q._id} className="space-y-1 px-4 py-3">
          <Link to={`/admin/quotations/${q._id}`} className="font-semibold break-words text-brand-700 underline">
            {q.number}
            {q.version > 1 && ` v${q.version}`}
            <span className="sr-only"> for {q.buyer.name}</span>
          </Link>
          <p className="text-sm break-words text-slate-700">
            {q.buyer.name} · {rupeesText(q.total)}
          </p>
          <p className="text-sm font-semibold text-amber-800">
            Valid until <time dateTime={q.validUntil}>{formatDate(q.validUntil)}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}
