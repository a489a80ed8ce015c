/**
 * The units of a compressor's key figures (issue 14). Each quantity is stored in one canonical unit; staff
 * and buyers may use any common one. Factors are exact where the unit is defined exactly (CFM from the
 * foot, psi from the pound-force, kg/cm² from standard gravity, HP = 550 ft·lbf/s); see
 * tests/unit/units.test.ts for the published values they are checked against.
 */

import { lazyNumberFormat } from "./number-format";

export type Quantity = "flow" | "pressure" | "power" | "noise" | "weight" | "volume";

interface UnitInfo {
  /** How the unit is written on pages. */
  label: string;
  /** Canonical units per one of this unit: canonical = value × perUnit. */
  perUnit: number;
  /** Other ways people type it (lower case, spaces removed), for parsing "250 cfm". */
  aliases: readonly string[];
}

const FOOT = 0.3048;
const POUND = 0.45359237;
const STANDARD_GRAVITY = 9.80665;
const PSI_IN_PA = (POUND * STANDARD_GRAVITY) / (0.0254 * 0.0254);

const UNITS = {
  flow: {
    "m3/min": { label: "m³/min", perUnit: 1, aliases: ["m3/min", "m³/min", "cmm", "m3min"] },
    cfm: { label: "CFM", perUnit: FOOT ** 3, aliases: ["cfm", "ft3/min", "ft³/min", "scfm", "acfm"] },
    "l/s": { label: "l/s", perUnit: 0.06, aliases: ["l/s", "lps", "litres/s", "liters/s", "l/sec"] },
    "m3/h": { label: "m³/h", perUnit: 1 / 60, aliases: ["m3/h", "m³/h", "m3/hr", "cmh"] },
  },
  pressure: {
    bar: { label: "bar", perUnit: 1, aliases: ["bar", "barg", "bar(g)", "bar g"] },
    psi: { label: "psi", perUnit: PSI_IN_PA / 100_000, aliases: ["psi", "psig", "psi(g)", "lbf/in2"] },
    "kg/cm2": {
      label: "kg/cm²",
      perUnit: (STANDARD_GRAVITY * 10_000) / 100_000,
      aliases: ["kg/cm2", "kg/cm²", "kgf/cm2", "kgf/cm²", "ksc", "kg/sqcm"],
    },
    mpa: { label: "MPa", perUnit: 10, aliases: ["mpa"] },
  },
  power: {
    kw: { label: "kW", perUnit: 1, aliases: ["kw"] },
    hp: { label: "HP", perUnit: (550 * FOOT * POUND * STANDARD_GRAVITY) / 1000, aliases: ["hp", "bhp"] },
  },
  noise: {
    dba: { label: "dB(A)", perUnit: 1, aliases: ["db(a)", "dba", "db"] },
  },
  weight: {
    kg: { label: "kg", perUnit: 1, aliases: ["kg", "kgs"] },
    lb: { label: "lb", perUnit: POUND, aliases: ["lb", "lbs"] },
  },
  volume: {
    l: { label: "l", perUnit: 1, aliases: ["l", "litre", "litres", "liter", "liters", "ltr"] },
    gal: { label: "US gal", perUnit: 3.785411784, aliases: ["gal", "usgal", "gallon", "gallons"] },
    m3: { label: "m³", perUnit: 1000, aliases: ["m3", "m³"] },
  },
} as const satisfies Record<Quantity, Record<string, UnitInfo>>;

export type UnitOf<Q extends Quantity> = keyof (typeof UNITS)[Q] & string;

/** What each quantity is stored in. */
export const CANONICAL = {
  flow: "m3/min",
  pressure: "bar",
  power: "kw",
  noise: "dba",
  weight: "kg",
  volume: "l",
} as const satisfies { [Q in Quantity]: UnitOf<Q> };

/** The imperial (or other common) unit shown beside the metric one on pages and datasheets. */
export const IMPERIAL = {
  flow: "cfm",
  pressure: "psi",
  power: "hp",
  noise: null,
  weight: "lb",
  volume: "gal",
} as const satisfies { [Q in Quantity]: UnitOf<Q> | null };

function info(quantity: Quantity, unit: string): UnitInfo | undefined {
  return (UNITS[quantity] as Record<string, UnitInfo>)[unit];
}

function isUnit<Q extends Quantity>(quantity: Q, unit: string): unit is UnitOf<Q> {
  return info(quantity, unit) !== undefined;
}

/** The units of `quantity` with their labels, in the table's order; `only` keeps those a form offers. */
export function unitsOf<Q extends Quantity>(quantity: Q, only?: readonly string[]): { value: UnitOf<Q>; label: string }[] {
  return Object.entries(UNITS[quantity] as Record<string, UnitInfo>)
    .filter(([value]) => !only || only.includes(value))
    .map(([value, u]) => ({ value: value as UnitOf<Q>, label: u.label }));
}

/** How `unit` is written on pages ("m³/min", "kg/cm²"); an unknown unit as it is. */
export function unitLabel(quantity: Quantity, unit: string): string {
  return info(quantity, unit)?.label ?? unit;
}

/** A value in `unit` converted to the canonical unit. */
export function toCanonical(quantity: Quantity, value: number, unit: string): number {
  const u = info(quantity, unit);
  if (!u) throw new Error(`Unknown ${quantity} unit: ${unit}`);
  return value * u.perUnit;
}

/** A canonical value converted to `unit`. */
export function fromCanonical(quantity: Quantity, value: number, unit: string): number {
  const u = info(quantity, unit);
  if (!u) throw new Error(`Unknown ${quantity} unit: ${unit}`);
  return value / u.perUnit;
}

/** The unit a typed suffix names ("CFM", "kg/cm²", "Bar(g)"), or null. */
export function unitFromText<Q extends Quantity>(quantity: Q, text: string): UnitOf<Q> | null {
  const key = text.toLowerCase().replace(/\s+/g, "").replace(/\.$/, "");
  for (const [unit, u] of Object.entries(UNITS[quantity] as Record<string, UnitInfo>)) {
    if (u.aliases.some((a) => a.replace(/\s+/g, "") === key)) return unit as UnitOf<Q>;
  }
  return null;
}

/**
 * A figure rounded for reading: three significant digits, but never fewer than whole numbers (a
 * 1,250 CFM machine is not "1,250" rounded to "1,300"). Trailing zeros are dropped.
 */
export function roundForReading(value: number): number {
  if (value === 0 || !Number.isFinite(value)) return value;
  const magnitude = Math.floor(Math.log10(Math.abs(value)));
  const decimals = Math.max(0, 2 - magnitude);
  return Number(value.toFixed(Math.min(decimals, 6)));
}

/** Kept to 6 significant digits: no float noise from the conversion, far below any catalogue's precision. */
function roundForStorage(value: number): number {
  return Number(value.toPrecision(6));
}

const numberFormat = lazyNumberFormat("en-IN", { maximumFractionDigits: 6 });

/** "6.8 CFM", "1,250 m³/min": a canonical value shown in `unit`, rounded for reading. */
export function formatFigure(quantity: Quantity, canonical: number, unit: string = CANONICAL[quantity]): string {
  return `${numberFormat.format(roundForReading(fromCanonical(quantity, canonical, unit)))} ${unitLabel(quantity, unit)}`;
}

/** "5.2–7.1 m³/min", or one value when both ends are the same once rounded. */
export function formatRange(quantity: Quantity, range: { min: number; max: number }, unit: string = CANONICAL[quantity]): string {
  const min = roundForReading(fromCanonical(quantity, range.min, unit));
  const max = roundForReading(fromCanonical(quantity, range.max, unit));
  const label = unitLabel(quantity, unit);
  return min === max
    ? `${numberFormat.format(min)} ${label}`
    : `${numberFormat.format(min)}–${numberFormat.format(max)} ${label}`;
}

export type ParsedFigure = { ok: true; min: number; max: number } | { ok: false; message: string };

const NUMBER = String.raw`\d+(?:\.\d+)?|\.\d+`;
const FIGURE_PATTERN = new RegExp(String.raw`^(${NUMBER})(?:\s*(?:-|–|—|to)\s*(${NUMBER}))?\s*(.*)$`, "i");

/**
 * Reads a typed figure in any unit: "6.8", "6.8 CFM", "1,250 cfm", "5.2-7.1 m³/min", "100 to 150 psi".
 * A unit written in the text wins over `unit` (the form's unit list). The answer is canonical, kept to
 * 6 significant digits for storage, or `exact` (a search bound: the buyer's number is not rounded).
 */
export function parseFigure(
  quantity: Quantity,
  text: string,
  options: { unit?: string; range?: boolean; label: string; exact?: boolean },
): ParsedFigure {
  const { label } = options;
  const cleaned = text.trim().replace(/(\d),(?=\d)/g, "$1"); // 1,250 and 1,00,000 are thousands separators
  const match = FIGURE_PATTERN.exec(cleaned);
  if (!match) return { ok: false, message: `${label} must be a number${options.range ? " or a range such as 5-7" : ""}.` };
  const [, first, second, suffix] = match;
  if (second !== undefined && !options.range) return { ok: false, message: `${label} must be one number, not a range.` };
  let unit: string = options.unit || CANONICAL[quantity];
  if (suffix) {
    const named = unitFromText(quantity, suffix);
    if (!named)
      return {
        ok: false,
        message: `${label}: unknown unit "${suffix}". Use ${unitsOf(quantity)
          .map((u) => u.label)
          .join(", ")}.`,
      };
    unit = named;
  }
  if (!isUnit(quantity, unit)) {
    return { ok: false, message: `${label}: unknown unit "${unit}". Use ${Object.keys(UNITS[quantity]).join(", ")}.` };
  }
  const a = toCanonical(quantity, Number(first), unit);
  const b = second === undefined ? a : toCanonical(quantity, Number(second), unit);
  if (b < a) return { ok: false, message: `${label}: the first value of a range must not be larger than the second.` };
  return options.exact ? { ok: true, min: a, max: b } : { ok: true, min: roundForStorage(a), max: roundForStorage(b) };
}

/** Significant digits a number converted for a form's box keeps: 100 CFM shows as 2.832 m³/min. */
const TYPED_DIGITS = 4;

/**
 * A number the buyer typed in `from`, shown in `to` for a form's box when they change the unit: converted
 * from what they typed (not from an earlier conversion), so going back to their unit gives back their
 * text exactly ("100" CFM → "2.832" m³/min → "100"). Text that is not a plain number stays as it is.
 */
export function convertTyped(quantity: Quantity, typed: string, from: string, to: string): string {
  const text = typed.trim();
  if (from === to) return typed;
  const value = Number(text.replace(/(\d),(?=\d)/g, "$1")); // 1,250 is a thousands separator, as in parseFigure
  if (text === "" || !Number.isFinite(value) || !info(quantity, from) || !info(quantity, to)) return typed;
  return String(Number(fromCanonical(quantity, toCanonical(quantity, value, from), to).toPrecision(TYPED_DIGITS)));
}

/**
 * How far apart two bounds may be and still be "the same" (relative): a converted number keeps
 * TYPED_DIGITS significant digits, whose rounding step is at most 1 in 10^(TYPED_DIGITS - 1) (2.832 for
 * 2.83168…). Stored figures are kept to 6 digits, far inside it.
 */
export const BOUND_TOLERANCE = 10 ** -(TYPED_DIGITS - 1);

const QUANTITIES = Object.keys(UNITS) as Quantity[];

/**
 * The figure a free text states, when it is nothing else: a number or range with a unit ("60 CFM",
 * "35 – 128 CFM", "7.5 bar", "310 kg"), in canonical units; null for "11 kW / 15 HP, IE3" or a bare number.
 */
export function statedFigure(text: string): { quantity: Quantity; min: number; max: number } | null {
  const suffix = FIGURE_PATTERN.exec(text.trim().replace(/(\d),(?=\d)/g, "$1"))?.[3];
  if (!suffix) return null;
  for (const quantity of QUANTITIES) {
    if (!unitFromText(quantity, suffix)) continue;
    const parsed = parseFigure(quantity, text, { range: true, label: "" });
    return parsed.ok ? { quantity, min: parsed.min, max: parsed.max } : null;
  }
  return null;
}
