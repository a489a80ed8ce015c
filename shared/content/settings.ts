import { z } from "zod";
import { DEFAULT_PRIVACY_NOTICE } from "../privacy/consent";
import { emailKey } from "../sales/customer";
import { optionalGstin } from "../sales/gstin";
import { rupeesToPaise } from "../sales/money";
import { DEFAULT_PRICE_NOTE, DEFAULT_QUOTATION_LINE_TEMPLATES, DEFAULT_QUOTATION_TERMS } from "../schemas/defaults";
import { LIMITS } from "../schemas/fields";
import type { CustomContent } from "./define";
import { checkedBy, choice, type FieldsRow, inputShape, longText, number, part, rows, text } from "./fields";

const line = (label: string, max: number = LIMITS.title) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`);

const httpUrl = (label: string) =>
  line(label, LIMITS.url).refine((v) => v === "" || /^https?:\/\/\S+$/i.test(v), `${label} must be an http(s) URL.`);

const labelled = (label: string, value: z.ZodType<string>) =>
  z
    .array(z.object({ label: line(`${label} label`).default(""), value }), { error: `${label} must be a list.` })
    .max(20, `${label} may have at most 20 entries.`);

const notificationList = (label: string) =>
  z
    .array(line(`${label} address`, 254).pipe(z.email(`Each address in ${label} must be a valid e-mail address.`)), {
      error: `${label} must be a list of e-mail addresses.`,
    })
    .max(10, `${label} may have at most 10 addresses.`)
    .transform((list) => [...new Set(list.map(emailKey))])
    .default([]);

/** A whole number setting from `min` to `max`, with its default. */
const wholeNumber = (label: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `${label} must be a whole number from ${min} to ${max}.` })
    .int(`${label} must be a whole number from ${min} to ${max}.`)
    .min(min, `${label} must be a whole number from ${min} to ${max}.`)
    .max(max, `${label} must be a whole number from ${min} to ${max}.`)
    .default(fallback);

const PHONE = /^[0-9+()\-.\s]{5,40}$/;
const WHATSAPP = /^\+?[0-9\s-]{8,20}$/;

/**
 * The company details shown in the header, footer and contact page, editable by staff: one field object
 * each (shared/content/fields.ts), giving its check, label (in history too) and admin control. They are kept
 * as one JSON document (server/content/settings.ts), so each keeps the settings' own messages (`checkedBy`).
 */
export const settingsFields = {
  companyName: checkedBy(
    text("Company name", { required: "Company name is required." }),
    line("Company name").min(1, "Company name is required."),
  ),
  tagline: text("Tagline", { max: LIMITS.short }),
  address: checkedBy(longText("Address", { max: LIMITS.short, rows: 2 }), line("Address", LIMITS.short).default("")),
  mapUrl: checkedBy(
    text("Map link", { inputType: "url", placeholder: "https://maps.google.com/…" }),
    httpUrl("Map link").default(""),
  ),
  whatsapp: checkedBy(
    text("WhatsApp number", { inputType: "tel", placeholder: "+91 98765 43210" }),
    line("WhatsApp number", 40)
      .refine((v) => v === "" || WHATSAPP.test(v), "WhatsApp number must be digits, with an optional leading +.")
      .default(""),
  ),
  /** The company's GSTIN: on quotations, and its state decides CGST + SGST (same state) or IGST. */
  gstin: checkedBy(text("GSTIN", { placeholder: "33AAAAA0000A1Z5" }), optionalGstin),
  /** The company's PAN, printed on quotations beside the bank details (a buyer's accounts ask it for an advance). */
  pan: checkedBy(
    text("PAN", { placeholder: "AAAAA0000A" }),
    line("PAN", 10)
      .transform((v) => v.toUpperCase())
      .refine(
        (v) => v === "" || /^[A-Z]{5}[0-9]{4}[A-Z]$/.test(v),
        "PAN must be 5 letters, 4 digits and a letter, like AAAPL1234C.",
      )
      .default(""),
  ),
  /** A new quotation's terms (staff change them per quotation) and how many days it stays valid. */
  quotationPaymentTerms: checkedBy(
    longText("Payment terms", { rows: 2 }),
    line("Payment terms", LIMITS.short).default(DEFAULT_QUOTATION_TERMS.payment),
  ),
  quotationDeliveryTerms: checkedBy(
    longText("Delivery terms", { rows: 2 }),
    line("Delivery terms", LIMITS.short).default(DEFAULT_QUOTATION_TERMS.delivery),
  ),
  quotationWarrantyTerms: checkedBy(
    longText("Warranty", { rows: 2 }),
    line("Warranty", LIMITS.short).default(DEFAULT_QUOTATION_TERMS.warranty),
  ),
  quotationValidityDays: checkedBy(
    number("Valid for", { integer: true, unit: "days" }),
    z.coerce
      .number({ error: "Valid for must be a number of days." })
      .int("Valid for must be a whole number of days.")
      .min(1, "Valid for must be from 1 to 365 days.")
      .max(365, "Valid for must be from 1 to 365 days.")
      .default(DEFAULT_QUOTATION_TERMS.validityDays),
  ),
  /** Where a buyer pays an advance: printed on every quotation. */
  bankDetails: checkedBy(
    longText("Bank details", {
      rows: 3,
      hint: "Printed on quotations for an advance: bank, branch, account name and number, IFSC.",
    }),
    line("Bank details", LIMITS.short).default(""),
  ),
  /** The usual free lines (installation, freight, AMC) a quotation adds in one tap, each with its code and price. */
  quotationLineTemplates: checkedBy(
    rows(
      "Usual lines",
      { description: "Description", hsn: "HSN/SAC code", unit: "Unit", price: "Unit price (₹)" },
      {
        hint: "A quotation adds each of these in one tap. Leave the price empty to type it on the quotation.",
        placeholders: { description: "Installation and commissioning", hsn: "998732", unit: "Job", price: "15000" },
        list: { add: "Add Line", noun: "Line", max: 20, min: 0, reorder: true },
      },
    ),
    z
      .array(
        z.object({
          description: line("Usual line description").min(1, "Every usual line needs a description."),
          hsn: line("Usual line HSN/SAC code", 8)
            .refine((v) => /^(\d{4}|\d{6}|\d{8})$/.test(v), "A usual line's HSN/SAC code must be 4, 6 or 8 digits.")
            .default(""),
          unit: line("Usual line unit", 20).default("No."),
          price: line("Usual line price", 20)
            .refine((v) => v === "" || rupeesToPaise(v) !== null, "A usual line's price must be an amount in rupees, like 15000.")
            .default(""),
        }),
        { error: "Usual lines must be a list." },
      )
      .max(20, "Usual lines may have at most 20 rows.")
      .default(DEFAULT_QUOTATION_LINE_TEMPLATES),
  ),
  /** Who gets a new lead: staff take it themselves, or it becomes a deal of the next sales person in turn. */
  leadAssignment: checkedBy(
    choice("New leads", [
      { value: "manual", label: "Stay unassigned until someone takes them" },
      { value: "round-robin", label: "Go to the sales staff in turn (round-robin)" },
    ]),
    z.enum(["manual", "round-robin"], { error: "New leads must be manual or round-robin." }).default("manual"),
  ),
  /** Where a deal goes when its buyer declines the quotation (issue 45: it stayed "Quoted" and no figure counted it). */
  declinedDealStage: checkedBy(
    choice("When a buyer declines a quotation", [
      { value: "negotiating", label: "The deal moves to Negotiating, to follow up" },
      { value: "lost", label: "The deal is lost, with the reason the buyer gave" },
    ]),
    z
      .enum(["negotiating", "lost"], { error: "When a buyer declines, the deal moves to negotiating or lost." })
      .default("negotiating"),
  ),
  /**
   * The short notice every form that takes personal data shows before its button (docs/decisions/030-privacy.md).
   * Each saved change is a new version (privacy_notices); an enquiry records the version its form showed.
   */
  privacyNotice: checkedBy(
    longText("Notice on the forms", {
      rows: 4,
      hint: "What is collected, why, and how long it is kept, in plain words. A link to the full privacy page follows it.",
    }),
    line("Notice on the forms", 2000).min(1, "Notice on the forms is required.").default(DEFAULT_PRIVACY_NOTICE),
  ),
  /** Set by the server when the notice changes (server/content/settings.ts), never by a form. */
  privacyNoticeVersion: checkedBy(number("Notice version", { integer: true }), z.coerce.number().int().min(1).default(1)),
  grievanceName: checkedBy(
    text("Grievance officer", { placeholder: "Name of the person who answers privacy complaints" }),
    line("Grievance officer").default(""),
  ),
  grievanceEmail: checkedBy(
    text("Grievance officer's e-mail", { inputType: "email", placeholder: "privacy@example.com" }),
    line("Grievance officer's e-mail", 254)
      .refine((v) => v === "" || z.email().safeParse(v).success, "Grievance officer's e-mail must be a valid e-mail address.")
      .default(""),
  ),
  privacyRequestDays: checkedBy(
    number("Answer requests within", { integer: true, unit: "days" }),
    wholeNumber("Answer requests within", 1, 90, 30),
  ),
  retentionEnquiryMonths: checkedBy(
    number("Enquiries that did not become a deal", { integer: true, unit: "months" }),
    wholeNumber("Enquiries that did not become a deal", 1, 240, 24),
  ),
  retentionLostDealMonths: checkedBy(
    number("Lost deals", { integer: true, unit: "months" }),
    wholeNumber("Lost deals", 1, 240, 36),
  ),
  retentionQuotationYears: checkedBy(
    number("Accepted quotations", {
      integer: true,
      unit: "years",
      hint: "At least 8 years: tax law makes the company keep them.",
    }),
    wholeNumber("Accepted quotations", 8, 30, 8),
  ),
  /** What a price means (ex-works, taxes): shown beside every price on the public pages and on the datasheet. */
  priceNote: checkedBy(text("Price note", { placeholder: DEFAULT_PRICE_NOTE }), line("Price note").default(DEFAULT_PRICE_NOTE)),
  phones: checkedBy(
    rows(
      "Phone numbers",
      { label: "Phone label", value: "Phone number" },
      {
        placeholders: { label: "Label (e.g. Sales)", value: "+91 427 200 1480" },
        cellTypes: { value: "tel" },
        list: { add: "Add Phone", noun: "Phone", max: 20, min: 0, reorder: true },
      },
    ),
    labelled(
      "Phone numbers",
      line("Phone number", 40).refine((v) => PHONE.test(v), "Phone numbers may contain only digits, spaces and + - ( )."),
    ).default([]),
  ),
  emails: checkedBy(
    rows(
      "E-mail addresses",
      { label: "E-mail label", value: "E-mail address" },
      {
        placeholders: { label: "Label (e.g. Service)", value: "sales@example.com" },
        cellTypes: { value: "email" },
        list: { add: "Add E-mail", noun: "E-mail", max: 20, min: 0, reorder: true },
      },
    ),
    labelled("E-mail addresses", line("E-mail", 254).pipe(z.email("Each e-mail address must be valid."))).default([]),
  ),
  /** Who hears of each kind of enquiry; an empty list means the first address of `emails`. */
  notifications: part(
    "Enquiry notifications",
    z
      .object({
        quotes: notificationList("Quote request notifications"),
        services: notificationList("Service request notifications"),
        messages: notificationList("Message notifications"),
      })
      .default({ quotes: [], services: [], messages: [] }),
  ),
  workingHours: checkedBy(
    rows(
      "Working hours",
      { days: "Days", hours: "Hours" },
      {
        placeholders: { days: "Days (e.g. Mon-Fri)", hours: "Hours (e.g. 9-6)" },
        list: { add: "Add Hours", noun: "Hours", max: 14, min: 0, reorder: true },
      },
    ),
    z
      .array(z.object({ days: line("Days"), hours: line("Hours") }), { error: "Working hours must be a list." })
      .max(14, "Working hours may have at most 14 rows.")
      .default([]),
  ),
  social: part(
    "Social links",
    z
      .object({
        facebook: httpUrl("Facebook link").default(""),
        linkedin: httpUrl("LinkedIn link").default(""),
        x: httpUrl("X link").default(""),
        instagram: httpUrl("Instagram link").default(""),
        youtube: httpUrl("YouTube link").default(""),
      })
      .default({ facebook: "", linkedin: "", x: "", instagram: "", youtube: "" }),
  ),
  homeSpecifications: checkedBy(
    rows(
      "Home specifications",
      { label: "Specification label", value: "Specification value" },
      {
        placeholders: { label: "Label (e.g. Power range)", value: "Value (e.g. 5–250 kW)" },
        list: { add: "Add Row", noun: "Specification", max: 50, min: 0, reorder: true },
      },
    ),
    z
      .array(
        z.object({
          label: line("Specification label").min(1, "Every specification row needs a label."),
          value: line("Specification value"),
        }),
        { error: "Home specifications must be a list." },
      )
      .max(50, "Home specifications may have at most 50 rows.")
      .default([]),
  ),
};
export type SiteSettings = FieldsRow<typeof settingsFields>;
/** Every field's check together: the API's, the admin form's and the stored document's. */
export const siteSettingsSchema = z.object(inputShape(settingsFields)) as unknown as z.ZodType<SiteSettings> & {
  shape: Record<keyof SiteSettings, z.ZodType>;
};

/**
 * The Settings screen: its sections, each with the fields it shows, and the parts it draws with a component
 * of their own (app/components/admin/settings-form.tsx).
 */
export const settingsForm = {
  sections: [
    {
      title: "Company",
      description: "Shown in the header, footer, contact page and search results.",
      fields: ["companyName", "tagline", "address", "mapUrl", "whatsapp"],
    },
    {
      title: "Prices",
      description:
        "A short note shown beside every price on the product pages, under the products of a category, and on the datasheets. Leave empty to show none.",
      fields: ["priceNote"],
    },
    {
      title: "Tax",
      description:
        "The company's GSTIN, printed on quotations. Its state decides the tax: CGST and SGST for a buyer in the same state, IGST for one elsewhere.",
      fields: ["gstin", "pan"],
    },
    {
      title: "Quotations",
      description: "What a new quotation says; each quotation can change them.",
      fields: [
        "quotationValidityDays",
        "quotationPaymentTerms",
        "quotationDeliveryTerms",
        "quotationWarrantyTerms",
        "bankDetails",
        "quotationLineTemplates",
      ],
    },
    {
      title: "Sales",
      description:
        "Who gets a new lead from the website, IndiaMART or typed in by staff. In turn: each one becomes a deal of the next active sales person, one after another (with nobody in the Sales role it stays unassigned). Enquiries held back after a flood are never given out. And where a deal goes when its buyer declines the quotation.",
      fields: ["leadAssignment", "declinedDealStage"],
    },
    {
      title: "Privacy",
      description:
        "India's data protection law (DPDP Act): the notice the enquiry forms show, who answers complaints, how soon people's requests are answered, and how long personal data is kept after its last activity before it is erased.",
      fields: [
        "privacyNotice",
        "grievanceName",
        "grievanceEmail",
        "privacyRequestDays",
        "retentionEnquiryMonths",
        "retentionLostDealMonths",
        "retentionQuotationYears",
      ],
    },
    { title: "Phone numbers and e-mail addresses", fields: ["phones", "emails"] },
    {
      title: "Enquiry notifications",
      description:
        "Who gets an e-mail when an enquiry arrives; several addresses each. When a list is empty, its enquiries go to the first e-mail address under Phone numbers and e-mail addresses.",
      fields: ["notifications"],
    },
    { title: "Working hours", fields: ["workingHours"] },
    { title: "Social links", description: "Leave empty to hide a link.", fields: ["social"] },
    {
      title: "Home page specifications",
      description: "The specification table on the home page.",
      fields: ["homeSpecifications"],
    },
  ],
  parts: { notifications: "notificationLists", social: "socialLinks" },
} as const satisfies {
  sections: readonly { title: string; description?: string; fields: readonly (keyof typeof settingsFields)[] }[];
  parts: Partial<Record<keyof typeof settingsFields, string>>;
};

/**
 * The settings the public pages show: all anyone gets (GET /api/settings without a token, the pages'
 * data). The rest (who hears of enquiries) is for staff. A new field stays private until listed here.
 */
const PUBLIC_SETTINGS_FIELDS = [
  "companyName",
  "tagline",
  "phones",
  "emails",
  "address",
  "mapUrl",
  "workingHours",
  "whatsapp",
  "priceNote",
  "social",
  "homeSpecifications",
  "privacyNotice",
  "privacyNoticeVersion",
  "grievanceName",
  "grievanceEmail",
  "privacyRequestDays",
  "retentionEnquiryMonths",
  "retentionLostDealMonths",
  "retentionQuotationYears",
] as const satisfies readonly (keyof SiteSettings)[];
export type PublicSiteSettings = Pick<SiteSettings, (typeof PUBLIC_SETTINGS_FIELDS)[number]>;

export function publicSiteSettings(settings: SiteSettings): PublicSiteSettings {
  return Object.fromEntries(PUBLIC_SETTINGS_FIELDS.map((field) => [field, settings[field]])) as PublicSiteSettings;
}

/** API code: server/api/settings.ts (GET, and PUT of the fields named). */
export const settingsContent: CustomContent = {
  kind: "custom",
  name: "settings",
  label: "Site settings",
  plural: "site settings",
  path: "/settings",
  fields: settingsFields,
};
