import { toCanonical } from "../units";
import { CALCULATOR_PRESSURE_UNITS, FormReader, isBlankRow, type Reading, rowField } from "./inputs";

/**
 * Sizing a compressor from the air tools and machines it feeds (issue 14, docs/decisions/017):
 *   average demand  Q₀ = Σ consumption × quantity × duty cycle
 *   required flow   Q  = Q₀ × (1 + leak allowance) × (1 + growth margin)
 *   pressure        p  = highest working pressure of a tool + allowance for pipework, dryer and filters
 * Flows are free air (m³/min), pressures bar(g).
 */

interface Consumer {
  name: string;
  /** Free air per unit while it runs, m³/min. */
  flow: number;
  quantity: number;
  /** % of the time it runs. */
  duty: number;
  /** Working pressure, bar(g). */
  pressureBar: number;
}

export interface SizingInput {
  consumers: Consumer[];
  /** % added for leaks. */
  leakAllowance: number;
  /** % added for growth. */
  growth: number;
  /** bar added to the highest working pressure. */
  pressureAllowanceBar: number;
}

export interface SizingResult {
  /** Σ consumption × quantity × duty, m³/min. */
  averageFlow: number;
  /** With the leak allowance and the growth margin, m³/min. */
  requiredFlow: number;
  highestToolPressure: number;
  requiredPressure: number;
}

export function sizeCompressor(input: SizingInput): SizingResult {
  const averageFlow = input.consumers.reduce((sum, c) => sum + c.flow * c.quantity * (c.duty / 100), 0);
  const highestToolPressure = Math.max(0, ...input.consumers.map((c) => c.pressureBar));
  return {
    averageFlow,
    requiredFlow: averageFlow * (1 + input.leakAllowance / 100) * (1 + input.growth / 100),
    highestToolPressure,
    requiredPressure: highestToolPressure + input.pressureAllowanceBar,
  };
}

/** Units a tool's consumption is typed in: l/min (European catalogues), CFM, l/s, m³/min. */
export const CONSUMPTION_UNITS = [
  { value: "l/min", label: "l/min" },
  { value: "cfm", label: "CFM" },
  { value: "l/s", label: "l/s" },
  { value: "m3/min", label: "m³/min" },
] as const;
type ConsumptionUnit = (typeof CONSUMPTION_UNITS)[number]["value"];

/** A consumption in `unit`, as m³/min (a litre a minute is a sixtieth of a litre a second). */
export function consumptionFlow(value: number, unit: ConsumptionUnit): number {
  return unit === "l/min" ? toCanonical("flow", value / 60, "l/s") : toCanonical("flow", value, unit);
}

export const SIZING_ROW_FIELDS = ["name", "use", "qty", "duty", "toolPressure"] as const;

/**
 * Defaults (decision 017): a small workshop's tools; 10% for leaks (the DOE's target for a well-kept
 * system is 5–10% of flow); 25% growth; 1 bar for pipework (≤ 0.1 bar), filters and dryer (about 0.5 bar)
 * and the hose, coupling and regulator at the tool.
 */
export const SIZING_DEFAULTS = {
  rows: [
    { name: "Impact wrench 1/2″", use: "280", qty: "4", duty: "25", toolPressure: "6.3" },
    { name: "Spray gun", use: "300", qty: "2", duty: "70", toolPressure: "4" },
    { name: "Blow gun", use: "200", qty: "3", duty: "10", toolPressure: "6" },
  ],
  leakAllowance: "10",
  growth: "25",
  pressureAllowanceBar: 1,
} as const;

export function readSizingParams(params: URLSearchParams): Reading<SizingInput> {
  const f = new FormReader(params);
  const useUnit = f.choice(
    "useUnit",
    CONSUMPTION_UNITS.map((u) => u.value),
    "l/min",
  );
  const pressureUnit = f.choice("pressureUnit", CALCULATOR_PRESSURE_UNITS, "bar");
  const inPressureUnit = (bar: number) => String(Number((bar / toCanonical("pressure", 1, pressureUnit)).toPrecision(3)));
  const leakAllowance = f.number("leakAllowance", SIZING_DEFAULTS.leakAllowance, {
    label: "Leak allowance",
    min: 0,
    max: 100,
    unit: "%",
  });
  const growth = f.number("growth", SIZING_DEFAULTS.growth, { label: "Growth margin", min: 0, max: 200, unit: "%" });
  const pressureAllowance = f.figure(
    "pressureAllowance",
    inPressureUnit(SIZING_DEFAULTS.pressureAllowanceBar),
    "pressure",
    pressureUnit,
    { label: "Pressure allowance", min: 0, max: 5, unit: "bar" },
  );

  const rows = f.rows(SIZING_ROW_FIELDS, SIZING_DEFAULTS.rows);
  const consumers: Consumer[] = [];
  rows.forEach((row, i) => {
    if (isBlankRow(row, ["use", "toolPressure"])) return;
    const name = (row.name ?? "").slice(0, 80) || `Tool ${i + 1}`;
    const use = f.checkNumber(rowField("use", i), row.use ?? "", { label: "Air consumption", min: 0.001, max: 1_000_000 });
    const qty = f.checkNumber(rowField("qty", i), row.qty || "1", { label: "Quantity", min: 1, max: 10_000, integer: true });
    const duty = f.checkNumber(rowField("duty", i), row.duty || "100", { label: "Duty cycle", min: 0, max: 100, unit: "%" });
    const pressure = f.checkFigure(rowField("toolPressure", i), row.toolPressure ?? "", "pressure", pressureUnit, {
      label: "Working pressure",
      min: 0.1,
      max: 40,
      unit: "bar",
    });
    if (use !== null && qty !== null && duty !== null && pressure !== null) {
      consumers.push({ name, flow: consumptionFlow(use, useUnit), quantity: qty, duty, pressureBar: pressure });
    }
  });
  if (consumers.length === 0 && !f.problems.some((p) => p.field.includes("."))) {
    f.problem(rowField("use", 0), "Enter at least one tool or machine with its air consumption.");
  }

  const ready = f.problems.length === 0 && leakAllowance !== null && growth !== null && pressureAllowance !== null;
  return {
    input: ready ? { consumers, leakAllowance, growth, pressureAllowanceBar: pressureAllowance } : null,
    values: f.values,
    problems: f.problems,
  };
}
