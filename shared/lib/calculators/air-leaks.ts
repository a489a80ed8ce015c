import { CALCULATOR_PRESSURE_UNITS, FormReader, isBlankRow, type Reading, rowField } from "./inputs";

/**
 * Air leak cost (issue 14, docs/decisions/017). A leak is a hole the air escapes through. Its free-air flow
 * is that of an orifice: isentropic flow of air (γ = 1.4) from the line pressure to the atmosphere, choked
 * (at the speed of sound in the hole) whenever the line is above about 0.9 bar(g), so proportional to the
 * absolute line pressure. Reproduces the leak table of the US DOE / Compressed Air Challenge within 1%
 * (tests/unit/calculators.test.ts). The power it costs is that flow times the compressor's specific power.
 */

/** Air as an ideal gas: specific gas constant (J/(kg·K)) and ratio of specific heats. */
const R_AIR = 287.05;
const GAMMA = 1.4;
/** Standard atmosphere (bar), the pressure the leak blows into and free air is measured at. */
const ATMOSPHERE_BAR = 1.01325;
/** The temperature of the line air and of the free air it is measured as: 20 °C. */
const REFERENCE_KELVIN = 293.15;
const MM_PER_INCH = 25.4;

/** Hole sizes offered for counting leaks: the inch sizes of the DOE table and common metric ones. */
export const HOLE_SIZES = [
  "1/64in",
  "1/32in",
  "1/16in",
  "1/8in",
  "1/4in",
  "3/8in",
  "0.5mm",
  "1mm",
  "2mm",
  "3mm",
  "4mm",
  "5mm",
  "6mm",
] as const;
type HoleSize = (typeof HOLE_SIZES)[number];

/** A hole size's diameter in mm: "1/16in" is 25.4/16, "2mm" is 2. */
export function holeMm(size: HoleSize): number {
  const [, top, bottom] = /^(\d+)\/(\d+)in$/.exec(size) ?? [];
  return top && bottom ? (MM_PER_INCH * Number(top)) / Number(bottom) : Number.parseFloat(size);
}

/** Discharge coefficients offered: the table's basis (1.0) and its footnote's multipliers. */
export const DISCHARGE_COEFFICIENTS = ["1", "0.97", "0.65"] as const;

export const LEAK_FLOW_UNITS = ["cfm", "m3/min", "l/s"] as const;

/**
 * Free-air flow (m³/min at 1.01325 bar and 20 °C) through a round hole of `diameterMm` in a line at
 * `gaugeBar`, air at 20 °C, discharge coefficient `cd`.
 *   ṁ = Cd·A·p₀·√(2γ/((γ−1)·R·T)·(r^(2/γ) − r^((γ+1)/γ))),  r = max(pₐ/p₀, (2/(γ+1))^(γ/(γ−1)))
 *   Q = ṁ / ρₐ,  ρₐ = pₐ/(R·T)
 */
export function orificeFlow(diameterMm: number, gaugeBar: number, cd: number): number {
  if (gaugeBar <= 0 || diameterMm <= 0) return 0;
  const area = (Math.PI / 4) * (diameterMm / 1000) ** 2;
  const p0 = gaugeBar + ATMOSPHERE_BAR;
  const critical = (2 / (GAMMA + 1)) ** (GAMMA / (GAMMA - 1));
  const r = Math.max(ATMOSPHERE_BAR / p0, critical);
  const flowFunction = Math.sqrt(((2 * GAMMA) / (GAMMA - 1)) * (r ** (2 / GAMMA) - r ** ((GAMMA + 1) / GAMMA)));
  // With ρₐ = pₐ/(R·T) and the same T upstream: Q = Cd·A·(p₀/pₐ)·√(R·T)·flowFunction (m³/s).
  const perSecond = cd * area * (p0 / ATMOSPHERE_BAR) * Math.sqrt(R_AIR * REFERENCE_KELVIN) * flowFunction;
  return perSecond * 60;
}

export interface LeakCost {
  /** m³/min of free air. */
  flow: number;
  kw: number;
  kwhPerYear: number;
  costPerYear: number;
}

/** What leaking `flow` m³/min costs: kW = flow × specific power (kW per m³/min), over the hours, at the tariff. */
export function leakCost(flow: number, specificPower: number, hoursPerYear: number, tariff: number): LeakCost {
  const kw = flow * specificPower;
  const kwhPerYear = kw * hoursPerYear;
  return { flow, kw, kwhPerYear, costPerYear: kwhPerYear * tariff };
}

export interface AirLeakInput {
  method: "holes" | "flow";
  holes: { size: HoleSize; count: number }[];
  cd: number;
  /** Measured total leak flow (m³/min), method "flow". */
  measuredFlow: number | null;
  pressureBar: number;
  hoursPerYear: number;
  tariff: number;
  /** kW per m³/min. */
  specificPower: number;
}

/** Total leak flow (m³/min) of the input: the holes' orifice flows, or the measured flow. */
export function totalLeakFlow(input: AirLeakInput): number {
  if (input.method === "flow") return input.measuredFlow ?? 0;
  return input.holes.reduce((sum, h) => sum + h.count * orificeFlow(holeMm(h.size), input.pressureBar, input.cd), 0);
}

export const LEAK_ROW_FIELDS = ["size", "count"] as const;

/** Defaults: a plant's typical few leaks at 7 bar; the specific power of a good screw compressor (decision 017). */
export const LEAK_DEFAULTS = {
  rows: [
    { size: "1/32in", count: "4" },
    { size: "1/16in", count: "3" },
    { size: "1/8in", count: "1" },
  ],
  pressure: "7",
  hours: "6000",
  tariff: "8",
  specificPower: "6",
} as const;

export function readAirLeakParams(params: URLSearchParams): Reading<AirLeakInput> {
  const f = new FormReader(params);
  const method = f.choice("method", ["holes", "flow"] as const, "holes");
  const cdText = f.choice("cd", DISCHARGE_COEFFICIENTS, "1");
  const pressureUnit = f.choice("pressureUnit", CALCULATOR_PRESSURE_UNITS, "bar");
  const pressureBar = f.figure("pressure", LEAK_DEFAULTS.pressure, "pressure", pressureUnit, {
    label: "Line pressure",
    min: 0.1,
    max: 40,
    unit: "bar",
  });
  const flowUnit = f.choice("leakFlowUnit", LEAK_FLOW_UNITS, "cfm");
  const measured =
    method === "flow"
      ? f.figure("leakFlow", "", "flow", flowUnit, { label: "Measured leak flow", min: 0.001, max: 1000, unit: "m³/min" })
      : f.optionalFigure("leakFlow", "", "flow", flowUnit, { label: "Measured leak flow", min: 0, max: 1000, unit: "m³/min" });
  const hours = f.number("hours", LEAK_DEFAULTS.hours, { label: "Hours a year", min: 1, max: 8784, unit: "hours" });
  const tariff = f.number("tariff", LEAK_DEFAULTS.tariff, { label: "Electricity tariff", min: 0.01, max: 100, unit: "₹/kWh" });
  const specificPower = f.number("specificPower", LEAK_DEFAULTS.specificPower, {
    label: "Specific power",
    min: 1,
    max: 30,
    unit: "kW per m³/min",
  });

  const rows = f.rows(LEAK_ROW_FIELDS, LEAK_DEFAULTS.rows);
  const holes: AirLeakInput["holes"] = [];
  rows.forEach((row, i) => {
    if (isBlankRow(row, ["count"])) return;
    const hole = HOLE_SIZES.find((h) => h === row.size);
    if (!hole) f.problem(rowField("size", i), "Choose a hole size.");
    const count = f.checkNumber(rowField("count", i), row.count ?? "", {
      label: "Number of leaks",
      min: 0,
      max: 10_000,
      integer: true,
    });
    if (hole && count !== null) holes.push({ size: hole, count });
  });
  if (method === "holes" && holes.length === 0 && !f.problems.some((p) => p.field.startsWith("count."))) {
    f.problem(rowField("count", 0), "Enter how many leaks of a size you found.");
  }

  const ok = f.problems.length === 0 && pressureBar !== null && hours !== null && tariff !== null && specificPower !== null;
  return {
    input: ok
      ? { method, holes, cd: Number(cdText), measuredFlow: measured, pressureBar, hoursPerYear: hours, tariff, specificPower }
      : null,
    values: f.values,
    problems: f.problems,
  };
}
