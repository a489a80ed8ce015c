import { z } from "zod";
import { booleanField, LIMITS } from "../schemas/fields";
import type { Field, Fields } from "./fields";

/**
 * Every image carries an alt text (issue 31): what the public pages give as its `alt`, empty only when staff
 * mark the image decorative. An image field's declaration brings two more fields, `<name>Alt` and
 * `<name>Decorative` (lists of each for an image list, in the images' order), so their columns, input
 * checks and API answer entries come from the generic field code like any other field's; the image's admin
 * control draws them. A new image field gets its alt text with no code of its own.
 */

/** The API's and the admin form's message for an image without alt text that is not marked decorative. */
export const ALT_TEXT_REQUIRED = "Please describe the image in its alt text, or mark it as decorative.";
export const ALT_TEXT_HINT = "Describes the image for people who cannot see it; the public pages use it.";
export const DECORATIVE_LABEL = "Decorative image (no description)";

/** One image's alt text and mark, as the admin controls edit them. */
export interface ImageText {
  alt: string;
  decorative: boolean;
}

type AltKey<K> = `${K & string}Alt`;
type DecorativeKey<K> = `${K & string}Decorative`;
type ImageKeys<F, A> = { [K in keyof F]: F[K] extends { alt: A } ? K : never }[keyof F];

/** Declared fields with each image's alt text and decorative mark beside it. */
export type WithAltTexts<F extends Fields> = F & { [K in ImageKeys<F, "one"> as AltKey<K>]: Field<string> } & {
  [K in ImageKeys<F, "one"> as DecorativeKey<K>]: Field<boolean>;
} & { [K in ImageKeys<F, "many"> as AltKey<K>]: Field<string[]> } & {
  [K in ImageKeys<F, "many"> as DecorativeKey<K>]: Field<boolean[]>;
};

const altTextInput = z
  .string({ error: "Alt text must be text." })
  .trim()
  .max(LIMITS.short, `Alt text must be at most ${LIMITS.short} characters.`);

/** The two fields an image brings; drawn by the image's own control ("none" here). */
function altFields(label: string, many: boolean): [Field<string | string[]>, Field<boolean | boolean[]>] {
  const alt: Field<string | string[]> = {
    kind: "altText",
    label: `${label}: alt text`,
    column: many ? { type: "jsonb", notNull: true, default: [] } : { type: "text", notNull: true, default: "" },
    input: (many ? z.array(altTextInput, { error: "Alt texts must be a list." }) : altTextInput).optional(),
    json: many || undefined,
    toRow: (v) => (many ? (Array.isArray(v) ? v : []) : typeof v === "string" ? v : ""),
    toApi: (v) => v,
    control: "none",
  };
  const decorative: Field<boolean | boolean[]> = {
    kind: "decorative",
    label: `${label}: decorative`,
    column: many ? { type: "jsonb", notNull: true, default: [] } : { type: "boolean", notNull: true, default: false },
    input: (many ? z.array(booleanField, { error: "Decorative marks must be a list." }) : booleanField).optional(),
    json: many || undefined,
    toRow: (v) => (many ? (Array.isArray(v) ? v : []) : v === true),
    toApi: (v) => v,
    control: "none",
  };
  return [alt, decorative];
}

/** The fields with each image field's alt text and decorative mark right after it. */
export function withAltTexts<F extends Fields>(fields: F): WithAltTexts<F> {
  const out: Fields = {};
  for (const [key, field] of Object.entries(fields)) {
    out[key] = field;
    if (!field.alt) continue;
    const [alt, decorative] = altFields(field.label, field.alt === "many");
    out[`${key}Alt`] = alt;
    out[`${key}Decorative`] = decorative;
  }
  return out as WithAltTexts<F>;
}

/** The image fields among declared fields, with the names of their alt text and decorative mark. */
export function imageFields(fields: Fields): { name: string; many: boolean; alt: string; decorative: string }[] {
  return Object.entries(fields)
    .filter(([, f]) => f.alt)
    .map(([name, f]) => ({ name, many: f.alt === "many", alt: `${name}Alt`, decorative: `${name}Decorative` }));
}

/** True when an image needs an alt text that it lacks. */
const missingAltText = (alt: unknown, decorative: unknown) =>
  decorative !== true && (typeof alt !== "string" || alt.trim() === "");

/** What the API knows about one write, for settleAltTexts. */
export interface AltTextWrite {
  /** The fields the request sent (before they were merged with the stored record). */
  sent: Record<string, unknown>;
  /** How many files the request uploads for an image field. */
  files: (name: string) => number;
  /** The record's answer before the write; null when it is created. */
  before: Record<string, unknown> | null;
  /** The record's name or title, the alt text of an image sent without one. */
  name: string;
}

/**
 * Settles the alt texts of a checked input (changed in place) and answers the images still lacking one. An
 * image sent without an alt text gets the record's name (as the migration gave existing images), or is
 * marked decorative when the record has none, so older API clients keep working; an image
 * list's texts follow their images when the list is reordered or shortened without them. A write that leaves
 * an image and its texts alone is not refused for an older record's missing alt text.
 */
export function settleAltTexts(
  fields: Fields,
  input: Record<string, unknown>,
  write: AltTextWrite,
): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  for (const f of imageFields(fields)) {
    const touched = !write.before || write.files(f.name) > 0 || [f.name, f.alt, f.decorative].some((k) => k in write.sent);
    if (f.many) {
      const kept = Array.isArray(input[f.name]) ? (input[f.name] as string[]) : [];
      const urls: (string | null)[] = [...kept, ...Array<null>(write.files(f.name)).fill(null)];
      const before = write.before ?? {};
      const oldUrls = (before[f.name] as string[] | undefined) ?? [];
      const oldOf = (key: string, url: string | null) => {
        const i = url === null ? -1 : oldUrls.indexOf(url);
        return i < 0 ? undefined : (before[key] as unknown[] | undefined)?.[i];
      };
      const sentAlts = f.alt in write.sent ? (input[f.alt] as string[] | undefined) : undefined;
      const sentMarks = f.decorative in write.sent ? (input[f.decorative] as boolean[] | undefined) : undefined;
      const marks = urls.map((url, i) => sentMarks?.[i] ?? (oldOf(f.decorative, url) as boolean | undefined) ?? false);
      const alts = urls.map((url, i) => {
        const text = sentAlts?.[i] ?? (oldOf(f.alt, url) as string | undefined) ?? "";
        return text === "" && !marks[i] && sentAlts?.[i] === undefined ? write.name : text;
      });
      // An older client's image with nothing to describe it by (no text sent, no name): decorative, as its pages showed it.
      alts.forEach((alt, i) => {
        if (alt === "" && sentAlts?.[i] === undefined && sentMarks?.[i] === undefined) marks[i] = true;
      });
      input[f.alt] = alts;
      input[f.decorative] = marks;
      alts.forEach((alt, i) => {
        if (touched && missingAltText(alt, marks[i])) problems.push({ path: `${f.alt}.${i}`, message: ALT_TEXT_REQUIRED });
      });
      continue;
    }
    const hasImage = write.files(f.name) > 0 || (typeof input[f.name] === "string" && input[f.name] !== "");
    if (!hasImage) continue;
    if (!(f.alt in write.sent) && input[f.decorative] !== true && !input[f.alt]) {
      // An older client's image: described by the record's name, or, with none (a banner without a title),
      // decorative, as its pages showed it. The admin form always asks.
      if (write.name) input[f.alt] = write.name;
      else if (!(f.decorative in write.sent)) input[f.decorative] = true;
    }
    if (touched && missingAltText(input[f.alt], input[f.decorative])) problems.push({ path: f.alt, message: ALT_TEXT_REQUIRED });
  }
  return problems;
}

/** The record's name or title: its first one-line text field (`name` for types that declare none). */
export function nameOf(fields: Fields, input: Record<string, unknown>): string {
  const key = Object.entries(fields).find(([, f]) => f.kind === "text")?.[0] ?? "name";
  const value = input[key];
  return typeof value === "string" ? value.trim() : "";
}

/** The admin form's values of an image field's texts (a record's answer, or none for a new one). */
export function formTexts(fields: Fields, record: Record<string, unknown> | null): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of imageFields(fields)) {
    values[f.alt] = record?.[f.alt] ?? (f.many ? [] : "");
    values[f.decorative] = record?.[f.decorative] ?? (f.many ? [] : false);
  }
  return values;
}

/** One image's texts from the form's values (`index` for an image list). */
export function imageTextOf(values: Record<string, unknown>, name: string, index?: number): ImageText {
  const pick = (key: string) => (index === undefined ? values[key] : (values[key] as unknown[] | undefined)?.[index]);
  return { alt: String(pick(`${name}Alt`) ?? ""), decorative: pick(`${name}Decorative`) === true };
}

/** The form's values after one image's texts changed (`index` for an image list). */
export function withImageText(values: Record<string, unknown>, name: string, text: ImageText, index?: number) {
  if (index === undefined) return { ...values, [`${name}Alt`]: text.alt, [`${name}Decorative`]: text.decorative };
  const alts = [...((values[`${name}Alt`] as string[] | undefined) ?? [])];
  const marks = [...((values[`${name}Decorative`] as boolean[] | undefined) ?? [])];
  alts[index] = text.alt;
  marks[index] = text.decorative;
  return { ...values, [`${name}Alt`]: alts, [`${name}Decorative`]: marks };
}

/**
 * The admin form's alt text messages (the API's own): an image shown (`images(name)`: how many) without an
 * alt text and not marked decorative, at `<name>Alt` (`<name>Alt.<i>` in a list).
 */
export function altTextErrors(
  fields: Fields,
  values: Record<string, unknown>,
  images: (name: string) => number,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of imageFields(fields)) {
    const count = images(f.name);
    for (let i = 0; i < count; i++) {
      const text = imageTextOf(values, f.name, f.many ? i : undefined);
      if (missingAltText(text.alt, text.decorative)) errors[f.many ? `${f.alt}.${i}` : f.alt] = ALT_TEXT_REQUIRED;
    }
  }
  return errors;
}

/** A record's image texts as the public pages read them (absent in records narrowed before they were added). */
export interface ImageTexts {
  imageAlt?: string;
  imageDecorative?: boolean;
}

/**
 * The `alt` a public page gives a record's image: "" when staff marked it decorative, else its alt text; the
 * page's own `fallback` only for a record without one (e.g. one restored from a version older than alt texts).
 */
export function publicAlt(texts: { alt?: string; decorative?: boolean }, fallback: string): string {
  if (texts.decorative) return "";
  return texts.alt?.trim() || fallback;
}

/** publicAlt of a record's `image`. */
export const imageAltOf = (record: ImageTexts, fallback: string) =>
  publicAlt({ alt: record.imageAlt, decorative: record.imageDecorative }, fallback);
