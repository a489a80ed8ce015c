import {
  BOUND_TOLERANCE,
  CANONICAL,
  fromCanonical,
  parseFigure,
  type Quantity,
  toCanonical,
  type UnitOf,
  unitFromText,
  unitLabel,
} from "../lib/units";
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

/** Every URL parameter `readFinderParams` reads. */
export const FINDER_PARAMETERS = [
  "type",
  "lubrication",
  "drive",
  "cooling",
  "category",
  "flowMin",
  "flowMax",
  "pressureMin",
  "powerMin",
  "powerMax",
  "flowUnit",
  "pressureUnit",
  "powerUnit",
  "sort",
] as const;

export const DEFAULT_FINDER_UNITS: FinderUnits = { flow: "m3/min", pressure: "bar", power: "kw" };

export const FINDER_SORTS = [
  { value: "", label: "Best fit to your figures" },
  { value: "flow", label: "Flow: low to high" },
  { value: "-flow", label: "Flow: high to low" },
  { value: "pressure", label: "Pressure: low to high" },
  { value: "-pressure", label: "Pressure: high to low" },
  { value: "power", label: "Power: low to high" },
  { value: "-power", label: "Power: high to low" },
  { value: "price", label: "Price: low to high" },
  { value: "-price", label: "Price: high to low" },
] as const;
type FinderSort = (typeof FINDER_SORTS)[number]["value"];

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

type FinderNumber = "flowMin" | "flowMax" | "pressureMin" | "powerMin" | "powerMax";

export interface FinderRequest {
  filters: FinderFilters;
  units: FinderUnits;
  /** Each number as the buyer typed it, for the form's boxes (a shared link shows 100, not 99.9998). */
  typed: Partial<Record<FinderNumber, string>>;
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

  const typed: FinderRequest["typed"] = {};
  const number = (name: FinderNumber, quantity: Quantity, inUnit: string): number | null => {
    const v = text(name);
    if (v === null) return null;
    // Not rounded: the conditions allow a rounding step instead (BOUND_TOLERANCE).
    const parsed = parseFigure(quantity, v, { unit: inUnit, label: NUMBER_LABELS[name], exact: true });
    if (!parsed.ok || parsed.min < 0) {
      problems.push({ path: name, message: `${NUMBER_LABELS[name]} must be a number.` });
      return null;
    }
    typed[name] = v;
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
  return { filters, units, typed, problems };
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

/** True when a number is typed: such filters are as varied as what visitors type. */
export function hasNumberFilters(f: FinderFilters): boolean {
  return f.flowMin !== null || f.flowMax !== null || f.pressureMin !== null || f.powerMin !== null || f.powerMax !== null;
}

/**
 * A cache key for the filters: equal keys, equal lists. Typed numbers are part of it; their variety is
 * endless, so their lists are kept on the caches' query shelf (`hasNumberFilters`), apart from content.
 */
export function finderKey(f: FinderFilters): string {
  const numbers = [f.flowMin, f.flowMax, f.pressureMin, f.powerMin, f.powerMax].map((n) => n ?? "").join(",");
  return [f.types.join(","), f.lubrication ?? "", f.drive ?? "", f.cooling ?? "", f.category ?? "", f.sort, numbers].join("|");
}

/**
 * A lower and an upper bound as the conditions compare them: a rounding step looser (BOUND_TOLERANCE), so a
 * bound typed in one unit matches what the same bound in another matches: 2.832 m³/min (100 CFM converted
 * to four digits) still finds a machine of exactly 100 CFM (2.83168 m³/min).
 */
export const boundAtLeast = (bound: number) => bound * (1 - BOUND_TOLERANCE);
export const boundAtMost = (bound: number) => bound * (1 + BOUND_TOLERANCE);

/** A figure the best-fit order ranks by, and which way. */
export interface FitKey {
  column: "flowMax" | "maxPressure" | "motorPower";
  direction: "asc" | "desc";
}

/**
 * The order of "best fit" (the default sort when figures are asked): closest to the need first. For a
 * flow "from", the smallest machine that delivers it (lowest top of its range); for a flow "to" only, the
 * largest within it; then the same for pressure and power. No figure asked: the catalogue's order.
 */
export function fitOrder(f: FinderFilters): FitKey[] {
  const keys: FitKey[] = [];
  if (f.flowMin !== null) keys.push({ column: "flowMax", direction: "asc" });
  else if (f.flowMax !== null) keys.push({ column: "flowMax", direction: "desc" });
  if (f.pressureMin !== null) keys.push({ column: "maxPressure", direction: "asc" });
  if (f.powerMin !== null) keys.push({ column: "motorPower", direction: "asc" });
  else if (f.powerMax !== null) keys.push({ column: "motorPower", direction: "desc" });
  return keys;
}

/** True when a flow is asked: the list is then compressors only, unless a category or type is chosen. */
export function asksForFlow(f: FinderFilters): boolean {
  return f.flowMin !== null || f.flowMax !== null;
}

/** True when the first result is the best fit for the flow asked (marked so on the page). */
export function marksBestFit(f: FinderFilters): boolean {
  return f.sort === "" && asksForFlow(f);
}

/** What a search query says in figures ("250 cfm 7 bar"), as finder parameters, and the words left over. */
export interface FiguresInQuery {
  /** The finder's URL parameters for them (empty when the query names no figure). */
  params: URLSearchParams;
  /** "250 CFM at 7 bar": the figures as read, for a heading. */
  description: string;
  /** The query without them, for the word search. */
  rest: string;
}

// A number (1,250 with thousands separators, or 7.5 / 7,5) and the unit written after it.
const FIGURE_IN_TEXT = /(\d{1,3}(?:,\d{3})+|\d+(?:[.,]\d+)?)\s*([a-z][a-z0-9³²/()]*)/gi;

/**
 * Reads figures with units out of free text: a flow ("250 cfm", "7 m3/min", "120 l/s"), a pressure
 * ("7 bar", "100 psi", "7 kg/cm2") and a power ("15 kw", "20 hp"). The finder then shows machines that
 * deliver at least that flow, at least that pressure, and a power within ±20%.
 */
export function figuresInQuery(q: string): FiguresInQuery {
  const params = new URLSearchParams();
  const parts: string[] = [];
  let rest = q;
  for (const match of q.matchAll(FIGURE_IN_TEXT)) {
    const [text, number, unitText] = match;
    const value = Number(/,\d{3}$/.test(number ?? "") ? number?.replaceAll(",", "") : number?.replace(",", "."));
    if (!Number.isFinite(value) || value <= 0 || !unitText) continue;
    const found = (["flow", "pressure", "power"] as const)
      .map((quantity) => ({ quantity, unit: unitFromText(quantity, unitText) }))
      .find((u) => u.unit !== null);
    if (!found?.unit || params.has(`${found.quantity}Unit`)) continue;
    const { quantity } = found;
    // Units the finder does not offer (m³/h, MPa) are converted to the canonical one.
    const offered = (FINDER_UNITS[quantity] as readonly string[]).includes(found.unit);
    const unit = offered ? found.unit : CANONICAL[quantity];
    const inUnitValue = offered
      ? value
      : Number(fromCanonical(quantity, toCanonical(quantity, value, found.unit), unit).toPrecision(6));
    if (quantity === "flow") params.set("flowMin", String(inUnitValue));
    else if (quantity === "pressure") params.set("pressureMin", String(inUnitValue));
    else {
      params.set("powerMin", String(Number((inUnitValue * 0.8).toPrecision(4))));
      params.set("powerMax", String(Number((inUnitValue * 1.2).toPrecision(4))));
    }
    params.set(`${quantity}Unit`, unit);
    parts.push(`${number} ${unitLabel(quantity, found.unit)}`);
    rest = rest.replace(text, " ");
  }
  return { params, description: parts.join(" at "), rest: rest.replace(/\s+/g, " ").trim() };
}
