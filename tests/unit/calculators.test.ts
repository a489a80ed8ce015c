import { describe, expect, it } from "vitest";
import { airLeakHandover, calculatorRedirect, editedRowsUrl, sizingHandover } from "../../app/lib/calculator-links";
import { paybackText, runAirLeakCost, runVsdComparison } from "../../app/lib/calculators";
import { leakCost, orificeFlow, readAirLeakParams } from "../../shared/lib/calculators/air-leaks";
import { readNumber } from "../../shared/lib/calculators/inputs";
import { consumptionFlow, readSizingParams, sizeCompressor } from "../../shared/lib/calculators/sizing";
import {
  compareFixedAndVariable,
  loadUnloadPower,
  readVsdParams,
  type VsdModel,
  variableSpeedPower,
} from "../../shared/lib/calculators/vsd-savings";
import { fromCanonical, toCanonical } from "../../shared/lib/units";

/**
 * The calculators' formulas (issue 14, docs/decisions/017) against published figures. Sources are in US
 * units and dollars: the formulas do not care about the currency, and units go through shared/lib/units.
 */

const cfm = (m3min: number) => fromCanonical("flow", m3min, "cfm");
const fromCfm = (value: number) => toCanonical("flow", value, "cfm");
const psig = (value: number) => toCanonical("pressure", value, "psi");
const INCH_MM = 25.4;
/** |actual − expected| ≤ share × expected. */
const within = (actual: number, expected: number, share: number) =>
  expect(Math.abs(actual - expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(share * Math.abs(expected));

describe("air leaks: flow through a hole (choked and subsonic orifice flow)", () => {
  // "Discharge of Air Through an Orifice" (Ingersoll-Rand, Compressed Air and Gas Data), as reproduced at
  // https://www.scribd.com/document/697985333/Discharge-of-Air-Thru-Orifice: free air (cu ft/min) through
  // holes of 1/64″ to 3/8″; "Based on 100% coefficient of flow. For well-rounded entrance multiply values by
  // 0.97"; "Values for pressures from 1 to 15-psig calculated by standard adiabatic formula". The 100 psig
  // row is the one the US DOE and Compressed Air Challenge quote (also listed by John Henry Foster,
  // http://jhf.com/home/services/air-compressors/cost-of-air-leaks: 1/32″ 1.62, 1/16″ 6.49, 1/8″ 26,
  // 1/4″ 104, 3/8″ 234 CFM at 100 psig).
  const DIAMETERS_IN = [1 / 64, 1 / 32, 1 / 16, 1 / 8, 1 / 4, 3 / 8];
  const TABLE: Record<number, number[]> = {
    1: [0.028, 0.112, 0.45, 1.8, 7.18, 16.2],
    5: [0.062, 0.248, 0.993, 3.97, 15.9, 35.7],
    20: [0.123, 0.491, 1.96, 7.86, 31.4, 70.7],
    70: [0.3, 1.2, 4.79, 19.2, 76.7, 173],
    100: [0.406, 1.62, 6.49, 26.0, 104, 234],
    125: [0.494, 1.98, 7.9, 31.6, 126, 284],
  };

  for (const [pressure, row] of Object.entries(TABLE)) {
    it(`reproduces the table at ${pressure} psig within 1%`, () => {
      DIAMETERS_IN.forEach((d, i) => {
        within(cfm(orificeFlow(d * INCH_MM, psig(Number(pressure)), 1)), row[i] as number, 0.01);
      });
    });
  }

  it("takes the footnote's coefficient as a multiplier (well-rounded entrance: × 0.97)", () => {
    const full = orificeFlow(INCH_MM / 4, psig(100), 1);
    expect(orificeFlow(INCH_MM / 4, psig(100), 0.97)).toBeCloseTo(full * 0.97, 12);
    within(cfm(orificeFlow(INCH_MM / 4, psig(100), 0.97)), 104 * 0.97, 0.01);
  });

  it("grows with the square of the diameter and, when choked, with absolute pressure (DOE Tip Sheet #3)", () => {
    const small = orificeFlow(2, 7, 1);
    expect(orificeFlow(4, 7, 1) / small).toBeCloseTo(4, 10);
    const atmosphere = 1.01325;
    expect(orificeFlow(2, 14, 1) / small).toBeCloseTo((14 + atmosphere) / (7 + atmosphere), 10);
    expect(orificeFlow(2, 0, 1)).toBe(0);
  });
});

describe("air leaks: what the flow costs", () => {
  // John Henry Foster, "What is the true cost of compressed air?", catalog guide p. 616,
  // http://catalogs.jhf.com/guide/pneumatic-and-hydraulic-equipment/616.php: "1 CFM = 0.207KW; At $0.07/KWHR
  // = 0.01449/HR; 35 CFM Application @ 8000 HR/YR 35 x 8000 x .01449 = $4,057/YR".
  it("35 CFM for 8,000 hours at 0.207 kW/CFM and $0.07/kWh: $4,057 a year", () => {
    const kwPerM3min = 0.207 / fromCfm(1);
    const cost = leakCost(fromCfm(35), kwPerM3min, 8000, 0.07);
    expect(cost.kw).toBeCloseTo(35 * 0.207, 10);
    within(cost.costPerYear, 4057, 0.001);
  });

  // "Compressed Air Energy Cost Basics", https://www.scribd.com/doc/201245310/Compressed-Air-Energy-Cost-Basics:
  // "1 CFM = 0.228 kW At 0.06 $/kW/hr : 1 CFM = $0.0137/hr ... 10 CFM over 8000 hr will cost ... $1096" and
  // "80 CFM x 8000 hrs X .0137/hr = $ 8,768" (the source rounds the hourly cost to $0.0137).
  it("10 CFM and 80 CFM for 8,000 hours at 0.228 kW/CFM and $0.06/kWh: $1,096 and $8,768", () => {
    const kwPerM3min = 0.228 / fromCfm(1);
    within(leakCost(fromCfm(10), kwPerM3min, 8000, 0.06).costPerYear, 1096, 0.002);
    within(leakCost(fromCfm(80), kwPerM3min, 8000, 0.06).costPerYear, 8768, 0.002);
  });
});

describe("fixed speed: load/unload energy", () => {
  // US DOE & Compressed Air Challenge, "Improving Compressed Air System Performance: A Sourcebook for
  // Industry" (1998), "Determine the Cost of Compressed Air for Your Plant"
  // (https://www.scribd.com/document/91168936/Compressed-Air-Systems): Cost = bhp × 0.746 × hours × $/kWh ×
  // % time × % full-load bhp ÷ motor efficiency, summed over loaded and unloaded operation. Its example — a
  // 200 hp compressor needing 215 bhp, 6,800 hours, fully loaded 85% of the time (motor efficiency 95%),
  // unloaded the rest at 25% of full-load bhp (efficiency 90%), $0.05/kWh — is worked in DOE's MEASUR test
  // (ORNL-AMO/MEASUR-Tools-Suite, tests/cpp/compressedAir/operating_cost.unit.cpp; formulas documented at
  // https://industrialresources.ornl.gov/measur/suite/docs/group__operating__cost__calculator):
  // loaded $48,792.33, unloaded $2,272.19, total $51,064.52.
  it("reproduces the DOE Sourcebook's 215 bhp example", () => {
    const fullLoadKw = (215 * 0.746) / 0.95; // the source's hp→kW factor, and its loaded motor efficiency
    const unloadedFraction = (0.25 * 0.95) / 0.9; // 25% of bhp at 90% efficiency, as a share of full-load input
    const yearAt = (u: number) => loadUnloadPower(fullLoadKw, 0.85, u) * 6800 * 0.05;
    within(yearAt(0), 48792.33, 0.00001);
    within(yearAt(unloadedFraction), 51064.52, 0.00001);
    within(yearAt(unloadedFraction) - yearAt(0), 2272.19, 0.00001);
  });

  // Compressed Air & Gas Institute, "Performance Verification: background information",
  // http://cagi.org/performance-verification/background-information.aspx: "The yearly electrical cost of
  // operating a 100 hp compressor that uses 109 brake horsepower consistently over 8000 hours, with a local
  // electrical cost of 6 cents per kilowatt hour and a 93% efficient motor is $41,968."
  it("reproduces CAGI's power cost example at full load", () => {
    const fullLoadKw = (109 * 0.746) / 0.93;
    const c = compareFixedAndVariable({
      fullLoadKw,
      ratedFlow: null,
      steps: [{ load: 100, hoursPerYear: 8000 }],
      unloadedFraction: 0.25,
      vsd: { minSpeed: 0.2, minSpeedPower: 0.32, idlePower: 0.064, driveLoss: 0.03 },
      tariff: 0.06,
      priceDifference: 0,
    });
    within(c.fixed.cost, 41968, 0.00002);
    // At full load the VSD only adds its drive loss: nothing saved, no payback.
    within(c.variable.cost, 41968 * 1.03, 0.00002);
    expect(c.paybackYears).toBeNull();
  });
});

describe("variable speed: power along the demand", () => {
  // DOE's MEASUR models a VSD compressor from its CAGI data-sheet points (ORNL-AMO/MEASUR-Tools-Suite,
  // src/compressedAir/assessment/vfd_compressor.cpp). Its test machine
  // (tests/cpp/compressedAir/assessment/vfd_compressor.unit.cpp): 174.4 kW at 1,009 acfm (full load),
  // 115 kW at 605 acfm, 55.8 kW at 202 acfm (turndown), 11.2 kW at no load; at 31% of capacity it draws
  // 72.0695 kW (power fraction 0.4132).
  const FULL = 174.4;
  const model: VsdModel = { minSpeed: 202 / 1009, minSpeedPower: 55.8 / FULL, idlePower: 11.2 / FULL, driveLoss: 0 };

  it("passes through the data-sheet points", () => {
    expect(variableSpeedPower(FULL, 1, model)).toBeCloseTo(174.4, 10);
    expect(variableSpeedPower(FULL, 202 / 1009, model)).toBeCloseTo(55.8, 10);
    expect(variableSpeedPower(FULL, 0, model)).toBeCloseTo(11.2, 10);
    // The middle point lies on our straight line (MEASUR fits a curve through the three).
    within(variableSpeedPower(FULL, 605 / 1009, model), 115, 0.001);
  });

  it("reproduces MEASUR's 31% capacity case within 0.1%", () => {
    within(variableSpeedPower(FULL, 0.31, model), 72.0695, 0.001);
    within(variableSpeedPower(FULL, 0.31, model) / FULL, 0.4132, 0.001);
  });

  it("adds the drive loss to the whole curve", () => {
    expect(variableSpeedPower(100, 0.6, { ...model, driveLoss: 0.03 })).toBeCloseTo(
      variableSpeedPower(100, 0.6, model) * 1.03,
      10,
    );
  });

  it("saves on a varying demand and pays back the price difference", () => {
    const c = compareFixedAndVariable({
      fullLoadKw: 100,
      ratedFlow: null,
      steps: [
        { load: 80, hoursPerYear: 2000 },
        { load: 40, hoursPerYear: 2000 },
      ],
      unloadedFraction: 0.25,
      vsd: { minSpeed: 0.2, minSpeedPower: 0.32, idlePower: 0.064, driveLoss: 0.03 },
      tariff: 10,
      priceDifference: 300_000,
    });
    // Fixed: 100 × (0.8 + 0.2 × 0.25) × 2000 + 100 × (0.4 + 0.6 × 0.25) × 2000 = 170,000 + 110,000 kWh.
    expect(c.fixed.kwh).toBeCloseTo(280_000, 6);
    // VSD: 103 × (0.32 + 0.68 × 0.6/0.8) × 2000 + 103 × (0.32 + 0.68 × 0.2/0.8) × 2000 = 170,980 + 100,940 kWh.
    expect(c.variable.kwh).toBeCloseTo(271_920, 6);
    expect(c.saving.cost).toBeCloseTo(80_800, 6);
    expect(c.paybackYears).toBeCloseTo(300_000 / 80_800, 10);
    expect(paybackText(c.paybackYears ?? 0)).toBe("3 years 9 months");
  });
});

describe("sizing: flow and pressure from the tools", () => {
  // ShopMath, "Air Compressor CFM Sizing Guide", https://shopmath.fyi/blog/air-compressor-cfm-sizing-guide,
  // "Example Calculation: A body shop with: DA sander (8 CFM × 60% duty × 2 units) = 9.6 CFM; Spray gun
  // (12 CFM × 80% duty × 1 unit) = 9.6 CFM; 1/2″ impact (4 CFM × 25% duty × 2 units) = 2.0 CFM; Blow guns and
  // miscellaneous = 2.0 CFM. Total = 23.2 CFM × 1.25 safety factor = 29 CFM required".
  it("reproduces the body shop example: 23.2 CFM, 29 CFM with 25%", () => {
    const tool = (flowCfm: number, duty: number, quantity: number) => ({
      name: "tool",
      flow: consumptionFlow(flowCfm, "cfm"),
      quantity,
      duty,
      pressureBar: 6.2,
    });
    const r = sizeCompressor({
      consumers: [tool(8, 60, 2), tool(12, 80, 1), tool(4, 25, 2), tool(2, 100, 1)],
      leakAllowance: 0,
      growth: 25,
      pressureAllowanceBar: 1,
    });
    expect(cfm(r.averageFlow)).toBeCloseTo(23.2, 10);
    expect(cfm(r.requiredFlow)).toBeCloseTo(29, 10);
    expect(r.requiredPressure).toBeCloseTo(7.2, 10);
  });

  it("adds the leak allowance and the growth margin one after the other", () => {
    const r = sizeCompressor({
      consumers: [{ name: "a", flow: 1, quantity: 1, duty: 100, pressureBar: 6 }],
      leakAllowance: 10,
      growth: 25,
      pressureAllowanceBar: 1,
    });
    expect(r.requiredFlow).toBeCloseTo(1.375, 12);
    expect(r.requiredPressure).toBe(7);
  });

  it("reads l/min as a sixtieth of l/s", () => {
    expect(consumptionFlow(600, "l/min")).toBeCloseTo(0.6, 12);
    expect(consumptionFlow(10, "l/s")).toBeCloseTo(0.6, 12);
  });
});

describe("reading the forms from the URL", () => {
  it("reads numbers with Indian or Western grouping, and nothing else", () => {
    expect(readNumber("1,25,000")).toBe(125000);
    expect(readNumber("1,250.5")).toBe(1250.5);
    expect(readNumber(" 7 ")).toBe(7);
    expect(readNumber("seven")).toBeNull();
    expect(readNumber("-3")).toBeNull();
    expect(readNumber("")).toBeNull();
  });

  it("uses the defaults for what the URL leaves out, and a unit typed in the field wins", () => {
    const defaults = readAirLeakParams(new URLSearchParams());
    expect(defaults.problems).toEqual([]);
    expect(defaults.input?.pressureBar).toBe(7);
    expect(defaults.input?.holes.map((h) => h.count)).toEqual([4, 3, 1]);
    const psi = readAirLeakParams(new URLSearchParams("pressure=100 psi&size=1/4in&count=1"));
    expect(psi.input?.pressureBar).toBeCloseTo(psig(100), 5);
    expect(psi.input?.holes).toEqual([{ size: "1/4in", count: 1 }]);
  });

  it("names every wrong field, rows by their place, and computes nothing then", () => {
    const read = readAirLeakParams(new URLSearchParams("pressure=&hours=lots&size=1/16in&count=2.5&size=nope&count=1"));
    expect(read.input).toBeNull();
    expect(read.problems).toEqual([
      { field: "pressure", message: "Enter line pressure." },
      { field: "hours", message: "Hours a year must be a number." },
      { field: "count.0", message: "Number of leaks must be a whole number from 0 to 10,000." },
      { field: "size.1", message: "Choose a hole size." },
    ]);
    expect(read.values.fields.hours).toBe("lots");
    expect(read.values.rows).toEqual([
      { size: "1/16in", count: "2.5" },
      { size: "nope", count: "1" },
    ]);
  });

  it("skips blank rows, and wants at least one", () => {
    const blank = readAirLeakParams(new URLSearchParams("size=1/16in&count=&size=1/8in&count=2"));
    expect(blank.problems).toEqual([]);
    expect(blank.input?.holes).toHaveLength(1);
    const none = readAirLeakParams(new URLSearchParams("size=1/16in&count="));
    expect(none.problems).toEqual([{ field: "count.0", message: "Enter how many leaks of a size you found." }]);
  });

  it("measured leak flow replaces the holes", () => {
    const read = readAirLeakParams(new URLSearchParams("method=flow&leakFlow=50&leakFlowUnit=cfm"));
    expect(read.input?.measuredFlow).toBeCloseTo(fromCfm(50), 5);
    const missing = readAirLeakParams(new URLSearchParams("method=flow&leakFlow="));
    expect(missing.problems).toEqual([{ field: "leakFlow", message: "Enter measured leak flow." }]);
  });

  it("VSD: power in HP, or rated flow × specific power; hours no more than a year", () => {
    expect(readVsdParams(new URLSearchParams("power=50&powerUnit=hp")).input?.fullLoadKw).toBeCloseTo(50 * 0.7457, 3);
    const derived = readVsdParams(new URLSearchParams("power=&ratedFlow=6&specificPower=6.5"));
    expect(derived.input?.fullLoadKw).toBeCloseTo(39, 10);
    expect(readVsdParams(new URLSearchParams("power=")).problems).toEqual([
      { field: "power", message: "Enter the compressor's full-load power, or its rated flow and specific power." },
    ]);
    expect(readVsdParams(new URLSearchParams("load=100&hours=8000&load=50&hours=1000")).problems).toEqual([
      { field: "hours.0", message: "The hours add up to more than a year (8,784 hours)." },
    ]);
  });

  it("sizing: consumption in the form's unit, pressure in bar or psi", () => {
    const read = readSizingParams(
      new URLSearchParams("useUnit=cfm&pressureUnit=psi&name=Grinder&use=10&qty=2&duty=50&toolPressure=90&pressureAllowance=15"),
    );
    expect(read.problems).toEqual([]);
    // Typed figures are kept to 6 significant digits (shared/lib/units.ts, parseFigure).
    expect(read.input?.consumers[0]?.flow).toBeCloseTo(fromCfm(10), 10);
    expect(read.input?.consumers[0]?.pressureBar).toBeCloseTo(psig(90), 5);
    expect(read.input?.pressureAllowanceBar).toBeCloseTo(psig(15), 5);
  });
});

describe("the fixed vs variable speed defaults (issue 30)", () => {
  it("describe a plant with varying demand whose answer agrees with the product pages' “up to 35%”", () => {
    const run = runVsdComparison(new URLSearchParams());
    // The illustrative two-shift plant: 8,760 hours, 37% of rated flow on average.
    const { input } = readVsdParams(new URLSearchParams());
    const hours = input?.steps.reduce((sum, s) => sum + s.hoursPerYear, 0) ?? 0;
    expect(hours).toBe(8760);
    const averageLoad = (input?.steps.reduce((sum, s) => sum + s.load * s.hoursPerYear, 0) ?? 0) / hours;
    expect(Math.round(averageLoad)).toBe(37);
    // A real saving, below the 35% the product pages promise at most, paying back well within the machine's life.
    expect(run.results?.savingShare).toBe("13%");
    expect(run.results?.payback).toBe("1 year 8 months");
    // Demand that stays low reaches the pages' figure: 10% all year saves 39% in this model.
    const low = runVsdComparison(new URLSearchParams("load=10&hours=8760"));
    expect(low.results?.savingShare).toBe("39%");
  });
});

describe("results as the page shows them, and the hand-over to the quote form", () => {
  it("air leaks: rupees with Indian grouping, three significant figures, and the audit link", () => {
    const params = new URLSearchParams("size=1/4in&count=1&pressure=100 psi&hours=8760&tariff=8&specificPower=6");
    const run = runAirLeakCost(params);
    // 104 CFM = 2.946 m³/min × 6 kW = 17.7 kW × 8,760 h = 1,54,800 kWh × ₹8 = ₹12,38,000.
    expect(run.results).toEqual({
      flow: "2.95 m³/min (104 CFM)",
      kw: "17.7 kW",
      kwh: "1,55,000 kWh a year",
      cost: "₹12,40,000 a year",
    });
    const quote = new URL(airLeakHandover(params) ?? "", "http://x");
    expect(quote.pathname).toBe("/quote");
    expect(quote.searchParams.get("pressure")).toBe("6.89 bar");
    expect(quote.searchParams.get("hoursPerDay")).toBe("24");
    expect(quote.searchParams.get("application")).toBe("Compressed air leak audit");
    expect(quote.searchParams.get("message")).toContain("Result: 2.95 m³/min (104 CFM) leaking, 17.7 kW");
    expect(quote.searchParams.get("message")).toContain("/tools/air-leak-cost?size=1%2F4in&count=1");
  });

  it("keeps the hand-over within the quote form's limits", () => {
    const many = new URLSearchParams();
    for (let i = 0; i < 200; i++) {
      many.append("name", `A very long machine name number ${i}`);
      many.append("use", "100");
      many.append("qty", "1");
      many.append("duty", "50");
      many.append("toolPressure", "6");
    }
    const quote = new URL(sizingHandover(many) ?? "", "http://x").searchParams;
    expect(quote.get("application")?.length).toBeLessThanOrEqual(500);
    expect(quote.get("message")?.length).toBeLessThanOrEqual(5000);
    expect(quote.get("flow")).toMatch(/ CFM$/);
  });

  it("VSD: a profile near full load saves nothing and says so", () => {
    const run = runVsdComparison(new URLSearchParams("load=100&hours=6000"));
    expect(run.results?.payback).toBe("No payback: variable speed does not save energy on this profile.");
  });

  it("'Add a row' and 'Remove' without JavaScript redirect to the URL with the rows changed", () => {
    const add = new URL("http://x/tools/air-leak-cost?size=1%2F16in&count=3&addRow=1");
    expect(editedRowsUrl(add, ["size", "count"], [], "rows")).toBe(
      "/tools/air-leak-cost?size=1%2F16in&count=3&size=&count=#rows",
    );
    const remove = new URL("http://x/tools/air-leak-cost?size=a&count=1&size=b&count=2&removeRow=0");
    expect(editedRowsUrl(remove, ["size", "count"], [], "rows")).toBe("/tools/air-leak-cost?size=b&count=2#rows");
    expect(editedRowsUrl(new URL("http://x/tools/sizing?use=1"), ["use"], [], "rows")).toBeNull();
  });

  it("the hand-over link redirects to the quote form, or back to the form when a field is wrong", () => {
    const rows = { fields: ["size", "count"], defaults: [], anchor: "rows" };
    const ok = calculatorRedirect(new URL("http://x/tools/air-leak-cost?size=1%2F8in&count=2&handover=1"), rows, airLeakHandover);
    expect(ok).toMatch(/^\/quote\?pressure=7\+bar&hoursPerDay=16&application=Compressed\+air\+leak\+audit&message=/);
    expect(new URL(ok ?? "", "http://x").searchParams.get("message")).toMatch(/\n\/tools\/air-leak-cost\?size=1%2F8in&count=2$/);
    const wrong = calculatorRedirect(new URL("http://x/tools/air-leak-cost?count=x&handover=1"), rows, airLeakHandover);
    expect(wrong).toBe("/tools/air-leak-cost?count=x#results");
    expect(calculatorRedirect(new URL("http://x/tools/air-leak-cost?count=1"), rows, airLeakHandover)).toBeNull();
  });
});
