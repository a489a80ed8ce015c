import { and, count, isNotNull, type SQL, sql } from "drizzle-orm";
import { categories } from "../../shared/content/category";
import { type Product, products } from "../../shared/content/product";
import { type FinderFilters, hasFilters } from "../../shared/content/product-finder";
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

function countBy(db: Database, column: SQL, f: FinderFilters, except: Facet, notNull: SQL) {
  return db
    .select({ value: sql<string>`${column}`, count: count() })
    .from(products)
    .where(and(notNull, ...finderConditions(f, except)))
    .groupBy(sql`1`);
}

/** The /finder page's read: a page of matches in the chosen order, their number, facet counts, the closest. */
export async function findProducts(db: Database, f: FinderFilters, page: number, limit: number): Promise<FinderResult> {
  const where = whereAll(finderConditions(f));
  const [rows, totals, types, lubrication, drive, cooling, category] = await Promise.all([
    selectProducts(db)
      .where(where)
      .orderBy(...finderOrder(f.sort))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(products).where(where),
    countBy(db, sql`${products.compressorType}`, f, "types", isNotNull(products.compressorType)),
    countBy(db, sql`${products.lubrication}`, f, "lubrication", isNotNull(products.lubrication)),
    countBy(db, sql`${products.drive}`, f, "drive", isNotNull(products.drive)),
    countBy(db, sql`${products.cooling}`, f, "cooling", isNotNull(products.cooling)),
    db
      .select({ value: categories.slug, label: categories.name, count: count() })
      .from(products)
      .innerJoin(categories, sql`${categories.id} = ${products.categoryId}`)
      .where(whereAll(finderConditions(f, "category")))
      .groupBy(categories.slug, categories.name, categories.position)
      .orderBy(categories.position),
  ]);
  const total = totals[0]?.n ?? 0;
  const closest =
    total === 0 && hasFilters(f)
      ? (
          await selectProducts(db)
            .orderBy(sql`${distanceFrom(f)}`, ...finderOrder(""))
            .limit(CLOSEST)
        ).map(toApi)
      : [];
  return {
    data: rows.map(toApi),
    total,
    page,
    limit,
    facets: { types, lubrication, drive, cooling, category },
    closest,
  };
}
