import { type $Type, type HasDefault, type NotNull, sql } from "drizzle-orm";
import {
  boolean,
  date,
  doublePrecision,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  numeric,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTable,
  type PgTableExtraConfigValue,
  type PgTextBuilderInitial,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { categoryFields } from "../../shared/content/category";
import type { AnyListContent, CustomContent, ListContent } from "../../shared/content/define";
import { faqContent } from "../../shared/content/faq";
import type { AnyField, Fields, StoredOf } from "../../shared/content/fields";
import { productFields } from "../../shared/content/product";
import type { ChoiceValue } from "../../shared/content/product-figures";
import { CONTENT, LIST_CONTENT } from "../../shared/content/registry";
import { serviceContent } from "../../shared/content/service";
import type { SiteSettings } from "../../shared/content/settings";
import { testimonialContent } from "../../shared/content/testimonial";
import { createdAtColumn, idColumn, updatedAtColumn } from "./columns";

/**
 * Every content type's tables (docs/decisions/026-fields-declared-once.md). The list types' and the
 * product's are built from their declared fields: a field's `column` says what it is stored as, named after
 * the field in snake_case. drizzle-kit reads the tables exported here (drizzle.config.ts); the browser never
 * imports this file, so no database code reaches it.
 */

/** A field's column as queries see it: its stored type (nullable where the field is). */
type FieldColumn<S> = HasDefault<NotNull<$Type<PgTextBuilderInitial<"", [string, ...string[]]>, S>>>;
type RecordColumns = ReturnType<typeof recordColumns>;
type FieldColumns<F extends Fields, O extends string> = RecordColumns & { [K in keyof F]: FieldColumn<StoredOf<F[K]>> } & Record<
    O,
    FieldColumn<number>
  >;

const recordColumns = () => ({ id: idColumn(), createdAt: createdAtColumn(), updatedAt: updatedAtColumn() });

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The tables relations point at, by content type. */
const RELATED: Record<string, () => PgColumn> = {
  product: () => products.id,
  category: () => categories.id,
  subcategory: () => subcategories.id,
};

function columnOf(key: string, field: AnyField) {
  const name = snake(key);
  const spec = field.column;
  const base = {
    text: () => text(name),
    integer: () => integer(name),
    smallint: () => smallint(name),
    numeric: () => numeric(name, { mode: "number" }),
    money: () => numeric(name, { precision: 14, scale: 2, mode: "number" }),
    boolean: () => boolean(name),
    jsonb: () => jsonb(name),
    date: () => date(name, { mode: "string" }),
  }[spec.type]();
  // biome-ignore lint/suspicious/noExplicitAny: one builder chain for every column type
  let column: any = spec.notNull ? base.notNull() : base;
  if (spec.default !== undefined) column = column.default(spec.default);
  const target = spec.references;
  if (target) {
    const id = RELATED[target.content];
    if (!id) throw new Error(`${key}: no table for relations to ${target.content}`);
    column = column.references(id, { onDelete: target.onDelete });
  }
  return column;
}

type Indexes = (t: Record<string, ExtraConfigColumn>) => PgTableExtraConfigValue[];

/**
 * A content table: `id`, `created_at`, `updated_at`, the declared fields' columns, the staff order
 * (`sortField`) and `more` columns a type keeps outside its fields (a product's key figures); indexes for
 * unique fields (`<table>_<column>_idx`) and relations (`<table>_<name>_idx`), and the list order index
 * `<table>_order_idx` unless `order` gives the table's own.
 */
function contentTable<F extends Fields, O extends string, M extends Record<string, PgColumnBuilderBase> = Record<never, never>>(
  name: string,
  fields: F,
  sortField: O,
  more: { columns?: M; indexes?: Indexes; order?: Indexes } = {},
) {
  const entries = Object.entries(fields);
  const columns = {
    ...recordColumns(),
    ...Object.fromEntries(entries.map(([key, field]) => [key, columnOf(key, field)])),
    ...more.columns,
    [sortField]: integer(snake(sortField)).notNull().default(0),
  } as unknown as FieldColumns<F, O> & M;
  return pgTable(name, columns, (t) => {
    const all = t as unknown as Record<string, ExtraConfigColumn>;
    return [
      ...(more.order?.(all) ?? [listOrderIndex(`${name}_order_idx`, { sort: all[sortField]!, createdAt: all.createdAt! })]),
      ...entries.flatMap(([key, field]) =>
        field.column.unique
          ? [uniqueIndex(`${name}_${snake(key)}_idx`).on(all[key]!)]
          : field.column.references && field.column.indexed !== false
            ? [index(`${name}_${snake(key).replace(/_id$/, "")}_idx`).on(all[key]!)]
            : [],
      ),
      ...(more.indexes?.(all) ?? []),
    ];
  });
}

/** The index that serves a list in its order: lower first, then newest first. */
const listOrderIndex = (name: string, t: { sort: ExtraConfigColumn; createdAt: ExtraConfigColumn }) =>
  index(name).on(t.sort, t.createdAt.desc());

const listTable = <F extends Fields, O extends string>(content: ListContent<F, O>) =>
  contentTable(content.table, content.fields, content.sortField);

// ---- product, category and settings ---------------------------------------------------------------------

/** The key figures, in canonical units (shared/content/product-figures.ts). */
const keyFigureColumns = {
  flowMin: doublePrecision("flow_min"),
  flowMax: doublePrecision("flow_max"),
  maxPressure: doublePrecision("max_pressure"),
  motorPower: doublePrecision("motor_power"),
  noiseLevel: doublePrecision("noise_level"),
  weight: doublePrecision("weight"),
  tankVolume: doublePrecision("tank_volume"),
  compressorType: text("compressor_type").$type<ChoiceValue<"compressorType">>(),
  lubrication: text("lubrication").$type<ChoiceValue<"lubrication">>(),
  drive: text("drive").$type<ChoiceValue<"drive">>(),
  cooling: text("cooling").$type<ChoiceValue<"cooling">>(),
};

/** Product categories (/products/{slug}), from their declared fields (shared/content/category.ts). */
export const categories = contentTable("categories", categoryFields, "position");

export const subcategories = pgTable(
  "subcategories",
  {
    ...recordColumns(),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    uniqueIndex("subcategories_category_name_idx").on(t.categoryId, sql`lower(${t.name})`),
    index("subcategories_order_idx").on(t.categoryId, t.position, t.createdAt),
  ],
);

/** The machines, from their declared fields (shared/content/product.ts) and their key figures. */
export const products = contentTable("products", productFields, "position", {
  columns: keyFigureColumns,
  // The listing order exactly (ORDER BY … DESC means NULLS FIRST; id breaks ties), so a page of
  // products is read from the index instead of sorting them all.
  order: (t) => [index("products_order_idx").on(t.position!, t.createdAt!.desc().nullsFirst(), t.id!.desc().nullsFirst())],
  indexes: (t) => [
    index("products_category_order_idx").on(
      t.categoryId!,
      t.position!,
      t.createdAt!.desc().nullsFirst(),
      t.id!.desc().nullsFirst(),
    ),
    // The finder's best fit for a flow asked (smallest adequate first): the page of results is read from
    // here upwards from the bound, not by scanning and sorting every machine.
    index("products_flow_max_idx").on(t.flowMax!),
  ],
});

/** One row (id "site") holding the editable company details and home-page specification table. */
export const siteSettings = pgTable("site_settings", {
  id: text("id").primaryKey(),
  data: jsonb("data").$type<SiteSettings>().notNull(),
  updatedAt: updatedAtColumn(),
});

// ---- list types ------------------------------------------------------------------------------------------

/**
 * Every list type's table, built from its declaration in the registry: none is written here. drizzle-kit
 * reads them from server/db/list-tables.ts, which `npm run db:generate` writes; the server reaches each by
 * `tableOf(content)`.
 */
const LIST_TABLES = new Map<string, PgTable>(LIST_CONTENT.map((content: AnyListContent) => [content.table, listTable(content)]));

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

/** Where a content type is stored: its tables (the main one first) and its upload columns. */
export interface Storage {
  tables: PgTable[];
  images: ImageColumn[];
}

/** The upload columns of declared fields: images, image lists and attachments (uploads all the same). */
function uploadColumns(table: PgTable, fields: Fields): ImageColumn[] {
  const columns = table as unknown as Record<string, PgColumn>;
  return Object.entries(fields).flatMap(([key, field]): ImageColumn[] => {
    const column = columns[key]!;
    if (field.kind === "image") return [{ table, column }];
    if (field.kind === "images") return [{ table, column, many: true }];
    if (field.kind === "attachments") return [{ table, column, many: true, urlKey: "url" }];
    return [];
  });
}

const storages = new Map<string, Storage>([
  ["product", { tables: [products], images: uploadColumns(products, productFields) }],
  ["category", { tables: [categories, subcategories], images: [{ table: categories, column: categories.image }] }],
  ["settings", { tables: [siteSettings], images: [] }],
]);

export function storageOf(content: AnyListContent | CustomContent): Storage {
  const known = storages.get(content.name);
  if (known) return known;
  if (content.kind === "custom") throw new Error(`${content.name}: no tables in server/db/content-tables.ts`);
  const table = LIST_TABLES.get(content.table);
  if (!table) throw new Error(`${content.name}: no table ${content.table} in server/db/content-tables.ts`);
  const storage = { tables: [table], images: uploadColumns(table, content.fields as Fields) };
  storages.set(content.name, storage);
  return storage;
}

/** A list type's table, its columns typed from the declaration's fields. */
export function tableOf<F extends Fields, O extends string>(content: ListContent<F, O>): ReturnType<typeof listTable<F, O>> {
  return storageOf(content as AnyListContent).tables[0] as ReturnType<typeof listTable<F, O>>;
}

/** Every declared type has its tables here (checked at start: a type added to the registry without one fails loudly). */
for (const content of CONTENT) storageOf(content);

/** The list types' tables the server's own queries name. */
export const testimonials = tableOf(testimonialContent);
export const services = tableOf(serviceContent);
export const faqs = tableOf(faqContent);

/**
 * A list type's table built and known, for a type declared outside the registry (the tests' declaration
 * of every field kind, tests/api/fields.test.ts): its table exists only where the caller creates it.
 */
export function declaredListTable<F extends Fields, O extends string>(content: ListContent<F, O>) {
  const table = listTable(content);
  LIST_TABLES.set(content.table, table);
  return table;
}
