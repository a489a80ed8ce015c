import { Link, useRevalidator } from "react-router";
import { adminMeta } from "../../components/admin/data";
import { EmptyState, ErrorState, formatDate, PageHeader } from "../../components/admin/ui";
import { api } from "../../lib/api-client";
import type { Contact } from "../../schemas/contact";
import type { Route } from "./+types/customers";

/** Customers: the people who wrote in, grouped by e-mail address (case-insensitive), newest first. */

export const CUSTOMER_TEXTS = {
  fetchFailed: "Failed to fetch customers",
  empty: "No customers yet",
};

export interface Customer {
  email: string;
  name: string;
  phone: string;
  messages: number;
  lastDate: string;
}

const time = (iso: string) => {
  const t = new Date(iso).getTime();
  return Number.isNaN(t) ? 0 : t;
};

/** One row per e-mail address: the latest name, the latest non-empty phone, the count and the last date. */
export function groupCustomers(contacts: Contact[]): Customer[] {
  const sorted = [...contacts].sort((a, b) => time(b.date) - time(a.date));
  const byEmail = new Map<string, Customer>();
  for (const c of sorted) {
    const key = c.email.trim().toLowerCase();
    if (!key) continue;
    const known = byEmail.get(key);
    if (!known) {
      byEmail.set(key, { email: c.email.trim(), name: c.name, phone: c.phone ?? "", messages: 1, lastDate: c.date });
    } else {
      known.messages += 1;
      if (!known.phone && c.phone) known.phone = c.phone;
      if (!known.name && c.name) known.name = c.name;
    }
  }
  return [...byEmail.values()];
}

export async function clientLoader() {
  try {
    const contacts = await api<Contact[]>("/api/contacts");
    return { customers: groupCustomers(Array.isArray(contacts) ? contacts : []), error: null as string | null };
  } catch (err) {
    console.error(CUSTOMER_TEXTS.fetchFailed, err);
    return { customers: [] as Customer[], error: CUSTOMER_TEXTS.fetchFailed };
  }
}

export const meta = () => adminMeta("Customers");

export default function CustomersScreen({ loaderData }: Route.ComponentProps) {
  const { customers, error } = loaderData;
  const revalidator = useRevalidator();
  return (
    <div>
      <PageHeader title="Customers" description="People who wrote in through the contact form, grouped by e-mail address." />
      {error ? (
        <ErrorState text={error} onRetry={() => revalidator.revalidate()} />
      ) : customers.length === 0 ? (
        <EmptyState text={CUSTOMER_TEXTS.empty} />
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600">{customers.length === 1 ? "1 customer" : `${customers.length} customers`}</p>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {customers.map((c) => (
              <li
                key={c.email.toLowerCase()}
                data-customer={c.email.toLowerCase()}
                className="grid gap-x-6 gap-y-2 p-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-center lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_8rem_9rem_auto]"
              >
                <div className="min-w-0">
                  <h2 className="font-semibold break-words text-slate-900">{c.name}</h2>
                  <a href={`mailto:${c.email}`} className="text-sm break-all text-brand-700 underline">
                    {c.email}
                  </a>
                </div>
                <p className="text-sm text-slate-700">
                  <span className="font-semibold text-slate-600 lg:sr-only">Phone: </span>
                  {c.phone || "—"}
                </p>
                <p className="text-sm text-slate-700 lg:text-right">
                  <span className="font-semibold text-slate-900" data-messages>
                    {c.messages}
                  </span>{" "}
                  {c.messages === 1 ? "message" : "messages"}
                </p>
                <p className="text-sm text-slate-700">
                  <span className="font-semibold text-slate-600">Last: </span>
                  <time dateTime={c.lastDate}>{formatDate(c.lastDate)}</time>
                </p>
                <Link
                  to={`/admin/contacts?search=${encodeURIComponent(c.email)}`}
                  className="inline-flex min-h-8 items-center text-sm font-semibold whitespace-nowrap text-brand-700 underline sm:justify-self-end"
                >
                  View messages<span className="sr-only"> from {c.email}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
