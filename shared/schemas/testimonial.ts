import { z } from "zod";
import { STAR_MAX } from "./defaults";
import { imageUrl, LIMITS, optionalText, position, type RecordBase, requiredText } from "./fields";

export const testimonialInput = z.object({
  name: requiredText("Name", LIMITS.name),
  designation: optionalText("Designation", LIMITS.name),
  feedback: requiredText("Feedback", LIMITS.text),
  image: imageUrl.optional(),
  /** 1–5; empty means not rated. Multipart sends it as text. */
  star: z
    .preprocess(
      (v) => (v === "" || v === null ? null : v),
      z.coerce
        .number({ error: "Star rating must be a number from 1 to 5." })
        .int("Star rating must be a whole number from 1 to 5.")
        .min(1, "Star rating must be from 1 to 5.")
        .max(STAR_MAX, "Star rating must be from 1 to 5.")
        .nullable(),
    )
    .optional(),
  position: position.optional(),
});
export type TestimonialInput = z.infer<typeof testimonialInput>;

export interface Testimonial extends RecordBase {
  name: string;
  designation: string;
  feedback: string;
  image: string;
  /** A numeric string ("5") as the older public site reads it (SPEC §3); null when not rated. */
  star: string | null;
  position: number;
}
