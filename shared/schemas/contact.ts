import { z } from "zod";
import { calendarDay } from "./calendar-day";
import { CONTACT_STATUSES, CONTACT_TYPES, EMAIL_STATUSES, LEAD_SOURCES, MAX_QUANTITY, MAX_QUOTE_ITEMS } from "./enquiry-values";
import { LIMITS, optionalText, requiredText } from "./fields";

export * from "./enquiry-values";

const email = requiredText("Email", 254).pipe(z.email("Email must be a valid e-mail address."));
/** A phone number as people type it (the sales desk's customer people use it too). */
export const phone = z
  .string({ error: "Phone must be text." })
  .trim()
  .max(40, "Phone must be at most 40 characters.")
  .refine((v) => v === "" || /^[0-9+()\-.\s]{5,40}$/.test(v), "Phone may contain only digits, spaces and + - ( ).")
  .default("");
const reference = z.string({ error: "Must be text." }).trim().max(100, "Too long.");

/** How a lead staff type in reached them; it names the enquiry when they give no subject. */
export const LEAD_CHANNELS = {
  phone: "Phone call",
  "walk-in": "Walk-in",
  "trade-fair": "Trade fair",
  reference: "Reference",
  other: "Lead",
} as const;

/** POST /api/contacts with a staff token: a lead from a call, a visit, a fair or a reference (source "manual"). */
export const manualLeadInput = z
  .object({
    name: requiredText("Name", LIMITS.name),
    email: z
      .string({ error: "Email must be text." })
      .trim()
      .max(254, "Email must be at most 254 characters.")
      .refine((v) => v === "" || z.email().safeParse(v).success, "Email must be a valid e-mail address.")
      .default(""),
    phone,
    company: optionalText("Company", LIMITS.name),
    channel: z
      .enum(Object.keys(LEAD_CHANNELS) as [keyof typeof LEAD_CHANNELS], {
        error: `Channel must be one of: ${Object.keys(LEAD_CHANNELS).join(", ")}.`,
      })
      .default("phone"),
    subject: optionalText("Subject", LIMITS.title),
    message: optionalText("Message", LIMITS.text, { lines: true }),
  })
  .refine((l) => l.email !== "" || l.phone !== "", {
    message: "Give an e-mail address or a phone number, so the lead can be answered.",
    path: ["email"],
  });
export type ManualLeadInput = z.infer<typeof manualLeadInput>;

export const contactInput = z.object({
  name: requiredText("Name", LIMITS.name),
  email,
  phone,
  subject: requiredText("Subject", LIMITS.title),
  message: requiredText("Message", LIMITS.text, { lines: true }),
  /** A service request: the service's id or slug (the service detail page's "Request Service"). */
  serviceId: reference.optional(),
});
export type ContactInput = z.infer<typeof contactInput>;

const quantity = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : v === undefined || v === "" ? 1 : v),
  z
    .number({ error: "Quantity must be a whole number from 1 to 9999." })
    .int("Quantity must be a whole number from 1 to 9999.")
    .min(1, "Quantity must be a whole number from 1 to 9999.")
    .max(MAX_QUANTITY, "Quantity must be a whole number from 1 to 9999."),
);

const quoteItemInput = z.object({
  productId: z
    .string({ error: "Choose a product." })
    .trim()
    .min(1, "Choose a product.")
    .max(100, "Choose a product from the list."),
  quantity,
});

export const quoteInput = z.object({
  name: requiredText("Name", LIMITS.name),
  email,
  phone,
  company: optionalText("Company", LIMITS.name),
  message: optionalText("Message", LIMITS.text, { lines: true }),
  items: z
    .array(quoteItemInput, { error: "Items must be a list of products with quantities." })
    .max(MAX_QUOTE_ITEMS, `A quote request may list at most ${MAX_QUOTE_ITEMS} products.`)
    .default([]),
  flow: optionalText("Required air flow", 100),
  pressure: optionalText("Working pressure", 100),
  hoursPerDay: z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? null : typeof v === "string" ? Number(v.trim()) : v),
    z
      .number({ error: "Running hours per day must be a whole number from 1 to 24." })
      .int("Running hours per day must be a whole number from 1 to 24.")
      .min(1, "Running hours per day must be a whole number from 1 to 24.")
      .max(24, "Running hours per day must be a whole number from 1 to 24.")
      .nullable(),
  ),
  application: optionalText("Application", LIMITS.short),
});
export type QuoteInput = z.infer<typeof quoteInput>;

export const contactStatusInput = z.object({
  status: z.enum(CONTACT_STATUSES, { error: `Status must be one of: ${CONTACT_STATUSES.join(", ")}.` }),
});

export const contactNoteInput = z.object({
  text: requiredText("Note", LIMITS.text, { lines: true }),
});

/** The inbox's filters (GET /api/contacts and its CSV export). */
export const contactListQuery = z.object({
  status: z
    .union([z.literal(""), z.literal("all"), z.enum(CONTACT_STATUSES)], {
      error: `Status must be one of: all, ${CONTACT_STATUSES.join(", ")}.`,
    })
    .optional(),
  type: z
    .union([z.literal(""), z.literal("all"), z.enum(CONTACT_TYPES)], {
      error: `Type must be one of: all, ${CONTACT_TYPES.join(", ")}.`,
    })
    .optional(),
  /** Where the lead came from: the site's forms, typed in by staff, IndiaMART. */
  source: z
    .union([z.literal(""), z.literal("all"), z.enum(LEAD_SOURCES)], {
      error: `Source must be one of: all, ${LEAD_SOURCES.join(", ")}.`,
    })
    .optional(),
  /** The staff notification's state (its latest e-mail): failed ones to resend, queued ones not sent yet. */
  notification: z
    .union([z.literal(""), z.literal("all"), z.enum(EMAIL_STATUSES)], {
      error: `Notification must be one of: all, ${EMAIL_STATUSES.join(", ")}.`,
    })
    .optional(),
  /** Only held enquiries (past the hourly cap, not released yet), or only the others. */
  held: z
    .union([z.literal(""), z.literal("all"), z.enum(["true", "false"])], {
      error: "Held must be one of: all, true, false.",
    })
    .optional(),
  q: z.string({ error: "Search must be text." }).trim().max(200, "Search must be at most 200 characters.").optional(),
  page: z.coerce
    .number({ error: "Page must be a whole number from 1." })
    .int("Page must be a whole number from 1.")
    .min(1, "Page must be a whole number from 1.")
    .max(1_000_000, "Page is too large.")
    .default(1),
  limit: z.coerce
    .number({ error: "Limit must be a whole number from 1 to 500." })
    .int("Limit must be a whole number from 1 to 500.")
    .min(1, "Limit must be a whole number from 1 to 500.")
    .max(500, "Limit must be a whole number from 1 to 500.")
    .default(100),
  from: calendarDay("From").optional(),
  to: calendarDay("To").optional(),
});
export type ContactListQuery = z.infer<typeof contactListQuery>;
