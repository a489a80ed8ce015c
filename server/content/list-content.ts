import { asc, desc, eq, getTableColumns } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import type { ListContent, ListOutput } from "../../shared/content/define";
import type { Fields } from "../../shared/content/fields";
import { isId } from "../../shared/lib/ids";
import { type Database, preparedOnce } from "../db/client";
import { tableOf } from "../db/content-tables";
import { badRequest } from "../http/errors";
import { chooseSlug, findByIdOrSlug, type SluggedTable } from "./slugs";

/**
 * The database side of a list type (shared/content/*, kind "list"): read in the staff order, by id (or
 * slug), insert, update and delete. Served by server/api/list-router.ts and read by the public pages
 * through server/content/public-reads.ts.
 */
/** A checked input (the declaration's `input`). */
type Input = Record<string, unknown>;
/** A stored row: its fields' columns by field name. */
type Row = Record<string, unknown> & { id: string; createdAt: Date; updatedAt: Date };

export interface ListStore<Out> {
  list(db: Database): Promise<Out[]>;
  get(db: Database, idOrSlug: string): Promise<Out | null>;
  getRow(db: Database, idOrSlug: string): Promise<Row | null>;
  insert(db: Database, input: Input): Promise<Out>;
  update(db: Database, id: string, input: Input): Promise<Out | null>;
  remove(db: Database, id: string): Promise<Row | null>;
}

const stores = new WeakMap<object, unknown>();

/**
 * A 400 naming the field when a value points at a record that does not exist (a testimonial's product), so
 * bad input gets a clear answer instead of the database's foreign-key error.
 */
async function checkReferences(db: Database, table: PgTable, values: Record<string, unknown>): Promise<void> {
  const keyOf = new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [column.name, key]));
  for (const fk of getTableConfig(table).foreignKeys) {
    const ref = fk.reference();
    const key = keyOf.get(ref.columns[0]!.name);
    const value = key ? values[key] : undefined;
    if (!key || typeof value !== "string") continue;
    const target = ref.foreignColumns[0]!;
    const [found] = await db.select({ id: target }).from(ref.foreignTable).where(eq(target, value)).limit(1);
    if (found) continue;
    const what = key.replace(/Id$/, "").replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
    const message = `The ${what} chosen does not exist (it may have been deleted).`;
    throw badRequest(message, [{ path: key, message }]);
  }
}

export function listStore<F extends Fields, O extends string>(content: ListContent<F, O>): ListStore<ListOutput<F, O>> {
  type Out = ListOutput<F, O>;
  const known = stores.get(content);
  if (known) return known as ListStore<Out>;
  // Drizzle's builders cannot be typed over "any table with these columns"; the casts stay in this file.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const table = tableOf(content) as any;
  const toApi = (row: Row) => content.toApi(row as never);
  const label = content.label.toLowerCase();
  /** By id, or by slug where the table has one (public URLs use slugs). */
  const getRow = async (db: Database, idOrSlug: string): Promise<Row | null> => {
    if (content.slugSource) return (await findByIdOrSlug(db, table as SluggedTable, idOrSlug)) as Row | null;
    if (!isId(idOrSlug)) return null;
    const [row] = await db.select().from(table).where(eq(table.id, idOrSlug)).limit(1);
    return (row as Row | undefined) ?? null;
  };
  /** The slug to store, for tables with one: asked for, or made from the name. */
  const slugFor = (db: Database, input: Input, exceptId?: string): Promise<string> =>
    chooseSlug(db, table as SluggedTable, {
      wanted: input.slug as string | undefined,
      source: content.slugSource?.(input) ?? "",
      exceptId,
      label,
    });
  // The list is read on every page view when nothing is cached.
  const listQuery = preparedOnce((db): { execute(): Promise<unknown[]> } =>
    db
      .select()
      .from(table)
      .orderBy(asc(table[content.sortField]), desc(table.createdAt), desc(table.id))
      .prepare(`list_${content.name.replace(/\W/g, "_")}`),
  );
  const store: ListStore<Out> = {
    async list(db) {
      const rows = await listQuery(db).execute();
      return (rows as Row[]).map(toApi);
    },
    getRow,
    async get(db, id) {
      const row = await getRow(db, id);
      return row ? toApi(row) : null;
    },
    async insert(db, input) {
      await checkReferences(db, table, content.toRow(input));
      const slug = content.slugSource ? await slugFor(db, input) : undefined;
      const [row] = (await db
        .insert(table)
        .values({ ...content.toRow(input), ...(slug ? { slug } : {}) })
        .returning()) as Row[];
      return toApi(row as Row);
    },
    async update(db, id, input) {
      if (!isId(id)) return null;
      await checkReferences(db, table, content.toRow(input));
      // An existing slug stays when none is given, so public links keep working after a rename.
      const slug = content.slugSource && input.slug ? await slugFor(db, input, id) : undefined;
      const [row] = (await db
        .update(table)
        .set({ ...content.toRow(input), ...(slug ? { slug } : {}), updatedAt: new Date() })
        .where(eq(table.id, id))
        .returning()) as Row[];
      return row ? toApi(row) : null;
    },
    async remove(db, id) {
      if (!isId(id)) return null;
      const [row] = (await db.delete(table).where(eq(table.id, id)).returning()) as Row[];
      return row ?? null;
    },
  };
  stores.set(content, store);
  return store;
}
