import { z } from "zod";
import { CANONICAL, formatFigure, formatRange, IMPERIAL, parseFigure, type Quantity } from "../lib/units";

/**
 * A product's key figures (issue 14): typed, optional, each stored in one canonical unit (shared/lib/units.ts),
 * beside the free specification rows, which stay for everything else. This list drives the table's columns,
 * the API's input and answer, the product dialog, the product page and (later) the finder and datasheet.
 *
 * In the API, a number figure is written as text in any common unit ("6.8 CFM", "100 psi", "5.5-7.2",
 * a bare number is in the canonical unit) and answered as numbers in the canonical unit; free air delivery
 * is a range `{ min, max }` (one value: both the same). Empty text or null clears a figure.
 */

export interface NumberFigure {
  label: string;
  quantity: Quantity;
  /** Sane bounds in the canonical unit: anything outside is a typing mistake. */
  max: number;
  range?: true;
  hint: string;
}

export const NUMBER_FIGURES = {
  freeAirDelivery: {
    label: "Free air delivery",
    quantity: "flow",
    max: 5_000,
    range: true,
    hint: "One value or a range (e.g. 5.2-7.1) for variable speed machines.",
  },
  maxPressure: { label: "Maximum working pressure", quantity: "pressure", max: 1_000, hint: "Gauge pressure." },
  motorPower: { label: "Motor power", quantity: "power", max: 50_000, hint: "Rated motor (or engine) power." },
  noiseLevel: { label: "Noise level", quantity: "noise", max: 150, hint: "Sound pressure at 1 m." },
  weight: { label: "Weight", quantity: "weight", max: 500_000, hint: "Shipping weight." },
  tankVolume: { label: "Receiver volume", quantity: "volume", max: 1_000_000, hint: "Tank or receiver, if any." },
} as const satisfies Record<string, NumberFigure>;

export type NumberFigureKey = keyof typeof NUMBER_FIGURES;

export const CHOICE_FIGURES = {
  compressorType: {
    label: "Compressor type",
    options: [
      { value: "reciprocating", label: "Reciprocating (piston)" },
      { value: "rotary-screw", label: "Rotary screw" },
      { value: "scroll", label: "Scroll" },
      { value: "rotary-vane", label: "Rotary vane" },
      { value: "centrifugal", label: "Centrifugal" },
    ],
  },
  lubrication: {
    label: "Oil-free or lubricated",
    options: [
      { value: "oil-free", label: "Oil-free" },
      { value: "lubricated", label: "Oil-lubricated" },
    ],
  },
  drive: {
    label: "Drive",
    options: [
      { value: "fixed-speed", label: "Fixed speed" },
      { value: "variable-speed", label: "Variable speed (VSD)" },
    ],
  },
  cooling: {
    label: "Cooling",
    options: [
      { value: "air", label: "Air-cooled" },
      { value: "water", label: "Water-cooled" },
    ],
  },
} as const;

export type ChoiceFigureKey = keyof typeof CHOICE_FIGURES;
export type ChoiceValue<K extends ChoiceFigureKey> = (typeof CHOICE_FIGURES)[K]["options"][number]["value"];

export const NUMBER_FIGURE_KEYS = Object.keys(NUMBER_FIGURES) as NumberFigureKey[];
export const CHOICE_FIGURE_KEYS = Object.keys(CHOICE_FIGURES) as ChoiceFigureKey[];

export interface FlowRange {
  min: number;
  max: number;
}

/** The figures as the API answers them (canonical units) and as the stored row holds them. */
export interface KeyFigures {
  freeAirDelivery: FlowRange | null;
  maxPressure: number | null;
  motorPower: number | null;
  noiseLevel: number | null;
  weight: number | null;
  tankVolume: number | null;
  compressorType: ChoiceValue<"compressorType"> | null;
  lubrication: ChoiceValue<"lubrication"> | null;
  drive: ChoiceValue<"drive"> | null;
  cooling: ChoiceValue<"cooling"> | null;
}

/** The figures' columns of a products row. */
export interface FigureRow {
  flowMin: number | null;
  flowMax: number | null;
  maxPressure: number | null;
  motorPower: number | null;
  noiseLevel: number | null;
  weight: number | null;
  tankVolume: number | null;
  compressorType: ChoiceValue<"compressorType"> | null;
  lubrication: ChoiceValue<"lubrication"> | null;
  drive: ChoiceValue<"drive"> | null;
  cooling: ChoiceValue<"cooling"> | null;
}

export function keyFiguresOf(row: FigureRow): KeyFigures {
  return {
    freeAirDelivery: row.flowMin != null ? { min: row.flowMin, max: row.flowMax ?? row.flowMin } : null,
    maxPressure: row.maxPressure,
    motorPower: row.motorPower,
    noiseLevel: row.noiseLevel,
    weight: row.weight,
    tankVolume: row.tankVolume,
    compressorType: row.compressorType,
    lubrication: row.lubrication,
    drive: row.drive,
    cooling: row.cooling,
  };
}

export function keyFiguresToRow(f: Partial<KeyFigures>): FigureRow {
  return {
    flowMin: f.freeAirDelivery?.min ?? null,
    flowMax: f.freeAirDelivery?.max ?? null,
    maxPressure: f.maxPressure ?? null,
    motorPower: f.motorPower ?? null,
    noiseLevel: f.noiseLevel ?? null,
    weight: f.weight ?? null,
    tankVolume: f.tankVolume ?? null,
    compressorType: f.compressorType ?? null,
    lubrication: f.lubrication ?? null,
    drive: f.drive ?? null,
    cooling: f.cooling ?? null,
  };
}

const isBlank = (v: unknown) => v === undefined || v === null || v === "" || v === "null";

/** One number figure's input: text in any unit (or a number in the canonical unit) → canonical, or null. */
function numberFigureInput(key: NumberFigureKey) {
  const figure: NumberFigure = NUMBER_FIGURES[key];
  return z
    .union(
      [
        z.string().max(60, `${figure.label} is too long.`),
        z.number(),
        z.null(),
        // The API's own answer sent back: `{ min, max }` in the canonical unit.
        z.strictObject({ min: z.number(), max: z.number() }).transform(({ min, max }) => `${min}-${max}`),
      ],
      { error: `${figure.label} must be text or a number.` },
    )
    .optional()
    .transform((raw, ctx) => {
      if (isBlank(raw)) return null;
      if (typeof raw === "number" && !Number.isFinite(raw)) {
        ctx.addIssue({ code: "custom", message: `${figure.label} must be a number.` });
        return z.NEVER;
      }
      const parsed = parseFigure(figure.quantity, String(raw), { range: figure.range, label: figure.label });
      if (!parsed.ok) {
        ctx.addIssue({ code: "custom", message: parsed.message });
        return z.NEVER;
      }
      const canonicalMax = formatFigure(figure.quantity, figure.max);
      if (parsed.min <= 0 || parsed.max > figure.max) {
        ctx.addIssue({ code: "custom", message: `${figure.label} must be more than 0 and at most ${canonicalMax}.` });
        return z.NEVER;
      }
      return figure.range ? { min: parsed.min, max: parsed.max } : parsed.min;
    });
}

function choiceFigureInput<K extends ChoiceFigureKey>(key: K) {
  const figure = CHOICE_FIGURES[key];
  const values = figure.options.map((o) => o.value) as string[];
  return z
    .union([z.string({ error: `${figure.label} must be text.` }), z.null()])
    .optional()
    .transform((raw, ctx) => {
      if (isBlank(raw)) return null;
      const value = String(raw).trim().toLowerCase();
      if (!values.includes(value)) {
        ctx.addIssue({ code: "custom", message: `${figure.label} must be one of: ${values.join(", ")}.` });
        return z.NEVER;
      }
      return value as ChoiceValue<K>;
    });
}

/** The figures' fields of the product input schema (spread into it). */
export const keyFigureInput = {
  freeAirDelivery: numberFigureInput("freeAirDelivery") as z.ZodType<FlowRange | null, unknown>,
  maxPressure: numberFigureInput("maxPressure") as z.ZodType<number | null, unknown>,
  motorPower: numberFigureInput("motorPower") as z.ZodType<number | null, unknown>,
  noiseLevel: numberFigureInput("noiseLevel") as z.ZodType<number | null, unknown>,
  weight: numberFigureInput("weight") as z.ZodType<number | null, unknown>,
  tankVolume: numberFigureInput("tankVolume") as z.ZodType<number | null, unknown>,
  compressorType: choiceFigureInput("compressorType"),
  lubrication: choiceFigureInput("lubrication"),
  drive: choiceFigureInput("drive"),
  cooling: choiceFigureInput("cooling"),
};

/** The stored figures as input text (canonical units), so a partial update keeps them. */
export function keyFiguresInputView(f: KeyFigures): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const key of NUMBER_FIGURE_KEYS) {
    const v = f[key];
    out[key] = v == null ? null : figureText(v);
  }
  for (const key of CHOICE_FIGURE_KEYS) out[key] = f[key];
  return out;
}

export function choiceLabel<K extends ChoiceFigureKey>(key: K, value: string | null): string | null {
  if (value == null) return null;
  return CHOICE_FIGURES[key].options.find((o) => o.value === value)?.label ?? value;
}

/** A figure's value in `unit` (default canonical), rounded for reading: "6.8 CFM", "5.2–7.1 m³/min". */
export function formatFigureValue(key: NumberFigureKey, value: number | FlowRange, unit?: string): string {
  const q = (NUMBER_FIGURES[key] as NumberFigure).quantity;
  return typeof value === "number" ? formatFigure(q, value, unit ?? CANONICAL[q]) : formatRange(q, value, unit ?? CANONICAL[q]);
}

/** A figure as the API takes it back, in the canonical unit: "7.08", or "5.2-7.1" for a range. */
export function figureText(value: number | FlowRange): string {
  if (typeof value === "number") return String(value);
  return value.min === value.max ? String(value.min) : `${value.min}-${value.max}`;
}

/** A figure in metric and, where there is one, the imperial unit. */
function inBothUnits(key: NumberFigureKey, value: number | FlowRange): { metric: string; imperial: string | null } {
  const imperialUnit = IMPERIAL[(NUMBER_FIGURES[key] as NumberFigure).quantity];
  return { metric: formatFigureValue(key, value), imperial: imperialUnit ? formatFigureValue(key, value, imperialUnit) : null };
}

/** "0.19 m³/min (6.8 CFM)": metric, with the imperial unit beside it where there is one. */
export function describeFigure(key: NumberFigureKey, value: number | FlowRange): string {
  const { metric, imperial } = inBothUnits(key, value);
  return imperial ? `${metric} (${imperial})` : metric;
}

export interface FigureLine {
  key: string;
  label: string;
  /** Metric, with the imperial unit in brackets where there is one: "0.496 m³/min (17.5 CFM)". */
  value: string;
  metric: string;
  imperial: string | null;
}

/** The figures a product has, in the declared order (type first): the product page, the datasheet. */
export function keyFigureLines(f: KeyFigures): FigureLine[] {
  const lines: FigureLine[] = [];
  const choice = (key: ChoiceFigureKey) => {
    const text = choiceLabel(key, f[key]);
    if (text) lines.push({ key, label: CHOICE_FIGURES[key].label, value: text, metric: text, imperial: null });
  };
  choice("compressorType");
  for (const key of NUMBER_FIGURE_KEYS) {
    const v = f[key];
    if (v == null) continue;
    lines.push({ key, label: NUMBER_FIGURES[key].label, value: describeFigure(key, v), ...inBothUnits(key, v) });
  }
  for (const key of CHOICE_FIGURE_KEYS) if (key !== "compressorType") choice(key);
  return lines;
}
