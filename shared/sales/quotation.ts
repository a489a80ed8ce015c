import { z } from "zod";
import { oneLine, withoutControls } from "../lib/control-characters";
import { calendarDay } from "../schemas/calendar-day";
import { LIMITS, optionalText } from "../schemas/fields";
import { type Address, address, emailKey } from "./customer";
import { isHsnCode } from "./gst";
import { rupeesToPaise, toHundredths } from "./money";

/**
 * GST quotations (docs/decisions/029-sales-desk.md). A quotation is a document: the buyer, the seller and
 * every line are copied in when it is made, so a later change to the customer or the catalogue never
 * changes what was quoted. A revision is a new version under the same number; the earlier ones stay.
 */

export const QUOTATION_STATUSES = ["draft", "sent", "viewed", "accepted", "declined"] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];

export interface QuotationParty {
  name: string;
  gstin: string;
  /** GST state code ("33"); "" when unknown. */
  stateCode: string;
  state: string;
  address: Address;
}

/**
 * What a purchase manager's and a CA's copy names beside the parties (issue 45): where the goods go, the
 * buyer's own reference (their enquiry and its date) and the person it is for.
 */
export interface QuotationParticulars {
  shipTo: Address;
  yourRef: string;
  /** YYYY-MM-DD, India's day of the buyer's reference; null when unknown. */
  yourRefDate: string | null;
  kindAttn: string;
}

/**
 * The seller as a quotation prints it: the party, and what a buyer's accounts need to pay an advance (issue 45).
 * Copied from Site Settings when the quotation is made, like the rest of it; "" on quotations made before.
 */
export interface QuotationSeller extends QuotationParty {
  pan: string;
  bankDetails: string;
}

export interface QuotationTerms {
  payment: string;
  delivery: string;
  warranty: string;
  notes: string;
}

/** One line as stored: integers only (paise, hundredths, basis points), with its worked-out amounts. */
export interface StoredQuotationLine {
  productId: string | null;
  description: string;
  hsn: string;
  quantityHundredths: number;
  unit: string;
  unitPricePaise: number;
  discountHundredths: number;
  rateBasisPoints: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/** One line as answered: amounts in rupees (decimal numbers), rate and discount in percent. */
interface QuotationLineView {
  productId: string | null;
  description: string;
  hsn: string;
  quantity: number;
  unit: string;
  unitPrice: number;
  discountPercent: number;
  gstRate: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
}

export interface Quotation {
  _id: string;
  number: string;
  version: number;
  /** The other versions of this number, oldest first (this one included). */
  versions: { _id: string; version: number; date: string; total: number }[];
  dealId: string;
  customerId: string | null;
  status: QuotationStatus;
  /** The day it was made (India), YYYY-MM-DD: its GST rates are that day's. */
  date: string;
  validUntil: string;
  seller: QuotationSeller;
  buyer: QuotationParty;
  /** Ship-to, "Your ref." and "Kind attn."; null on quotations made before issue 45. */
  particulars: QuotationParticulars | null;
  /** CGST + SGST (the buyer in the seller's state) or IGST. */
  taxSplit: "intra" | "inter";
  lines: QuotationLineView[];
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  roundOff: number;
  total: number;
  amountInWords: string;
  terms: QuotationTerms;
  preparedBy: string;
  sentAt: string | null;
  viewedAt: string | null;
  decidedAt: string | null;
  /**
   * Who accepted or declined it on the buyer's page, from where; or, when the buyer answered another way
   * (by phone, a purchase order), the owner who recorded it (`recordedBy`, `how`; `ip` is then empty).
   */
  decision: { name: string; ip: string; reason?: string; recordedBy?: string; how?: string } | null;
  /** GET /api/quotations/{id} only: the buyer's page, "/quotation/<signed token>" (no sign-in needed). */
  buyerPath?: string;
  createdAt: string;
  updatedAt: string;
}

const amount = (label: string) =>
  z.union([z.number(), z.string()], { error: `${label} must be an amount in rupees.` }).transform((v, ctx) => {
    const paise = rupeesToPaise(typeof v === "string" ? v.replace(/,/g, "") : v);
    if (paise === null) {
      ctx.addIssue({ code: "custom", message: `${label} must be an amount in rupees of 0 or more, with at most two decimals.` });
      return z.NEVER;
    }
    return paise;
  });

const hundredths = (label: string, message: string, max: number) =>
  z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const n = toHundredths(v);
    if (n === null || n > max) {
      ctx.addIssue({ code: "custom", message: `${label} ${message}` });
      return z.NEVER;
    }
    return n;
  });

/** A line as sent: from the catalogue (productId; what is left out is taken from the product) or free. */
const lineInput = z.object(
  {
    productId: z.string({ error: "productId must be text." }).trim().nullable().optional(),
    description: z
      .string({ error: "A line's description must be text." })
      .overwrite(oneLine)
      .trim()
      .max(LIMITS.short, "A line's description must be at most 500 characters.")
      .optional(),
    hsn: z
      .string({ error: "A line's HSN code must be text." })
      .transform((v) => v.replace(/\s/g, ""))
      .refine((v) => v === "" || isHsnCode(v), "A line's HSN code must be 4, 6 or 8 digits (SAC for services: 6).")
      .optional(),
    quantity: hundredths("Quantity", "must be a number above 0 with at most two decimals.", 100_000_000).refine(
      (v) => v > 0,
      "Quantity must be a number above 0 with at most two decimals.",
    ),
    unit: optionalText("Unit", 20).transform((v) => v || "No."),
    unitPrice: amount("Unit price").optional(),
    discountPercent: hundredths("Discount", "must be from 0 to 100 % with at most two decimals.", 10_000).default(0),
  },
  { error: "Each line must be an object." },
);
export type QuotationLineInput = z.infer<typeof lineInput>;

/** Left out: the template's (Site Settings) on a new quotation, the previous version's on a revision. */
const term = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .overwrite(withoutControls)
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .optional();

const termsInput = z
  .object(
    {
      payment: term("Payment terms", LIMITS.short),
      delivery: term("Delivery terms", LIMITS.short),
      warranty: term("Warranty", LIMITS.short),
      notes: term("Notes", LIMITS.text),
    },
    { error: "terms must be an object with payment, delivery, warranty and notes." },
  )
  .default({});

/** A one-line particular; left out, the server's default (create) or the previous version's (revise). */
const particular = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .overwrite(oneLine)
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .optional();

/** Staff's changes to what the server fills in (the deal's enquiry and person, the customer's delivery address). */
const particularsInput = z.object(
  {
    // Without the customer address's default: left out, it is the server's (the delivery address), not an empty one.
    shipTo: address("Ship-to address").unwrap().optional(),
    yourRef: particular("Your ref.", LIMITS.title),
    yourRefDate: z.union([calendarDay("Your ref. date"), z.literal(""), z.null()]).optional(),
    kindAttn: particular("Kind attn.", LIMITS.name),
  },
  { error: "particulars must be an object with shipTo, yourRef, yourRefDate and kindAttn." },
);
export type QuotationParticularsInput = z.infer<typeof particularsInput>;

/** POST /api/quotations: made from a deal; the customer is the deal's unless given. */
export const quotationInput = z.object({
  dealId: z
    .string({ error: "dealId is required: a quotation is made from a deal." })
    .trim()
    .min(1, "dealId is required: a quotation is made from a deal."),
  customerId: z.string({ error: "customerId must be text." }).trim().nullable().optional(),
  lines: z
    .array(lineInput, { error: "lines must be a list." })
    .min(1, "A quotation needs at least one line.")
    .max(100, "A quotation may have at most 100 lines."),
  validUntil: calendarDay("Valid until").optional(),
  terms: termsInput,
  particulars: particularsInput.optional(),
});
export type QuotationInput = z.infer<typeof quotationInput>;

/** POST /api/quotations/{id}/revise: what changes in the new version; what is left out stays. */
export const quotationRevision = quotationInput.omit({ dealId: true, customerId: true }).partial();
export type QuotationRevision = z.infer<typeof quotationRevision>;

/** POST /api/quotations/{id}/send: to the addresses given, else to the customer's people. */
export const quotationSendInput = z.object({
  to: z
    .array(
      z
        .string({ error: "Each address must be text." })
        .transform(emailKey)
        .pipe(z.email("Each address must be a valid e-mail address.")),
      {
        error: "to must be a list of e-mail addresses.",
      },
    )
    .max(10, "Send to at most 10 addresses.")
    .optional(),
  message: z
    .string({ error: "message must be text." })
    .trim()
    .max(LIMITS.text, `The message must be at most ${LIMITS.text} characters.`)
    .default(""),
});

const decisionReason = z
  .string()
  .overwrite(withoutControls)
  .trim()
  .max(LIMITS.short, `The reason must be at most ${LIMITS.short} characters.`)
  .default("");

/** The buyer's answer on their page: their name, and a reason if they decline. */
export const quotationDecisionInput = z.object({
  decision: z.enum(["accept", "decline"], { error: "Choose Accept or Decline." }),
  name: z
    .string({ error: "Your name is required." })
    .overwrite(oneLine)
    .trim()
    .min(2, "Your name is required.")
    .max(LIMITS.title, `Your name must be at most ${LIMITS.title} characters.`),
  reason: decisionReason,
});

/**
 * The buyer's answer given another way (by phone, in a letter or a purchase order), recorded by an owner
 * (POST /api/quotations/{id}/decision): who answered for the buyer, and how.
 */
export const quotationRecordedDecisionInput = z.object({
  decision: z.enum(["accept", "decline"], { error: "Choose Accepted or Declined." }),
  name: z
    .string({ error: "Give the name of who answered for the buyer." })
    .overwrite(oneLine)
    .trim()
    .min(2, "Give the name of who answered for the buyer.")
    .max(LIMITS.title, `The name must be at most ${LIMITS.title} characters.`),
  how: z
    .string({ error: "Say how the buyer answered, for example: by phone, or their purchase order's number." })
    .overwrite(oneLine)
    .trim()
    .min(2, "Say how the buyer answered, for example: by phone, or their purchase order's number.")
    .max(LIMITS.short, `How they answered must be at most ${LIMITS.short} characters.`),
  reason: decisionReason,
});
