import { MAX_QUOTE_ITEMS } from "../../../shared/schemas/enquiry-values";

export { MAX_QUANTITY, MAX_QUOTE_ITEMS, quoteThankYou } from "../../../shared/schemas/enquiry-values";
export { CONTACT_FAILED as QUOTE_FAILED } from "../contact/texts";

/** The quote form's own text fields (the products are rows of `productId` + `quantity`). */
export const QUOTE_FIELDS = [
  "name",
  "email",
  "phone",
  "company",
  "message",
  "flow",
  "pressure",
  "hoursPerDay",
  "application",
  "consentNews",
  "consentWhatsapp",
] as const;
export type QuoteField = (typeof QUOTE_FIELDS)[number];

/** The "Add a model" text field. */
export const ADD_MODEL_FIELD = "addModel";

/**
 * What the buttons post as `intent`: send the request, add the model typed in "Add a model", add one of
 * the offered choices (`pick-{slug}`), or remove row N (`remove-N`). Only "send" stores anything.
 */
export const INTENT_SEND = "send";
export const INTENT_ADD = "add";
export const pickIntent = (slug: string) => `pick-${slug}`;
export const removeIntent = (index: number) => `remove-${index}`;

/** One product row of the form. */
export interface QuoteRow {
  /** What the form posts: the product's id (or, for a link's product, its slug). */
  productId: string;
  name: string;
  slug: string;
  mainImage: string;
  /** The product's page; null when the product is not (or no longer) in the catalogue. */
  url: string | null;
  /** As typed, so a wrong value comes back to be corrected. */
  quantity: string;
}

export interface QuoteChoice {
  name: string;
  slug: string;
}

export interface Issue {
  path: string;
  message: string;
}

/**
 * What the buyer sees after sending, in place of the form: everything that was sent, as the sales team
 * got it (the same product twice is one line, quantities added), and when the reply is due.
 */
export interface QuoteReceipt {
  reference: string;
  items: { name: string; url: string | null; quantity: number }[];
  contact: { name: string; email: string; phone: string; company: string };
  details: { flow: string; pressure: string; hoursPerDay: string; application: string };
  message: string;
  /** The working day the quotation is due by, in words ("Monday 30 November"). */
  replyBy: string;
}

/** What the quote page's action answers. */
export type QuoteResult =
  | { ok: true; receipt: QuoteReceipt }
  | {
      ok: false;
      /** "edit": the list changed (add, remove) and nothing was sent; "error": sending failed. */
      kind: "edit" | "error";
      /** The server's message (errors); absent when the request failed without one. */
      message?: string;
      /** What changed in the list, said in words (edits). */
      notice?: string;
      issues?: Issue[];
      /** What was typed, so a page rendered without JavaScript shows the form filled in again. */
      values?: Partial<Record<QuoteField, string>>;
      /** The product rows as they are now; absent when the request failed without an answer. */
      items?: QuoteRow[];
      /** The "Add a model" text, kept when it did not name one product. */
      addModel?: string;
      /** Products the "Add a model" text may mean, to pick one. */
      choices?: QuoteChoice[];
    };

export const tooManyItems = () =>
  `A quote request may list at most ${MAX_QUOTE_ITEMS} products. Remove one, or list the others in your message.`;
export const noModelMatches = (text: string) =>
  `No model matches “${text}”. Check the model name, or describe what you need in the message.`;
export const ADD_MODEL_EMPTY = "Type a model name or number to add it.";
export const GENERAL_QUOTE_NOTE =
  "No products listed yet: this will be a general quote request. Add a model below, or tell us what you need in the message.";

/**
 * The day a quotation is due by, in words: the working day after the day the request arrived, in India
 * ("within one working day"). Sunday is the one day the office is closed (SPEC §2's hours: Mon-Fri, Sat).
 */
export function replyDueBy(arrived: Date): string {
  const [year, month, day] = arrived.toLocaleDateString("en-CA", { timeZone: "Asia/Kolkata" }).split("-").map(Number);
  // That day at midnight UTC, so adding a day is plain arithmetic.
  const due = new Date(Date.UTC(year!, month! - 1, day!));
  do due.setUTCDate(due.getUTCDate() + 1);
  while (due.getUTCDay() === 0);
  return due.toLocaleDateString("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).replace(",", "");
}
