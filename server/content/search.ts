import { and, asc, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { categories } from "../../shared/content/category";
import { products } from "../../shared/content/product";
import { services } from "../../shared/content/service";
import type { Database } from "../db/client";

/**
 * The public site search (/search?q=): a case-insensitive match of every word of the query against
 * names/titles and descriptions of products, categories and services. Results whose name matches come
 * first, then the staff order.
 */

const SEARCH_LIMITS = { products: 50, categories: 20, services: 20 } as const;
/** Longer queries are cut here; more words than this are ignored. */
export const MAX_QUERY_LENGTH = 200;
export const MAX_QUERY_TERMS = 8;

interface ProductHit {
  id: string;
  name: string;
  slug: string;
  shortDescription: string;
  price: number | null;
  mainImage: string;
  categoryName: string;
  categorySlug: string;
}

interface CategoryHit {
  id: string;
  name: string;
  slug: string;
  description: string;
  image: string;
}

interface ServiceHit {
  id: string;
  title: string;
  slug: string;
  description: string;
  image: string;
}

export interface SearchResults {
  products: ProductHit[];
  categories: CategoryHit[];
  services: ServiceHit[];
}

export const NO_RESULTS: SearchResults = { products: [], categories: [], services: [] };

/** The query as it is searched: trimmed, inner whitespace collapsed, at most MAX_QUERY_LENGTH characters. */
export function normalizeQuery(q: string | null | undefined): string {
  return (q ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_QUERY_LENGTH).trim();
}

/** The words to match, lower-cased and without duplicates. */
export function searchTerms(q: string | null | undefined): string[] {
  const words = normalizeQuery(q).toLowerCase().split(" ").filter(Boolean);
  return [...new Set(words)].slice(0, MAX_QUERY_TERMS);
}

/** An ILIKE pattern that matches `term` anywhere, with the pattern characters \ % _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Every term appears in at least one of the columns. */
function allTermsIn(terms: string[], columns: PgColumn[]): SQL | undefined {
  return and(...terms.map((t) => or(...columns.map((c) => ilike(c, containsPattern(t))))));
}

/** 1 when every term is in the name, for ordering name matches first. */
function nameRank(terms: string[], name: PgColumn): SQL {
  return sql`case when ${and(...terms.map((t) => ilike(name, containsPattern(t))))} then 1 else 0 end`;
}

/**
 * A model code typed without its spaces and dashes ("rs15", "PNRS 15") against the name without them
 * ("PN-RS 15 …" → "pnrs15…"); only for queries with a digit, as model codes have.
 */
function compactNameMatch(q: string | null | undefined, name: PgColumn): SQL | undefined {
  const compact = normalizeQuery(q)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
  if (compact.length < 3 || !/\d/.test(compact)) return undefined;
  return sql`regexp_replace(lower(${name}), '[^a-z0-9]', '', 'g') like ${`%${compact}%`}`;
}

export async function searchSite(db: Database, q: string | null | undefined): Promise<SearchResults> {
  const terms = searchTerms(q);
  if (terms.length === 0) return NO_RESULTS;
  const modelCode = compactNameMatch(q, products.name);

  const [productRows, categoryRows, serviceRows] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        slug: products.slug,
        shortDescription: products.shortDescription,
        price: products.price,
        mainImage: products.mainImage,
        categoryName: categories.name,
        categorySlug: categories.slug,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(or(allTermsIn(terms, [products.name, products.shortDescription, products.fullDescription]), modelCode))
      .orderBy(
        desc(
          modelCode
            ? sql`${nameRank(terms, products.name)} + case when ${modelCode} then 1 else 0 end`
            : nameRank(terms, products.name),
        ),
        asc(products.position),
        desc(products.createdAt),
        asc(products.id),
      )
      .limit(SEARCH_LIMITS.products),
    db
      .select({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        description: categories.description,
        image: categories.image,
      })
      .from(categories)
      .where(allTermsIn(terms, [categories.name, categories.description]))
      .orderBy(desc(nameRank(terms, categories.name)), asc(categories.position), desc(categories.createdAt), asc(categories.id))
      .limit(SEARCH_LIMITS.categories),
    db
      .select({
        id: services.id,
        title: services.title,
        slug: services.slug,
        description: services.description,
        image: services.image,
      })
      .from(services)
      .where(allTermsIn(terms, [services.title, services.description, services.details]))
      .orderBy(desc(nameRank(terms, services.title)), asc(services.position), desc(services.createdAt), asc(services.id))
      .limit(SEARCH_LIMITS.services),
  ]);

  return { products: productRows, categories: categoryRows, services: serviceRows };
}
