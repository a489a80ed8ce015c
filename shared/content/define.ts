import type { BuildExtraConfigColumns, InferSelectModel } from "drizzle-orm";
import {
  type ExtraConfigColumn,
  index,
  integer,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTable,
  type PgTableExtraConfigValue,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import type { z } from "zod";
import { newId } from "../lib/ids";

/**
 * How a content type is declared (docs/decisions/012-content-declarations.md). Each type's module in
 * shared/content/ holds its table, its input schema, the mapping to its API answer (whose type is inferred,
 * never written twice), its API path, its images and its admin screen. The list in ./registry.ts is what
 * the API routes, the cache triggers, "is this image still used", the demo check and the tests iterate.
 */

// ---- columns every content table shares ----------------------------------------------------------------

export const idColumn = () => text("id").primaryKey().$defaultFn(newId);
export const createdAtColumn = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAtColumn = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
/** Staff ordering of a list: lower first, then newest first. */
export const sortColumn = (name = "position") => integer(name).notNull().default(0);
/** The index that serves a list in its order. */
export const listOrderIndex = (name: string, t: { sort: ExtraConfigColumn; createdAt: ExtraConfigColumn }) =>
  index(name).on(t.sort, t.createdAt.desc());

const recordColumns = () => ({ id: idColumn(), createdAt: createdAtColumn(), updatedAt: updatedAtColumn() });
type RecordColumns = ReturnType<typeof recordColumns>;

/**
 * A list type's table: its own columns (the staff order among them, named by `sortKey`), plus `id`,
 * `created_at` and `updated_at`, and `<name>_order_idx`, the index that reads the list in its order.
 */
export function listTable<N extends string, C extends Record<string, PgColumnBuilderBase>>(
  name: N,
  columns: C,
  sortKey: keyof C & string,
  extra: (t: BuildExtraConfigColumns<N, RecordColumns & C, "pg">) => PgTableExtraConfigValue[] = () => [],
) {
  return pgTable(name, { ...recordColumns(), ...columns } as RecordColumns & C, (t) => [
    listOrderIndex(`${name}_order_idx`, { sort: (t as Record<string, ExtraConfigColumn>)[sortKey]!, createdAt: t.createdAt }),
    ...extra(t),
  ]);
}

/** A row as the API answers it: `_id`, `createdAt` and `updatedAt` (ISO dates) first, then `fields`. */
export function withBaseFields<T extends object>(row: { id: string; createdAt: Date; updatedAt: Date }, fields: T) {
  // Not `{ ...baseFields(row), name, … }` at each call site: V8 builds an object literal that starts with a
  // spread on a slow path, 15 times slower for a product's thirty fields (about 45 µs each, a millisecond
  // for a page of twenty products).
  return { _id: row.id, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(), ...fields };
}

// ---- images --------------------------------------------------------------------------------------------

/**
 * A column holding uploaded files' URLs (images, and product attachments): one URL (text), a JSON list of
 * URLs (`many`), or a JSON list of objects with the URL under `urlKey` (`many` too).
 */
export interface ImageColumn {
  table: PgTable;
  column: PgColumn;
  many?: boolean;
  urlKey?: string;
}

// ---- admin screens -------------------------------------------------------------------------------------

export type FormValues = Record<string, string | string[]>;
export type FieldErrors = Record<string, string>;

export interface AdminField {
  /** The record's field (and the form field sent to the server). */
  name: string;
  label: string;
  /** "product": a choice of the catalogue's products (or none); the screen loads them. */
  kind: "text" | "textarea" | "image" | "stars" | "list" | "select" | "product";
  /** Shows the required marker. */
  required?: boolean;
  /** For images: the multipart file field, when not `name` (services upload `mainImage`). */
  upload?: string;
  /** For lists: the label of the box for one new item. */
  inputLabel?: string;
  options?: { value: string; label: string }[];
  rows?: number;
  hint?: string;
}

/** What a record's card in the admin list shows. */
export interface CardView {
  title: string;
  subtitle?: string;
  body?: string;
  image?: string;
  /** Short lists (features, benefits) shown under the text. */
  tags?: string[];
  stars?: number;
  extra?: string;
}

/** The admin screen of a list type: a list of cards, add/edit in a dialog, delete after a confirmation. */
export interface AdminScreen<Out> {
  /** The screen's URL under /admin (SPEC §2), e.g. "our-team". */
  path: string;
  /** The sidebar entry: its label, the group it sits in, and whether it comes after the Products group (SPEC §2). */
  nav: { label: string; group?: "About Us"; afterProducts?: boolean };
  title: string;
  description: string;
  /** "Banner": "Banner added successfully!" */
  entity: string;
  /** "banner": "Add Banner", "Are you sure you want to delete this banner?" */
  noun: string;
  texts: { fetchFailed: string; empty: string; saveFallback: string; deleteFailed: string };
  fields: AdminField[];
  /**
   * SPEC §5 checks of the fields; the messages are the spec's texts. The image rule comes from the type's
   * `image.requiredOnCreate` (the same text the API answers), lengths and formats from the input schema.
   */
  validate?: (values: FormValues) => Record<string, string | undefined>;
  /** Save stays disabled while this returns a reason (services: required fields missing). */
  saveBlocked?: (values: FormValues) => string | null;
  /** Up/down buttons on the cards change the staff order. */
  reorder?: boolean;
  card: (item: Out) => CardView;
}

/** SPEC §5's text for missing required fields. */
export const FILL_REQUIRED = "Please fill all required fields";
export const blank = (v: string | string[] | undefined) => typeof v !== "string" || v.trim() === "";

// ---- list types ----------------------------------------------------------------------------------------

/** The columns a list type's table has (besides its own). */
export type ListTable = PgTable & { id: PgColumn; createdAt: PgColumn; updatedAt: PgColumn };

export interface ListContentSpec<T extends ListTable, S extends z.ZodObject, Out> {
  kind: "list";
  /** For messages: "Banner not found.", "Banner deleted successfully." */
  label: string;
  /** Lower case, for "Your role (sales) cannot change banners." and the activity log. */
  plural: string;
  /** Under /api (SPEC §7). */
  path: string;
  table: T;
  /** The field (in the input, the answer and the table) of the staff order: `position`, or `sortOrder` where `position` means a job title. */
  sortField: string;
  input: S;
  /** Input fields that arrive as JSON text in multipart forms. */
  jsonFields?: string[];
  /** Multipart file fields that may carry the image, and the message when a new record has none. */
  image?: { uploadFields: string[]; requiredOnCreate?: string };
  /** For tables with a unique `slug` column: the text a new record's slug is made from. */
  slugSource?: (input: z.output<S>) => string;
  toRow(input: z.output<S>): Partial<InferSelectModel<T>>;
  toApi(row: InferSelectModel<T>): Out;
  admin: AdminScreen<Out>;
  /** A valid input, for the tests that go over every type. */
  example: Record<string, unknown>;
}

export type ListContent<T extends ListTable = ListTable, S extends z.ZodObject = z.ZodObject, Out = unknown> = ListContentSpec<
  T,
  S,
  Out
> & {
  name: string;
  /** The column the staff order is kept in. */
  sort: PgColumn;
  /** The tables whose changes the content cache must hear of. */
  tables: PgTable[];
  images: ImageColumn[];
};

/** Any list type, where code works the same for all (the API router, the admin screen). */
// biome-ignore lint/suspicious/noExplicitAny: each declaration's own table, schema and answer types differ
export type AnyListContent = ListContent<any, any, any>;

/** The API answer of a declared type. */
export type ContentOutput<C> = C extends { toApi(...args: never[]): infer Out } ? Out : never;

export function defineListContent<T extends ListTable, S extends z.ZodObject, Out>(
  name: string,
  spec: ListContentSpec<T, S, Out>,
): ListContent<T, S, Out> {
  const columns = spec.table as unknown as Record<string, PgColumn | undefined>;
  const sort = columns[spec.sortField];
  if (!sort) throw new Error(`${name}: the table has no column ${spec.sortField} for the staff order`);
  const image = columns.image;
  return { ...spec, name, sort, tables: [spec.table], images: spec.image && image ? [{ table: spec.table, column: image }] : [] };
}

/** Category, product and settings: their own API code, declared for everything iterated over every type. */
export interface CustomContent {
  kind: "custom";
  name: string;
  /** For messages: "Restore the category “Screw” from the trash first." */
  label: string;
  /** Lower case, for "Your role (sales) cannot change products." and the activity log. */
  plural: string;
  path: string;
  tables: PgTable[];
  images: ImageColumn[];
}
