import { asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { type Category, type CategoryInput, categoryFields, categoryToApi } from "../../shared/content/category";
import { type FieldsRow, fieldsToRow } from "../../shared/content/fields";

import { type Database, preparedOnce } from "../db/client";
import { categories, products, subcategories } from "../db/content-tables";
import { badRequest, conflict } from "../http/errors";
import { chooseSlug, findByIdOrSlug } from "./slugs";

type CategoryRow = typeof categories.$inferSelect;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

async function subcategoriesOf(db: Database, categoryIds: string[]): Promise<Map<string, { id: string; name: string }[]>> {
  const byCategory = new Map<string, { id: string; name: string }[]>();
  if (categoryIds.length === 0) return byCategory;
  const rows = await db
    .select({ id: subcategories.id, name: subcategories.name, categoryId: subcategories.categoryId })
    .from(subcategories)
    .where(inArray(subcategories.categoryId, categoryIds))
    .orderBy(asc(subcategories.position), asc(subcategories.createdAt), asc(subcategories.id));
  for (const r of rows) {
    const list = byCategory.get(r.categoryId) ?? [];
    list.push({ id: r.id, name: r.name });
    byCategory.set(r.categoryId, list);
  }
  return byCategory;
}

/** `categoryIds` "all": every category (one pass over products instead of a long IN list). */
async function productCounts(db: Database, categoryIds: string[] | "all"): Promise<Map<string, number>> {
  if (categoryIds.length === 0) return new Map();
  const rows = await db
    .select({ categoryId: products.categoryId, n: count() })
    .from(products)
    .where(categoryIds === "all" ? undefined : inArray(products.categoryId, categoryIds))
    .groupBy(products.categoryId);
  return new Map(rows.map((r) => [r.categoryId, r.n]));
}

async function toApi(db: Database, rows: CategoryRow[], everyCategory = false): Promise<Category[]> {
  const ids = rows.map((r) => r.id);
  const [subs, counts] = await Promise.all([subcategoriesOf(db, ids), productCounts(db, everyCategory ? "all" : ids)]);
  return rows.map((r) => categoryToApi(r, subs.get(r.id) ?? [], counts.get(r.id) ?? 0));
}

export async function listCategories(db: Database): Promise<Category[]> {
  const rows = await db
    .select()
    .from(categories)
    .orderBy(asc(categories.position), desc(categories.createdAt), desc(categories.id));
  return toApi(db, rows, true);
}

/** The first `limit` categories in the catalogue's order: name and slug only (for links). */
export function listCategoryLinks(db: Database, limit: number): Promise<{ name: string; slug: string }[]> {
  return categoryLinksQuery(db).execute({ limit });
}

/** Every public page's footer links the first categories. */
const categoryLinksQuery = preparedOnce((db) =>
  db
    .select({ name: categories.name, slug: categories.slug })
    .from(categories)
    .orderBy(asc(categories.position), desc(categories.createdAt), desc(categories.id))
    .limit(sql.placeholder("limit"))
    .prepare("category_links"),
);

/** By id or by slug. */
export async function getCategoryRow(db: Database, idOrSlug: string): Promise<CategoryRow | null> {
  return findByIdOrSlug(db, categories, idOrSlug);
}

export async function getCategory(db: Database, idOrSlug: string): Promise<Category | null> {
  const row = await getCategoryRow(db, idOrSlug);
  return row ? ((await toApi(db, [row]))[0] ?? null) : null;
}

function slugFor(db: Database, input: CategoryInput, exceptId?: string): Promise<string> {
  return chooseSlug(db, categories, { wanted: input.slug, source: input.name, exceptId, label: "category" });
}

/** The stored columns of a checked input: each declared field's (the slug is chosen apart). */
function columns(input: CategoryInput) {
  return {
    ...(fieldsToRow(categoryFields, input) as Omit<FieldsRow<typeof categoryFields>, "slug">),
    position: input.position ?? 0,
  };
}

export async function createCategory(db: Database, input: CategoryInput): Promise<Category> {
  const slug = await slugFor(db, input);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(categories)
      .values({ ...columns(input), slug })
      .returning();
    const subs = input.subcategories ?? [];
    if (subs.length > 0) {
      await tx.insert(subcategories).values(subs.map((s, i) => ({ categoryId: created!.id, name: s.name, position: i })));
    }
    return created!;
  });
  return (await toApi(db, [row]))[0]!;
}

/**
 * Saves a category. When `subcategories` is given it is the complete list: rows with an `_id` of this
 * category are renamed, rows without one are added, and the rest are removed — unless products use them.
 */
export async function updateCategory(db: Database, id: string, input: CategoryInput): Promise<Category | null> {
  const slug = input.slug ? await slugFor(db, input, id) : undefined;
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(categories)
      .set({ ...columns(input), ...(slug ? { slug } : {}), updatedAt: new Date() })
      .where(eq(categories.id, id))
      .returning();
    if (!updated || input.subcategories === undefined) return updated ?? null;

    const existing = await tx.select().from(subcategories).where(eq(subcategories.categoryId, id));
    const existingIds = new Set(existing.map((s) => s.id));
    const keptIds = new Set<string>();
    input.subcategories.forEach((s, i) => {
      if (s._id !== undefined && s._id !== "" && !existingIds.has(s._id)) {
        throw badRequest(`Subcategory "${s.name}" does not belong to this category.`, [
          { path: `subcategories.${i}._id`, message: "Unknown subcategory id for this category." },
        ]);
      }
      if (s._id) keptIds.add(s._id);
    });
    const removed = existing.filter((s) => !keptIds.has(s.id));
    if (removed.length > 0) {
      const used = await tx
        .select({ subcategoryId: products.subcategoryId, n: count() })
        .from(products)
        .where(
          inArray(
            products.subcategoryId,
            removed.map((s) => s.id),
          ),
        )
        .groupBy(products.subcategoryId);
      const firstUsed = used[0];
      if (firstUsed) {
        const name = removed.find((s) => s.id === firstUsed.subcategoryId)?.name ?? "";
        throw conflict(
          `Cannot remove the subcategory "${name}": ${plural(firstUsed.n, "product")} ${firstUsed.n === 1 ? "uses" : "use"} it. Move or delete ${firstUsed.n === 1 ? "that product" : "those products"} first.`,
        );
      }
      await tx.delete(subcategories).where(
        inArray(
          subcategories.id,
          removed.map((s) => s.id),
        ),
      );
    }
    // Renames first with temporary names, so swapping two names does not trip the unique index.
    for (const s of input.subcategories) {
      if (s._id)
        await tx
          .update(subcategories)
          .set({ name: `renaming ${s._id}` })
          .where(eq(subcategories.id, s._id));
    }
    for (const [i, s] of input.subcategories.entries()) {
      if (s._id) {
        await tx
          .update(subcategories)
          .set({ name: s.name, position: i, updatedAt: new Date() })
          .where(eq(subcategories.id, s._id));
      } else {
        await tx.insert(subcategories).values({ categoryId: id, name: s.name, position: i });
      }
    }
    return updated;
  });
  return row ? ((await toApi(db, [row]))[0] ?? null) : null;
}

/** Refused (409) while products belong to the category; its subcategories go with it. */
export async function deleteCategory(db: Database, id: string): Promise<CategoryRow | null> {
  return db.transaction(async (tx) => {
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(products).where(eq(products.categoryId, id));
    if (n > 0) {
      throw conflict(
        `Cannot delete this category: ${plural(n, "product")} ${n === 1 ? "belongs" : "belong"} to it. Move or delete ${n === 1 ? "that product" : "those products"} first.`,
      );
    }
    const [row] = await tx.delete(categories).where(eq(categories.id, id)).returning();
    return row ?? null;
  });
}

/** Whether a subcategory id belongs to a category, and whether that category has any subcategories. */
export async function subcategoryCheck(db: Database, categoryId: string, subcategoryId: string | null) {
  const rows = await db
    .select({ id: subcategories.id, name: subcategories.name })
    .from(subcategories)
    .where(eq(subcategories.categoryId, categoryId));
  return {
    categoryHasSubcategories: rows.length > 0,
    belongs: subcategoryId === null || rows.some((r) => r.id === subcategoryId),
  };
}
