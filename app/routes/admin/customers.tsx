import { Link, useRevalidator } from "react-router";
import { mayLoad } from "../../components/admin/current-user";
import { Pager } from "../../components/admin/pager";
import { adminMeta } from "../../components/admin/screen-data";
import { EmptyState, ErrorState, formatDate, PageHeader } from "../../components/admin/screen-parts";
import { apiWithHeaders } from "../../lib/api-client";
import type { Route } from "./+types/customers";

/**
 * Customers: the people who wrote in, grouped by e-mail address (case-insensitive), newest first. The
 * server groups them (GET /api/contacts/customers), a page at a time; the page is in the URL.
 */

const CUSTOMERS_PER_PAGE = 50;

const CUSTOMER_TEXTS = {
  fetchFailed: "Failed to fetch customers",
  empty: "No customers yet",
};

interface Customer {
  email: string;
  name: string;
  phone: string;
  messages: number;
  lastDate: string;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const page = Math.max(1, Math.floor(Number(new URL(request.url).searchParams.get("page")) || 1));
  if (!(await mayLoad("enquiries"))) return { customers: [] as Customer[], total: 0, page, error: null as string | null };
  try {
    const { data, headers } = await apiWithHeaders<Customer[]>("/api/contacts/customers", {
      query: { page, limit: CUSTOMERS_PER_PAGE },
    });
    return { customers: data, total: Number(headers.get("X-Total-Count") ?? data.length), page, error: null as string | null };
  } catch (err) {
    console.error(CUSTOMER_TEXTS.fetchFailed, err);
    return { customers: [] as Customer[], total: 0, page, error: CUSTOMER_TEXTS.fetchFailed };
  }
}

export const meta = () => adminMeta("Customers");

export default function CustomersScreen({ loaderData }: Route.ComponentProps) {
  const { customers, total, page, error } = loaderData;
  const revalidator = useRevalidator();
  const pages = Math.max(1, Math.ceil(total / CUSTOMERS_PER_PAGE));
  return (
    <div>
      <PageHeader title="Customers" description="People who wrote in through the contact form, grouped by e-mail address." />
      {error ? (
        <ErrorState text={error} onRetry={() => revalidator.revalidate()} />
      ) : customers.length === 0 && page === 1 ? (
        <EmptyState text={CUSTOMER_TEXTS.empty} />
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600">{total === 1 ? "1 customer" : `${total} customers`}</p>
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
                  to={`/admin/contacts?q=${encodeURIComponent(c.email)}`}
                  className="inline-flex min-h-8 items-center text-sm font-semibold whitespace-nowrap text-brand-700 underline sm:justify-self-end"
                >
                  View messages<span className="sr-only"> from {c.email}</span>
                </Link>
              </li>
            ))}
          </ul>
          <Pager label="Customer pages" page={page} pages={pages} previous="Previous" next="Next" />
        </>
      )}
    </div>
  );
}
