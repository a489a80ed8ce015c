import { describe, expect, it } from "vitest";
import { type FitKey, fitOrder, marksBestFit, readFinderParams } from "../../shared/content/product-finder";

/**
 * Issue 30: for a flow asked, the finder lists the smallest adequate machine first and marks it "Best fit".
 * The order's rule is checked here on the demo's compressors (the API tests check the database follows it).
 */

const filtersOf = (query: string) => readFinderParams(new URLSearchParams(query)).filters;

interface Machine {
  name: string;
  flowMax: number;
  maxPressure: number;
  motorPower: number;
}

/** Sorts by the fit keys, as the finder's SQL does (ties keep the catalogue's order). */
function byFit(machines: Machine[], keys: FitKey[]): string[] {
  return [...machines]
    .sort((a, b) => {
      for (const k of keys) {
        const d = a[k.column] - b[k.column];
        if (d !== 0) return k.direction === "asc" ? d : -d;
      }
      return 0;
    })
    .map((m) => m.name);
}

const CFM = 0.3048 ** 3;
/** The demo's compressors of at least 100 CFM at 7 bar, in catalogue order (a 215 CFM machine first). */
const DEMO: Machine[] = [
  { name: "PN-RS 37", flowMax: 215 * CFM, maxPressure: 7.5, motorPower: 37 },
  { name: "PN-RV 22", flowMax: 128 * CFM, maxPressure: 7, motorPower: 22 },
  { name: "PN-RV 75", flowMax: 440 * CFM, maxPressure: 7, motorPower: 75 },
  { name: "PN-OF 55", flowMax: 300 * CFM, maxPressure: 8, motorPower: 55 },
  { name: "PN-PD 185", flowMax: 185 * CFM, maxPressure: 7, motorPower: 45 },
  { name: "PN-PD 450", flowMax: 450 * CFM, maxPressure: 10.3, motorPower: 104 },
  { name: "PN-PE 100", flowMax: 100 * CFM, maxPressure: 7, motorPower: 18.5 },
];

describe("best fit", () => {
  it("100 CFM at 7 bar: the smallest machine that delivers it first, the 215 CFM one fourth", () => {
    const f = filtersOf("flowUnit=cfm&flowMin=100&pressureMin=7");
    expect(fitOrder(f)).toEqual([
      { column: "flowMax", direction: "asc" },
      { column: "maxPressure", direction: "asc" },
    ]);
    expect(byFit(DEMO, fitOrder(f))).toEqual([
      "PN-PE 100",
      "PN-RV 22",
      "PN-PD 185",
      "PN-RS 37",
      "PN-OF 55",
      "PN-RV 75",
      "PN-PD 450",
    ]);
    expect(marksBestFit(f)).toBe(true);
  });

  it("equal flows: the one closest to the pressure asked first", () => {
    const f = filtersOf("flowMin=2&pressureMin=7");
    const twins: Machine[] = [
      { name: "10 bar", flowMax: 3, maxPressure: 10, motorPower: 22 },
      { name: "7.5 bar", flowMax: 3, maxPressure: 7.5, motorPower: 22 },
    ];
    expect(byFit(twins, fitOrder(f))).toEqual(["7.5 bar", "10 bar"]);
  });

  it("a flow “to” only: the largest within it first; power “to” likewise", () => {
    expect(fitOrder(filtersOf("flowMax=5"))).toEqual([{ column: "flowMax", direction: "desc" }]);
    expect(fitOrder(filtersOf("powerMax=30"))).toEqual([{ column: "motorPower", direction: "desc" }]);
    expect(fitOrder(filtersOf("powerMin=10&powerMax=30"))).toEqual([{ column: "motorPower", direction: "asc" }]);
  });

  it("no figure asked: the catalogue's order and no mark; a chosen sort is kept and not marked", () => {
    expect(fitOrder(filtersOf("type=scroll"))).toEqual([]);
    expect(marksBestFit(filtersOf("type=scroll"))).toBe(false);
    expect(marksBestFit(filtersOf("pressureMin=7"))).toBe(false);
    expect(marksBestFit(filtersOf("flowMin=2&sort=-price"))).toBe(false);
  });
});
