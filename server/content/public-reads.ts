import type { z } from "zod";
import type { ListContent, ListTable } from "../../shared/content/define";
import type { AppContext } from "../context";
import { getCategory, listCategories } from "./category";
import { listStore } from "./list-content";
import { getProduct, listProducts, type ProductQuery } from "./product";
import { getSettings } from "./settings";

/**
 * The reads behind public pages and the public GET API, through the content cache (server/cache). Pages and
 * API share the entries: the home page and GET /api/banner cost one query between two changes.
 * Writes and admin-only reads go to the database directly.
 */

export function readList<T extends ListTable, S extends z.ZodObject, Out>(ctx: AppContext, content: ListContent<T, S, Out>) {
  return ctx.cache.read(`${content.name}:list`, () => listStore(content).list(ctx.db));
}

export function readOne<T extends ListTable, S extends z.ZodObject, Out>(
  ctx: AppContext,
  content: ListContent<T, S, Out>,
  idOrSlug: string,
) {
  // "one:" keeps a record whose slug is "list" apart from the list itself.
  return ctx.cache.read(`${content.name}:one:${idOrSlug}`, () => listStore(content).get(ctx.db, idOrSlug));
}

export const readCategories = (ctx: AppContext) => ctx.cache.read("categories", () => listCategories(ctx.db));

export const readCategory = (ctx: AppContext, idOrSlug: string) =>
  ctx.cache.read(`category:${idOrSlug}`, () => getCategory(ctx.db, idOrSlug));

export const readProducts = (ctx: AppContext, query: ProductQuery) =>
  ctx.cache.read(`products:${JSON.stringify(query)}`, () => listProducts(ctx.db, query));

export const readProduct = (ctx: AppContext, idOrSlug: string) =>
  ctx.cache.read(`product:${idOrSlug}`, () => getProduct(ctx.db, idOrSlug));

export const readSettings = (ctx: AppContext) => ctx.cache.read("settings", () => getSettings(ctx.db));
