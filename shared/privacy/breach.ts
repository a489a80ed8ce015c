import { z } from "zod";

/**
 * The breach register (owners; docs/decisions/030-privacy.md): what happened, when it was found, whom it
 * affects, and when the Data Protection Board and the people were told.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A day (yyyy-mm-dd, read as midnight India time) or an ISO date-time → the ISO date-time in UTC. */
function toInstant(text: string): string | null {
  if (!DAY.test(text) && !DATE_TIME.test(text)) return null;
  const date = new Date(DAY.test(text) ? `${text}T00:00:00+05:30` : text);
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1900 || date.getUTCFullYear() > 9999) return null;
  // 2026-02-31 rolls over in JavaScript: the day written must be the day read.
  if (DAY.test(text) && new Date(date.getTime() + 5.5 * 3600_000).toISOString().slice(0, 10) !== text) return null;
  return date.toISOString();
}

const moment = (label: string) =>
  z
    .string({ error: `${label} must be a date like 2026-01-31.` })
    .trim()
    .transform((text, c) => {
      const instant = toInstant(text);
      if (!instant) c.addIssue({ code: "custom", message: `${label} must be a real date like 2026-01-31.` });
      return instant ?? "";
    });

/** Optional dates: empty or null means not yet (or not known). */
const optionalMoment = (label: string) =>
  z
    .union([z.literal(""), z.null(), moment(label)], { error: `${label} must be a date like 2026-01-31.` })
    .optional()
    .transform((v) => v || null);

const words = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .default("");

export const breachInput = z
  .object({
    title: z
      .string({ error: "Please say what happened, in a few words." })
      .trim()
      .min(1, "Please say what happened, in a few words.")
      .max(200, "What happened must be at most 200 characters."),
    description: words("Description", 10_000),
    occurredAt: optionalMoment("When it happened"),
    discoveredAt: moment("When it was found"),
    affected: words("Whom it affects", 2000),
    affectedCount: z
      .union([z.literal(""), z.null(), z.coerce.number({ error: "Number of people affected must be a whole number." })])
      .optional()
      .transform((v) => (v === "" || v === undefined ? null : v))
      .refine((v) => v === null || (Number.isInteger(v) && v >= 0 && v <= 2_000_000_000), {
        message: "Number of people affected must be a whole number (0 or more).",
      }),
    measures: words("What was done", 10_000),
    boardNotifiedAt: optionalMoment("When the Board was told"),
    peopleNotifiedAt: optionalMoment("When the people were told"),
  })
  .refine((b) => !b.occurredAt || !b.discoveredAt || b.discoveredAt >= b.occurredAt, {
    path: ["discoveredAt"],
    message: "When it was found cannot be before when it happened.",
  });
export type BreachInput = z.output<typeof breachInput>;

/** One breach as GET /api/privacy/breaches answers it. */
export interface Breach {
  _id: string;
  title: string;
  description: string;
  occurredAt: string | null;
  discoveredAt: string;
  affected: string;
  affectedCount: number | null;
  measures: string;
  boardNotifiedAt: string | null;
  peopleNotifiedAt: string | null;
  createdByName: string;
  createdAt: string;
  updatedAt: string;
}
