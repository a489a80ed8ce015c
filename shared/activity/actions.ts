import { z } from "zod";
import { CONTENT } from "../content/registry";
import { calendarDay } from "../schemas/calendar-day";
import "../schemas/fields";

export const ACTIVITY_PAGE_SIZE = 50;

/** What the activity log records, with the words the Activity screen shows (server/activity/log.ts writes them). */
export const ACTIVITY_ACTIONS = {
  create: "Created",
  update: "Changed",
  delete: "Deleted",
  restore: "Restored",
  purge: "Deleted for good",
  status: "Changed status",
  note: "Added a note",
  export: "Exported",
  resend: "Re-sent notification",
  release: "Released a held enquiry",
  "sign-in": "Signed in",
  "sign-in-failed": "Failed sign-in",
  "sign-out": "Signed out",
  "password-change": "Changed password",
  "sessions-end": "Ended sessions",
  "two-factor-on": "Turned on two-factor sign-in",
  "two-factor-off": "Turned off two-factor sign-in",
  backup: "Backup",
  merge: "Merged",
  erase: "Erased personal data",
  "consent-withdrawn": "Withdrew consent",
  keep: "Kept data past its retention",
} as const;
export type ActivityAction = keyof typeof ACTIVITY_ACTIONS;

/** What an entry is about: a content type (by its declared name) or one of these. */
export const ACTIVITY_SUBJECTS: Record<string, string> = {
  ...Object.fromEntries(CONTENT.map((c) => [c.name, c.plural[0]!.toUpperCase() + c.plural.slice(1)])),
  enquiry: "Enquiries",
  customer: "Customers",
  deal: "Deals",
  quotation: "Quotations",
  "gst-rate": "GST rates",
  user: "Staff accounts",
  session: "Sign-ins",
  backup: "Backups",
  redirect: "Redirects",
  "privacy-request": "Privacy requests",
  breach: "Breach register",
};

/** One entry as GET /api/activity answers it. */
export interface ActivityEntry {
  _id: string;
  createdAt: string;
  actorId: string | null;
  actorName: string;
  ip: string;
  action: ActivityAction;
  entityType: string;
  entityId: string | null;
  entityLabel: string;
  fields: string[];
  detail: string;
}

/** A day filter; empty is no filter. */
const day = (label: string) =>
  calendarDay(label)
    .optional()
    .or(z.literal("").transform(() => undefined));

/** GET /api/activity's query: filters (all optional) and the page, 50 entries a page unless `limit` says. */
export const activityQuery = z.object({
  actor: z.string({ error: "Actor must be an account id." }).trim().max(100).optional(),
  type: z.string({ error: "Type must be text." }).trim().max(50).optional(),
  action: z
    .union([z.literal(""), z.enum(Object.keys(ACTIVITY_ACTIONS) as [ActivityAction, ...ActivityAction[]])], {
      error: `Action must be one of: ${Object.keys(ACTIVITY_ACTIONS).join(", ")}.`,
    })
    .optional(),
  from: day("From"),
  to: day("To"),
  page: z.coerce
    .number({ error: "Page must be a whole number from 1." })
    .int("Page must be a whole number from 1.")
    .min(1, "Page must be a whole number from 1.")
    .max(1_000_000, "Page is too large.")
    .default(1),
  limit: z.coerce
    .number({ error: "Limit must be a whole number from 1 to 200." })
    .int("Limit must be a whole number from 1 to 200.")
    .min(1, "Limit must be a whole number from 1 to 200.")
    .max(200, "Limit must be a whole number from 1 to 200.")
    .default(ACTIVITY_PAGE_SIZE),
});
