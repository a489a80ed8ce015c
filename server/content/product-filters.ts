import { asc, desc, eq, gte, inArray, isNotNull, lte, type SQL, sql } from "drizzle-orm";
import {
  asksForFlow,
  boundAtLeast as atLeast,
  boundAtMost as atMost,
  type FinderFilters,
  fitOrder,
} from "../../shared/content/product-finder";
import { categories, products } from "../db/content-tables";

/** The facets the finder counts matches for, beside each value. */
export type Facet = "types" | "lubrication" | "drive" | "cooling" | "category";

/** Products of a category given by slug or id, as a condition on products alone (no join needed). */
function inCategory(slugOrId: string): SQL {
  return inArray(
    products.categoryId,
    sql`(select ${categories.id} from ${categories} where ${categories.slug} = ${slugOrId} or ${categories.id} = ${slugOrId})`,
  );
}

/** Only machines that make air: what a buyer asking for a flow means, unless they choose a category or type. */
export function compressorsOnly(f: FinderFilters): boolean {
  return asksForFlow(f) && f.types.length === 0 && f.category === null;
}

/**
 * The SQL conditions of the finder's filters (canonical units), leaving out `except` (a facet's own
 * filter, so its counts show what choosing another value would give). A flow filter matches a machine
 * whose delivery range meets the wanted range; pressure is "at least"; power is within. A flow asked
 * lists compressors; dryers and filters (rated by flow too) when their category is chosen.
 */
export function finderConditions(f: FinderFilters, except?: Facet): SQL[] {
  const c: SQL[] = [];
  if (f.types.length > 0 && except !== "types") c.push(inArray(products.compressorType, f.types));
  if (f.lubrication && except !== "lubrication") c.push(eq(products.lubrication, f.lubrication));
  if (f.drive && except !== "drive") c.push(eq(products.drive, f.drive));
  if (f.cooling && except !== "cooling") c.push(eq(products.cooling, f.cooling));
  if (f.category && except !== "category") c.push(inCategory(f.category));
  if (compressorsOnly(f) && except !== "category") c.push(isNotNull(products.compressorType));
  c.push(...figureConditions(f));
  return c;
}

/** A machine's figures in canonical units, as `meetsFigures` reads them. */
export interface Figures {
  flowMin: number | null;
  flowMax: number | null;
  maxPressure: number | null;
  motorPower: number | null;
}

/**
 * `figureConditions` for one machine held in memory (the finder's counts, server/content/product-finder.ts):
 * the same comparisons with the same bounds, a missing figure never meeting one. A test compares the two.
 */
export function meetsFigures(m: Figures, f: FinderFilters): boolean {
  const atLeastOf = (v: number | null, bound: number | null) => bound === null || (v !== null && v >= atLeast(bound));
  const atMostOf = (v: number | null, bound: number | null) => bound === null || (v !== null && v <= atMost(bound));
  return (
    atLeastOf(m.flowMax, f.flowMin) &&
    atMostOf(m.flowMin, f.flowMax) &&
    atLeastOf(m.maxPressure, f.pressureMin) &&
    atLeastOf(m.motorPower, f.powerMin) &&
    atMostOf(m.motorPower, f.powerMax)
  );
}

/** The conditions on typed figures alone (no facet leaves them out). */
function figureConditions(f: FinderFilters): SQL[] {
  const c: SQL[] = [];
  if (f.flowMin !== null) c.push(gte(products.flowMax, atLeast(f.flowMin)));
  if (f.flowMax !== null) c.push(lte(products.flowMin, atMost(f.flowMax)));
  if (f.pressureMin !== null) c.push(gte(products.maxPressure, atLeast(f.pressureMin)));
  if (f.powerMin !== null) c.push(gte(products.motorPower, atLeast(f.powerMin)));
  if (f.powerMax !== null) c.push(lte(products.motorPower, atMost(f.powerMax)));
  return c;
}

const catalogueOrder = [asc(products.position), desc(products.createdAt), desc(products.id)];

const SORT_COLUMNS = {
  flow: products.flowMax,
  pressure: products.maxPressure,
  power: products.motorPower,
  price: products.price,
} as const;

const FIT_COLUMNS = { flowMax: products.flowMax, maxPressure: products.maxPressure, motorPower: products.motorPower } as const;

/**
 * The list's order: the chosen figure (machines without it last), then the catalogue's order. No sort
 * chosen: the best fit to the figures asked (`fitOrder`), then the catalogue's order.
 */
export function finderOrder(f: FinderFilters): SQL[] {
  const { sort } = f;
  if (!sort) {
    return [...fitOrder(f).map((k) => sql`${FIT_COLUMNS[k.column]} ${sql.raw(k.direction)} nulls last`), ...catalogueOrder];
  }
  const descending = sort.startsWith("-");
  const column = SORT_COLUMNS[sort.replace("-", "") as keyof typeof SORT_COLUMNS];
  return [descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`, ...catalogueOrder];
}

/** A machine as `finderCompare` orders it: its figures, price and place in the catalogue's order. */
export interface Ordered extends Figures {
  id: string;
  position: number;
  /** Microseconds since 1970, as the database keeps them (a Date would lose the microseconds). */
  createdAt: number;
  price: number | null;
}

const SORT_KEYS = { flow: "flowMax", pressure: "maxPressure", power: "motorPower", price: "price" } as const;

/**
 * `finderOrder` for machines held in memory (the /finder page, server/content/product-finder.ts): the same
 * keys, missing figures last, ties in the catalogue's order. A test compares it with the database's.
 */
export function finderCompare(f: FinderFilters): (a: Ordered, b: Ordered) => number {
  const { sort } = f;
  const keys: { key: keyof Ordered & keyof typeof ORDERABLE; descending: boolean }[] = sort
    ? [{ key: SORT_KEYS[sort.replace("-", "") as keyof typeof SORT_KEYS], descending: sort.startsWith("-") }]
    : fitOrder(f).map((k) => ({ key: k.column, descending: k.direction === "desc" }));
  return (a, b) => {
    for (const { key, descending } of keys) {
      const x = a[key];
      const y = b[key];
      if (x === y) continue;
      if (x === null) return 1; // nulls last, either way
      if (y === null) return -1;
      return (x < y ? -1 : 1) * (descending ? -1 : 1);
    }
    if (a.position !== b.position) return a.position - b.position;
    if (a.createdAt !== b.createdAt) return b.createdAt - a.createdAt;
    return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
  };
}
const ORDERABLE = { flowMax: 0, maxPressure: 0, motorPower: 0, price: 0 } as const;

/**
 * How far a machine is from the filters, for "the closest" when nothing matches: for each number filter
 * the factor it misses by (on a log scale, so 10% short of 250 CFM counts like 10% short of 25), a machine
 * without the figure far; each choice it does not match counts 1, another category 0.5.
 */
export function distanceFrom(f: FinderFilters): SQL {
  const terms: SQL[] = [];
  const FAR = sql`10.0`;
  const outside = (low: SQL, high: SQL, from: number | null, to: number | null) => {
    const parts: SQL[] = [];
    if (from !== null && from > 0) parts.push(sql`when ${high} < ${from} then ln(${from}::float8 / ${high})`);
    if (to !== null && to > 0) parts.push(sql`when ${low} > ${to} then ln(${low} / ${to}::float8)`);
    return sql`(case when ${low} is null then ${FAR} ${sql.join(parts, sql` `)} else 0.0 end)`;
  };
  if (f.flowMin !== null || f.flowMax !== null) {
    terms.push(outside(sql`${products.flowMin}`, sql`${products.flowMax}`, f.flowMin, f.flowMax));
  }
  if (f.pressureMin !== null)
    terms.push(outside(sql`${products.maxPressure}`, sql`${products.maxPressure}`, f.pressureMin, null));
  if (f.powerMin !== null || f.powerMax !== null) {
    terms.push(outside(sql`${products.motorPower}`, sql`${products.motorPower}`, f.powerMin, f.powerMax));
  }
  const mismatch = (condition: SQL, weight = sql`1.0`) => sql`(case when ${condition} then 0.0 else ${weight} end)`;
  if (f.types.length > 0) terms.push(mismatch(sql`coalesce(${inArray(products.compressorType, f.types)}, false)`));
  if (f.lubrication) terms.push(mismatch(sql`coalesce(${eq(products.lubrication, f.lubrication)}, false)`));
  if (f.drive) terms.push(mismatch(sql`coalesce(${eq(products.drive, f.drive)}, false)`));
  if (f.cooling) terms.push(mismatch(sql`coalesce(${eq(products.cooling, f.cooling)}, false)`));
  if (f.category) terms.push(mismatch(inCategory(f.category), sql`0.5`));
  if (compressorsOnly(f)) terms.push(mismatch(sql`${products.compressorType} is not null`));
  return terms.length > 0 ? sql.join(terms, sql` + `) : sql`0.0`;
}
