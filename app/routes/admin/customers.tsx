import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import type { Customer } from "../../../shared/sales/customer";
import { stateByCode } from "../../../shared/sales/states";
import { mayLoad } from "../../components/admin/current-user";
import { CustomerEditor } from "../../components/admin/customer-editor";
import { CustomerPicker } from "../../components/admin/customer-picker";
import { Dialog, useConfirm } from "../../components/admin/dialog";
import { useEditorState } from "../../components/admin/editor-form";
import { FormErrors } from "../../components/admin/fields";
import { editorDialogProps } from "../../components/admin/form-utils";
import { Pager } from "../../components/admin/pager";
import { adminMeta } from "../../components/admin/screen-data";
import { buttonClass, EmptyState, ErrorState, PageHeader } from "../../components/admin/screen-parts";
import { useToast } from "../../components/admin/toast";
import { SearchBox, useUrlSearch } from "../../components/admin/url-search";
import { api, apiWithHeaders, errorDetail, errorMessage } from "../../lib/api-client";
import type { Route } from "./+types/customers";

/**
 * Customers of the sales desk (docs/decisions/029-sales-desk.md): the companies with their GSTIN, addresses
 * and people, from GET /api/customers, 25 a page; the search and the page are in the URL. An enquiry joins
 * the customer with its e-mail address (a lead without one, its phone; else makes one), so messages from one
 * address count as one customer. Owners and sales people add, edit, merge and delete them.
 */

const PAGE_SIZE = 25;

const TEXTS = {
  fetchFailed: "Failed to fetch customers",
  empty: "No customers yet",
  noMatch: "No customer matches the search",
};

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim();
  const page = Math.max(1, Math.floor(Number(params.get("page")) || 1));
  const empty = { customers: [] as Customer[], total: 0, q, page, error: null as string | null };
  if (!(await mayLoad("sales"))) return empty;
  try {
    const { data, headers } = await apiWithHeaders<Customer[]>("/api/customers", { query: { q, page, limit: PAGE_SIZE } });
    return { ...empty, customers: data, total: Number(headers.get("X-Total-Count") ?? data.length) };
  } catch (err) {
    console.error(TEXTS.fetchFailed, err);
    return { ...empty, error: `${TEXTS.fetchFailed}: ${errorDetail(err)}` };
  }
}

export const meta = () => adminMeta("Customers");

export default function CustomersScreen({ loaderData }: Route.ComponentProps) {
  const { customers, total, q, page, error } = loaderData;
  const revalidator = useRevalidator();
  const editor = useEditorState<Customer>();
  const [merging, setMerging] = useState<Customer | null>(null);
  const search = useUrlSearch(q);
  const remove = useDeleteCustomer();
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <div>
      <PageHeader
        title="Customers"
        description="Companies and people who buy from us, with their GSTIN, addresses and enquiries."
        actions={
          <button type="button" className={buttonClass("primary")} onClick={editor.openAdd}>
            + Add Customer
          </button>
        }
      />
      <form
        aria-label="Search the customers"
        className="mb-4 rounded-lg border border-slate-200 bg-white p-4"
        onSubmit={(e) => e.preventDefault()}
      >
        <SearchBox
          id="customer-search"
          value={search.text}
          placeholder="Name, GSTIN, city, person, e-mail or phone"
          onSearch={search.onSearch}
        />
      </form>
      {error ? (
        <ErrorState text={error} onRetry={() => revalidator.revalidate()} />
      ) : customers.length === 0 ? (
        <EmptyState text={q ? TEXTS.noMatch : TEXTS.empty} />
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600" aria-live="polite">
            {total === 1 ? "1 customer" : `${total} customers`}
          </p>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label="Customers">
            {customers.map((c) => (
              <CustomerRow
                key={c._id}
                customer={c}
                onEdit={() => editor.openEdit(c)}
                onMerge={() => setMerging(c)}
                onDelete={() => remove(c)}
              />
            ))}
          </ul>
          <Pager label="Customer pages" page={page} pages={pages} previous="Previous" next="Next" />
        </>
      )}
      <CustomerEditor key={editor.key} {...editorDialogProps(editor, revalidator)} />
      <MergeDialog customer={merging} onClose={() => setMerging(null)} onMerged={() => revalidator.revalidate()} />
    </div>
  );
}

function useDeleteCustomer() {
  const confirm = useConfirm();
  const toast = useToast();
  const revalidator = useRevalidator();
  return async (c: Customer) => {
    const question = `Delete the customer ${c.name}? Their enquiries are kept. (One with deals is merged instead.)`;
    if (!(await confirm(question))) return;
    try {
      const answer = await api<{ message: string }>(`/api/customers/${c._id}`, { method: "DELETE" });
      toast.success(answer.message);
    } catch (err) {
      toast.error(errorMessage(err, "Failed to delete the customer."));
    }
    void revalidator.revalidate();
  };
}

/** "33AAACP1234C1Z5 · Tamil Nadu", or the place of supply from the billing address when there is no GSTIN. */
function gstinText(c: Customer): string {
  const state = stateByCode(c.stateCode)?.name;
  if (c.gstin) return state ? `${c.gstin} · ${state}` : c.gstin;
  return state ? `No GSTIN · ${state}` : "No GSTIN";
}

/** Where "View enquiries" looks: the inbox searches for the first person's e-mail, phone or name. */
function enquirySearch(c: Customer): string {
  const p = c.people[0];
  return p?.email || p?.phone || p?.name || c.name;
}

function CustomerRow({
  customer: c,
  onEdit,
  onMerge,
  onDelete,
}: {
  customer: Customer;
  onEdit: () => void;
  onMerge: () => void;
  onDelete: () => void;
}) {
  return (
    <li
      data-customer={c._id}
      className="grid gap-x-6 gap-y-2 p-4 md:grid-cols-[minmax(0,1.3fr)_minmax(0,1.5fr)_auto] lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1.5fr)_9rem_auto] md:items-start"
    >
      <div className="min-w-0">
        <h2 className="font-semibold break-words text-slate-900">{c.name}</h2>
        <p className="text-sm break-all text-slate-700">
          <span className="sr-only">GSTIN: </span>
          {gstinText(c)}
        </p>
      </div>
      {c.people.length === 0 ? (
        <p className="text-sm text-slate-600">No people yet</p>
      ) : (
        <ul className="min-w-0 space-y-1 text-sm" aria-label={`People at ${c.name}`}>
          {c.people.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: people have no ids; the list is shown as saved
            <li key={i} className="flex min-w-0 flex-wrap gap-x-2 break-words text-slate-700">
              {p.name && <span className="font-medium text-slate-900">{p.name}</span>}
              {p.email && (
                <a href={`mailto:${p.email}`} className="break-all text-brand-700 underline">
                  {p.email}
                </a>
              )}
              {p.phone && (
                <a href={`tel:${p.phone.replace(/[^\d+]/g, "")}`} className="whitespace-nowrap text-brand-700 underline">
                  {p.phone}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-slate-900" data-enquiries>
          {c.enquiries}
        </span>{" "}
        {c.enquiries === 1 ? "enquiry" : "enquiries"}
        {c.enquiries > 0 && (
          <Link
            to={`/admin/contacts?q=${encodeURIComponent(enquirySearch(c))}`}
            className="mt-1 block w-fit font-semibold text-brand-700 underline"
          >
            View enquiries<span className="sr-only"> of {c.name}</span>
          </Link>
        )}
        {/* The deals list searches customers' names: the way back from a customer to its deals. */}
        <Link
          to={`/admin/deals?q=${encodeURIComponent(c.name)}`}
          className="mt-1 block w-fit font-semibold text-brand-700 underline"
        >
          View deals<span className="sr-only"> of {c.name}</span>
        </Link>
      </p>
      <div className="flex flex-wrap gap-2 md:col-span-full lg:col-span-1 lg:justify-end">
        <button type="button" className={buttonClass("secondary", "sm")} onClick={onEdit}>
          Edit<span className="sr-only"> {c.name}</span>
        </button>
        <button type="button" className={buttonClass("secondary", "sm")} onClick={onMerge}>
          Merge into…<span className="sr-only"> (merge {c.name} into another customer)</span>
        </button>
        <button type="button" className={buttonClass("danger-outline", "sm")} onClick={onDelete}>
          Delete<span className="sr-only"> {c.name}</span>
        </button>
      </div>
    </li>
  );
}

/** Merges the customer into another one: its people, enquiries, deals and quotations move there, and it is deleted. */
function MergeDialog({ customer, onClose, onMerged }: { customer: Customer | null; onClose: () => void; onMerged: () => void }) {
  const toast = useToast();
  const [target, setTarget] = useState<{ id: string; name: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setTarget(null);
    setFailure(null);
    onClose();
  };
  const merge = async () => {
    if (!customer) return;
    if (!target) {
      setFailure("Please choose the customer to merge into.");
      return;
    }
    setBusy(true);
    try {
      await api(`/api/customers/${target.id}/merge`, { method: "POST", json: { otherId: customer._id } });
      toast.success(`${customer.name} merged into ${target.name}.`);
      close();
      onMerged();
    } catch (err) {
      setFailure(errorMessage(err, "Failed to merge the customers."));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={customer !== null}
      title={customer ? `Merge ${customer.name} into another customer` : "Merge"}
      onClose={close}
      footer={
        <>
          <button type="button" className={buttonClass("secondary")} onClick={close}>
            Cancel
          </button>
          <button type="button" className={buttonClass("danger")} disabled={busy} onClick={merge}>
            {busy ? "Merging..." : "Merge"}
          </button>
        </>
      }
    >
      {customer && (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            The people and enquiries of <strong>{customer.name}</strong> move to the customer you choose, which keeps its name;
            its GSTIN and addresses fill in what that customer lacks. Then {customer.name} is deleted.
          </p>
          <CustomerPicker
            label="Merge into"
            value={target}
            exclude={customer._id}
            noneLabel="Choose a customer"
            onChange={(c) => {
              setTarget(c);
              setFailure(null);
            }}
          />
          <FormErrors messages={failure ? [failure] : []} />
        </div>
      )}
    </Dialog>
  );
}
