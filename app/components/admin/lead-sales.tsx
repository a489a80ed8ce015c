import { Link, useNavigate } from "react-router";
import type { Contact } from "../../../shared/schemas/enquiry-values";
import { useCan } from "./current-user";
import { buttonClass } from "./screen-parts";
import { useTakeLead } from "./take-lead";

/**
 * An enquiry's place on the sales desk (issue 45: deal, enquiry and customer link to each other both ways):
 * its deal and customer, and "Make a quotation", which takes the lead as a deal first when nobody has. Only
 * for those who work the sales desk (an editor reads enquiries but has no deals).
 */
export function LeadSales({ contact }: { contact: Contact }) {
  const mayQuote = useCan("sales");
  const navigate = useNavigate();
  const { take, busy } = useTakeLead();
  if (!mayQuote) return null;
  const quote = async () => {
    const dealId = contact.dealId ?? (await take(contact))?._id;
    if (dealId) navigate(`/admin/deals/${dealId}/quotations/new`);
  };
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md bg-slate-50 px-3 py-2 text-sm">
      {contact.dealId ? (
        <Link to={`/admin/deals/${contact.dealId}`} className="font-semibold text-brand-700 underline">
          Open its deal
        </Link>
      ) : (
        <span className="text-slate-700">No deal yet</span>
      )}
      {contact.customerName && (
        <Link
          to={`/admin/customers?q=${encodeURIComponent(contact.customerName)}`}
          className="font-semibold text-brand-700 underline"
        >
          Customer: {contact.customerName}
        </Link>
      )}
      {contact.type !== "service" && (
        <button type="button" className={buttonClass("primary", "sm")} disabled={busy !== null} onClick={quote}>
          {busy ? "Making the deal..." : "Make a quotation"}
        </button>
      )}
    </div>
  );
}
