import { z } from "zod";
import { oneLine } from "../lib/control-characters";
import { calendarDay } from "../schemas/calendar-day";
import { isHsnCode } from "./gst";
import { toHundredths } from "./money";

/** One row of the GST rate table as the API answers it: `rate` in percent (18, 0.25), from `effectiveFrom` on. */
export interface GstRateEntry {
  _id: string;
  hsn: string;
  rate: number;
  effectiveFrom: string;
  /** What the code covers ("" when none was given). */
  description: string;
  createdAt: string;
}

/** POST /api/gst-rates: a rate for an HSN or SAC code (or its first digits) from a day on, India time. */
export const gstRateInput = z
  .object({
    hsn: z
      .string({ error: "HSN code is required." })
      .transform((v) => v.replace(/\s/g, ""))
      .refine(isHsnCode, "HSN code must be 4, 6 or 8 digits (a SAC code for services is 6, like 998717)."),
    rate: z.union([z.number(), z.string()], { error: "Rate is required: a percentage like 18." }).transform((v, ctx) => {
      const hundredths = toHundredths(v);
      if (hundredths === null || hundredths > 10_000) {
        ctx.addIssue({
          code: "custom",
          message: "Rate must be a percentage from 0 to 100 with at most two decimals, like 18 or 0.25.",
        });
        return z.NEVER;
      }
      return hundredths;
    }),
    effectiveFrom: calendarDay("Effective from"),
    description: z
      .string({ error: "Description must be text." })
      .optional()
      .transform((v) => oneLine(v ?? "").trim())
      .refine((v) => v.length <= 120, "Description must be at most 120 characters."),
  })
  .transform(({ rate, ...r }) => ({ ...r, rateBasisPoints: rate }));
