import { z } from "zod";
import { DEFAULT_PRICE_NOTE } from "../schemas/defaults";
import { LIMITS } from "../schemas/fields";
import type { CustomContent } from "./define";

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
    .transform((list) => [...new Set(list.map((a) => a.toLowerCase()))])
    .default([]);

/** The company details shown in the header, footer and contact page, editable by staff. */
export const siteSettingsSchema = z.object({
  companyName: line("Company name").min(1, "Company name is required."),
  tagline: line("Tagline", LIMITS.short).default(""),
  phones: labelled(
    "Phone numbers",
    line("Phone number", 40).refine(
      (v) => /^[0-9+()\-.\s]{5,40}$/.test(v),
      "Phone numbers may contain only digits, spaces and + - ( ).",
    ),
  ).default([]),
  emails: labelled("E-mail addresses", line("E-mail", 254).pipe(z.email("Each e-mail address must be valid."))).default([]),
  address: line("Address", LIMITS.short).default(""),
  mapUrl: httpUrl("Map link").default(""),
  workingHours: z
    .array(z.object({ days: line("Days"), hours: line("Hours") }), { error: "Working hours must be a list." })
    .max(14, "Working hours may have at most 14 rows.")
    .default([]),
  /** What a price means (ex-works, taxes): shown beside every price on the public pages and on the datasheet. */
  priceNote: line("Price note").default(DEFAULT_PRICE_NOTE),
  whatsapp: line("WhatsApp number", 40)
    .refine((v) => v === "" || /^\+?[0-9\s-]{8,20}$/.test(v), "WhatsApp number must be digits, with an optional leading +.")
    .default(""),
  /** Who hears of each kind of enquiry; an empty list means the first address of `emails`. */
  notifications: z
    .object({
      quotes: notificationList("Quote request notifications"),
      services: notificationList("Service request notifications"),
      messages: notificationList("Message notifications"),
    })
    .default({ quotes: [], services: [], messages: [] }),
  social: z
    .object({
      facebook: httpUrl("Facebook link").default(""),
      linkedin: httpUrl("LinkedIn link").default(""),
      x: httpUrl("X link").default(""),
      instagram: httpUrl("Instagram link").default(""),
      youtube: httpUrl("YouTube link").default(""),
    })
    .default({ facebook: "", linkedin: "", x: "", instagram: "", youtube: "" }),
  homeSpecifications: z
    .array(
      z.object({
        label: line("Specification label").min(1, "Every specification row needs a label."),
        value: line("Specification value"),
      }),
      {
        error: "Home specifications must be a list.",
      },
    )
    .max(50, "Home specifications may have at most 50 rows.")
    .default([]),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

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
};
