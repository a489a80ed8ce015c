import { useState } from "react";
import type { Deal } from "../../../shared/sales/deal";
import type { Contact } from "../../../shared/schemas/enquiry-values";
import { api, errorMessage } from "../../lib/api-client";
import { useCurrentUser } from "./current-user";
import { useToast } from "./toast";

/** A deal's title from its lead: the products asked for, else the subject, else who and which company. */
function dealTitleOf(lead: Pick<Contact, "items" | "subject" | "company" | "name">): string {
  const products = lead.items.map((i) => i.product.name).join(", ");
  return (products || lead.subject || `Enquiry from ${lead.company || lead.name}`).slice(0, 200);
}

/**
 * Taking a lead: it becomes a deal of the person who took it (an owner's new deal would otherwise stay
 * unassigned), from My day or the enquiry itself. `busy` is the lead being taken.
 */
export function useTakeLead() {
  const toast = useToast();
  const { user } = useCurrentUser();
  const [busy, setBusy] = useState<string | null>(null);
  const take = async (lead: Contact): Promise<Deal | null> => {
    setBusy(lead._id);
    try {
      const deal = await api<Deal>("/api/deals", {
        method: "POST",
        json: { title: dealTitleOf(lead), contactId: lead._id, customerId: lead.customerId, ownerId: user._id },
      });
      toast.success("Deal made. It is yours now.");
      return deal;
    } catch (err) {
      toast.error(errorMessage(err, "Failed to make a deal of the lead."));
      return null;
    } finally {
      setBusy(null);
    }
  };
  return { take, busy };
}
