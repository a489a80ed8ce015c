import type { SiteSettings } from "../content/settings";
import { DEFAULT_PRIVACY_NOTICE } from "../privacy/consent";

/**
 * Values public pages need in the browser, kept apart from the zod schemas: importing a schema module
 * into a public page would add zod (about 24 KB gzip) to every first visit. The schemas import these.
 */

/** Highest star rating of a testimonial. */
export const STAR_MAX = 5;

/** What a price means, until staff write their own (Site Settings, "Price note"). */
export const DEFAULT_PRICE_NOTE = "Ex-works Salem. GST 18% extra.";

/** A new quotation's terms until staff write their own (Site Settings, "Quotations"). */
export const DEFAULT_QUOTATION_TERMS = {
  payment: "50% advance with the order, the balance before dispatch.",
  delivery: "4 to 6 weeks from the order and advance, ex-works Salem. Freight and insurance at the buyer's cost.",
  warranty: "12 months from commissioning or 18 months from dispatch, whichever is earlier.",
  validityDays: 30,
};

/** The usual free lines a new install offers on quotations (their codes are in the GST rate table from the start). */
export const DEFAULT_QUOTATION_LINE_TEMPLATES = [
  { description: "Installation and commissioning", hsn: "998732", unit: "Job", price: "" },
  { description: "Freight to site", hsn: "996511", unit: "Trip", price: "" },
  { description: "Annual maintenance contract (AMC), 1 year", hsn: "998717", unit: "Year", price: "" },
];

/** Used until staff save settings of their own (and as the shape reference for forms). */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  companyName: "Pneuma Air Systems",
  tagline: "",
  phones: [],
  emails: [],
  address: "",
  mapUrl: "",
  workingHours: [
    { days: "Mon-Fri", hours: "9-6" },
    { days: "Sat", hours: "10-4" },
    { days: "Sun", hours: "closed" },
  ],
  whatsapp: "",
  priceNote: DEFAULT_PRICE_NOTE,
  gstin: "",
  quotationPaymentTerms: DEFAULT_QUOTATION_TERMS.payment,
  quotationDeliveryTerms: DEFAULT_QUOTATION_TERMS.delivery,
  quotationWarrantyTerms: DEFAULT_QUOTATION_TERMS.warranty,
  quotationValidityDays: DEFAULT_QUOTATION_TERMS.validityDays,
  quotationLineTemplates: DEFAULT_QUOTATION_LINE_TEMPLATES,
  bankDetails: "",
  pan: "",
  leadAssignment: "manual",
  declinedDealStage: "negotiating",
  privacyNotice: DEFAULT_PRIVACY_NOTICE,
  privacyNoticeVersion: 1,
  grievanceName: "",
  grievanceEmail: "",
  privacyRequestDays: 30,
  retentionEnquiryMonths: 24,
  retentionLostDealMonths: 36,
  retentionQuotationYears: 8,
  notifications: { quotes: [], services: [], messages: [] },
  social: { facebook: "", linkedin: "", x: "", instagram: "", youtube: "" },
  homeSpecifications: [],
};
