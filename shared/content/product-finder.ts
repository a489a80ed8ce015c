import { parseFigure, type Quantity, toCanonical, type UnitOf } from "../lib/units";
import { CHOICE_FIGURES, type ChoiceFigureKey, type ChoiceValue } from "./product-figures";

/**
 * The finder's filters (issue 14), read from a URL's query: the /finder page and GET /api/product take the
 * same parameters, so a finder URL is shareable and the API answers the same list.
 *
 *   type=rotary-screw (repeatable)   lubrication=oil-free   drive=variable-speed   cooling=air
 *   category={slug}                  flowMin, flowMax (in flowUnit)   pressureMin (in pressureUnit)
 *   powerMin, powerMax (in powerUnit)   flowUnit=cfm|m3/min|l/s   pressureUnit=bar|psi|kg/cm2
 *   powerUnit=kw|hp   sort=flow|-flow|pressure|-pressure|power|-power|price|-price
 *
 * Numbers are in the units the URL names (default metric); the query below is in canonical units.
 */

export const FINDER_UNITS = {
  flow: ["m3/min", "cfm", "l/s"],
  pressure: ["bar", "psi", "kg/cm2"],
  power: ["kw", "hp"],
} as const satisfies { [Q in "flow" | "pressure" | "power"]: readonly UnitOf<Q>[] };

export interface FinderUnits {
  flow: (typeof FINDER_UNITS)["flow"][number];
  pressure: (typeof FINDER_UNITS)["pressure"][number];
  power: (typeof FINDER_UNITS)["power"][number];
}

export const DEFAULT_FINDER_UNITS: FinderUnits = { flow: "m3/min", pressure: "bar", power: "kw" };

export const FINDER_SORTS = [
  { value: "", label: "Catalogue order" },
  { value: "flow", label: "Flow: low to high" },
  { value: "-flow", label: "Flow: high to low" },
  { value: "pressure", label: "Pressure: low to high" },
  { value: "-pressure", label: "Pressure: high to low" },
  { value: "power", label: "Power: low to high" },
  { value: "-power", label: "Power: high to low" },
  { value: "price", label: "Price: low to high" },
  { value: "-price", label: "Price: high to low" },
] as const;
export type FinderSort = (typeof FINDER_SORTS)[number]["value"];

/** The filters in canonical units; null (or empty) means "any". */
export interface FinderFilters {
  types: ChoiceValue<"compressorType">[];
  lubrication: ChoiceValue<"lubrication"> | null;
  drive: ChoiceValue<"drive"> | null;
  cooling: ChoiceValue<"cooling"> | null;
  /** A category's slug (or id). */
  category: string | null;
  flowMin: number | null;
  flowMax: number | null;
  pressureMin: number | null;
  powerMin: number | null;
  powerMax: number | null;
  sort: FinderSort;
}

export const NO_FINDER_FILTERS: FinderFilters = {
  types: [],
  lubrication: null,
  drive: null,
  cooling: null,
  category: null,
  flowMin: null,
  flowMax: null,
  pressureMin: null,
  powerMin: null,
  powerMax: null,
  sort: "",
};

export interface FinderProblem {
  path: string;
  message: string;
}

export interface FinderRequest {
  filters: FinderFilters;
  units: FinderUnits;
  /** Values that could not be read (the API answers 400; the page says so and ignores them). */
  problems: FinderProblem[];
}

const NUMBER_LABELS = {
  flowMin: "Flow from",
  flowMax: "Flow to",
  pressureMin: "Pressure at least",
  powerMin: "Power from",
  powerMax: "Power to",
} as const;

function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | null {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

export function readFinderParams(params: URLSearchParams): FinderRequest {
  const problems: FinderProblem[] = [];
  const text = (name: string) => {
    const v = params.get(name)?.trim();
    return v ? v : null;
  };
  const unit = <Q extends keyof typeof FINDER_UNITS>(q: Q, name: string): FinderUnits[Q] => {
    const v = text(name)?.toLowerCase() ?? null;
    const found = oneOf(FINDER_UNITS[q] as readonly string[], v) as FinderUnits[Q] | null;
    if (v !== null && !found) problems.push({ path: name, message: `${name} must be one of: ${FINDER_UNITS[q].join(", ")}.` });
    return found ?? DEFAULT_FINDER_UNITS[q];
  };
  const units: FinderUnits = {
    flow: unit("flow", "flowUnit"),
    pressure: unit("pressure", "pressureUnit"),
    power: unit("power", "powerUnit"),
  };

  const choice = <K extends ChoiceFigureKey>(key: K, name: string): ChoiceValue<K> | null => {
    const v = text(name)?.toLowerCase() ?? null;
    const values = CHOICE_FIGURES[key].options.map((o) => o.value) as ChoiceValue<K>[];
    const found = oneOf(values, v);
    if (v !== null && !found) problems.push({ path: name, message: `${name} must be one of: ${values.join(", ")}.` });
    return found;
  };
  const typeValues = CHOICE_FIGURES.compressorType.options.map((o) => o.value) as ChoiceValue<"compressorType">[];
  const types: ChoiceValue<"compressorType">[] = [];
  for (const raw of params.getAll("type").flatMap((v) => v.split(","))) {
    const v = raw.trim().toLowerCase();
    if (!v) continue;
    const found = oneOf(typeValues, v);
    if (!found) problems.push({ path: "type", message: `type must be one of: ${typeValues.join(", ")}.` });
    else if (!types.includes(found)) types.push(found);
  }
  types.sort();

  const number = (name: keyof typeof NUMBER_LABELS, quantity: Quantity, inUnit: string): number | null => {
    const v = text(name);
    if (v === null) return null;
    const parsed = parseFigure(quantity, v, { unit: inUnit, label: NUMBER_LABELS[name] });
    if (!parsed.ok || parsed.min < 0) {
      problems.push({ path: name, message: `${NUMBER_LABELS[name]} must be a number.` });
      return null;
    }
    return parsed.min;
  };

  const category = text("category");
  const sortText = text("sort");
  const sort = oneOf(
    FINDER_SORTS.map((s) => s.value),
    sortText,
  );
  if (sortText !== null && sort === null) {
    problems.push({
      path: "sort",
      message: `sort must be one of: ${FINDER_SORTS.map((s) => s.value)
        .filter(Boolean)
        .join(", ")}.`,
    });
  }
  const filters: FinderFilters = {
    types,
    lubrication: choice("lubrication", "lubrication"),
    drive: choice("drive", "drive"),
    cooling: choice("cooling", "cooling"),
    category: category && /^[a-z0-9-]{1,200}$/i.test(category) ? category.toLowerCase() : null,
    flowMin: number("flowMin", "flow", units.flow),
    flowMax: number("flowMax", "flow", units.flow),
    pressureMin: number("pressureMin", "pressure", units.pressure),
    powerMin: number("powerMin", "power", units.power),
    powerMax: number("powerMax", "power", units.power),
    sort: sort ?? "",
  };
  if (category && !filters.category) problems.push({ path: "category", message: "category must be a category's slug." });
  return { filters, units, problems };
}

/** True when any filter narrows the list (a finder with none shows the whole catalogue). */
export function hasFilters(f: FinderFilters): boolean {
  return (
    f.types.length > 0 ||
    f.lubrication !== null ||
    f.drive !== null ||
    f.cooling !== null ||
    f.category !== null ||
    hasNumberFilters(f)
  );
}

/** Typed numbers make unbounded variety: such lists are read fresh, never kept in a cache. */
export function hasNumberFilters(f: FinderFilters): boolean {
  return f.flowMin !== null || f.flowMax !== null || f.pressureMin !== null || f.powerMin !== null || f.powerMax !== null;
}

/** A cache key for filters without numbers: equal keys, equal lists. */
export function finderKey(f: FinderFilters): string {
  return [f.types.join(","), f.lubrication ?? "", f.drive ?? "", f.cooling ?? "", f.category ?? "", f.sort].join("|");
}

/** A canonical value shown in the URL's unit, for the form's inputs (no rounding beyond float noise). */
export function inUnit(quantity: "flow" | "pressure" | "power", canonical: number | null, unit: string): string {
  if (canonical === null) return "";
  return String(Number((canonical / toCanonical(quantity, 1, unit)).toPrecision(6)));
}
