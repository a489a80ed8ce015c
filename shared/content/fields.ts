import { z } from "zod";
import { isId } from "../lib/ids";
import { calendarDay } from "../schemas/calendar-day";
import { booleanField, imageUrl, LIMITS, optionalText, requiredText, slug as slugInput, textList } from "../schemas/fields";
import { attachmentToApi, keptAttachmentsInput, type ProductAttachment } from "./product-attachments";

/**
 * Field factories (docs/decisions/026-fields-declared-once.md): a content declaration lists its fields, each
 * one object made here. From that object come the column (server/db/content-tables.ts builds it from
 * `column`, so no database code reaches the browser), the input check (the server's and the admin form's),
 * the API answer entry, the admin control, and the label in history. Payload CMS is the model.
 */

/** What the server builds the field's column from: plain data. */
interface ColumnSpec {
  type: "text" | "integer" | "smallint" | "numeric" | "money" | "boolean" | "jsonb" | "date";
  notNull: boolean;
  default?: string | number | boolean | readonly unknown[] | Readonly<Record<string, unknown>>;
  /** A unique index `<table>_<column>_idx`. */
  unique?: boolean;
  /** A foreign key to another content type's id, and (unless `indexed` is false) an index `<table>_<name>_idx`. */
  references?: { content: string; onDelete: "cascade" | "restrict" | "set null" };
  indexed?: false;
}

/** How the admin form edits a field (app/components/admin/declared-fields.tsx draws each). */
type Control =
  | "text"
  | "textarea"
  | "number"
  | "money"
  | "checkbox"
  | "select"
  | "date"
  | "image"
  | "strings"
  | "stars"
  | "record"
  | "images"
  | "rows"
  | "attachments"
  | "part"
  | "none";

export interface Field<Stored = unknown, Api = Stored> {
  /** The factory that made it. */
  kind: string;
  /** The admin label; the API's messages and the history name the field by it too. */
  label: string;
  /** The admin form's message when it is left empty (SPEC §5); absent: optional. */
  required?: string;
  column: ColumnSpec;
  /** The check of one value the API takes (optional fields accept it missing). */
  input: z.ZodType;
  /** Arrives as JSON text in multipart forms. */
  json?: boolean;
  /** The stored value of a checked input value (undefined when the input left it out). */
  toRow(value: unknown): Stored;
  toApi(stored: Stored): Api;
  control: Control;
  hint?: string;
  /** Textareas' height. */
  rows?: number;
  /** Numbers' unit, shown beside the box. */
  unit?: string;
  /** Choices' options; records' content type ("product"). */
  options?: readonly { value: string; label: string }[];
  /** The type a "record" field chooses from, and the first option's text (none chosen). */
  record?: { content: string; none: string };
  /** Images: the multipart file fields that may carry it (the first is what the form sends). */
  uploads?: readonly string[];
  /** Rows: each cell's key and label, the row's name first, and what each empty cell shows. */
  columns?: Record<string, string>;
  placeholders?: Record<string, string>;
  /** Rows: the kind of box of cells that are not plain text (a phone number, an e-mail address). */
  cellTypes?: Record<string, InputType>;
  /** Rows: the admin list's words and bounds (default: "Add {first column}", at least one row, 100 at most). */
  list?: RowsList;
  /** Texts: what the empty box shows, and the kind of box (a link, a phone number). */
  placeholder?: string;
  inputType?: InputType;
  /** Image lists: how many at most. */
  max?: number;
  /** Lists of texts: the label of the box for one new item. */
  itemLabel?: string;
  /** Slugs: the field the slug is made from. */
  from?: string;
  /**
   * Images: each carries an alt text and a "decorative" mark, stored and answered beside it as `<name>Alt`
   * and `<name>Decorative` (shared/content/alt-text.ts adds those fields): one of each, or a list of each
   * in the images' order.
   */
  alt?: "one" | "many";
}

/** A box that is not plain text: the browser offers the right keyboard and checks. */
type InputType = "url" | "tel" | "email";

/** How the admin form lists rows: its "Add …" button, the noun of one row, how many may be and must stay. */
export interface RowsList {
  add: string;
  noun: string;
  max: number;
  min?: number;
  /** Up and down buttons. */
  reorder?: boolean;
}

/** Any field, where code works the same for all. */
// biome-ignore lint/suspicious/noExplicitAny: each field's stored and answered types differ
export type AnyField = Field<any, any>;
export type Fields = Record<string, AnyField>;

export type StoredOf<F> = F extends Field<infer S, unknown> ? S : never;
export type ApiOf<F> = F extends Field<unknown, infer A> ? A : never;
/** The stored values of declared fields, by name. */
export type FieldsRow<F extends Fields> = { [K in keyof F]: StoredOf<F[K]> };
/** The API answer's entries of declared fields, by name. */
export type FieldsOutput<F extends Fields> = { [K in keyof F]: ApiOf<F[K]> };

/** The input check of declared fields (each optional where the field is), as one object's shape. */
export const inputShape = (fields: Fields): Record<string, z.ZodType> =>
  Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.input]));

/** The stored values of a checked input, field by field (a slug is left to the store, which makes it). */
export function fieldsToRow(fields: Fields, input: object): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  const given = input as Record<string, unknown>;
  for (const [k, f] of Object.entries(fields)) if (f.kind !== "slug") row[k] = f.toRow(given[k]);
  return row;
}

/** The API answer's entries of a stored row, field by field. */
export function fieldsToApi<F extends Fields>(fields: F, row: object): FieldsOutput<F> {
  const out: Record<string, unknown> = {};
  const stored = row as Record<string, unknown>;
  for (const [k, f] of Object.entries(fields)) out[k] = f.toApi(stored[k]);
  return out as FieldsOutput<F>;
}

/** The SPEC §5 text for missing required fields, the admin form's default. */
export const FILL_REQUIRED = "Please fill all required fields";

interface Common {
  /** true: required, with FILL_REQUIRED in the admin form; a text: required, with that message. */
  required?: true | string;
  hint?: string;
}

const requiredMessage = (o: Common) => (o.required === true ? FILL_REQUIRED : o.required);
const same = <T>(v: T) => v;

/** One line of text. Required: stored NOT NULL; optional: "" when left out. */
export function text(
  label: string,
  o: Common & { max?: number; placeholder?: string; inputType?: InputType } = {},
): Field<string> {
  const max = o.max ?? LIMITS.title;
  return {
    kind: "text",
    label,
    required: requiredMessage(o),
    column: o.required ? { type: "text", notNull: true } : { type: "text", notNull: true, default: "" },
    input: o.required ? requiredText(label, max) : optionalText(label, max),
    toRow: (v) => (typeof v === "string" ? v : ""),
    toApi: same,
    control: "text",
    hint: o.hint,
    placeholder: o.placeholder,
    inputType: o.inputType,
  };
}

/** Several paragraphs of text (a textarea). */
export function longText(label: string, o: Common & { max?: number; rows?: number } = {}): Field<string> {
  const max = o.max ?? LIMITS.text;
  const input = o.required ? requiredText(label, max, { lines: true }) : optionalText(label, max, { lines: true });
  return { ...text(label, { max, ...o }), input, kind: "longText", control: "textarea", rows: o.rows };
}

const emptyToNull = (v: unknown) => (v === "" || v === null || v === "null" ? null : v);

/** A number, or none; `integer` for whole numbers (stored as integer, or smallint when `small`). */
export function number(
  label: string,
  o: Common & { unit?: string; min?: number; max?: number; integer?: boolean; small?: boolean } = {},
): Field<number | null> {
  const range = o.min !== undefined && o.max !== undefined ? ` from ${o.min} to ${o.max}` : "";
  let check = z.coerce.number({ error: `${label} must be a number${range}.` });
  if (o.integer) check = check.int(`${label} must be a whole number${range}.`);
  if (o.min !== undefined) check = check.min(o.min, range ? `${label} must be${range}.` : `${label} must be ${o.min} or more.`);
  if (o.max !== undefined) check = check.max(o.max, range ? `${label} must be${range}.` : `${label} must be at most ${o.max}.`);
  const value = z.preprocess(emptyToNull, check.nullable());
  return {
    kind: "number",
    label,
    required: requiredMessage(o),
    column: { type: o.integer ? (o.small ? "smallint" : "integer") : "numeric", notNull: false },
    input: o.required ? value.refine((v) => v !== null, `${label} is required.`) : value.optional(),
    toRow: (v) => (typeof v === "number" ? v : null),
    toApi: same,
    control: "number",
    unit: o.unit,
    hint: o.hint,
  };
}

/** Rupees and paise (never a float in the database: numeric(14,2)); none means "Price on request". */
export function money(label: string, o: Common = {}): Field<number | null> {
  const value = z.preprocess(
    emptyToNull,
    z.coerce
      .number({ error: `${label} must be a number.` })
      .min(0, `${label} must be 0 or more.`)
      .max(100_000_000_000, `${label} is too large.`)
      .nullable(),
  );
  return {
    ...number(label, o),
    kind: "money",
    column: { type: "money", notNull: false },
    input: o.required ? value : value.optional(),
    control: "money",
    unit: "₹",
  };
}

/** Yes or no (a check box); no when left out. */
export function yesNo(label: string, o: { hint?: string } = {}): Field<boolean> {
  return {
    kind: "yesNo",
    label,
    column: { type: "boolean", notNull: true, default: false },
    input: booleanField.optional(),
    toRow: (v) => v === true,
    toApi: same,
    control: "checkbox",
    hint: o.hint,
  };
}

/** One of a fixed set of values ("" when none is chosen, unless required). */
export function choice(
  label: string,
  options: readonly { value: string; label: string }[],
  o: Common & { none?: string } = {},
): Field<string> {
  const values = options.map((x) => x.value);
  return {
    kind: "choice",
    label,
    required: requiredMessage(o),
    column: { type: "text", notNull: true, default: "" },
    input: z
      .string({ error: `${label} must be text.` })
      .trim()
      .default("")
      .refine((v) => (v === "" && !o.required) || values.includes(v), {
        message: `${label} must be one of: ${values.join(", ")}.`,
      }),
    toRow: (v) => (typeof v === "string" ? v : ""),
    toApi: same,
    control: "select",
    options: o.none === undefined ? options : [{ value: "", label: o.none }, ...options],
    hint: o.hint,
  };
}

/** A calendar day (YYYY-MM-DD), or none. */
export function date(label: string, o: Common = {}): Field<string | null> {
  const value = z.preprocess(emptyToNull, calendarDay(label).nullable());
  return {
    kind: "date",
    label,
    required: requiredMessage(o),
    column: { type: "date", notNull: false },
    input: o.required ? value.refine((v) => v !== null, `${label} is required.`) : value.optional(),
    toRow: (v) => (typeof v === "string" ? v : null),
    toApi: same,
    control: "date",
    hint: o.hint,
  };
}

/**
 * The record's part of its public address, unique in its type: asked for, or made from the `from` field when
 * left empty; kept on a change that does not ask for a new one (server/content/slugs.ts).
 */
export function slug(from: string): Field<string> {
  return {
    kind: "slug",
    label: "Address (slug)",
    column: { type: "text", notNull: true, unique: true },
    input: slugInput.optional(),
    toRow: (v) => (typeof v === "string" ? v : ""),
    toApi: same,
    control: "none",
    from,
  };
}

/**
 * An uploaded image (its URL), "" for none. `required`: the text when a new record comes without one (the
 * API answers it too). `uploads`: the multipart file fields that may carry it (default: the field's name).
 */
export function image(
  label: string,
  o: { required?: string; uploads?: readonly string[]; hint?: string } = {},
): Field<string> & { alt: "one" } {
  return {
    kind: "image",
    alt: "one",
    label,
    required: o.required,
    column: { type: "text", notNull: true, default: "" },
    input: imageUrl.optional(),
    toRow: (v) => (typeof v === "string" ? v : ""),
    toApi: same,
    control: "image",
    uploads: o.uploads,
    hint: o.hint,
  };
}

/** A list of short texts, added one at a time (benefits, features). */
export function strings(label: string, o: { itemLabel?: string; hint?: string } = {}): Field<string[]> {
  return {
    kind: "strings",
    label,
    column: { type: "jsonb", notNull: true, default: [] },
    input: textList(label, LIMITS.short).default([]),
    json: true,
    toRow: (v) => (Array.isArray(v) ? (v as string[]) : []),
    toApi: same,
    control: "strings",
    itemLabel: o.itemLabel,
    hint: o.hint,
  };
}

/**
 * Another record (by id): e.g. the product a testimonial is about, a product's category. `required`: the
 * admin form's message when none is chosen (stored NOT NULL); otherwise none is allowed. Its column gets an
 * index `<table>_<name>_idx` unless `indexed: false` (another index of the table starts with it).
 */
interface RelationOptions {
  content: string;
  onDelete: "cascade" | "restrict" | "set null";
  none?: string;
  required?: string;
  indexed?: false;
  hint?: string;
}
export function relation(label: string, o: RelationOptions & { required: string }): Field<string>;
export function relation(label: string, o: RelationOptions): Field<string | null>;
export function relation(label: string, o: RelationOptions): Field<string | null> {
  const message = `${label} must be chosen from the list.`;
  const id = z.string({ error: o.required ? `${label} is required.` : message }).trim();
  return {
    kind: "relation",
    label,
    required: o.required,
    column: {
      type: "text",
      notNull: Boolean(o.required),
      references: { content: o.content, onDelete: o.onDelete },
      ...(o.indexed === false ? { indexed: false } : {}),
    },
    input: o.required
      ? id.min(1, `${label} is required.`).refine(isId, message)
      : z.preprocess(emptyToNull, id.refine(isId, message).nullable()).optional(),
    toRow: (v) => (typeof v === "string" ? v : null),
    toApi: same,
    control: "record",
    record: { content: o.content, none: o.none ?? "None" },
    hint: o.hint,
  };
}

/** Several uploaded images (their URLs), in order: a product's additional images. */
export function images(label: string, o: { max: number; tooMany?: string; hint?: string }): Field<string[]> & { alt: "many" } {
  return {
    kind: "images",
    alt: "many",
    label,
    column: { type: "jsonb", notNull: true, default: [] },
    input: z
      .array(imageUrl, { error: `${label} must be a list.` })
      .max(o.max, o.tooMany ?? `${label} may have at most ${o.max} images.`)
      .optional(),
    json: true,
    toRow: (v) => (Array.isArray(v) ? (v as string[]) : []),
    toApi: same,
    control: "images",
    max: o.max,
    hint: o.hint,
  };
}

/**
 * A list of small records of texts, e.g. specifications `{ specName, specValue }`: `columns` gives each
 * key's label, the first is the row's name. Rows left completely blank are dropped; a row without a name
 * is an error.
 */
export function rows<K extends string>(
  label: string,
  columns: Record<K, string>,
  o: { hint?: string; placeholders?: Record<K, string>; cellTypes?: Partial<Record<K, InputType>>; list?: RowsList } = {},
): Field<Record<K, string>[]> {
  const keys = Object.keys(columns) as K[];
  const nameKey = keys[0]!;
  const cell = (cellLabel: string) =>
    z
      .string({ error: `${cellLabel} must be text.` })
      .trim()
      .max(LIMITS.short, `${cellLabel} must be at most ${LIMITS.short} characters.`)
      .default("");
  return {
    kind: "rows",
    label,
    column: { type: "jsonb", notNull: true, default: [] },
    input: z
      .array(z.object(Object.fromEntries(keys.map((k) => [k, cell(columns[k])]))), { error: `${label} must be a list.` })
      .max(LIMITS.listItems, `${label} may have at most ${LIMITS.listItems} rows.`)
      .transform((list) => (list as Record<K, string>[]).filter((r) => keys.some((k) => r[k] !== "")))
      .refine((list) => list.every((r) => r[nameKey] !== ""), `Every row of ${label} needs a name.`)
      .default([]),
    json: true,
    toRow: (v) => (Array.isArray(v) ? (v as Record<K, string>[]) : []),
    toApi: same,
    control: "rows",
    columns,
    placeholders: o.placeholders,
    cellTypes: o.cellTypes as Record<string, InputType> | undefined,
    list: o.list,
    hint: o.hint,
  };
}

/**
 * A value of several parts edited by a component the declaration names (the settings' social links and
 * notification lists), with its own input check, which gives its empty value (`.default(…)`). Stored as
 * JSON (a jsonb column in a table).
 */
export function part<T extends object>(label: string, input: z.ZodType<T>): Field<T> {
  const empty = input.parse(undefined);
  return {
    kind: "part",
    label,
    column: { type: "jsonb", notNull: true, default: empty as Readonly<Record<string, unknown>> },
    input,
    json: true,
    toRow: (v) => (v === undefined ? empty : (v as T)),
    toApi: same,
    control: "part",
  };
}

/** The same field with a check of its own (the settings' links, phone numbers and limits). */
export function checkedBy<S, A>(field: Field<S, A>, input: z.ZodType): Field<S, A> {
  return { ...field, input };
}

/** PDF files with a title each (a product's brochures, manuals, certificates): shared/content/product-attachments.ts. */
export function attachments(label: string): Field<ProductAttachment[]> {
  return {
    kind: "attachments",
    label,
    column: { type: "jsonb", notNull: true, default: [] },
    input: keptAttachmentsInput.optional(),
    json: true,
    toRow: (v) => (Array.isArray(v) ? (v as ProductAttachment[]) : []),
    toApi: (list) => list.map(attachmentToApi),
    control: "attachments",
  };
}

/** A 1–5 star rating, or none (a whole number stored small). */
export function stars(label: string): Field<number | null> {
  return { ...number(label, { integer: true, small: true, min: 1, max: 5 }), kind: "stars", control: "stars" };
}

/** The same field with its API answer written another way (a quirk of SPEC §3, e.g. a rating as text). */
export function answered<S, A>(field: Field<S, unknown>, toApi: (stored: S) => A): Field<S, A> {
  return { ...field, toApi };
}

/**
 * What staff call a record's field: its declared label, else its name in words ("shortDescription" →
 * "Short description", "categoryId" → "Category") for types whose fields are not declared here yet.
 */
export function fieldLabel(key: string, fields?: Fields): string {
  const declared = fields?.[key]?.label;
  if (declared) return declared;
  const words = key
    .replace(/Id$/, "")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The fields an admin form draws, in the declaration's order, each with its name (a slug is made, not typed). */
export function formFields(fields: Fields): (AnyField & { name: string })[] {
  return Object.entries(fields)
    .filter(([, f]) => f.control !== "none")
    .map(([name, f]) => ({ ...f, name }));
}
