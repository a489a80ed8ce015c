import { readFinder } from "../../server/content/public-reads";
import { readFinderParams } from "../../shared/content/product-finder";
import { CALCULATOR_PRESSURE_UNITS } from "../../shared/lib/calculators/inputs";
import { CONSUMPTION_UNITS, SIZING_DEFAULTS, SIZING_ROW_FIELDS } from "../../shared/lib/calculators/sizing";
import { unitsOf } from "../../shared/lib/units";
import { FigureCardGrid, toFigureCard } from "../components/products/product-card";
import { NumberField, RowList, type Source, UnitSelect } from "../components/tools/calculator-parts";
import { CalculatorScaffold, figureOf, RowTextCell } from "../components/tools/calculator-scaffold";
import { loadCalculator, sizingFinderHref, sizingHandover } from "../lib/calculator-links";
import { runSizing } from "../lib/calculators";
import { orFallback } from "../lib/read-with-fallback.server";
import { pageMeta, siteInfoFrom } from "../lib/seo";
import type { RouteHandle } from "../root";
import type { Route } from "./+types/tools.sizing";

/**
 * /tools/sizing (issue 14): the air tools and machines a compressor feeds, their consumption and duty
 * cycle, a leak allowance and a growth margin give the flow and pressure to buy; the smallest machines
 * big enough for them follow, best fit first (the same query and order as /finder, with a link to all
 * of them there).
 */

const PATH = "/tools/sizing";
const ROWS_ID = "tool-rows";
/** Matching machines shown under the results: the smallest few big enough; the finder has the rest. */
const MATCHES_SHOWN = 3;

/** Its script carries the calculator (app/enhance/calculator-page.ts). */
export const handle: RouteHandle = { script: "calculator" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { run, handover } = loadCalculator(request, {
    path: PATH,
    rows: { fields: SIZING_ROW_FIELDS, defaults: SIZING_DEFAULTS.rows, anchor: ROWS_ID },
    handover: sizingHandover,
    run: runSizing,
  });
  const url = new URL(request.url);
  const finderUrl = sizingFinderHref(url.searchParams);
  if (!finderUrl) return { run, handover, matches: null };
  const { filters } = readFinderParams(new URL(finderUrl, url).searchParams);
  const read = await orFallback("sizing matches", () => readFinder(context.app, filters, 1, MATCHES_SHOWN), null);
  return {
    run,
    handover,
    matches: {
      failed: read.failed,
      total: read.value?.total ?? 0,
      finderUrl,
      cards: (read.value?.data ?? []).map((p, i) => ({ ...toFigureCard(p), bestFit: i === 0 })),
    },
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(siteInfoFrom(matches), {
    title: "Compressor sizing calculator",
    description:
      "Size an air compressor from your air tools and machines: their consumption, quantity and duty cycle, a leak allowance and growth margin give the flow and pressure, and the machines that match.",
    path: PATH,
  });
}

/** The units every figure of one kind on the form is typed in (the select carries its own label for screen readers). */
const UNIT_CHOICES = [
  {
    name: "useUnit",
    label: "Consumption in",
    fallback: "l/min",
    options: CONSUMPTION_UNITS,
    quantity: "consumption",
    inputs: "use",
  },
  {
    name: "pressureUnit",
    label: "Pressure in",
    fallback: "bar",
    options: unitsOf("pressure", CALCULATOR_PRESSURE_UNITS),
    quantity: "pressure",
    inputs: "toolPressure,pressureAllowance",
  },
] as const;

const SOURCES: Source[] = [
  {
    title: "Air Compressor CFM Sizing Guide (worked example of a body shop)",
    publisher: "ShopMath",
    year: "n.d.",
    url: "https://shopmath.fyi/blog/air-compressor-cfm-sizing-guide",
    note: "Consumption × duty cycle × quantity, summed, plus 25% for growth: 2 DA sanders (8 CFM, 60%), a spray gun (12 CFM, 80%), 2 impact wrenches (4 CFM, 25%) and 2 CFM of blow guns make 23.2 CFM, 29 CFM with the margin. Our default growth margin, 25%, is this guide’s.",
  },
  {
    title: "Compressed air technology: 7.2.4 Allowances for losses and reserves",
    publisher: "drucklufttechnik.de",
    year: "n.d.",
    url: "http://www.drucklufttechnik.de/www/temp/e/drucklfte.nsf/70479b556c5dc3b4c125662900334cdf/0DF971B92A580CB2C1256625007CF1FF",
    note: "Allow about 5% for leaks and friction in a new system and up to 25% in an older one; up to 100% for reserves.",
  },
  {
    title: "Compressed Air Tip Sheet #3: Minimize Compressed Air Leaks",
    publisher: "US Department of Energy, Industrial Technologies Program",
    year: "2004",
    url: "https://www.scribd.com/document/40309456/Us-Doe",
    note: "A reasonable target for leaks is 5–10% of total system flow: our default leak allowance is 10%.",
  },
  {
    title: "Compressed air technology: 9.5.1 Maximum pressure drop",
    publisher: "drucklufttechnik.de",
    year: "n.d.",
    url: "http://www.drucklufttechnik.de/www/temp/e/drucklfte.nsf/b741591d8029bb7dc1256633006a1729/A17609904FB7DBFFC1256625007FCF91",
    note: "The pipework up to the consumer should lose no more than 0.1 bar.",
  },
  {
    title: "Notes on a “standard system” (rotary screw compressor, filters 3 psid, refrigerated dryer 4 psid)",
    publisher: "Compressed Air Challenge article, as reproduced on globalauthorid.com",
    year: "n.d.",
    url: "http://globalauthorid.com/WebPortal/ArticleView?wd=068B97C88CE4CF5DFF0FCA6DBA7D93861282ED74BC38BEFB6E2404B5963D4782",
    note: "Filters and a refrigerated dryer lose about 7 psi (0.5 bar) between them: with the pipework and the hose, coupling and regulator at the tool, our default pressure allowance is 1 bar.",
  },
];

export default function SizingPage({ loaderData }: Route.ComponentProps) {
  const { run, handover, matches } = loaderData;
  const { fields, rows } = run.values;
  const figure = figureOf(run);
  const empty = { name: "", use: "", qty: "", duty: "", toolPressure: "" };
  const shownRows = rows.length > 0 ? rows : [empty];
  return (
    <CalculatorScaffold
      name="sizing"
      path={PATH}
      title="How big a compressor do you need?"
      intro="List the air tools and machines the compressor will feed, how many and how much of the time they run. You get the flow and pressure to buy, and the machines that deliver them."
      run={run}
      handover={{ label: "Request a quote", href: handover }}
      results={[
        { key: "averageFlow", label: "Average demand of the tools" },
        { key: "requiredFlow", label: "Free air delivery needed", main: true },
        { key: "highestToolPressure", label: "Highest working pressure" },
        { key: "requiredPressure", label: "Compressor pressure needed", main: true },
      ]}
      sources={SOURCES}
      method={<Method />}
      below={<Matches matches={matches} results={run.results} />}
    >
      <div className="grid grid-cols-2 gap-3 sm:max-w-md">
        {UNIT_CHOICES.map(({ fallback, ...unit }) => (
          <div key={unit.name} className="block text-sm">
            <span aria-hidden="true" className="font-semibold text-slate-800">
              {unit.label}
            </span>
            <span className="mt-1 flex">
              <UnitSelect {...unit} value={fields[unit.name] ?? fallback} />
            </span>
          </div>
        ))}
      </div>

      <RowList
        id={ROWS_ID}
        legend="Air tools and machines"
        hint="Consumption is free air while it runs (the tool’s data sheet); duty cycle is the share of the time it runs."
        headings={["Tool or machine", "Consumption each", "Quantity", "Duty, %", "Working pressure"]}
        gridClass="sm:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)_4.5rem_5rem_minmax(0,1fr)_5.5rem]"
        rows={shownRows}
        emptyRow={empty}
        addLabel="Add a tool or machine"
        renderRow={(row, i) => (
          <>
            <RowTextCell run={run} label="Tool or machine" field="name" row={i} value={row.name} />
            <RowTextCell run={run} label="Consumption each" field="use" row={i} value={row.use} inputMode="decimal" />
            <RowTextCell run={run} label="Quantity" field="qty" row={i} value={row.qty} inputMode="numeric" />
            <RowTextCell run={run} label="Duty cycle, %" field="duty" row={i} value={row.duty} inputMode="decimal" />
            <RowTextCell
              run={run}
              label="Working pressure"
              field="toolPressure"
              row={i}
              value={row.toolPressure}
              inputMode="decimal"
            />
          </>
        )}
      />

      <div className="grid gap-6 sm:grid-cols-3">
        <NumberField {...figure("leakAllowance", SIZING_DEFAULTS.leakAllowance)} label="Leak allowance" after="%" />
        <NumberField {...figure("growth", SIZING_DEFAULTS.growth)} label="Growth margin" after="%" />
        <NumberField
          {...figure("pressureAllowance", "1")}
          label="Pressure allowance"
          hint="Pipework, dryer, filters, hose."
          after={
            <span className="shrink-0 text-slate-600" data-unit-label="pressureUnit">
              {fields.pressureUnit === "psi" ? "psi" : "bar"}
            </span>
          }
        />
      </div>
    </CalculatorScaffold>
  );
}

/** The smallest machines big enough for the results, or why there are none to show. */
function Matches({
  matches,
  results,
}: {
  matches: Route.ComponentProps["loaderData"]["matches"];
  results: Record<string, string> | null;
}) {
  return (
    <section aria-labelledby="matches-heading" className="mx-auto max-w-7xl px-4 pb-10" data-calculator-products>
      <h2 id="matches-heading" className="text-2xl font-bold text-brand-700">
        {!matches
          ? "Matching machines"
          : matches.failed
            ? "The matching machines could not be loaded. Please try again."
            : `${matches.total} ${matches.total === 1 ? "machine matches" : "machines match"}`}
      </h2>
      {!matches && <p className="mt-3 text-slate-700">Correct the fields above to see the machines that match.</p>}
      {matches && !matches.failed && matches.cards.length > 0 && results && (
        <p className="mt-3 text-slate-700" data-matches-intro>
          {matches.cards.length === 1 ? "The one" : `The ${matches.cards.length} smallest`} that deliver at least{" "}
          {results.requiredFlow} at {results.requiredPressure}, with your leak allowance and growth margin:
        </p>
      )}
      {matches && !matches.failed && matches.cards.length > 0 && (
        <FigureCardGrid
          cards={matches.cards}
          sizes="(min-width: 1280px) 400px, (min-width: 640px) 45vw, 100vw"
          className="mt-6"
        />
      )}
      {matches && !matches.failed && (
        <p className="mt-6">
          <a href={matches.finderUrl} className="font-semibold text-brand-700 underline hover:text-brand-900" data-finder-link>
            {matches.total > 0
              ? `See all ${matches.total} ${matches.total === 1 ? "match" : "matches"} in the finder`
              : "No machine matches exactly: open the finder to see the closest"}
          </a>
        </p>
      )}
    </section>
  );
}

/** "How we calculate this": the sum and the allowances. */
function Method() {
  return (
    <>
      <p>
        For every tool or machine: its free-air consumption while it runs, how many there are and the share of the time they run
        (duty cycle). Then:
      </p>
      <pre>{`average demand = Σ consumption × quantity × duty cycle
flow needed    = average demand × (1 + leak allowance) × (1 + growth margin)
pressure       = highest working pressure + pressure allowance`}</pre>
      <p>
        Defaults: 10% for leaks (a well-kept system; an old one may need 25%), 25% growth margin, 1 bar pressure allowance
        (pipework up to 0.1 bar, filters and a refrigerated dryer about 0.5 bar, and the hose, coupling and regulator at the
        tool). Duty cycles average the demand: if many tools may run at once for long spells, size for that peak, or add storage.
        The machines shown are the finder’s, with at least that flow and pressure: the smallest that are big enough first.
      </p>
    </>
  );
}
