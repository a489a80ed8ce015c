import type { SiteSettings } from "../content/settings";

/**
 * Values public pages need in the browser, kept apart from the zod schemas: importing a schema module
 * into a public page would add zod (about 24 KB gzip) to every first visit. The schemas import these.
 */

/** Highest star rating of a testimonial. */
export const STAR_MAX = 5;

/** What a price means, until staff write their own (Site Settings, "Price note"). */
export const DEFAULT_PRICE_NOTE = "Ex-works Salem. GST 18% extra.";

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
  notifications: { quotes: [], services: [], messages: [] },
  social: { facebook: "", linkedin: "", x: "", instagram: "", youtube: "" },
  homeSpecifications: [],
};
