import { eq, inArray, sql } from "drizzle-orm";

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
  finderCompare,
  finderOrder,
  meetsFigures,
  type Ordered,
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

/** Machines of one category with one set of choice values; `n`: how many meet the typed figures. */
type Group = { id: string; slug: string; name: string; n: number } & Record<ChoiceKey, string | null>;

/** One machine as the finder sees it: its group (an index into `groups`), figures and place in the order. */
type Machine = { group: number } & Ordered;

/**
 * Every machine's figures (canonical units) and group (category and choice values): what the finder's
 * counts are made from. Read once per content change (server/content/public-reads.ts keeps it with the
 * content), so a finder query with new figures costs the database only its page of matches.
 */
export interface MachineFigures {
  /** In the catalogue's order of categories (position, id), which the category facet keeps; `n` is 0. */
  groups: Group[];
  machines: Machine[];
}

export async function loadMachineFigures(db: Database): Promise<MachineFigures> {
  const rows = await db
    .select({
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
      compressorType: products.compressorType,
      lubrication: products.lubrication,
      drive: products.drive,
      cooling: products.cooling,
      flowMin: products.flowMin,
      flowMax: products.flowMax,
      maxPressure: products.maxPressure,
      motorPower: products.motorPower,
      productId: products.id,
      position: products.position,
      createdAt: sql<number>`(extract(epoch from ${products.createdAt}) * 1000000)::float8`.mapWith(Number),
      price: sql<number | null>`${products.price}::float8`,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .orderBy(categories.position, categories.id);
  const groups: Group[] = [];
  const groupOf = new Map<string, number>();
  const machines: Machine[] = rows.map(
    ({ flowMin, flowMax, maxPressure, motorPower, productId, position, createdAt, price, ...g }) => {
      const key = `${g.id}|${g.compressorType}|${g.lubrication}|${g.drive}|${g.cooling}`;
      let group = groupOf.get(key);
      if (group === undefined) {
        group = groups.push({ ...g, n: 0 }) - 1;
        groupOf.set(key, group);
      }
      return { group, flowMin, flowMax, maxPressure, motorPower, id: productId, position: position!, createdAt, price };
    },
  );
  return { groups, machines };
}

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
 * One pass over the machines: how many of each group meet the typed figures (groups with none left out),
 * and the machines that also pass every other filter, the page's candidates. (A group passes the choice
 * and category filters or not as a whole: asked once per group, not per machine.)
 */
function matchAll({ groups, machines }: MachineFigures, f: FinderFilters): { groups: Group[]; matches: Machine[] } {
  const n = new Array<number>(groups.length).fill(0);
  const open = groups.map((g) => passes(g, f));
  const matches: Machine[] = [];
  for (const m of machines) {
    if (!meetsFigures(m, f)) continue;
    n[m.group]!++;
    if (open[m.group]) matches.push(m);
  }
  return { groups: groups.flatMap((g, i) => (n[i]! > 0 ? [{ ...g, n: n[i]! }] : [])), matches };
}

/**
 * Every facet's counts: the machines that meet the typed figures, grouped by category and
 * choice values (a few hundred groups at 10,000 products); each facet's counts then sum the groups that
 * pass the other filters. Made in memory from `MachineFigures`: scanning the products' wide rows for a
 * grouped count took half the embedded database's one thread per distinct finder query at 10,000 products.
 */
function countAll(groups: Group[], f: FinderFilters) {
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
  return facets;
}

/**
 * A page of matches in the chosen order, found among the machines in memory; then only that page's rows
 * are read. (Ordering thousands of matches in the database cost the embedded database's one thread
 * more than everything else a distinct finder query does.)
 */
async function pageOfMatches(db: Database, matches: Machine[], f: FinderFilters, page: number, limit: number) {
  const ids = matches
    .sort(finderCompare(f))
    .slice((page - 1) * limit, page * limit)
    .map((m) => m.id);
  if (ids.length === 0) return [];
  const rows = await selectProducts(db).where(inArray(products.id, ids));
  const byId = new Map(rows.map(toApi).map((p) => [p._id, p]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The /finder page's read: a page of matches in the chosen order, their number, facet counts, the closest. */
export async function findProducts(
  db: Database,
  f: FinderFilters,
  page: number,
  limit: number,
  figures: Promise<MachineFigures> = loadMachineFigures(db),
): Promise<FinderResult> {
  const { groups, matches } = matchAll(await figures, f);
  const facets = countAll(groups, f);
  const total = matches.length;
  const rows = await pageOfMatches(db, matches, f, page, limit);
  const closest =
    total === 0 && hasFilters(f)
      ? (
          await selectProducts(db)
            .orderBy(sql`${distanceFrom(f)}`, ...finderOrder(NO_FINDER_FILTERS))
            .limit(CLOSEST)
        ).map(toApi)
      : [];
  return {
    data: rows,
    total,
    page,
    limit,
    facets,
    closest,
  };
}
