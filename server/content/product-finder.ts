import { and, eq, type SQL, sql } from "drizzle-orm";
import { categories } from "../../shared/content/category";
import { type Product, products } from "../../shared/content/product";
import { CHOICE_FIGURES } from "../../shared/content/product-figures";
import { type FinderFilters, hasFilters, NO_FINDER_FILTERS } from "../../shared/content/product-finder";
import type { Database } from "../db/client";
import { selectProducts, toApi } from "./product";
import { distanceFrom, type Facet, finderConditions, finderOrder, whereAll } from "./product-filters";

export interface FacetCount {
  value: string;
  /** A category's name; the other facets' labels are declared with the figures. */
  label?: string;
  count: number;
}

export interface FinderResult {
  data: Product[];
  total: number;
  page: number;
  limit: number;
  /** How many machines each value would give, with the other filters as they are. */
  facets: Record<Facet, FacetCount[]>;
  /** When nothing matches: the machines nearest to the filters. */
  closest: Product[];
}

const CLOSEST = 3;

/** The choice facets counted in the one scan below, with their column. */
const CHOICE_FACETS = [
  { facet: "types", key: "compressorType", column: products.compressorType },
  { facet: "lubrication", key: "lubrication", column: products.lubrication },
  { facet: "drive", key: "drive", column: products.drive },
  { facet: "cooling", key: "cooling", column: products.cooling },
] as const;

/**
 * The total and every facet's counts in one pass over the products, grouped by category: each count is a
 * `count(*) filter (where …)` of its own conditions. (Seven separate counts read a 10,000-product table
 * seven times; this reads it once.)
 */
async function countAll(db: Database, f: FinderFilters) {
  const where = (except?: Facet) => whereAll(finderConditions(f, except)) ?? sql`true`;
  const counted = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const choiceColumns: Record<string, SQL.Aliased<number>> = {};
  for (const { facet, key, column } of CHOICE_FACETS) {
    for (const option of CHOICE_FIGURES[key].options) {
      const name = `${facet}:${option.value}`;
      choiceColumns[name] = counted(and(where(facet), eq(column, option.value)) ?? sql`true`).as(name);
    }
  }
  const rows = await db
    .select({
      slug: categories.slug,
      name: categories.name,
      total: counted(where()).as("total"),
      inCategory: counted(where("category")).as("in_category"),
      ...choiceColumns,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .groupBy(categories.id, categories.slug, categories.name, categories.position)
    .orderBy(categories.position);
  const sum = (name: string) => rows.reduce((n, r) => n + Number((r as Record<string, unknown>)[name] ?? 0), 0);
  const facets: FinderResult["facets"] = { types: [], lubrication: [], drive: [], cooling: [], category: [] };
  for (const { facet, key } of CHOICE_FACETS) {
    facets[facet] = CHOICE_FIGURES[key].options
      .map((o) => ({ value: o.value as string, count: sum(`${facet}:${o.value}`) }))
      .filter((c) => c.count > 0);
  }
  facets.category = rows.filter((r) => r.inCategory > 0).map((r) => ({ value: r.slug, label: r.name, count: r.inCategory }));
  return { total: sum("total"), facets };
}

/** The /finder page's read: a page of matches in the chosen order, their number, facet counts, the closest. */
export async function findProducts(db: Database, f: FinderFilters, page: number, limit: number): Promise<FinderResult> {
  const [rows, { total, facets }] = await Promise.all([
    selectProducts(db)
      .where(whereAll(finderConditions(f)))
      .orderBy(...finderOrder(f))
      .limit(limit)
      .offset((page - 1) * limit),
    countAll(db, f),
  ]);
  const closest =
    total === 0 && hasFilters(f)
      ? (
          await selectProducts(db)
            .orderBy(sql`${distanceFrom(f)}`, ...finderOrder(NO_FINDER_FILTERS))
            .limit(CLOSEST)
        ).map(toApi)
      : [];
  return {
    data: rows.map(toApi),
    total,
    page,
    limit,
    facets,
    closest,
  };
}
