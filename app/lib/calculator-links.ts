import { redirect } from "react-router";
import { CHOICE_FIGURES } from "../../shared/content/product-figures";
import { holeMm, leakCost, readAirLeakParams, totalLeakFlow } from "../../shared/lib/calculators/air-leaks";
import { readSizingParams, sizeCompressor } from "../../shared/lib/calculators/sizing";
import { compareFixedAndVariable, readVsdParams } from "../../shared/lib/calculators/vsd-savings";
import { formatFigure, roundForReading } from "../../shared/lib/units";
import { type CalculatorRun, flowBoth, kw, kwhAYear, number, paybackText, pressureBoth, rupeesAYear } from "./calculators";
import { formatPrice } from "./format";

/**
 * The /tools calculators' links that only the server makes (issue 14, docs/decisions/017), kept out of the
 * public script:
 * - the hand-over: "Request a quote" / "Ask for an audit" is the calculator's own URL with `handover=1`,
 *   which its loader answers with a redirect to /quote?flow=…&pressure=…&hoursPerDay=…&application=…&message=…
 *   (the quote form's sizing details, within its limits), so the link is right for whatever the form holds
 *   when it is pressed, with or without JavaScript;
 * - "Add a row" and "Remove" without JavaScript;
 * - the finder's URL for a sizing result.
 */

/** "1/16″ (1.6 mm)", "2 mm": a hole size as the leak form and the hand-over name it. */
export function holeLabel(size: Parameters<typeof holeMm>[0]): string {
  const mm = holeMm(size);
  return size.endsWith("in") ? `${size.slice(0, -2)}″ (${mm.toFixed(1)} mm)` : `${number.format(mm)} mm`;
}

/** The discharge coefficients the leak form offers, in words. */
export const COEFFICIENT_LABELS: Record<string, string> = {
  "1": "1.0: as the DOE table (an upper bound)",
  "0.97": "0.97: well-rounded hole",
  "0.65": "0.65: sharp-edged hole",
};

/** The parameter that asks a calculator's page for the hand-over to the quote form. */
const HANDOVER = "handover";

/** The quote form's limits (shared/schemas/contact.ts: quoteInput). */
const QUOTE_LIMITS = { flow: 100, pressure: 100, application: 500, message: 5000 } as const;

/** /quote?flow=…&pressure=…: the quote form opens with these as its sizing details. */
function quoteHref(details: {
  flow?: string;
  pressure?: string;
  hoursPerYear?: number;
  application: string;
  message: string[];
}): string {
  const params = new URLSearchParams();
  if (details.flow) params.set("flow", details.flow.slice(0, QUOTE_LIMITS.flow));
  if (details.pressure) params.set("pressure", details.pressure.slice(0, QUOTE_LIMITS.pressure));
  if (details.hoursPerYear) params.set("hoursPerDay", String(Math.min(24, Math.max(1, Math.round(details.hoursPerYear / 365)))));
  params.set("application", details.application.slice(0, QUOTE_LIMITS.application));
  params.set("message", details.message.join("\n").slice(0, QUOTE_LIMITS.message));
  return `/quote?${params}`;
}

/** The calculator's own link for these figures, for the message (staff open it to see the same). */
function pageLink(path: string, params: URLSearchParams): string {
  const own = new URLSearchParams(params);
  own.delete(HANDOVER);
  return `${path}${own.size ? `?${own}` : ""}`;
}

export function airLeakHandover(params: URLSearchParams): string | null {
  const { input } = readAirLeakParams(params);
  if (!input) return null;
  const cost = leakCost(totalLeakFlow(input), input.specificPower, input.hoursPerYear, input.tariff);
  const leaks =
    input.method === "flow"
      ? `measured leak flow ${flowBoth(cost.flow)}`
      : `${input.holes.map((h) => `${h.count} × ${holeLabel(h.size)}`).join(", ")} (discharge coefficient ${input.cd})`;
  return quoteHref({
    pressure: formatFigure("pressure", input.pressureBar),
    hoursPerYear: input.hoursPerYear,
    application: "Compressed air leak audit",
    message: [
      "From the air leak cost calculator:",
      `Leaks: ${leaks}, at ${pressureBoth(input.pressureBar)}, ${number.format(input.hoursPerYear)} hours a year, ₹${number.format(input.tariff)}/kWh, ${number.format(input.specificPower)} kW per m³/min.`,
      `Result: ${flowBoth(cost.flow)} leaking, ${kw(cost.kw)}, ${kwhAYear(cost.kwhPerYear)}, ${rupeesAYear(cost.costPerYear)}.`,
      "Please contact me about a leak audit.",
      pageLink("/tools/air-leak-cost", params),
    ],
  });
}

export function vsdHandover(params: URLSearchParams): string | null {
  const { input } = readVsdParams(params);
  if (!input) return null;
  const c = compareFixedAndVariable(input);
  const profile = input.steps.map((s) => `${number.format(s.load)}% for ${number.format(s.hoursPerYear)} h`).join(", ");
  return quoteHref({
    flow: input.ratedFlow ? formatFigure("flow", input.ratedFlow) : undefined,
    hoursPerYear: c.hours,
    application: "Energy audit: fixed against variable speed",
    message: [
      "From the fixed vs variable speed calculator:",
      `Compressor ${kw(input.fullLoadKw)} at full load${input.ratedFlow ? `, ${flowBoth(input.ratedFlow)}` : ""}; demand a year: ${profile}; ₹${number.format(input.tariff)}/kWh.`,
      `Fixed speed: ${kwhAYear(c.fixed.kwh)}, ${rupeesAYear(c.fixed.cost)}. Variable speed: ${kwhAYear(c.variable.kwh)}, ${rupeesAYear(c.variable.cost)}.`,
      `Saving: ${rupeesAYear(c.saving.cost)} (${Math.round(c.savingShare * 100)}%).${c.paybackYears === null ? "" : ` Payback on ${formatPrice(input.priceDifference)}: ${paybackText(c.paybackYears)}.`}`,
      "Please contact me about an energy audit.",
      pageLink("/tools/fixed-vs-variable-speed", params),
    ],
  });
}

export function sizingHandover(params: URLSearchParams): string | null {
  const { input } = readSizingParams(params);
  if (!input) return null;
  const r = sizeCompressor(input);
  return quoteHref({
    flow: formatFigure("flow", r.requiredFlow, "cfm"),
    pressure: formatFigure("pressure", r.requiredPressure),
    application: input.consumers.map((c) => `${c.quantity} × ${c.name}`).join(", "),
    message: [
      "From the compressor sizing calculator:",
      `Tools: ${input.consumers
        .map(
          (c) =>
            `${c.quantity} × ${c.name} (${number.format(roundForReading(c.flow * 1000))} l/min each, ${number.format(c.duty)}% of the time, ${formatFigure("pressure", c.pressureBar)})`,
        )
        .join("; ")}.`,
      `Allowances: ${number.format(input.leakAllowance)}% leaks, ${number.format(input.growth)}% growth, ${formatFigure("pressure", input.pressureAllowanceBar)} pressure drop.`,
      `Result: ${flowBoth(r.requiredFlow)} at ${pressureBoth(r.requiredPressure)}.`,
      pageLink("/tools/sizing", params),
    ],
  });
}

/**
 * The finder's URL for a sizing result: compressors (every type, so dryers and filters with the figures stay
 * out) with at least that flow and pressure, in the finder's best-fit order (smallest big enough first).
 */
export function sizingFinderHref(params: URLSearchParams): string | null {
  const { input } = readSizingParams(params);
  if (!input) return null;
  const r = sizeCompressor(input);
  const figure = (value: number) => String(Number(value.toPrecision(3)));
  const finder = new URLSearchParams({ flowMin: figure(r.requiredFlow), pressureMin: figure(r.requiredPressure) });
  for (const type of CHOICE_FIGURES.compressorType.options) finder.append("type", type.value);
  return `/finder?${finder}`;
}

/**
 * "Add a row" and "Remove" without JavaScript (submit buttons named `addRow` and `removeRow`): the same URL
 * with one more empty row, or without that row, for the loader to redirect to; null for any other request.
 */
export function editedRowsUrl(url: URL, fields: readonly string[], defaults: readonly Record<string, string>[], anchor: string) {
  const add = url.searchParams.has("addRow");
  const remove = url.searchParams.get("removeRow");
  if (!add && remove === null) return null;
  const params = new URLSearchParams(url.searchParams);
  params.delete("addRow");
  params.delete("removeRow");
  const lists = fields.map((f) => params.getAll(f));
  const length = Math.max(0, ...lists.map((l) => l.length));
  let rows: Record<string, string>[] =
    length === 0
      ? defaults.map((r) => ({ ...r }))
      : Array.from({ length }, (_, i) => Object.fromEntries(fields.map((f, j) => [f, lists[j]?.[i] ?? ""])));
  if (add) rows.push(Object.fromEntries(fields.map((f) => [f, ""])));
  const index = Number(remove);
  if (remove !== null && Number.isInteger(index)) rows = rows.filter((_, i) => i !== index);
  for (const f of fields) params.delete(f);
  for (const row of rows) for (const f of fields) params.append(f, row[f] ?? "");
  return `${url.pathname}?${params}#${anchor}`;
}

/**
 * What a calculator's loader answers before computing: the redirect for a row button or the hand-over,
 * or null to render the page.
 */
export function calculatorRedirect(
  url: URL,
  rows: { fields: readonly string[]; defaults: readonly Record<string, string>[]; anchor: string },
  handover: (params: URLSearchParams) => string | null,
): string | null {
  const edited = editedRowsUrl(url, rows.fields, rows.defaults, rows.anchor);
  if (edited) return edited;
  if (!url.searchParams.has(HANDOVER)) return null;
  const params = new URLSearchParams(url.searchParams);
  params.delete(HANDOVER);
  // A form with a mistake has no figures to hand over: back to it, where the mistakes are named.
  return handover(params) ?? `${url.pathname}?${params}#results`;
}

/** The hand-over link the results panel shows: the page's URL for the form's figures, with `handover=1`. */
function handoverHref(path: string, params: URLSearchParams): string {
  const own = new URLSearchParams(params);
  own.delete(HANDOVER);
  own.set(HANDOVER, "1");
  return `${path}?${own}`;
}

/** What a calculator's loader needs to know of its page. */
export interface CalculatorPageSpec {
  path: string;
  /** Its list of rows (leaks, load steps, tools): the repeated parameters, the default rows, the list's id. */
  rows: { fields: readonly string[]; defaults: readonly Record<string, string>[]; anchor: string };
  handover: (params: URLSearchParams) => string | null;
  run: (params: URLSearchParams) => CalculatorRun;
}

/**
 * A calculator page's loader: throws the redirect for a row button or the hand-over (303), or answers the
 * run of the URL's figures and the hand-over link.
 */
export function loadCalculator(request: Request, page: CalculatorPageSpec) {
  const url = new URL(request.url);
  const next = calculatorRedirect(url, page.rows, page.handover);
  if (next) throw redirect(next, 303);
  return { run: page.run(url.searchParams), handover: handoverHref(page.path, url.searchParams) };
}
