import { z } from "zod";
import { oneLine, withoutControls } from "../lib/control-characters";

// zod's JIT compiles validators with `new Function`, which our Content-Security-Policy (no 'unsafe-eval')
// refuses in the browser, and probing for it is itself reported as a violation. Every schema imports this
// module, so this runs before any schema is built.
z.config({ jitless: true });

/**
 * Field building blocks shared by every entity schema. Messages are written for staff, who see them in
 * the admin forms, and for API clients, who get them in `issues`.
 */

export const LIMITS = {
  name: 200,
  title: 200,
  short: 500,
  text: 5_000,
  long: 20_000,
  url: 2_000,
  listItems: 100,
  additionalImages: 10,
} as const;

/**
 * A text is one line (a name, an address line, a title) unless `lines` is set (a message, a note): control
 * characters in a one-line value become spaces, since a CR or LF there adds lines wherever it is printed (a
 * quotation PDF, an e-mail, a CSV); in a text of lines only those that are not line breaks or tabs go. A NUL,
 * which PostgreSQL cannot store, goes from both.
 */
interface TextShape {
  lines?: boolean;
}
const withoutControlsOf = (shape: TextShape) => (shape.lines ? withoutControls : oneLine);

export function requiredText(label: string, max: number, shape: TextShape = {}) {
  return z
    .string({ error: `${label} is required.` })
    .overwrite(withoutControlsOf(shape))
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);
}

export function optionalText(label: string, max: number, shape: TextShape = {}) {
  return z
    .string({ error: `${label} must be text.` })
    .overwrite(withoutControlsOf(shape))
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .default("");
}

/** Images are either files we stored (/uploads/...) or, where staff paste one, an absolute http(s) URL. */
const UPLOAD_URL_PATTERN = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9._-]*$/;
const ABSOLUTE_URL_PATTERN = /^https?:\/\/[^\s"'<>\\]+$/i;

function isImageUrl(value: string): boolean {
  return UPLOAD_URL_PATTERN.test(value) || ABSOLUTE_URL_PATTERN.test(value);
}

export const imageUrl = z
  .string({ error: "Image must be text." })
  .trim()
  .max(LIMITS.url, `Image URL must be at most ${LIMITS.url} characters.`)
  .refine((v) => v === "" || isImageUrl(v), "Image must be an uploaded file or an http(s) URL.");

/** Staff ordering; multipart sends it as text. */
export const position = z.coerce
  .number({ error: "Position must be a number." })
  .int("Position must be a whole number.")
  .min(0, "Position must be 0 or more.")
  .max(1_000_000, "Position is too large.");

/** URL slugs: lowercase words joined by hyphens. Empty means "generate from the name". */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slug = z
  .string({ error: "Slug must be text." })
  .trim()
  .toLowerCase()
  .max(120, "Slug must be at most 120 characters.")
  .refine((v) => v === "" || SLUG_PATTERN.test(v), "Slug may use only letters, digits and single hyphens.");

/** A list of short texts, trimmed, without blanks or duplicates (the admin adds them one at a time). */
export function textList(label: string, maxLength: number) {
  return z
    .array(z.string({ error: `${label} must be a list of texts.` }), { error: `${label} must be a list.` })
    .max(LIMITS.listItems, `${label} may have at most ${LIMITS.listItems} items.`)
    .transform((items) => [...new Set(items.map((i) => i.trim()).filter((i) => i !== ""))])
    .refine((items) => items.every((i) => i.length <= maxLength), `Each of ${label} must be at most ${maxLength} characters.`);
}

/** Booleans arrive from multipart forms as text. */
export const booleanField = z.preprocess(
  (v) => (v === "true" || v === "1" || v === "on" ? true : v === "false" || v === "0" || v === "" ? false : v),
  z.boolean({ error: "Must be true or false." }),
);

/** Fields shared by every stored record in API answers. */
export interface RecordBase {
  _id: string;
  createdAt: string;
  updatedAt: string;
}
