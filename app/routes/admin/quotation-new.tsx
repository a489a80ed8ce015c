import { useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import type { SiteSettings } from "../../../shared/content/settings";
import type { Customer } from "../../../shared/sales/customer";
import type { Deal } from "../../../shared/sales/deal";
import { indiaDateOf } from "../../../shared/sales/financial-year";
import { taxSplitOf } from "../../../shared/sales/gst";
import { checkGstin } from "../../../shared/sales/gstin";
import type { Contact } from "../../../shared/schemas/enquiry-values";
import { mayLoad } from "../../components/admin/current-user";
import { CustomerEditor } from "../../components/admin/customer-editor";
import {
  addDays,
  type CatalogueProduct,
  lineOfProduct,
  QuotationForm,
  type QuotationFormStart,
  type UsualLine,
} from "../../components/admin/quotation-form";
import { adminMeta } from "../../components/admin/screen-data";
import { buttonClass, ErrorState, PageHeader } from "../../components/admin/screen-parts";
import { useToast } from "../../components/admin/toast";
import { api, errorDetail } from "../../lib/api-client";
import type { Route } from "./+types/quotation-new";

/**
 * Make a quotation (/admin/deals/{id}/quotations/new): the quotation form, filled from the deal's lead (the
 * products and quantities asked for, at catalogue prices), its terms and validity from the templates in Site
 * Settings with the usual lines one tap away, its preview taxed by the buyer's state against the company's
 * GSTIN; a missing state or GSTIN is added here, in the customer's own form.
 */

interface Loaded {
  deal: Deal | null;
  start: QuotationFormStart | null;
  interState: boolean | null;
  /** Why the buyer's state is not known, or the company's GSTIN is missing (the server will refuse then too). */
  warning: string | null;
  /** The buyer, to fix a missing state or GSTIN in place; null when the deal has none. */
  customer: Customer | null;
  usualLines: UsualLine[];
  error: string | null;
}

const NONE: Loaded = {
  deal: null,
  start: null,
  interState: null,
  warning: null,
  customer: null,
  usualLines: [],
  error: null,
};

/**
 * What the lead asked for, as lines at the catalogue's prices (issue 45: nothing is typed twice). A product
 * deleted since keeps its name on a free line, for its code and price to be typed.
 */
async function linesAskedFor(lead: Contact | null): Promise<QuotationFormStart["lines"]> {
  if (!lead) return [];
  return Promise.all(
    lead.items.map(async (item) => {
      const product = await api<CatalogueProduct>(`/api/product/${encodeURIComponent(item.product._id)}`).catch(() => null);
      return product
        ? lineOfProduct(product, item.quantity)
        : { ...lineOfProduct({ _id: "", name: item.product.name, hsn: "", price: null }, item.quantity), productId: null };
    }),
  );
}

function warningOf(company: ReturnType<typeof checkGstin>, customer: Customer | null): string | null {
  if (!company.ok) return "The company's GSTIN is not set in Site Settings: an owner sets it before quotations can be made.";
  if (!customer) return "The deal has no customer: link it to one before making a quotation.";
  if (!customer.stateCode) return "The customer's state is not known: add their GSTIN or billing state.";
  return null;
}

export async function clientLoader({ params }: Route.ClientLoaderArgs): Promise<Loaded> {
  if (!(await mayLoad("sales"))) return NONE;
  try {
    const [deal, settings] = await Promise.all([
      api<Deal>(`/api/deals/${encodeURIComponent(params.id)}`),
      api<SiteSettings>("/api/settings"),
    ]);
    const [customer, lead] = await Promise.all([
      deal.customerId ? api<Customer>(`/api/customers/${encodeURIComponent(deal.customerId)}`).catch(() => null) : null,
      deal.contactId ? api<Contact>(`/api/contacts/${encodeURIComponent(deal.contactId)}`).catch(() => null) : null,
    ]);
    const company = checkGstin(settings.gstin ?? "");
    const buyerCode = customer?.stateCode ?? "";
    const today = indiaDateOf(new Date());
    return {
      ...NONE,
      deal,
      customer,
      usualLines: settings.quotationLineTemplates ?? [],
      warning: warningOf(company, customer),
      interState: company.ok && buyerCode ? taxSplitOf(buyerCode, company.stateCode) === "inter" : null,
      start: {
        lines: await linesAskedFor(lead),
        validUntil: addDays(today, settings.quotationValidityDays ?? 30),
        terms: {
          payment: settings.quotationPaymentTerms ?? "",
          delivery: settings.quotationDeliveryTerms ?? "",
          warranty: settings.quotationWarrantyTerms ?? "",
          notes: "",
        },
      },
    };
  } catch (err) {
    console.error("Failed to fetch the deal", err);
    return { ...NONE, error: `Error: ${errorDetail(err)}` };
  }
}

export const meta = () => adminMeta("New quotation");

export default function NewQuotationScreen({ loaderData }: Route.ComponentProps) {
  const { deal, start, interState, warning, customer, usualLines, error } = loaderData;
  const [fixing, setFixing] = useState(false);
  const navigate = useNavigate();
  const toast = useToast();
  const revalidator = useRevalidator();
  if (error || !deal || !start) {
    return (
      <div>
        <PageHeader title="New quotation" />
        {error && <ErrorState text={error} onRetry={() => revalidator.revalidate()} />}
      </div>
    );
  }
  return (
    <div>
      <PageHeader
        title="New quotation"
        description={`For the deal "${deal.title}"${deal.customerName ? ` with ${deal.customerName}` : ""}.`}
        actions={
          <Link to={`/admin/deals/${deal._id}`} className="inline-flex min-h-10 items-center text-sm text-brand-700 underline">
            Back to the deal
          </Link>
        }
      />
      {warning && (
        <div role="note" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p>{warning}</p>
          {customer && !customer.stateCode && (
            <button type="button" className={`${buttonClass("secondary", "sm")} mt-2`} onClick={() => setFixing(true)}>
              Add the GSTIN or state of {customer.name}
            </button>
          )}
        </div>
      )}
      {customer && (
        <CustomerEditor
          editing={customer}
          open={fixing}
          onClose={() => setFixing(false)}
          onSaved={() => {
            // The form keeps what was typed; the loader reads the customer's state again for the tax.
            setFixing(false);
            void revalidator.revalidate();
          }}
        />
      )}
      {interState !== null && (
        <p className="mb-4 text-sm text-slate-700">
          {interState
            ? "The buyer is in another state: IGST."
            : "The buyer is in the company's state: CGST and SGST, half the rate each."}
        </p>
      )}
      <QuotationForm
        start={start}
        target={{ dealId: deal._id }}
        interState={interState}
        usualLines={usualLines}
        submitLabel="Save the quotation"
        onSaved={(q) => {
          toast.success(`Quotation ${q.number} saved.`);
          navigate(`/admin/quotations/${q._id}`);
        }}
      />
    </div>
  );
}
