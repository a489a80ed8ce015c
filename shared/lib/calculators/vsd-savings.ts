import { FormReader, isBlankRow, type Reading, rowField } from "./inputs";

/**
 * Fixed speed against variable speed (issue 14, docs/decisions/017): the energy one compressor draws over a
 * year of a demand profile (hours at each % of its rated flow), under two controls.
 *
 * Fixed speed, load/unload: at a demand of f (0–1) of the rated flow it runs loaded a fraction f of the time
 * at full-load power and unloaded the rest at a fraction u of it (the DOE Sourcebook's "% time × % full-load
 * bhp" cost formula, with ample storage):   P = P_fl × (f + (1 − f) × u)
 *
 * Variable speed: full-load power P_v = P_fl × (1 + drive loss). From its minimum speed f_min (power p_min
 * of P_v) to full speed the power is linear in flow; below f_min it cycles between the minimum speed and
 * idling at p_idle (as DOE's MEASUR models a VSD compressor from its CAGI data-sheet points):
 *   f ≥ f_min:  P = P_v × (p_min + (1 − p_min) × (f − f_min) / (1 − f_min))
 *   f < f_min:  P = P_v × (p_idle + (p_min − p_idle) × f / f_min)
 */

export interface VsdModel {
  /** Minimum speed, as a fraction of rated flow. */
  minSpeed: number;
  /** Power at minimum speed, as a fraction of the VSD's own full-load power. */
  minSpeedPower: number;
  /** Power while idling below minimum speed, as a fraction of the VSD's full-load power. */
  idlePower: number;
  /** The drive's loss at full load, as a fraction (the VSD draws P_fl × (1 + loss) at full flow). */
  driveLoss: number;
}

/** Fixed-speed load/unload power (kW) at a demand of `load` (0–1) of rated flow. */
export function loadUnloadPower(fullLoadKw: number, load: number, unloadedFraction: number): number {
  return fullLoadKw * (load + (1 - load) * unloadedFraction);
}

/** Variable-speed power (kW) at a demand of `load` (0–1) of rated flow. */
export function variableSpeedPower(fullLoadKw: number, load: number, model: VsdModel): number {
  const full = fullLoadKw * (1 + model.driveLoss);
  const { minSpeed, minSpeedPower, idlePower } = model;
  if (load >= minSpeed) {
    const span = 1 - minSpeed;
    return full * (span > 0 ? minSpeedPower + ((1 - minSpeedPower) * (load - minSpeed)) / span : 1);
  }
  return full * (idlePower + ((minSpeedPower - idlePower) * load) / minSpeed);
}

interface LoadStep {
  /** % of rated flow. */
  load: number;
  hoursPerYear: number;
}

export interface VsdInput {
  fullLoadKw: number;
  /** Rated free air delivery (m³/min), when given. */
  ratedFlow: number | null;
  steps: LoadStep[];
  /** Fixed speed: unloaded power as a fraction of full-load power. */
  unloadedFraction: number;
  vsd: VsdModel;
  tariff: number;
  /** What the VSD machine costs more (₹); 0 when not given. */
  priceDifference: number;
}

interface YearOfEnergy {
  kwh: number;
  cost: number;
}

export interface VsdComparison {
  hours: number;
  fixed: YearOfEnergy;
  variable: YearOfEnergy;
  saving: YearOfEnergy;
  /** Saving as a fraction of the fixed-speed energy. */
  savingShare: number;
  /** Simple payback in years; null when nothing is saved or no price difference was given. */
  paybackYears: number | null;
}

export function compareFixedAndVariable(input: VsdInput): VsdComparison {
  let fixedKwh = 0;
  let variableKwh = 0;
  let hours = 0;
  for (const step of input.steps) {
    const load = step.load / 100;
    fixedKwh += loadUnloadPower(input.fullLoadKw, load, input.unloadedFraction) * step.hoursPerYear;
    variableKwh += variableSpeedPower(input.fullLoadKw, load, input.vsd) * step.hoursPerYear;
    hours += step.hoursPerYear;
  }
  const year = (kwh: number): YearOfEnergy => ({ kwh, cost: kwh * input.tariff });
  const saving = year(fixedKwh - variableKwh);
  return {
    hours,
    fixed: year(fixedKwh),
    variable: year(variableKwh),
    saving,
    savingShare: fixedKwh > 0 ? saving.kwh / fixedKwh : 0,
    paybackYears: saving.cost > 0 && input.priceDifference > 0 ? input.priceDifference / saving.cost : null,
  };
}

export const VSD_ROW_FIELDS = ["load", "hours"] as const;

/** The default demand profile, as the page states it (it is ours: an illustration, not a published survey). */
export const VSD_EXAMPLE_PROFILE =
  "Our illustrative two-shift plant (an example, not survey data): two production shifts on 300 days a year, " +
  "600 hours at 90% of rated flow (peaks), 1,800 at 70%, 1,800 at 50% and 600 at 30% (breaks and changeovers); " +
  "nights and Sundays, with the compressor left running for leaks and a few machines, 3,960 hours at 10%: " +
  "8,760 hours, 37% on average.";

/**
 * Defaults (decision 017): the demand of a typical plant with varying demand, `VSD_EXAMPLE_PROFILE` (our
 * illustration, not survey data); unloaded power 25% (the DOE Sourcebook's example); the VSD curve from the
 * CAGI data-sheet points DOE's MEASUR tests its VSD model with (minimum speed at 20% of rated flow drawing
 * 32% of full-load power, idling at 6.4%); a 3% drive loss. With them a 37 kW machine saves about 13% of
 * its energy (the product pages' "up to 35%" is for demand that stays low, e.g. 10% all year: 39%).
 */
export const VSD_DEFAULTS = {
  rows: [
    { load: "90", hours: "600" },
    { load: "70", hours: "1800" },
    { load: "50", hours: "1800" },
    { load: "30", hours: "600" },
    { load: "10", hours: "3960" },
  ],
  power: "37",
  unloadedPower: "25",
  minSpeed: "20",
  minSpeedPower: "32",
  idlePower: "6.4",
  driveLoss: "3",
  tariff: "8",
  priceDifference: "300000",
} as const;

const percent = (label: string, max = 100) => ({ label, min: 0, max, unit: "%" });

export function readVsdParams(params: URLSearchParams): Reading<VsdInput> {
  const f = new FormReader(params);
  const powerUnit = f.choice("powerUnit", ["kw", "hp"] as const, "kw");
  const flowUnit = f.choice("flowUnit", ["m3/min", "cfm", "l/s"] as const, "m3/min");
  const power = f.optionalFigure("power", VSD_DEFAULTS.power, "power", powerUnit, {
    label: "Full-load power",
    min: 0.5,
    max: 5000,
    unit: "kW",
  });
  const ratedFlow = f.optionalFigure("ratedFlow", "", "flow", flowUnit, {
    label: "Rated flow",
    min: 0.05,
    max: 2000,
    unit: "m³/min",
  });
  const specificPower = f.optionalNumber("specificPower", "", {
    label: "Specific power",
    min: 1,
    max: 30,
    unit: "kW per m³/min",
  });
  const derived = (): number | null => {
    if (power !== null || f.problems.some((p) => p.field === "power")) return power;
    if (ratedFlow !== null && specificPower !== null) return ratedFlow * specificPower;
    if (!f.problems.some((p) => p.field === "ratedFlow" || p.field === "specificPower")) {
      f.problem("power", "Enter the compressor's full-load power, or its rated flow and specific power.");
    }
    return null;
  };
  const fullLoadKw = derived();

  const unloaded = f.number("unloadedPower", VSD_DEFAULTS.unloadedPower, percent("Unloaded power"));
  const minSpeed = f.number("minSpeed", VSD_DEFAULTS.minSpeed, { ...percent("Minimum speed"), min: 1, max: 90 });
  const minSpeedPower = f.number("minSpeedPower", VSD_DEFAULTS.minSpeedPower, percent("Power at minimum speed"));
  const idlePower = f.number("idlePower", VSD_DEFAULTS.idlePower, percent("Idling power"));
  const driveLoss = f.number("driveLoss", VSD_DEFAULTS.driveLoss, percent("Drive loss", 20));
  const tariff = f.number("tariff", VSD_DEFAULTS.tariff, { label: "Electricity tariff", min: 0.01, max: 100, unit: "₹/kWh" });
  const priceDifference = f.optionalNumber("priceDifference", VSD_DEFAULTS.priceDifference, {
    label: "Price difference",
    min: 0,
    max: 100_000_000,
    unit: "₹",
  });

  const rows = f.rows(VSD_ROW_FIELDS, VSD_DEFAULTS.rows);
  const steps: LoadStep[] = [];
  rows.forEach((row, i) => {
    if (isBlankRow(row, VSD_ROW_FIELDS)) return;
    const load = f.checkNumber(rowField("load", i), row.load ?? "", percent("Load"));
    const hours = f.checkNumber(rowField("hours", i), row.hours ?? "", { label: "Hours", min: 0, max: 8784, unit: "hours" });
    if (load !== null && hours !== null) steps.push({ load, hoursPerYear: hours });
  });
  const totalHours = steps.reduce((sum, s) => sum + s.hoursPerYear, 0);
  if (totalHours > 8784) f.problem(rowField("hours", 0), "The hours add up to more than a year (8,784 hours).");
  else if (totalHours === 0 && !f.problems.some((p) => p.field.startsWith("hours.") || p.field.startsWith("load."))) {
    f.problem(rowField("hours", 0), "Enter the hours a year the compressor runs at some load.");
  }

  const ready =
    f.problems.length === 0 &&
    fullLoadKw !== null &&
    unloaded !== null &&
    minSpeed !== null &&
    minSpeedPower !== null &&
    idlePower !== null &&
    driveLoss !== null &&
    tariff !== null;
  return {
    input: ready
      ? {
          fullLoadKw,
          ratedFlow,
          steps,
          unloadedFraction: unloaded / 100,
          vsd: {
            minSpeed: minSpeed / 100,
            minSpeedPower: minSpeedPower / 100,
            idlePower: idlePower / 100,
            driveLoss: driveLoss / 100,
          },
          tariff,
          priceDifference: priceDifference ?? 0,
        }
      : null,
    values: f.values,
    problems: f.problems,
  };
}
