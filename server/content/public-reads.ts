import type { ListContent } from "../../shared/content/define";
import type { Fields } from "../../shared/content/fields";
import { type FinderFilters, finderKey, hasNumberFilters } from "../../shared/content/product-finder";
import type { AppContext } from "../context";
import { getCategory, listCategories, listCategoryLinks } from "./category";
import { listStore } from "./list-content";
import {
  getProduct,
  listProductReviews,
  listProducts,
  listRelatedProducts,
  type ProductQuery,
  productQueryKey,
  productQueryShelf,
} from "./product";
import { findProducts, loadMachineFigures } from "./product-finder";
import { searchSuggestions } from "./search";
import { forgivingSearch, type SearchOptions } from "./search-spelling";
import { getSettings } from "./settings";
import { idOrSlugKey, isSlugShaped } from "./slugs";

/**
 * The reads behind public pages and the public GET API, through the content cache (server/cache). Pages and
 * API share the entries: the home page and GET /api/banner cost one query between two changes.
 * Writes and admin-only reads go to the database directly.
 *
 * Keys are normalised (`idOrSlugKey`, `productQueryKey`): an upper-case slug or `limit=010` reads the same
 * entry as its plain form, and an id or slug that cannot match anything is answered without an entry.
 * What visitors type (searches, suggestions, finder figures) is kept on the cache's query shelf, so a flood
 * of made-up queries pushes out only other queries (server/cache/bounded-entries.ts).
 */

export function readList<F extends Fields, O extends string>(ctx: AppContext, content: ListContent<F, O>) {
  return ctx.cache.read(`${content.name}:list`, () => listStore(content).list(ctx.db));
}

export function readOne<F extends Fields, O extends string>(ctx: AppContext, content: ListContent<F, O>, idOrSlug: string) {
  const key = idOrSlugKey(idOrSlug);
  if (key === null) return Promise.resolve(null);
  // "one:" keeps a record whose slug is "list" apart from the list itself.
  return ctx.cache.read(`${content.name}:one:${key}`, () => listStore(content).get(ctx.db, idOrSlug));
}

export const readCategories = (ctx: AppContext) => ctx.cache.read("categories", () => listCategories(ctx.db));

/** The first `limit` categories' names and slugs, for links (every page's footer): one light query. */
export const readCategoryLinks = (ctx: AppContext, limit: number) =>
  ctx.cache.read(`category-links:${limit}`, () => listCategoryLinks(ctx.db, limit));

export function readCategory(ctx: AppContext, idOrSlug: string) {
  const key = idOrSlugKey(idOrSlug);
  return key === null ? Promise.resolve(null) : ctx.cache.read(`category:${key}`, () => getCategory(ctx.db, idOrSlug));
}

/** A list of products; with typed finder numbers, on the query shelf. */
export function readProducts(ctx: AppContext, query: ProductQuery) {
  return ctx.cache.read(`products:${productQueryKey(query)}`, () => listProducts(ctx.db, query), productQueryShelf(query));
}

/**
 * A product page's "related products": others of its category, by the URL's slugs. Only a non-empty answer
 * is kept (a miss is not), so made-up URLs cannot fill the cache.
 */
export async function readRelatedProducts(ctx: AppContext, categorySlug: string, exceptSlug: string, limit: number) {
  if (!isSlugShaped(categorySlug) || !isSlugShaped(exceptSlug)) return [];
  const found = await ctx.cache.read(`related:${categorySlug}:${exceptSlug}:${limit}`, async () => {
    const products = await listRelatedProducts(ctx.db, categorySlug, exceptSlug, limit);
    return products.length > 0 ? products : null;
  });
  return found ?? [];
}

export function readProduct(ctx: AppContext, idOrSlug: string) {
  const key = idOrSlugKey(idOrSlug);
  return key === null ? Promise.resolve(null) : ctx.cache.read(`product:${key}`, () => getProduct(ctx.db, idOrSlug));
}

/** The testimonials about a product (by its id, from a product already read), for its page. */
export const readProductReviews = (ctx: AppContext, productId: string) =>
  ctx.cache.read(`product-reviews:${productId}`, () => listProductReviews(ctx.db, productId));

export const readSettings = (ctx: AppContext) => ctx.cache.read("settings", () => getSettings(ctx.db));

/**
 * The /finder page's matches, counts and closest machines. Choices and sort are a bounded set, kept with
 * the content; typed numbers are endless in variety, kept on the query shelf.
 */
export function readFinder(ctx: AppContext, filters: FinderFilters, page: number, limit: number) {
  const shelf = hasNumberFilters(filters) ? "query" : "content";
  const figures = () => ctx.cache.read("finder-figures", () => loadMachineFigures(ctx.db));
  return ctx.cache.read(
    `finder:${finderKey(filters)}|${page}|${limit}`,
    () => findProducts(ctx.db, filters, page, limit, figures()),
    shelf,
  );
}

/** The site search's answer for `q` (normalised by the caller), kept on the query shelf. */
export function readSearch(ctx: AppContext, q: string, options: SearchOptions) {
  const mode = `${options.spelling ? "s" : ""}${options.exact ? "e" : ""}`;
  return ctx.cache.read(`search:${mode}:${q}`, () => forgivingSearch(ctx, q, options), "query");
}

/** What the search box suggests for `q` (normalised by the caller), kept on the query shelf. */
export function readSuggestions(ctx: AppContext, q: string) {
  return ctx.cache.read(`suggestions:${q}`, () => searchSuggestions(ctx.db, q), "query");
}
