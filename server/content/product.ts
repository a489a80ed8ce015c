import { and, asc, count, desc, eq, ne, type SQL, sql } from "drizzle-orm";

import { type Product, type ProductInput, type ProductValues, productToApi, productToRow } from "../../shared/content/product";
import { type FinderFilters, finderKey, hasNumberFilters, NO_FINDER_FILTERS } from "../../shared/content/product-finder";
import { type Testimonial, testimonialContent } from "../../shared/content/testimonial";
import { isId } from "../../shared/lib/ids";
import type { Shelf } from "../cache/bounded-entries";
import { type Database, preparedOnce, queryRows } from "../db/client";
import { categories, products, subcategories, testimonials } from "../db/content-tables";
import { finderConditions, finderOrder } from "./product-filters";
import { chooseSlug, findByIdOrSlug, idOrSlugMatch, slugOf } from "./slugs";

const productColumns = {
  product: products,
  categoryName: categories.name,
  categorySlug: categories.slug,
  subcategoryName: subcategories.name,
};

type ProductJoinRow = {
  product: typeof products.$inferSelect;
  categoryName: string | null;
  categorySlug: string | null;
  subcategoryName: string | null;
};

export function selectProducts(db: Database) {
  return db
    .select(productColumns)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId));
}

export function toApi(r: ProductJoinRow): Product {
  return productToApi(r.product, r);
}

export interface ProductQuery {
  categoryId?: string;
  subcategoryId?: string;
  featured?: boolean;
  /** The finder's filters and order (GET /api/product takes the same parameters as /finder). */
  filters?: FinderFilters;
  page: number;
  limit: number;
}

/**
 * A cache key for `listProducts(q)`: queries with the same key list the same page. A malformed category or
 * subcategory id matches nothing, whatever it is. Typed finder numbers are part of the key (`finderKey`).
 */
export function productQueryKey(q: ProductQuery): string {
  const finder = finderKey(q.filters ?? NO_FINDER_FILTERS);
  const page = `${q.page}|${q.limit}`;
  if ((q.categoryId !== undefined && !isId(q.categoryId)) || (q.subcategoryId !== undefined && !isId(q.subcategoryId))) {
    return `none|${page}`;
  }
  return `${q.categoryId ?? ""}|${q.subcategoryId ?? ""}|${q.featured ?? ""}|${finder}|${page}`;
}

/** Where `listProducts(q)` is kept: lists with typed finder numbers on the query shelf (server/cache). */
export const productQueryShelf = (q: ProductQuery): Shelf => (q.filters && hasNumberFilters(q.filters) ? "query" : "content");

export interface ProductPage {
  data: Product[];
  total: number;
  page: number;
  limit: number;
}

export async function listProducts(db: Database, q: ProductQuery): Promise<ProductPage> {
  const conditions: SQL[] = [];
  let impossible = false;
  if (q.categoryId !== undefined) {
    if (isId(q.categoryId)) conditions.push(eq(products.categoryId, q.categoryId));
    else impossible = true; // a malformed id matches nothing
  }
  if (q.subcategoryId !== undefined) {
    if (isId(q.subcategoryId)) conditions.push(eq(products.subcategoryId, q.subcategoryId));
    else impossible = true;
  }
  if (q.featured !== undefined) conditions.push(eq(products.featured, q.featured));
  if (q.filters) conditions.push(...finderConditions(q.filters));
  if (impossible) return { data: [], total: 0, page: q.page, limit: q.limit };
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    selectProducts(db)
      .where(where)
      .orderBy(...finderOrder(q.filters ?? NO_FINDER_FILTERS))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { data: rows.map(toApi), total: totals[0]?.n ?? 0, page: q.page, limit: q.limit };
}

export async function getProductRow(db: Database, idOrSlug: string) {
  return findByIdOrSlug(db, products, idOrSlug);
}

/** One product with its category and subcategory names: one query (a page view's read). */
export async function getProduct(db: Database, idOrSlug: string): Promise<Product | null> {
  const slug = isId(idOrSlug) ? null : slugOf(idOrSlug);
  if (slug !== null) {
    // A product page's URL: only a slug can match, so the query whose SQL is built once does.
    const [bySlug] = await productBySlugQuery(db).execute({ slug });
    return bySlug ? toApi(bySlug) : null;
  }
  const match = idOrSlugMatch(products, idOrSlug);
  if (!match) return null;
  const [joined] = await selectProducts(db).where(match.where).orderBy(match.order).limit(1);
  return joined ? toApi(joined) : null;
}

/**
 * Up to `limit` products of the category with slug `categorySlug`, in the catalogue's order, leaving out the
 * one with slug `exceptSlug` (a product page's "related products"). By slugs, so the page can read it
 * beside the product instead of after it.
 */
export async function listRelatedProducts(
  db: Database,
  categorySlug: string,
  exceptSlug: string,
  limit: number,
): Promise<Product[]> {
  const rows = await relatedProductsQuery(db).execute({ categorySlug, exceptSlug, limit });
  return rows.map(toApi);
}

const productBySlugQuery = preparedOnce((db) =>
  selectProducts(db)
    .where(eq(products.slug, sql.placeholder("slug")))
    .limit(1)
    .prepare("product_by_slug"),
);

const relatedProductsQuery = preparedOnce((db) =>
  selectProducts(db)
    .where(and(eq(categories.slug, sql.placeholder("categorySlug")), ne(products.slug, sql.placeholder("exceptSlug"))))
    .orderBy(asc(products.position), desc(products.createdAt), desc(products.id))
    .limit(sql.placeholder("limit"))
    .prepare("related_products"),
);

/**
 * The testimonials about a product (its reviews: those with stars make its rating), in the testimonials'
 * staff order.
 */
export async function listProductReviews(db: Database, productId: string): Promise<Testimonial[]> {
  const rows = await productReviewsQuery(db).execute({ productId });
  return rows.map(testimonialContent.toApi);
}

const productReviewsQuery = preparedOnce((db) =>
  db
    .select()
    .from(testimonials)
    .where(eq(testimonials.productId, sql.placeholder("productId")))
    .orderBy(asc(testimonials.position), desc(testimonials.createdAt), desc(testimonials.id))
    .prepare("product_reviews"),
);

function slugFor(db: Database, input: ProductInput, exceptId?: string): Promise<string> {
  return chooseSlug(db, products, { wanted: input.slug, source: input.name, exceptId, label: "product" });
}

export async function createProduct(db: Database, values: ProductValues): Promise<Product> {
  const slug = await slugFor(db, values);
  const [row] = await db
    .insert(products)
    .values({ ...productToRow(values), slug })
    .returning({ id: products.id });
  return (await getProduct(db, row!.id))!;
}

export async function updateProduct(db: Database, id: string, values: ProductValues): Promise<Product | null> {
  const slug = values.slug ? await slugFor(db, values, id) : undefined;
  const [row] = await db
    .update(products)
    .set({ ...productToRow(values), ...(slug ? { slug } : {}), updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning({ id: products.id });
  return row ? getProduct(db, row.id) : null;
}

export async function deleteProduct(db: Database, id: string) {
  const [row] = await db.delete(products).where(eq(products.id, id)).returning();
  return row ?? null;
}

/**
 * The title of a product's attachment by its URL, for its download's file name; null when no product has it
 * (a file only a kept version or a trashed product still uses).
 */
export async function findAttachmentTitle(db: Database, url: string): Promise<string | null> {
  const rows = await queryRows<{ title: string }>(
    db,
    sql`SELECT a ->> 'title' AS title
        FROM ${products}, jsonb_array_elements(${products.attachments}) AS a
        WHERE ${products.attachments} @> ${JSON.stringify([{ url }])}::jsonb AND a ->> 'url' = ${url}
        LIMIT 1`,
  );
  return rows[0]?.title ?? null;
}
