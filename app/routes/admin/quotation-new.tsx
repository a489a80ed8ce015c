import { Link, useNavigate, useRevalidator } from "react-router";
import type { SiteSettings } from "../../../shared/content/settings";
import type { Customer } from "../../../shared/sales/customer";
import type { Deal } from "../../../shared/sales/deal";
import { indiaDateOf } from "../../../shared/sales/financial-year";
import { taxSplitOf } from "../../../shared/sales/gst";
import { checkGstin } from "../../../shared/sales/gstin";
import { mayLoad } from "../../components/admin/current-user";
import { addDays, QuotationForm, type QuotationFormStart } from "../../components/admin/quotation-form";
import { adminMeta } from "../../components/admin/screen-data";
import { ErrorState, PageHeader } from "../../components/admin/screen-parts";
import { useToast } from "../../components/admin/toast";
import { api, errorDetail } from "../../lib/api-client";
import type { Route } from "./+types/quotation-new";

/**
 * Make a quotation (/admin/deals/{id}/quotations/new): the quotation form, its terms and validity from the
 * templates in Site Settings, its preview taxed by the buyer's state against the company's GSTIN.
 */

interface Loaded {
  deal: Deal | null;
  start: QuotationFormStart | null;
  interState: boolean | null;
  /** Why the buyer's state is not known, or the company's GSTIN is missing (the server will refuse then too). */
  warning: string | null;
  error: string | null;
}

const NONE: Loaded = { deal: null, start: null, interState: null, warning: null, error: null };

export async function clientLoader({ params }: Route.ClientLoaderArgs): Promise<Loaded> {
  if (!(await mayLoad("sales"))) return NONE;
  try {
    const [deal, settings] = await Promise.all([
      api<Deal>(`/api/deals/${encodeURIComponent(params.id)}`),
      api<SiteSettings>("/api/settings"),
    ]);
    const customer = deal.customerId
      ? await api<Customer>(`/api/customers/${encodeURIComponent(deal.customerId)}`).catch(() => null)
      : null;
    const company = checkGstin(settings.gstin ?? "");
    const buyerCode = customer?.stateCode ?? "";
    const warning = !company.ok
      ? "The company's GSTIN is not set in Site Settings: an owner sets it before quotations can be made."
      : !customer
        ? "The deal has no customer: link it to one before making a quotation."
        : !buyerCode
          ? "The customer's state is not known: add their GSTIN or billing state."
          : null;
    const today = indiaDateOf(new Date());
    return {
      ...NONE,
      deal,
      warning,
      interState: company.ok && buyerCode ? taxSplitOf(buyerCode, company.stateCode) === "inter" : null,
      start: {
        lines: [],
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
  const { deal, start, interState, warning, error } = loaderData;
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
        <p role="note" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {warning}
        </p>
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
        submitLabel="Save the quotation"
        onSaved={(q) => {
          toast.success(`Quotation ${q.number} saved.`);
          navigate(`/admin/quotations/${q._id}`);
        }}
      />
    </div>
  );
}
