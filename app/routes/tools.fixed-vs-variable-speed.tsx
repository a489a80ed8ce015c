import { VSD_DEFAULTS, VSD_EXAMPLE_PROFILE, VSD_ROW_FIELDS } from "../../shared/lib/calculators/vsd-savings";
import { unitsOf } from "../../shared/lib/units";
import { NumberField, RowList, type Source, UnitSelect } from "../components/tools/calculator-parts";
import { CalculatorScaffold, figureOf, RowTextCell } from "../components/tools/calculator-scaffold";
import { loadCalculator, vsdHandover } from "../lib/calculator-links";
import { runVsdComparison } from "../lib/calculators";
import { pageMeta, siteInfoFrom } from "../lib/seo";
import type { RouteHandle } from "../root";
import type { Route } from "./+types/tools.fixed-vs-variable-speed";

/**
 * /tools/fixed-vs-variable-speed (issue 14): a year of the plant's air demand (hours at each % of the
 * compressor's flow) on a fixed-speed load/unload machine and on a variable-speed one: kWh and rupees each,
 * the saving and the payback of the price difference. Same pattern as the air leak page.
 */

const PATH = "/tools/fixed-vs-variable-speed";
const ROWS_ID = "load-rows";

/** Its script carries the calculator (app/enhance/calculator-page.ts). */
export const handle: RouteHandle = { script: "calculator" };

export function loader({ request }: Route.LoaderArgs) {
  return loadCalculator(request, {
    path: PATH,
    rows: { fields: VSD_ROW_FIELDS, defaults: VSD_DEFAULTS.rows, anchor: ROWS_ID },
    handover: vsdHandover,
    run: runVsdComparison,
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(siteInfoFrom(matches), {
    title: "Fixed speed or variable speed compressor? Savings calculator",
    description:
      "Compare a fixed-speed (load/unload) and a variable-speed compressor on your air demand: energy and rupees a year each, the saving, and the payback on the price difference.",
    path: PATH,
  });
}

const POWER_UNIT = {
  name: "powerUnit",
  label: "Power unit",
  options: unitsOf("power"),
  quantity: "power",
  inputs: "power",
} as const;
const FLOW_UNIT = {
  name: "flowUnit",
  label: "Flow unit",
  options: unitsOf("flow", ["m3/min", "cfm", "l/s"]),
  quantity: "flow",
  inputs: "ratedFlow",
} as const;

const SOURCES: Source[] = [
  {
    title:
      "Improving Compressed Air System Performance: A Sourcebook for Industry (“Determine the Cost of Compressed Air for Your Plant”)",
    publisher: "US Department of Energy and the Compressed Air Challenge, as reproduced on Scribd",
    year: "1998",
    url: "https://www.scribd.com/document/91168936/Compressed-Air-Systems",
    note: "Cost = bhp × 0.746 × hours × $/kWh × % time × % full-load bhp ÷ motor efficiency, summed over the loaded and unloaded states: our fixed-speed model.",
  },
  {
    title: "MEASUR Tools Suite: Operating Cost Calculator (and its test, operating_cost.unit.cpp)",
    publisher: "Oak Ridge National Laboratory for the US Department of Energy",
    year: "2025",
    url: "https://industrialresources.ornl.gov/measur/suite/docs/group__operating__cost__calculator",
    note: "The same load/unload formula (unloaded: reciprocating machines 15–25%, inlet-modulated rotary screw 25–40% of full-load bhp); its test works the Sourcebook's example (215 bhp, unloaded at 25% of full-load bhp, 6,800 hours, 85% loaded, $0.05/kWh: $51,065 a year). Our default unloaded power, 25%, is that example's.",
  },
  {
    title: "MEASUR Tools Suite: variable frequency drive compressor model (vfd_compressor.cpp and its test)",
    publisher: "Oak Ridge National Laboratory for the US Department of Energy",
    year: "2025",
    url: "https://github.com/ORNL-AMO/MEASUR-Tools-Suite",
    note: "A VSD compressor modelled from its CAGI data-sheet points, load/unloading between minimum speed and idle below it. Its test machine (174.4 kW at 1,009 acfm; 55.8 kW at 202 acfm; 11.2 kW idle) gives our defaults: minimum speed 20% of flow at 32% of full-load power, idling at 6.4%.",
  },
  {
    title: "Findings from Measurements of the Electric Power Demand of Air Compressors",
    publisher: "Energies 14(24) 8395, MDPI (University of Stuttgart)",
    year: "2021",
    url: "https://doi.org/10.3390/en14248395",
    note: "Measured VSD compressors draw power linear in their load: the straight line we use above minimum speed.",
  },
  {
    title: "Performance Verification: background information (the power cost formula and its worked example)",
    publisher: "Compressed Air & Gas Institute (CAGI)",
    year: "n.d.",
    url: "http://cagi.org/performance-verification/background-information.aspx",
    note: "A 100 hp compressor using 109 bhp for 8,000 hours at 6¢/kWh with a 93% efficient motor costs $41,968 a year: the full-load case of our formula.",
  },
];

export default function VsdPage({ loaderData }: Route.ComponentProps) {
  const { run, handover } = loaderData;
  const { fields, rows } = run.values;
  const figure = figureOf(run);
  const shownRows = rows.length > 0 ? rows : [{ load: "", hours: "" }];
  return (
    <CalculatorScaffold
      name="fixed-vs-variable-speed"
      path={PATH}
      title="Fixed speed or variable speed?"
      intro="A variable-speed compressor follows your demand instead of running unloaded. Whether that pays depends on how your demand varies: enter it, and see the energy, the rupees and the payback."
      run={run}
      handover={{ label: "Ask for an audit", href: handover }}
      results={[
        { key: "fixedKwh", label: "Fixed speed: energy" },
        { key: "fixedCost", label: "Fixed speed: cost" },
        { key: "variableKwh", label: "Variable speed: energy" },
        { key: "variableCost", label: "Variable speed: cost" },
        { key: "savingCost", label: "Saving", main: true },
        { key: "savingShare", label: "Saving, share of energy" },
        { key: "payback", label: "Simple payback" },
      ]}
      sources={SOURCES}
      method={<Method />}
    >
      <fieldset className="min-w-0 space-y-4">
        <legend className="text-base font-bold text-brand-900">The compressor</legend>
        <NumberField
          {...figure("power", VSD_DEFAULTS.power)}
          label="Full-load power"
          hint="The power it draws at full load (the motor’s rating is a fair first guess)."
          after={<UnitSelect {...POWER_UNIT} value={fields.powerUnit ?? "kw"} />}
        />
        <p className="text-sm text-slate-600">Or leave the power empty and give its rated flow and specific power:</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField
            {...figure("ratedFlow")}
            label="Rated flow"
            after={<UnitSelect {...FLOW_UNIT} value={fields.flowUnit ?? "m3/min"} />}
          />
          <NumberField {...figure("specificPower")} label="Specific power" after="kW per m³/min" />
        </div>
      </fieldset>

      <p className="rounded-md bg-brand-50 p-3 text-sm text-slate-700" data-example-profile>
        <strong>Filled in:</strong> {VSD_EXAMPLE_PROFILE} Replace it with your own demand.
      </p>
      <RowList
        id={ROWS_ID}
        legend="Your air demand over a year"
        hint="Hours a year at each share of the compressor’s rated flow. A week of logged data, scaled to a year, is best."
        headings={["Demand, % of rated flow", "Hours a year"]}
        gridClass="sm:grid-cols-[1fr_1fr_6rem]"
        rows={shownRows}
        emptyRow={{ load: "", hours: "" }}
        addLabel="Add a load step"
        renderRow={(row, i) => (
          <>
            <RowTextCell run={run} label="Demand, % of rated flow" field="load" row={i} value={row.load} inputMode="decimal" />
            <RowTextCell run={run} label="Hours a year" field="hours" row={i} value={row.hours} inputMode="numeric" />
          </>
        )}
      />

      <div className="grid gap-6 sm:grid-cols-2">
        <NumberField {...figure("tariff", VSD_DEFAULTS.tariff)} label="Electricity tariff" after="₹/kWh" />
        <NumberField
          {...figure("priceDifference", VSD_DEFAULTS.priceDifference)}
          label="Price difference"
          hint="What the variable-speed machine costs more."
          after="₹"
          inputMode="numeric"
        />
      </div>

      <details className="rounded-md border border-slate-200 p-4" open={run.problems.some((p) => ASSUMPTIONS.includes(p.field))}>
        <summary className="cursor-pointer font-semibold text-brand-900">Machine assumptions</summary>
        <div className="mt-4 grid gap-6 sm:grid-cols-2">
          {ASSUMPTION_FIELDS.map(({ name, label, after }) => (
            <NumberField key={name} {...figure(name, VSD_DEFAULTS[name])} label={label} after={after} />
          ))}
        </div>
      </details>
    </CalculatorScaffold>
  );
}

/** The machine assumptions, folded away unless one of them is wrong. */
const ASSUMPTION_FIELDS = [
  { name: "unloadedPower", label: "Fixed speed: power when unloaded", after: "% of full load" },
  { name: "minSpeed", label: "Variable speed: minimum speed", after: "% of rated flow" },
  { name: "minSpeedPower", label: "Variable speed: power at minimum speed", after: "% of full load" },
  { name: "idlePower", label: "Variable speed: power when idling", after: "% of full load" },
  { name: "driveLoss", label: "Variable speed: drive loss at full load", after: "%" },
] as const;
const ASSUMPTIONS: string[] = ASSUMPTION_FIELDS.map((f) => f.name);

/** "How we calculate this": the two machines' power at each step of the demand. */
function Method() {
  return (
    <>
      <p>
        For every row of your demand profile, f is the demand as a share of the compressor’s rated flow and h its hours a year.
        P_fl is the full-load power (the power you enter, or rated flow × specific power).
      </p>
      <p>
        <strong>Fixed speed, load/unload:</strong> the machine runs loaded a share f of the time at full power and unloaded the
        rest at a share u of it (assuming enough storage for it to cycle at its full pressure band):
      </p>
      <pre>{`P_fixed = P_fl × (f + (1 − f) × u)`}</pre>
      <p>
        <strong>Variable speed:</strong> at full flow it draws P_v = P_fl × (1 + drive loss). From its minimum speed f_min (where
        it draws p_min × P_v) up to full speed its power rises in a straight line; below the minimum speed it runs at minimum
        speed and idles (p_idle × P_v) by turns:
      </p>
      <pre>{`f ≥ f_min:  P_vsd = P_v × (p_min + (1 − p_min) × (f − f_min) / (1 − f_min))
f < f_min:  P_vsd = P_v × (p_idle + (p_min − p_idle) × f / f_min)`}</pre>
      <pre>{`kWh a year = Σ P × h        ₹ a year = kWh a year × tariff
saving = fixed − variable   payback (years) = price difference ÷ saving a year`}</pre>
      <p>
        Demand: our illustrative two-shift plant, described above the profile (an example we made up to show a plant whose demand
        varies, not survey data). Our product pages say a variable-speed machine saves up to 35%: that is on demand that stays low
        most of the time (at 10% of rated flow all year this model gives 39%), or with storage too small for load/unload to cycle
        well.
      </p>
      <p>
        Defaults: unloaded at 25% of full-load power (DOE’s MEASUR documentation gives 15–25% for reciprocating and 25–40% for
        inlet-modulated rotary screw machines: enter yours); minimum speed 20% of rated flow at 32% of full-load power, idling at
        6.4%; drive loss 3% (our assumption: the loss of an inverter at full load is a few per cent; use the figures of the
        machines you compare, from their CAGI data sheets, when you have them). The model leaves out what it cannot know: storage
        too small for load/unload to cycle well (which makes fixed speed worse), and the lower pressure a VSD can hold (which
        saves more).
      </p>
    </>
  );
}
