import { asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { HIGHLIGHT_END, HIGHLIGHT_START } from "../../shared/lib/highlight";
import { categoryPath, productPath } from "../../shared/lib/product-paths";
import { type Database, queryRows } from "../db/client";
import { categories, faqs, products, services } from "../db/content-tables";

/**
 * The public site search (/search?q=, and the suggestions while typing): PostgreSQL full-text search, the
 * same on the embedded database and on PostgreSQL.
 * - Every word of the query must match the start of a word of the record (after English stemming), so
 *   "compressors", "compress" and "scrol" all find what they should.
 * - Results are ranked by where the words stand: a product's name (A) before its short description, key
 *   figures and specifications (B), before its full description and features (C). Products keep that
 *   document in a generated, indexed column (migration 0012); the few categories, services and questions
 *   are weighed the same way on the fly.
 * - A model code typed without its spaces and dashes ("rs15", "PNRS 15") also finds its product (the
 *   document has the name's model code run together).
 * - The matching words come back marked (`HIGHLIGHT_START` … `HIGHLIGHT_END`) for the page to highlight.
 * Misspellings ("compresor") are the spelling corrector's (search-spelling.ts), used when nothing matches.
 */

const SEARCH_LIMITS = { products: 50, categories: 20, services: 20, faqs: 10 } as const;
/** Longer queries are cut here; more words than this are ignored. */
export const MAX_QUERY_LENGTH = 200;
export const MAX_QUERY_TERMS = 8;

interface ProductHit {
  id: string;
  /** With the matching words marked. */
  name: string;
  slug: string;
  /** The short description, or the passage of the full description that matched; marked. */
  text: string;
  price: number | null;
  mainImage: string;
  categoryName: string;
  categorySlug: string;
}

interface CategoryHit {
  id: string;
  name: string;
  slug: string;
  text: string;
  image: string;
}

interface ServiceHit {
  id: string;
  title: string;
  slug: string;
  text: string;
  image: string;
}

interface FaqHit {
  id: string;
  question: string;
  /** The answer (or its matching passages), marked. */
  text: string;
}

export interface SearchResults {
  products: ProductHit[];
  categories: CategoryHit[];
  services: ServiceHit[];
  faqs: FaqHit[];
}

export const NO_RESULTS: SearchResults = { products: [], categories: [], services: [], faqs: [] };

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

/**
 * The tsquery of what was typed (migration 0014's search_query: PostgreSQL's own parser reads it, as it read
 * the documents; every word a prefix, English stem or as typed, stop words and markup left out). `weight`
 * "A" matches names only. Null when nothing was typed; the function itself gives NULL (no match) when no
 * word is left.
 */
function tsQuery(q: string | null | undefined, weight: "" | "A" = ""): SQL | null {
  const text = normalizeQuery(q);
  // A subquery, which PostgreSQL computes once per query (an InitPlan). Called directly, it was computed again
  // for every row it was compared with or ranked against once the prepared statement's plan became the
  // generic one (after five runs): suggestions for "pn" at 10,000 products took 2 s instead of 0.1 s.
  return text ? sql`(select search_query(${text}, ${weight}))` : null;
}

const englishVector = (text: SQL | PgColumn, weight: "A" | "B" | "C") =>
  sql`setweight(to_tsvector('english', ${text}), ${sql.raw(`'${weight}'`)})`;
/** The products' search document (migration 0012); not in the Drizzle table, so ordinary reads skip it. */
const productDocument = sql`"products"."search_document"`;
/** Their names alone (migration 0018), small and indexed: what the suggestions match and rank. */
const nameDocument = sql`"products"."name_document"`;

/** ts_headline options: the whole text with its matches marked, or (long texts) the best passages. */
const MARK = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}`;
const WHOLE = `HighlightAll=true, ${MARK}`;
const PASSAGES = `MaxFragments=2, MaxWords=18, MinWords=8, FragmentDelimiter=" … ", ${MARK}`;
const headline = (text: SQL | PgColumn, query: SQL, options: string) =>
  sql<string>`ts_headline('english', ${text}, ${query}, ${options})`;

export async function searchSite(db: Database, q: string | null | undefined): Promise<SearchResults> {
  const query = tsQuery(q);
  if (!query) return NO_RESULTS;

  const categoryDocument = sql`${englishVector(categories.name, "A")} || ${englishVector(categories.description, "B")}`;
  const serviceDocument = sql`${englishVector(services.title, "A")} || ${englishVector(services.description, "B")} || ${englishVector(services.details, "C")}`;
  const faqDocument = sql`${englishVector(faqs.question, "A")} || ${englishVector(faqs.answer, "B")}`;

  const [productRows, categoryRows, serviceRows, faqRows] = await Promise.all([
    db
      .select({
        id: products.id,
        name: headline(products.name, query, WHOLE),
        slug: products.slug,
        // The short description when it has a match; otherwise where the full description matched.
        text: sql<string>`case when to_tsvector('english', ${products.shortDescription}) @@ ${query}
          then ${headline(products.shortDescription, query, WHOLE)}
          else ${headline(products.fullDescription, query, PASSAGES)} end`,
        price: products.price,
        mainImage: products.mainImage,
        categoryName: categories.name,
        categorySlug: categories.slug,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(sql`${productDocument} @@ ${query}`)
      .orderBy(
        desc(sql`ts_rank(${productDocument}, ${query})`),
        asc(products.position),
        desc(products.createdAt),
        asc(products.id),
      )
      .limit(SEARCH_LIMITS.products),
    db
      .select({
        id: categories.id,
        name: headline(categories.name, query, WHOLE),
        slug: categories.slug,
        text: headline(categories.description, query, WHOLE),
        image: categories.image,
      })
      .from(categories)
      .where(sql`${categoryDocument} @@ ${query}`)
      .orderBy(desc(sql`ts_rank(${categoryDocument}, ${query})`), asc(categories.position), asc(categories.id))
      .limit(SEARCH_LIMITS.categories),
    db
      .select({
        id: services.id,
        title: headline(services.title, query, WHOLE),
        slug: services.slug,
        text: sql<string>`case when to_tsvector('english', ${services.description}) @@ ${query}
          then ${headline(services.description, query, WHOLE)}
          else ${headline(services.details, query, PASSAGES)} end`,
        image: services.image,
      })
      .from(services)
      .where(sql`${serviceDocument} @@ ${query}`)
      .orderBy(desc(sql`ts_rank(${serviceDocument}, ${query})`), asc(services.position), asc(services.id))
      .limit(SEARCH_LIMITS.services),
    db
      .select({
        id: faqs.id,
        question: headline(faqs.question, query, WHOLE),
        text: headline(faqs.answer, query, PASSAGES),
      })
      .from(faqs)
      .where(sql`${faqDocument} @@ ${query}`)
      .orderBy(desc(sql`ts_rank(${faqDocument}, ${query})`), asc(faqs.position), asc(faqs.id))
      .limit(SEARCH_LIMITS.faqs),
  ]);

  return { products: productRows, categories: categoryRows, services: serviceRows, faqs: faqRows };
}

/** One suggestion under the search box while typing. */
export interface Suggestion {
  kind: "product" | "category" | "service";
  /** The name, with the matching word starts marked. */
  label: string;
  url: string;
  /** A product's category name; otherwise "Category" or "Service". */
  detail: string;
}

const SUGGESTIONS = { products: 5, categories: 2, services: 2, total: 7 } as const;

/**
 * Suggestions while typing: the names that start words with what was typed (the last word may be cut
 * short), categories first, then products by rank, then services; at most SUGGESTIONS.total.
 */
export async function searchSuggestions(db: Database, q: string | null | undefined): Promise<Suggestion[]> {
  const query = tsQuery(q);
  const nameQuery = tsQuery(q, "A");
  if (!query || !nameQuery) return [];
  const [productRows, categoryRows, serviceRows] = await Promise.all([
    db
      .select({
        label: headline(products.name, query, WHOLE),
        slug: products.slug,
        categoryName: categories.name,
        categorySlug: categories.slug,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(sql`${nameDocument} @@ ${nameQuery}`)
      .orderBy(desc(sql`ts_rank(${nameDocument}, ${nameQuery})`), asc(products.position), asc(products.id))
      .limit(SUGGESTIONS.products),
    queryRows<{ label: string; slug: string }>(
      db,
      sql`select ${headline(categories.name, query, WHOLE)} as label, ${categories.slug} as slug from ${categories}
        where to_tsvector('english', ${categories.name}) @@ ${query} order by ${categories.position}, ${categories.id} limit ${SUGGESTIONS.categories}`,
    ),
    queryRows<{ label: string; slug: string }>(
      db,
      sql`select ${headline(services.title, query, WHOLE)} as label, ${services.slug} as slug from ${services}
        where to_tsvector('english', ${services.title}) @@ ${query} order by ${services.position}, ${services.id} limit ${SUGGESTIONS.services}`,
    ),
  ]);
  const all: Suggestion[] = [
    ...categoryRows.map((c) => ({ kind: "category" as const, label: c.label, url: categoryPath(c.slug), detail: "Category" })),
    ...productRows.map((p) => ({
      kind: "product" as const,
      label: p.label,
      url: productPath(p.categorySlug, p.slug),
      detail: p.categoryName,
    })),
    ...serviceRows.map((s) => ({ kind: "service" as const, label: s.label, url: `/services/${s.slug}`, detail: "Service" })),
  ];
  return all.slice(0, SUGGESTIONS.total);
}
