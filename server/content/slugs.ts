import { and, asc, desc, eq, getTableName, ne, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { isId } from "../../shared/lib/ids";
import { slugify, uniqueSlug } from "../../shared/lib/slug";
import { SLUG_PATTERN } from "../../shared/schemas/fields";
import type { Database } from "../db/client";
import { trash } from "../db/schema";
import { conflict } from "../http/errors";

/** Categories, products and services: found by id or by slug, and given a unique slug. */
export type SluggedTable = PgTable & { id: PgColumn; slug: PgColumn };

/** Only text that could be a slug is looked up as one (no control characters, bounded length). */
export function isSlugShaped(value: string): boolean {
  return value.length <= 120 && SLUG_PATTERN.test(value.toLowerCase());
}

/** The slug `value` is looked up as (slugs are kept in lower case), or null when it cannot be one. */
export function slugOf(value: string): string | null {
  return isSlugShaped(value) ? value.toLowerCase() : null;
}

/**
 * A cache key for `findByIdOrSlug(value)`: values with the same key find the same row, and null means
 * none can (so nothing needs reading or keeping). Slugs are looked up in lower case, so "PN-22" and "pn-22"
 * share a key; an id is exact (lower-case hex), and upper-case hex is a slug only, hence its own "~" key.
 */
export function idOrSlugKey(value: string): string | null {
  if (isId(value)) return value;
  const slug = slugOf(value);
  return slug === null ? null : `~${slug}`;
}

/**
 * Where and order to find the row whose id or slug is `value` (an id wins over a slug that happens to look
 * like one), for a select of `table` alone or joined; null when no row can match.
 */
export function idOrSlugMatch(table: SluggedTable, value: string): { where: SQL; order: SQL | PgColumn } | null {
  const byId = isId(value) ? eq(table.id, value) : undefined;
  const slug = slugOf(value);
  const bySlug = slug === null ? undefined : eq(table.slug, slug);
  const where = or(byId, bySlug);
  if (!where) return null;
  return { where, order: byId ? desc(eq(table.id, value)) : asc(table.id) };
}

/** The row whose id or slug is `value`; an id wins over a slug that happens to look like one. */
export async function findByIdOrSlug<T extends SluggedTable>(
  db: Database,
  table: T,
  value: string,
): Promise<T["$inferSelect"] | null> {
  const match = idOrSlugMatch(table, value);
  if (!match) return null;
  const [row] = await db
    .select()
    // biome-ignore lint/suspicious/noExplicitAny: drizzle cannot type a select over "any table with these columns"
    .from(table as any)
    .where(match.where)
    .orderBy(match.order)
    .limit(1);
  return (row as T["$inferSelect"] | undefined) ?? null;
}

/**
 * The slug to store: the one asked for (409 when another record has it), or one made from `source`
 * and made unique with -2, -3 ….
 */
export async function chooseSlug(
  db: Database,
  table: SluggedTable,
  options: { wanted?: string; source: string; exceptId?: string; label: string },
): Promise<string> {
  // A slug is taken by another record, or by a record in the trash (its restore gets its address back).
  const taken = async (slug: string) => {
    const [row] = await db
      .select({ id: table.id })
      // biome-ignore lint/suspicious/noExplicitAny: as above
      .from(table as any)
      .where(options.exceptId ? and(eq(table.slug, slug), ne(table.id, options.exceptId)) : eq(table.slug, slug))
      .limit(1);
    return row !== undefined || (await slugInTrash(db, table, slug, options.exceptId));
  };
  if (options.wanted) {
    if (await taken(options.wanted)) throw conflict(`The slug "${options.wanted}" is already used by another ${options.label}.`);
    return options.wanted;
  }
  return uniqueSlug(slugify(options.source), taken);
}

/** Whether a trashed record of this table holds the slug (server/content/history.ts): new records must not take it. */
async function slugInTrash(db: Database, table: PgTable, slug: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: trash.id })
    .from(trash)
    .where(
      and(
        eq(trash.tableName, getTableName(table)),
        eq(trash.slug, slug),
        exceptId ? sql`${trash.recordId} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
