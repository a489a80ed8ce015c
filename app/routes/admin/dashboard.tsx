import { Suspense } from "react";
import { Await, Link, redirect } from "react-router";
import { can, startScreenOf } from "../../../shared/auth/roles";
import type { Product } from "../../../shared/content/product";
import type { Service } from "../../../shared/content/service";
import type { Contact, ContactStats, KindCounts } from "../../../shared/schemas/enquiry-values";
import { KindBadge, StatusBadge } from "../../components/admin/contact-status";
import { mayLoad, useCan, useCurrentUser, verifySignIn } from "../../components/admin/current-user";
import { IndiamartPanel } from "../../components/admin/indiamart";
import { RetentionPanel } from "../../components/admin/retention-panel";
import { RecentAcceptances, SalesFigures, useDealStats } from "../../components/admin/sales-figures";
import { adminMeta } from "../../components/admin/screen-data";
import { buttonClass, formatDate, PageHeader } from "../../components/admin/screen-parts";
import { ArrowRightIcon } from "../../components/icons";
import { api, apiWithHeaders, getToken } from "../../lib/api-client";
import type { Route } from "./+types/dashboard";

/** SPEC §9: 5 recent contacts, 3 services, 3 benefits per service. */
const RECENT_CONTACTS = 5;
const SERVICES_SHOWN = 3;
const BENEFITS_SHOWN = 3;
/** New enquiries listed at the top of a sales person's dashboard (the rest are one link away). */
const NEW_ENQUIRIES_SHOWN = 5;
const DAY_MS = 24 * 60 * 60 * 1000;
const FETCH_FAILED = "Failed to fetch data. Please try again later.";
const MAIL_OFF = "E-mail notifications are off";

interface Trend {
  current: number;
  previous: number;
}

interface Stats {
  products: number;
  services: Service[];
  /** Null for a role that does not work with enquiries (editors). */
  contacts: Contact[] | null;
  enquiries: ContactStats | null;
  /** A sales person's work: the newest enquiries nobody has picked up yet, and how many there are. */
  newEnquiries: { contacts: Contact[]; total: number } | null;
  productsAdded: number;
  servicesAdded: number;
}

/** How many dates fall in the last 30 days and in the 30 days before (real figures, not the spec's random arrows). */
function trend(dates: string[], now = Date.now()): Trend {
  let current = 0;
  let previous = 0;
  for (const d of dates) {
    const age = now - new Date(d).getTime();
    if (Number.isNaN(age) || age < 0) continue;
    if (age <= 30 * DAY_MS) current++;
    else if (age <= 60 * DAY_MS) previous++;
  }
  return { current, previous };
}

/** The new enquiries (status "new"), newest first, with their number from the server. */
async function loadNewEnquiries() {
  const { data, headers } = await apiWithHeaders<Contact[]>("/api/contacts", {
    query: { status: "new", limit: NEW_ENQUIRIES_SHOWN },
  });
  return { contacts: data, total: Number(headers.get("X-Total-Count") ?? data.length) };
}

async function loadStats(): Promise<Stats> {
  const readsEnquiries = await mayLoad("enquiries");
  const salesDesk = readsEnquiries && (await verifySignIn().catch(() => null))?.role === "sales";
  // Loaded in parallel (SPEC §7); the contact figures come from the server's counts, the list is the first 5.
  const [products, services, contacts, enquiries, newEnquiries] = await Promise.all([
    api<{ data: Product[]; total: number }>("/api/product", { query: { limit: 100 } }),
    api<Service[]>("/api/service"),
    readsEnquiries ? api<Contact[]>("/api/contacts", { query: { limit: RECENT_CONTACTS } }) : null,
    readsEnquiries ? api<ContactStats>("/api/contacts/stats") : null,
    salesDesk ? loadNewEnquiries() : null,
  ]);
  return {
    products: products.total ?? products.data.length,
    services,
    contacts,
    enquiries,
    newEnquiries,
    productsAdded: trend(products.data.map((p) => p.createdAt)).current,
    servicesAdded: trend(services.map((s) => s.createdAt)).current,
  };
}

/**
 * Not awaited: the page shows its tiles with "Loading..." at once. A sales person who opens /admin itself
 * (a bookmark) starts on My day, as after signing in (issue 45); /admin/dashboard stays the dashboard.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  if (new URL(request.url).pathname.replace(/\/+$/, "") === "/admin") {
    const user = getToken() ? await verifySignIn().catch(() => null) : null;
    if (user && startScreenOf(user.role) !== "/admin/dashboard") throw redirect(startScreenOf(user.role));
  }
  const stats = loadStats();
  stats.catch((err) => console.error(FETCH_FAILED, err));
  return { stats };
}

export const meta = () => adminMeta("Dashboard Overview");

function Tile({ label, value, note, to }: { label: string; value: React.ReactNode; note?: React.ReactNode; to?: string }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-sm font-semibold text-slate-600">{label}</h2>
      <p className="mt-2 text-3xl font-bold text-brand-700">{value}</p>
      {note && <p className="mt-2 text-sm text-slate-600">{note}</p>}
      {to && (
        <Link to={to} className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
          Manage<span className="sr-only"> {label.toLowerCase()}</span>
          <ArrowRightIcon className="h-4 w-4" />
        </Link>
      )}
    </li>
  );
}

const sum = (k: KindCounts) => k.message + k.quote + k.service;

/** "↑ +50%" against the 30 days before; null when there is nothing to compare with. */
function Change({ current, previous }: Trend) {
  if (previous === 0) return null;
  const change = Math.round(((current - previous) / previous) * 100);
  const arrow = change > 0 ? "↑" : change < 0 ? "↓" : "→";
  const colour = change > 0 ? "text-green-800" : change < 0 ? "text-red-700" : "text-slate-700";
  return (
    <span className={`font-semibold whitespace-nowrap ${colour}`}>
      <span aria-hidden="true">{arrow}</span> {change > 0 ? "+" : ""}
      {change}%
    </span>
  );
}

function EnquiriesTrend({ t }: { t: Trend }) {
  const n = `${t.current} ${t.current === 1 ? "enquiry" : "enquiries"} in the last 30 days`;
  if (t.previous === 0) return <>{n} (none in the 30 days before)</>;
  return (
    <>
      {n} <Change {...t} /> against the 30 days before ({t.previous})
    </>
  );
}

function Tiles({ stats }: { stats: Stats | "loading" | "error" }) {
  const value = (n: (s: Stats) => number | string) =>
    stats === "loading" ? "Loading..." : stats === "error" ? "Error" : n(stats);
  const ready = typeof stats === "object" ? stats : null;
  // Once loaded, the tile is there only with its figure (never a 0 standing in for figures not loaded).
  const readsEnquiries = useCan("enquiries") && (ready === null || ready.enquiries !== null);
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={stats === "loading"}>
      <Tile
        label="Active Products"
        value={value((s) => s.products)}
        note={ready && `${ready.productsAdded} added in the last 30 days`}
        to="/admin/products"
      />
      <Tile
        label="Services"
        value={value((s) => s.services.length)}
        note={ready && `${ready.servicesAdded} added in the last 30 days`}
        to="/admin/services"
      />
      {readsEnquiries && (
        <Tile
          label="Customers"
          value={value((s) => s.enquiries?.salesCustomers ?? "—")}
          note={
            ready?.enquiries && (
              <EnquiriesTrend t={{ current: sum(ready.enquiries.last30), previous: sum(ready.enquiries.previous30) }} />
            )
          }
          to="/admin/customers"
        />
      )}
    </ul>
  );
}

/**
 * Enquiries are stored but nobody is told: say so in plain words, say what is missing, and link to the
 * README's set-up steps (the variable names are there, for whoever runs the server).
 */
function MailOffNotice() {
  return (
    <section
      aria-labelledby="mail-off"
      data-testid="mail-off"
      className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-5 py-4 text-amber-950"
    >
      <h2 id="mail-off" className="font-bold">
        {MAIL_OFF}
      </h2>
      <p className="mt-1 text-sm">
        New enquiries are saved and listed here, but nobody is told by e-mail when one arrives, and customers get no e-mail
        confirming that their enquiry was received.
      </p>
      <p className="mt-2 text-sm">
        <strong>What is missing:</strong> the website has not been given a mailbox to send from (the mail server's address, a user
        name and password, and the sender address). Whoever runs the website's server sets this up once, in a few minutes.
      </p>
      <Link to="/admin/help/email" className="mt-2 inline-block text-sm font-semibold underline">
        How to set up e-mail (README: Setting up e-mail)
      </Link>
    </section>
  );
}

const KINDS: { key: keyof KindCounts; label: string }[] = [
  { key: "message", label: "Messages" },
  { key: "quote", label: "Quote requests" },
  { key: "service", label: "Service requests" },
];

function EnquiryFigures({ stats }: { stats: ContactStats }) {
  const failed = stats.failedNotifications;
  return (
    <section aria-labelledby="dashboard-enquiries" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <PanelHeading id="dashboard-enquiries" title="Enquiries" to="/admin/contacts" link="Open the inbox" />
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Enquiries of each kind in the last 30 days and in the 30 days before</caption>
        <thead className="text-xs text-slate-600 uppercase">
          <tr>
            {[
              ["Kind", "py-2 pr-2"],
              ["Last 30 days", "px-2 py-2 text-right"],
              ["30 days before", "px-2 py-2 text-right"],
            ].map(([heading, className]) => (
              <th key={heading} scope="col" className={className}>
                {heading}
              </th>
            ))}
            <th scope="col" className="py-2 pl-2 text-right">
              <span className="sr-only">Change</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {KINDS.map((k) => (
            <tr key={k.key} data-kind={k.key}>
              <th scope="row" className="py-2 pr-2 font-medium">
                <Link to={`/admin/contacts?type=${k.key}`} className="text-brand-700 hover:underline">
                  {k.label}
                </Link>
              </th>
              <td className="px-2 py-2 text-right font-semibold text-slate-900">{stats.last30[k.key]}</td>
              <td className="px-2 py-2 text-right text-slate-700">{stats.previous30[k.key]}</td>
              <td className="py-2 pl-2 text-right">
                <Change current={stats.last30[k.key]} previous={stats.previous30[k.key]} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p
        data-testid="failed-notifications"
        className={`mt-4 rounded-md px-3 py-2 text-sm ${failed > 0 ? "bg-red-50 text-red-900" : "bg-slate-50 text-slate-700"}`}
      >
        {failed === 0 ? (
          "No failed notifications."
        ) : (
          <>
            <strong>{failed === 1 ? "1 notification" : `${failed} notifications`} could not be delivered.</strong>{" "}
            <Link to="/admin/contacts?notification=failed" className="font-semibold underline">
              Open them to resend
            </Link>
          </>
        )}
      </p>
    </section>
  );
}

function TopProducts({ stats }: { stats: ContactStats }) {
  return (
    <section aria-labelledby="dashboard-top-products" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="dashboard-top-products" className="mb-1 text-lg font-bold text-brand-700">
        Most requested products
      </h2>
      <p className="mb-3 text-sm text-slate-600">Quote requests of the last 30 days.</p>
      {stats.topProducts.length === 0 ? (
        <p className="text-slate-600">No quote requests in the last 30 days.</p>
      ) : (
        <ol className="divide-y divide-slate-200">
          {stats.topProducts.map((t) => (
            <li key={t.product._id} className="flex flex-col gap-x-3 py-2 sm:flex-row sm:items-baseline sm:justify-between">
              {t.product.url ? (
                <a href={t.product.url} className="min-w-0 font-semibold break-words text-brand-700 hover:underline">
                  {t.product.name}
                </a>
              ) : (
                <span className="min-w-0 font-semibold break-words text-slate-900">{t.product.name}</span>
              )}
              <span className="shrink-0 text-sm text-slate-700">
                {t.requests === 1 ? "1 request" : `${t.requests} requests`}, {t.quantity} {t.quantity === 1 ? "unit" : "units"}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Failure() {
  return (
    <>
      <Tiles stats="error" />
      <div role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 px-6 py-6 text-center">
        <p className="font-medium text-red-800">{FETCH_FAILED}</p>
        <button type="button" className={`${buttonClass("secondary")} mt-4`} onClick={() => window.location.reload()}>
          Retry
        </button>
      </div>
    </>
  );
}

function RecentContacts({ contacts }: { contacts: Contact[] }) {
  return (
    <section aria-labelledby="recent-contacts" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <PanelHeading id="recent-contacts" title="Recent Contacts" to="/admin/contacts" link="View all" linkDetail="contacts" />
      {contacts.length === 0 ? (
        <p className="text-slate-600">No contacts found</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {contacts.map((c) => (
            <li key={c._id} className="flex items-start justify-between gap-3 py-3">
              <div className="min-w-0">
                <EnquiryLink contact={c} />
                <p className="text-sm break-words text-slate-600">{c.subject}</p>
                <p className="text-xs text-slate-600">
                  {c.reference && <span className="font-mono">{c.reference} · </span>}
                  {formatDate(c.date)}
                </p>
              </div>
              <StatusBadge status={c.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A panel's heading and the link to its whole list (`linkDetail`, read out after the link's text, says which list). */
function PanelHeading({
  id,
  title,
  to,
  link,
  linkDetail,
}: {
  id: string;
  title: string;
  to: string;
  link: string;
  linkDetail?: string;
}) {
  return (
    <div className="mb-3 flex items-center justify-between gap-2">
      <h2 id={id} className="text-lg font-bold text-brand-700">
        {title}
      </h2>
      <Link to={to} className="text-sm font-semibold text-brand-700 hover:underline">
        {link}
        {linkDetail && <span className="sr-only"> {linkDetail}</span>}
      </Link>
    </div>
  );
}

/** An enquiry's sender, the link to its detail in the inbox. */
function EnquiryLink({ contact, className = "" }: { contact: Contact; className?: string }) {
  return (
    <Link
      to={`/admin/contacts/${contact._id}`}
      className={`${className} font-semibold break-words text-slate-900 hover:text-brand-700 hover:underline`.trim()}
    >
      {contact.name}
    </Link>
  );
}

/** First on a sales person's dashboard: the enquiries waiting for someone, each one tap from its detail. */
function NewEnquiries({ contacts, total }: { contacts: Contact[]; total: number }) {
  return (
    <section
      aria-labelledby="new-enquiries"
      data-testid="new-enquiries"
      className="mb-6 rounded-lg border border-brand-100 bg-white p-5 shadow-sm"
    >
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="new-enquiries" className="text-lg font-bold text-brand-700">
          New enquiries
        </h2>
        <p className="text-sm text-slate-700">{total === 1 ? "1 waiting" : `${total} waiting`}</p>
      </div>
      {contacts.length === 0 ? (
        <p className="text-slate-600">No new enquiries: every enquiry has been picked up.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {contacts.map((c) => (
            <li key={c._id} className="py-3">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <EnquiryLink contact={c} className="min-w-0" />
                <KindBadge type={c.type} />
              </div>
              <p className="text-sm break-words text-slate-700">
                {c.items.length > 0 ? c.items.map((i) => `${i.product.name} × ${i.quantity}`).join(", ") : c.subject}
              </p>
              <p className="text-xs text-slate-600">
                <span className="font-mono">{c.reference}</span> · {formatDate(c.date, true)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {total > 0 && (
        <Link
          to="/admin/contacts?status=new"
          className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
        >
          Open all new enquiries
          <ArrowRightIcon className="h-4 w-4" />
        </Link>
      )}
    </section>
  );
}

function Panels({ stats }: { stats: Stats }) {
  const contacts = stats.contacts?.slice(0, RECENT_CONTACTS) ?? null;
  const services = stats.services.slice(0, SERVICES_SHOWN);
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-2">
      {stats.enquiries && <EnquiryFigures stats={stats.enquiries} />}
      {stats.enquiries && <TopProducts stats={stats.enquiries} />}
      {contacts && <RecentContacts contacts={contacts} />}
      <section aria-labelledby="dashboard-services" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <PanelHeading id="dashboard-services" title="Services" to="/admin/services" link="View all" linkDetail="services" />
        {services.length === 0 ? (
          <p className="text-slate-600">No services found</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {services.map((s) => {
              const more = s.benefits.length - BENEFITS_SHOWN;
              return (
                <li key={s._id} className="py-3">
                  <h3 className="font-semibold text-slate-900">{s.title}</h3>
                  {s.benefits.length > 0 && (
                    <ul className="mt-1 flex flex-wrap gap-1.5">
                      {s.benefits.slice(0, BENEFITS_SHOWN).map((b) => (
                        <li key={b} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs text-brand-900">
                          {b}
                        </li>
                      ))}
                      {more > 0 && <li className="px-1 py-0.5 text-xs text-slate-600">+{more} more</li>}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The sales desk's figures and the IndiaMART pull (owners and sales), loading on their own. */
function SalesDesk({ deal }: { deal: ReturnType<typeof useDealStats> }) {
  return (
    <div className="space-y-6">
      <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <SalesFigures deal={deal} />
      </div>
      <IndiamartPanel />
    </div>
  );
}

/**
 * A sales person's dashboard starts with the new enquiries (each one tap from its detail), then their recent
 * acceptances and the sales figures, before the website's tiles (issue 45). An owner is told of an acceptance
 * at once: it comes first, above the website's tiles; the sales figures follow the website's.
 */
export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user } = useCurrentUser();
  const sales = can(user.role, "sales");
  const salesFirst = user.role === "sales";
  const deal = useDealStats(sales);
  return (
    <div>
      <PageHeader title="Dashboard Overview" description="The website at a glance." />
      {sales && !salesFirst && (
        <div className="mb-6">
          <RecentAcceptances stats={deal.stats} />
        </div>
      )}
      <Suspense fallback={<Tiles stats="loading" />}>
        <Await resolve={loaderData.stats} errorElement={<Failure />}>
          {(stats) => (
            <>
              {stats.newEnquiries && <NewEnquiries {...stats.newEnquiries} />}
              {salesFirst && (
                <div className="mb-6 space-y-6">
                  <RecentAcceptances stats={deal.stats} />
                  <SalesDesk deal={deal} />
                </div>
              )}
              {stats.enquiries && !stats.enquiries.mail.enabled && <MailOffNotice />}
              <Tiles stats={stats} />
              <Panels stats={stats} />
              {sales && !salesFirst && (
                <div className="mt-6">
                  <SalesDesk deal={deal} />
                </div>
              )}
              <RetentionPanel className="mt-6" />
            </>
          )}
        </Await>
      </Suspense>
    </div>
  );
}
