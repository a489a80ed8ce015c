import {
  DISCHARGE_COEFFICIENTS,
  HOLE_SIZES,
  LEAK_DEFAULTS,
  LEAK_FLOW_UNITS,
  LEAK_ROW_FIELDS,
} from "../../shared/lib/calculators/air-leaks";
import { CALCULATOR_PRESSURE_UNITS, rowField } from "../../shared/lib/calculators/inputs";
import { unitsOf } from "../../shared/lib/units";
import {
  inputClass,
  NumberField,
  problemFor,
  RowCell,
  RowList,
  SelectField,
  type Source,
  UnitSelect,
} from "../components/tools/calculator-parts";
import { CalculatorScaffold, figureOf, RowTextCell } from "../components/tools/calculator-scaffold";
import { airLeakHandover, COEFFICIENT_LABELS, holeLabel, loadCalculator } from "../lib/calculator-links";
import { runAirLeakCost } from "../lib/calculators";
import { pageMeta, siteInfoFrom } from "../lib/seo";
import type { RouteHandle } from "../root";
import type { Route } from "./+types/tools.air-leak-cost";

/**
 * /tools/air-leak-cost (issue 14): what the leaks of a compressed air system cost a year. A GET form (every
 * input in the URL), results computed here and, as the visitor types, in the browser by the same code
 * (app/lib/calculators.ts, shared/lib/calculators/air-leaks.ts); "Ask for an audit" opens the quote form
 * with the figures.
 */

const PATH = "/tools/air-leak-cost";
const ROWS_ID = "leak-rows";

/** Its script carries the calculator (app/enhance/calculator-page.ts). */
export const handle: RouteHandle = { script: "calculator" };

export function loader({ request }: Route.LoaderArgs) {
  return loadCalculator(request, {
    path: PATH,
    rows: { fields: LEAK_ROW_FIELDS, defaults: LEAK_DEFAULTS.rows, anchor: ROWS_ID },
    handover: airLeakHandover,
    run: runAirLeakCost,
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(siteInfoFrom(matches), {
    title: "Air leak cost calculator",
    description:
      "What do your compressed air leaks cost? Count the leaks by hole size (or enter the measured leak flow), your pressure, hours and tariff: leak flow, kW wasted and rupees a year.",
    path: PATH,
  });
}

const PRESSURE_UNIT = {
  name: "pressureUnit",
  label: "Pressure unit",
  options: unitsOf("pressure", CALCULATOR_PRESSURE_UNITS),
  quantity: "pressure",
  inputs: "pressure",
} as const;
const FLOW_UNIT = {
  name: "leakFlowUnit",
  label: "Leak flow unit",
  options: unitsOf("flow", LEAK_FLOW_UNITS),
  quantity: "flow",
  inputs: "leakFlow",
} as const;

const SOURCES: Source[] = [
  {
    title: "Discharge of Air Through an Orifice (table, from Compressed Air and Gas Data)",
    publisher: "Ingersoll-Rand, as reproduced on Scribd",
    year: "n.d.",
    url: "https://www.scribd.com/document/697985333/Discharge-of-Air-Thru-Orifice",
    note: "Free air through 1/64″–1″ holes at 1–125 psig, based on a coefficient of flow of 1.0 (well-rounded entrance ×0.97, sharp-edged ×0.65). Our orifice formula reproduces it within 1% (e.g. 1/4″ at 100 psig: 104 CFM).",
  },
  {
    title: "Cost of Air Leaks (table of leak flows at 100 psig, after the Compressed Air Challenge)",
    publisher: "John Henry Foster",
    year: "n.d.",
    url: "http://jhf.com/home/services/air-compressors/cost-of-air-leaks",
    note: "The same leak flows the US DOE and Compressed Air Challenge quote: 1/32″ 1.62, 1/16″ 6.49, 1/8″ 26, 1/4″ 104, 3/8″ 234 CFM at 100 psig.",
  },
  {
    title: "MEASUR Tools Suite: Orifice Method Calculator",
    publisher: "Oak Ridge National Laboratory for the US Department of Energy",
    year: "2025",
    url: "https://industrialresources.ornl.gov/measur/suite/docs/group__orifice__method__calculator",
    note: "The same choked-flow method for leak surveys; a coefficient of 1.0 is the conservative upper bound when the hole's shape is unknown.",
  },
  {
    title: "Compressed Air Tip Sheet #3: Minimize Compressed Air Leaks",
    publisher: "US Department of Energy, Industrial Technologies Program",
    year: "2004",
    url: "https://www.scribd.com/document/40309456/Us-Doe",
    note: "Leaks often waste 20–30% of a compressor's output; leak rate grows with supply pressure and the square of the hole's diameter.",
  },
  {
    title: "What is the true cost of compressed air? (catalog guide, p. 616)",
    publisher: "John Henry Foster",
    year: "n.d.",
    url: "http://catalogs.jhf.com/guide/pneumatic-and-hydraulic-equipment/616.php",
    note: "Flow × kW per unit of flow × hours × tariff: 35 CFM at 0.207 kW/CFM for 8,000 hours at $0.07/kWh is $4,057 a year. Our cost formula reproduces it.",
  },
  {
    title: "Specific energy consumption (CAGI data sheets: 16–17 kW/100 CFM at 7 bar; 5–7 kW per m³/min)",
    publisher: "Blue Compressed Air Solutions",
    year: "n.d.",
    url: "http://www.blue-cas.com/blog/index.php?pid=12",
    note: "Our default of 6 kW per m³/min (17 kW per 100 CFM) for a fixed-speed screw compressor at about 7 bar. Use your machine's data sheet if you have it.",
  },
];

export default function AirLeakCostPage({ loaderData }: Route.ComponentProps) {
  const { run, handover } = loaderData;
  const { fields, rows } = run.values;
  const figure = figureOf(run);
  const shownRows = rows.length > 0 ? rows : [{ size: "1/16in", count: "" }];
  return (
    <CalculatorScaffold
      name="air-leak-cost"
      path={PATH}
      title="What do your air leaks cost?"
      intro="Most plants lose a fifth or more of their compressed air through leaks. Count them, enter your pressure, hours and tariff, and see the cost in rupees a year."
      run={run}
      handover={{ label: "Ask for an audit", href: handover }}
      results={[
        { key: "flow", label: "Leak flow (free air)" },
        { key: "kw", label: "Power wasted" },
        { key: "kwh", label: "Energy wasted" },
        { key: "cost", label: "Cost", main: true },
      ]}
      sources={SOURCES}
      method={<Method />}
    >
      <fieldset className="min-w-0">
        <legend className="text-base font-bold text-brand-900">How do you know your leaks?</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="method" value="holes" defaultChecked={fields.method !== "flow"} className="h-4 w-4" />I
            counted them by hole size
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="method" value="flow" defaultChecked={fields.method === "flow"} className="h-4 w-4" />I
            measured the total leak flow
          </label>
        </div>
      </fieldset>

      <RowList
        id={ROWS_ID}
        legend="Leaks counted"
        hint="An ultrasonic leak survey, or listening and soapy water on a quiet shift, finds them. Estimate each leak's hole size."
        headings={["Hole size", "Number of leaks"]}
        gridClass="sm:grid-cols-[1fr_10rem_6rem]"
        rows={shownRows}
        emptyRow={{ size: "1/16in", count: "" }}
        addLabel="Add a hole size"
        renderRow={(row, i) => (
          <>
            <RowCell label="Hole size" field="size" row={i} error={problemFor(run.problems, rowField("size", i))}>
              <select name="size" defaultValue={row.size} className={`${inputClass} mt-1 sm:mt-0`}>
                {HOLE_SIZES.map((h) => (
                  <option key={h} value={h}>
                    {holeLabel(h)}
                  </option>
                ))}
              </select>
            </RowCell>
            <RowTextCell run={run} label="Number of leaks" field="count" row={i} value={row.count} inputMode="numeric" />
          </>
        )}
      />

      <SelectField
        name="cd"
        label="Shape of the holes (discharge coefficient)"
        value={fields.cd ?? "1"}
        options={DISCHARGE_COEFFICIENTS.map((value) => ({ value, label: COEFFICIENT_LABELS[value] ?? value }))}
      />

      <NumberField
        {...figure("leakFlow")}
        label="Measured total leak flow"
        hint="Used when you choose “I measured”: from a flow meter on a quiet shift, or a receiver bleed-down test."
        after={<UnitSelect {...FLOW_UNIT} value={fields.leakFlowUnit ?? "cfm"} />}
      />

      <div className="grid gap-6 sm:grid-cols-2">
        <NumberField
          {...figure("pressure", LEAK_DEFAULTS.pressure)}
          label="Line pressure"
          after={<UnitSelect {...PRESSURE_UNIT} value={fields.pressureUnit ?? "bar"} />}
        />
        <NumberField
          {...figure("hours", LEAK_DEFAULTS.hours)}
          label="Hours a year under pressure"
          after="hours"
          inputMode="numeric"
        />
        <NumberField
          {...figure("tariff", LEAK_DEFAULTS.tariff)}
          label="Electricity tariff"
          hint="From your bill, with demand and fixed charges averaged in."
          after="₹/kWh"
        />
        <NumberField
          {...figure("specificPower", LEAK_DEFAULTS.specificPower)}
          label="Compressor specific power"
          hint="kW it draws per m³/min it delivers (CAGI data sheet)."
          after="kW per m³/min"
        />
      </div>
    </CalculatorScaffold>
  );
}

/** "How we calculate this": the orifice formula and the cost. */
function Method() {
  return (
    <>
      <p>
        A leak is a small hole the air escapes through. Above about 0.9 bar(g) the air leaves it at the speed of sound (“choked”
        flow), so the flow is proportional to the <em>absolute</em> line pressure. For a round hole of diameter d, line pressure
        p₀ (absolute), atmosphere pₐ = 1.01325 bar, air at 20 °C (T = 293.15 K), R = 287.05 J/(kg·K), γ = 1.4:
      </p>
      <pre>
        {`Q = Cd × (π/4)d² × (p₀/pₐ) × √(R·T) × √(2γ/(γ−1) × (r^(2/γ) − r^((γ+1)/γ)))
r = the larger of pₐ/p₀ and 0.528 (the critical pressure ratio)`}
      </pre>
      <p>
        Q is free air at 1.01325 bar and 20 °C. With Cd = 1.0 this gives the published table within 1% at every pressure from 1 to
        125 psig (for example 1/16″ at 100 psig: 6.50 CFM against 6.49; 1/4″: 104 CFM). Real leaks are rarely perfect round holes:
        choose 0.97 or 0.65 if you know their shape; 1.0 is the upper bound.
      </p>
      <pre>{`kW wasted  = Q (m³/min) × specific power (kW per m³/min)
kWh a year = kW wasted × hours under pressure
₹ a year   = kWh a year × tariff (₹/kWh)`}</pre>
      <p>
        This assumes the compressor’s control turns less air into proportionally less power, as start/stop, load/unload with
        enough storage and variable speed machines do; a modulating machine saves less when leaks are fixed. Defaults: 7 bar,
        6,000 hours a year (20 hours a day, 300 days), ₹8/kWh, 6 kW per m³/min (17 kW per 100 CFM).
      </p>
    </>
  );
}
