import { leakCost, readAirLeakParams, totalLeakFlow } from "../../shared/lib/calculators/air-leaks";
import type { FieldProblem, FormValues } from "../../shared/lib/calculators/inputs";
import { readSizingParams, sizeCompressor } from "../../shared/lib/calculators/sizing";
import { compareFixedAndVariable, readVsdParams } from "../../shared/lib/calculators/vsd-savings";
import { lazyNumberFormat } from "../../shared/lib/number-format";
import { formatFigure, roundForReading } from "../../shared/lib/units";
import { formatPrice } from "./format";

/**
 * The calculators' results as the page shows them (issue 14, docs/decisions/017), written once for the
 * server (app/routes/tools.*.tsx) and the browser (app/components/tools/calculator.enhance.ts): each `run` reads a form's
 * parameters with the shared reader, computes with the shared formulas (shared/lib/calculators/) and
 * answers the texts of the results panel by key (`data-result="key"` in the markup) and the sentence the
 * live region announces. What only the server needs (the quote hand-over, the row buttons without
 * JavaScript) is in calculator-links.ts, so the public script stays small.
 */

export interface CalculatorRun {
  values: FormValues;
  problems: FieldProblem[];
  /** The results panel's texts by key; null while a field is wrong. */
  results: Record<string, string> | null;
  /** The main result in one sentence (for the live region and the page). */
  headline: string;
}

export const number = lazyNumberFormat("en-IN", { maximumFractionDigits: 2 });

/** Three significant figures: results are estimates, and ₹4,29,617 would claim otherwise. */
const rounded = (value: number) => (Math.abs(value) >= 100 ? Number(value.toPrecision(3)) : roundForReading(value));

/** "₹4,30,000 a year". */
export const rupeesAYear = (value: number) => `${formatPrice(rounded(value))} a year`;
export const kwhAYear = (value: number) => `${number.format(rounded(value))} kWh a year`;
export const kw = (value: number) => `${number.format(roundForReading(value))} kW`;
/** "1.49 m³/min (52.7 CFM)". */
export const flowBoth = (m3min: number) => `${formatFigure("flow", m3min)} (${formatFigure("flow", m3min, "cfm")})`;
export const pressureBoth = (bar: number) => `${formatFigure("pressure", bar)} (${formatFigure("pressure", bar, "psi")})`;

/** "2 years 7 months", "8 months", "less than a month". */
export function paybackText(years: number): string {
  const months = Math.round(years * 12);
  if (months < 1) return "less than a month";
  const part = (n: number, word: string) => (n === 0 ? "" : `${n} ${word}${n === 1 ? "" : "s"}`);
  return [part(Math.floor(months / 12), "year"), part(months % 12, "month")].filter(Boolean).join(" ");
}

const failed = (values: FormValues, problems: FieldProblem[]): CalculatorRun => ({
  values,
  problems,
  results: null,
  headline: `Please correct ${problems.length === 1 ? "the field marked" : `the ${problems.length} fields marked`} in the form.`,
});

export function runAirLeakCost(params: URLSearchParams): CalculatorRun {
  const { input, values, problems } = readAirLeakParams(params);
  if (!input) return failed(values, problems);
  const cost = leakCost(totalLeakFlow(input), input.specificPower, input.hoursPerYear, input.tariff);
  return {
    values,
    problems,
    results: {
      flow: flowBoth(cost.flow),
      kw: kw(cost.kw),
      kwh: kwhAYear(cost.kwhPerYear),
      cost: rupeesAYear(cost.costPerYear),
    },
    headline: `Your leaks waste ${flowBoth(cost.flow)}, about ${rupeesAYear(cost.costPerYear)}.`,
  };
}

export function runVsdComparison(params: URLSearchParams): CalculatorRun {
  const { input, values, problems } = readVsdParams(params);
  if (!input) return failed(values, problems);
  const c = compareFixedAndVariable(input);
  const share = `${Math.round(c.savingShare * 100)}%`;
  const saves = c.saving.cost > 0;
  const payback = c.paybackYears === null ? null : paybackText(c.paybackYears);
  return {
    values,
    problems,
    results: {
      fixedKwh: kwhAYear(c.fixed.kwh),
      fixedCost: rupeesAYear(c.fixed.cost),
      variableKwh: kwhAYear(c.variable.kwh),
      variableCost: rupeesAYear(c.variable.cost),
      savingCost: rupeesAYear(c.saving.cost),
      savingShare: share,
      payback: !saves
        ? "No payback: variable speed does not save energy on this profile."
        : (payback ?? "Enter the price difference to see the payback."),
    },
    headline: saves
      ? `Variable speed saves about ${rupeesAYear(c.saving.cost)} (${share} of the energy)${payback ? `, paying back the price difference in ${payback}.` : "."}`
      : "On this profile variable speed saves nothing: the machine runs near full load, where its drive loss costs more.",
  };
}

export function runSizing(params: URLSearchParams): CalculatorRun {
  const { input, values, problems } = readSizingParams(params);
  if (!input) return failed(values, problems);
  const r = sizeCompressor(input);
  return {
    values,
    problems,
    results: {
      averageFlow: flowBoth(r.averageFlow),
      requiredFlow: flowBoth(r.requiredFlow),
      highestToolPressure: pressureBoth(r.highestToolPressure),
      requiredPressure: pressureBoth(r.requiredPressure),
    },
    headline: `You need about ${flowBoth(r.requiredFlow)} at ${pressureBoth(r.requiredPressure)}.`,
  };
}

/** Each calculator's run by the name its form carries in `data-calculator`. */
export const CALCULATOR_RUNS: Record<string, (params: URLSearchParams) => CalculatorRun> = {
  "air-leak-cost": runAirLeakCost,
  "fixed-vs-variable-speed": runVsdComparison,
  sizing: runSizing,
};
