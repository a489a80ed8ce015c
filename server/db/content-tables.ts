import { type $Type, getTableName, type HasDefault, type NotNull } from "drizzle-orm";
import {
  boolean,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  numeric,
  type PgColumn,
  type PgTable,
  type PgTextBuilderInitial,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { bannerContent } from "../../shared/content/banner";
import { categories } from "../../shared/content/category";
import { coreValueContent } from "../../shared/content/core-value";
import {
  type AnyListContent,
  type CustomContent,
  createdAtColumn,
  type ImageColumn,
  idColumn,
  type ListContent,
  listOrderIndex,
  updatedAtColumn,
} from "../../shared/content/define";
import { facilityContent } from "../../shared/content/facility";
import { faqContent } from "../../shared/content/faq";
import type { AnyField, Fields, StoredOf } from "../../shared/content/fields";
import { industrialContent } from "../../shared/content/industrial";
import { products } from "../../shared/content/product";
import { LIST_CONTENT } from "../../shared/content/registry";
import { serviceContent } from "../../shared/content/service";
import { storyContent } from "../../shared/content/story";
import { teamMemberContent } from "../../shared/content/team-member";
import { testimonialContent } from "../../shared/content/testimonial";

/**
 * The tables of the list types, built from their declared fields (docs/decisions/025-fields-declared-once.md):
 * a field's `column` says what it is stored as; its column is named after it in snake_case. drizzle-kit reads
 * the tables exported here (drizzle.config.ts); the browser never imports this file.
 */

/** A field's column as queries see it: its stored type (nullable where the field is). */
type FieldColumn<S> = HasDefault<NotNull<$Type<PgTextBuilderInitial<"", [string, ...string[]]>, S>>>;
type ListColumns<F extends Fields, O extends string> = {
  id: ReturnType<typeof idColumn>;
  createdAt: ReturnType<typeof createdAtColumn>;
  updatedAt: ReturnType<typeof updatedAtColumn>;
} & { [K in keyof F]: FieldColumn<StoredOf<F[K]>> } & Record<O, FieldColumn<number>>;

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The tables other types' relations point at, by content type. */
const RELATED: Record<string, () => PgColumn> = { product: () => products.id, category: () => categories.id };

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

/** A list type's table: `id`, `created_at`, `updated_at`, its fields, its staff order and their indexes. */
function listTable<F extends Fields, O extends string>(content: ListContent<F, O>) {
  const entries = Object.entries(content.fields);
  const columns = {
    id: idColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    ...Object.fromEntries(entries.map(([key, field]) => [key, columnOf(key, field)])),
    [content.sortField]: integer(snake(content.sortField)).notNull().default(0),
  } as unknown as ListColumns<F, O>;
  const name = content.table;
  return pgTable(name, columns, (t) => {
    const all = t as unknown as Record<string, ExtraConfigColumn>;
    return [
      listOrderIndex(`${name}_order_idx`, { sort: all[content.sortField]!, createdAt: all.createdAt! }),
      ...entries.flatMap(([key, field]) =>
        field.column.unique
          ? [uniqueIndex(`${name}_${snake(key)}_idx`).on(all[key]!)]
          : field.column.references
            ? [index(`${name}_${snake(key).replace(/_id$/, "")}_idx`).on(all[key]!)]
            : [],
      ),
    ];
  });
}

export const banners = listTable(bannerContent);
export const industrials = listTable(industrialContent);
export const testimonials = listTable(testimonialContent);
export const stories = listTable(storyContent);
export const coreValues = listTable(coreValueContent);
export const facilities = listTable(facilityContent);
export const teamMembers = listTable(teamMemberContent);
export const services = listTable(serviceContent);
export const faqs = listTable(faqContent);

const LIST_TABLES = new Map<string, PgTable>(
  [banners, industrials, testimonials, stories, coreValues, facilities, teamMembers, services, faqs].map((t) => [
    getTableName(t),
    t,
  ]),
);

/** Where a content type is stored: its tables (the main one first), its upload columns, its staff order. */
export interface Storage {
  tables: PgTable[];
  images: ImageColumn[];
}

const storages = new Map<string, Storage>();

export function storageOf(content: AnyListContent | CustomContent): Storage {
  if (content.kind === "custom") return content;
  const known = storages.get(content.name);
  if (known) return known;
  const table = LIST_TABLES.get(content.table);
  if (!table) throw new Error(`${content.name}: no table ${content.table} in server/db/content-tables.ts`);
  const columns = table as unknown as Record<string, PgColumn>;
  const images = Object.entries(content.fields as Fields).flatMap(([key, field]) =>
    field.kind === "image" ? [{ table, column: columns[key]! }] : [],
  );
  const storage = { tables: [table], images };
  storages.set(content.name, storage);
  return storage;
}

/** A list type's table. */
export function tableOf(content: AnyListContent): PgTable & Record<string, PgColumn> {
  return storageOf(content).tables[0] as PgTable & Record<string, PgColumn>;
}

/** Every list type has its table here (checked at start: a type added to the registry without one fails loudly). */
for (const content of LIST_CONTENT) storageOf(content);
