import { asc, desc, eq, type InferSelectModel } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Database } from "../db/client";
import { isId } from "../db/ids";
import { chooseSlug, findByIdOrSlug, type SluggedTable } from "./slugs";

/**
 * The list entities that are a list of records with one image and no relations (banners, industrial
 * content, testimonials, story sections, facilities, team members, core values): one definition each,
 * read by the public pages and served by the generic API router.
 */
export type SimpleTable = PgTable & {
  id: PgColumn;
  position: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
};

export interface SimpleResourceSpec<T extends SimpleTable, S extends z.ZodType, Out> {
  /** For messages: "Banner not found.", "Banner deleted successfully." */
  label: string;
  table: T;
  input: S;
  /** Input fields that arrive as JSON text in multipart forms. */
  jsonFields?: string[];
  /** Multipart file fields that may carry the image, and the message when a new record has none. */
  image?: { uploadFields: string[]; requiredOnCreate?: string };
  /** For tables with a unique `slug` column: the text a new record's slug is made from. */
  slugSource?: (input: z.output<S>) => string;
  toRow(input: z.output<S>): Partial<InferSelectModel<T>>;
  toApi(row: InferSelectModel<T>): Out;
}

export interface SimpleResource<T extends SimpleTable, S extends z.ZodType, Out> extends SimpleResourceSpec<T, S, Out> {
  list(db: Database): Promise<Out[]>;
  get(db: Database, id: string): Promise<Out | null>;
  getRow(db: Database, id: string): Promise<InferSelectModel<T> | null>;
  insert(db: Database, input: z.output<S>): Promise<Out>;
  update(db: Database, id: string, input: z.output<S>): Promise<Out | null>;
  remove(db: Database, id: string): Promise<InferSelectModel<T> | null>;
}

export function defineSimpleResource<T extends SimpleTable, S extends z.ZodType, Out>(
  spec: SimpleResourceSpec<T, S, Out>,
): SimpleResource<T, S, Out> {
  type Row = InferSelectModel<T>;
  // Drizzle's builders cannot be typed over "any table with these columns"; the casts stay in this file.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const table = spec.table as any;
  const label = spec.label.toLowerCase();
  /** By id, or by slug where the table has one (public URLs use slugs). */
  const getRow = async (db: Database, idOrSlug: string): Promise<Row | null> => {
    if (spec.slugSource) return (await findByIdOrSlug(db, table as SluggedTable, idOrSlug)) as Row | null;
    if (!isId(idOrSlug)) return null;
    const [row] = await db.select().from(table).where(eq(table.id, idOrSlug)).limit(1);
    return (row as Row | undefined) ?? null;
  };
  /** The slug to store, for tables with one: asked for, or made from the name. */
  const slugFor = (db: Database, input: z.output<S>, exceptId?: string): Promise<string> =>
    chooseSlug(db, table as SluggedTable, {
      wanted: (input as { slug?: string }).slug,
      source: spec.slugSource?.(input) ?? "",
      exceptId,
      label,
    });
  return {
    ...spec,
    async list(db) {
      const rows = await db.select().from(table).orderBy(asc(table.position), desc(table.createdAt), desc(table.id));
      return (rows as Row[]).map(spec.toApi);
    },
    getRow,
    async get(db, id) {
      const row = await getRow(db, id);
      return row ? spec.toApi(row) : null;
    },
    async insert(db, input) {
      const slug = spec.slugSource ? await slugFor(db, input) : undefined;
      const [row] = (await db
        .insert(table)
        .values({ ...spec.toRow(input), ...(slug ? { slug } : {}) })
        .returning()) as Row[];
      return spec.toApi(row as Row);
    },
    async update(db, id, input) {
      if (!isId(id)) return null;
      // An existing slug stays when none is given, so public links keep working after a rename.
      const slug = spec.slugSource && (input as { slug?: string }).slug ? await slugFor(db, input, id) : undefined;
      const [row] = (await db
        .update(table)
        .set({ ...spec.toRow(input), ...(slug ? { slug } : {}), updatedAt: new Date() })
        .where(eq(table.id, id))
        .returning()) as Row[];
      return row ? spec.toApi(row) : null;
    },
    async remove(db, id) {
      if (!isId(id)) return null;
      const [row] = (await db.delete(table).where(eq(table.id, id)).returning()) as Row[];
      return row ?? null;
    },
  };
}

/** ISO dates and `_id` for API answers. */
export function baseFields(row: { id: string; createdAt: Date; updatedAt: Date }) {
  return { _id: row.id, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
