import { eq, sql } from "drizzle-orm";

import type { Product } from "../../shared/content/product";
import { CHOICE_FIGURES } from "../../shared/content/product-figures";
import { type FinderFilters, hasFilters, NO_FINDER_FILTERS } from "../../shared/content/product-finder";
import type { Database } from "../db/client";
import { categories, products } from "../db/content-tables";
import { selectProducts, toApi } from "./product";
import {
  compressorsOnly,
  distanceFrom,
  type Facet,
  figureConditions,
  finderConditions,
  finderOrder,
  whereAll,
} from "./product-filters";

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

/** The choice facets and the product field each counts. */
const CHOICE_FACETS = [
  { facet: "types", key: "compressorType" },
  { facet: "lubrication", key: "lubrication" },
  { facet: "drive", key: "drive" },
  { facet: "cooling", key: "cooling" },
] as const;
type ChoiceKey = (typeof CHOICE_FACETS)[number]["key"];

/** Matching machines of one category with one set of choice values. */
type Group = { id: string; slug: string; name: string; n: number } & Record<ChoiceKey, string | null>;

/** Whether a group passes the choice and category filters, leaving out `except` (as finderConditions does). */
function passes(g: Group, f: FinderFilters, except?: Facet): boolean {
  if (f.types.length > 0 && except !== "types" && !f.types.includes(g.compressorType as never)) return false;
  if (f.lubrication && except !== "lubrication" && g.lubrication !== f.lubrication) return false;
  if (f.drive && except !== "drive" && g.drive !== f.drive) return false;
  if (f.cooling && except !== "cooling" && g.cooling !== f.cooling) return false;
  if (f.category && except !== "category" && g.slug !== f.category && g.id !== f.category) return false;
  if (compressorsOnly(f) && except !== "category" && g.compressorType === null) return false;
  return true;
}

/**
 * The total and every facet's counts from one grouped scan: the machines that meet the typed figures,
 * counted by category and choice values (a few hundred groups at 10,000 products); each facet's counts
 * then sum the groups that pass the other filters. (Thirty `count(*) filter (where …)` columns, each
 * evaluating the whole filter, made a distinct finder query cost ~40 ms of the embedded database's one
 * thread at 10,000 products.)
 */
async function countAll(db: Database, f: FinderFilters) {
  const groups: Group[] = await db
    .select({
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
      compressorType: products.compressorType,
      lubrication: products.lubrication,
      drive: products.drive,
      cooling: products.cooling,
      n: sql<number>`count(*)`.mapWith(Number),
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(whereAll(figureConditions(f)))
    .groupBy(categories.id, products.compressorType, products.lubrication, products.drive, products.cooling)
    .orderBy(categories.position, categories.id);
  const sum = (list: Group[]) => list.reduce((n, g) => n + g.n, 0);
  const facets: FinderResult["facets"] = { types: [], lubrication: [], drive: [], cooling: [], category: [] };
  for (const { facet, key } of CHOICE_FACETS) {
    const open = groups.filter((g) => passes(g, f, facet));
    facets[facet] = CHOICE_FIGURES[key].options
      .map((o) => ({ value: o.value as string, count: sum(open.filter((g) => g[key] === o.value)) }))
      .filter((c) => c.count > 0);
  }
  const inCategory = groups.filter((g) => passes(g, f, "category"));
  for (const g of inCategory) {
    const last = facets.category.at(-1);
    if (last?.value === g.slug) last.count += g.n;
    else facets.category.push({ value: g.slug, label: g.name, count: g.n });
  }
  return { total: sum(groups.filter((g) => passes(g, f))), facets };
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
