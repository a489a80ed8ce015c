import { Suspense } from "react";
import { Await, Link } from "react-router";
import { StatusBadge } from "../../components/admin/contact-status";
import { adminMeta } from "../../components/admin/data";
import { buttonClass, formatDate, PageHeader } from "../../components/admin/ui";
import { ArrowRightIcon } from "../../components/icons";
import { api } from "../../lib/api-client";
import type { Contact } from "../../schemas/contact";
import type { Product } from "../../schemas/product";
import type { Service } from "../../schemas/service";
import type { Route } from "./+types/dashboard";

/** SPEC §9: 5 recent contacts, 3 services, 3 benefits per service. */
const RECENT_CONTACTS = 5;
const SERVICES_SHOWN = 3;
const BENEFITS_SHOWN = 3;
const DAY_MS = 24 * 60 * 60 * 1000;
export const FETCH_FAILED = "Failed to fetch data. Please try again later.";

interface Trend {
  current: number;
  previous: number;
}

interface Stats {
  products: number;
  services: Service[];
  contacts: Contact[];
  customers: number;
  productsAdded: number;
  servicesAdded: number;
  messages: Trend;
}

/** How many dates fall in the last 30 days and in the 30 days before (real figures, not the spec's random arrows). */
export function trend(dates: string[], now = Date.now()): Trend {
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

async function loadStats(): Promise<Stats> {
  // Loaded in parallel (SPEC §7).
  const [products, services, contacts] = await Promise.all([
    api<{ data: Product[]; total: number }>("/api/product", { query: { limit: 100 } }),
    api<Service[]>("/api/service"),
    api<Contact[]>("/api/contacts"),
  ]);
  return {
    products: products.total ?? products.data.length,
    services,
    contacts,
    customers: new Set(contacts.map((c) => c.email.trim().toLowerCase())).size,
    productsAdded: trend(products.data.map((p) => p.createdAt)).current,
    servicesAdded: trend(services.map((s) => s.createdAt)).current,
    messages: trend(contacts.map((c) => c.date)),
  };
}

/** Not awaited: the page shows its tiles with "Loading..." at once. */
export function clientLoader() {
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

function MessagesTrend({ t }: { t: Trend }) {
  if (t.previous === 0) {
    return (
      <>
        {t.current} {t.current === 1 ? "message" : "messages"} in the last 30 days (none in the 30 days before)
      </>
    );
  }
  const change = Math.round(((t.current - t.previous) / t.previous) * 100);
  const arrow = change > 0 ? "↑" : change < 0 ? "↓" : "→";
  const colour = change > 0 ? "text-green-800" : change < 0 ? "text-red-700" : "text-slate-700";
  return (
    <>
      {t.current} {t.current === 1 ? "message" : "messages"} in the last 30 days{" "}
      <span className={`font-semibold ${colour}`}>
        <span aria-hidden="true">{arrow}</span> {change > 0 ? "+" : ""}
        {change}%
      </span>{" "}
      against the 30 days before ({t.previous})
    </>
  );
}

function Tiles({ stats }: { stats: Stats | "loading" | "error" }) {
  const value = (n: (s: Stats) => number) => (stats === "loading" ? "Loading..." : stats === "error" ? "Error" : n(stats));
  const ready = typeof stats === "object" ? stats : null;
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
      <Tile
        label="Customers"
        value={value((s) => s.customers)}
        note={ready && <MessagesTrend t={ready.messages} />}
        to="/admin/customers"
      />
    </ul>
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

function Panels({ stats }: { stats: Stats }) {
  const contacts = stats.contacts.slice(0, RECENT_CONTACTS);
  const services = stats.services.slice(0, SERVICES_SHOWN);
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="recent-contacts" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 id="recent-contacts" className="text-lg font-bold text-brand-700">
            Recent Contacts
          </h2>
          <Link to="/admin/contacts" className="text-sm font-semibold text-brand-700 hover:underline">
            View all<span className="sr-only"> contacts</span>
          </Link>
        </div>
        {contacts.length === 0 ? (
          <p className="text-slate-600">No contacts found</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {contacts.map((c) => (
              <li key={c._id} className="flex items-start justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-semibold break-words text-slate-900">{c.name}</p>
                  <p className="text-sm break-words text-slate-600">{c.subject}</p>
                  <p className="text-xs text-slate-600">{formatDate(c.date)}</p>
                </div>
                <StatusBadge status={c.status} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="dashboard-services" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 id="dashboard-services" className="text-lg font-bold text-brand-700">
            Services
          </h2>
          <Link to="/admin/services" className="text-sm font-semibold text-brand-700 hover:underline">
            View all<span className="sr-only"> services</span>
          </Link>
        </div>
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

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <PageHeader title="Dashboard Overview" description="The website at a glance." />
      <Suspense fallback={<Tiles stats="loading" />}>
        <Await resolve={loaderData.stats} errorElement={<Failure />}>
          {(stats) => (
            <>
              <Tiles stats={stats} />
              <Panels stats={stats} />
            </>
          )}
        </Await>
      </Suspense>
    </div>
  );
}
