import { describe, expect, it } from "vitest";
import { boundAtLeast, boundAtMost, FINDER_UNITS, readFinderParams } from "../../shared/content/product-finder";
import { convertTyped, parseFigure, statedFigure, toCanonical } from "../../shared/lib/units";

/**
 * Issue 30: units never change the finder's answer. A bound typed in one unit, converted to another as the
 * finder's unit select does, matches the same machines; the boxes show what the buyer typed.
 */

/** A machine's figure as stored: typed by staff in some unit, kept to 6 significant digits. */
const stored = (quantity: "flow" | "pressure" | "power", text: string) => {
  const parsed = parseFigure(quantity, text, { label: "Figure" });
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.min;
};

/** The canonical lower bound the finder reads from a link. */
const lowerBound = (query: string, name: "flowMin" | "pressureMin" | "powerMin") => {
  const bound = readFinderParams(new URLSearchParams(query)).filters[name];
  if (bound === null) throw new Error(`no ${name} in ${query}`);
  return bound;
};

describe("the finder's boxes keep what the buyer typed", () => {
  it("a link with 100 CFM shows 100, not 99.9998, and its bound is the buyer's number unrounded", () => {
    const read = readFinderParams(new URLSearchParams("flowUnit=cfm&flowMin=100&pressureMin=7&powerUnit=hp&powerMax=20"));
    expect(read.typed).toEqual({ flowMin: "100", pressureMin: "7", powerMax: "20" });
    expect(read.filters.flowMin).toBe(100 * 0.3048 ** 3);
    expect(read.filters.powerMax).toBe(toCanonical("power", 20, "hp"));
  });

  it("a value that cannot be read is not shown back as a number", () => {
    const read = readFinderParams(new URLSearchParams("pressureMin=lots&flowMin=2.5"));
    expect(read.typed).toEqual({ flowMin: "2.5" });
  });
});

describe("changing the unit converts the typed number, and back gives it again", () => {
  const cases = [
    ["flow", "100", "cfm"],
    ["flow", "2.5", "m3/min"],
    ["flow", "47.2", "l/s"],
    ["pressure", "7", "bar"],
    ["pressure", "101.5", "psi"],
    ["pressure", "7.5", "kg/cm2"],
    ["power", "37", "kw"],
    ["power", "50", "hp"],
  ] as const;

  it.each(cases)("%s %s %s: each other unit, then back to the typed text", (quantity, typed, unit) => {
    for (const other of FINDER_UNITS[quantity]) {
      const shown = convertTyped(quantity, typed, unit, other);
      expect(Number(shown)).toBeGreaterThan(0);
      // The enhancement converts from what was typed, never from an earlier conversion.
      expect(convertTyped(quantity, typed, unit, unit)).toBe(typed);
      // The shown number keeps four significant digits: 100 CFM is 2.832 m³/min.
      if (quantity === "flow" && unit === "cfm" && other === "m3/min") expect(shown).toBe("2.832");
    }
  });

  it("a comma between digits is a thousands separator, as everywhere else on the site", () => {
    expect(convertTyped("flow", "1,250", "cfm", "m3/min")).toBe(convertTyped("flow", "1250", "cfm", "m3/min"));
  });

  it("text that is not a number stays as typed", () => {
    expect(convertTyped("flow", "", "cfm", "m3/min")).toBe("");
    expect(convertTyped("flow", "lots", "cfm", "m3/min")).toBe("lots");
  });
});

describe("a bound in any unit matches the same machines", () => {
  const machines = ["99 CFM", "99.95 CFM", "100 CFM", "100.05 CFM", "101 CFM", "2.832 m3/min", "47.19 l/s"].map((t) =>
    stored("flow", t),
  );
  const matching = (bound: number) => machines.filter((m) => m >= boundAtLeast(bound));

  it("100 CFM typed, or shown as 2.832 m³/min or 47.19 l/s after a unit change, finds the machines of exactly 100 CFM", () => {
    const typed = lowerBound("flowUnit=cfm&flowMin=100", "flowMin");
    const inM3 = lowerBound(`flowMin=${convertTyped("flow", "100", "cfm", "m3/min")}`, "flowMin");
    const inLs = lowerBound(`flowUnit=l/s&flowMin=${convertTyped("flow", "100", "cfm", "l/s")}`, "flowMin");
    expect(matching(typed)).toContain(stored("flow", "100 CFM"));
    expect(matching(inM3)).toEqual(matching(typed));
    expect(matching(inLs)).toEqual(matching(typed));
    // A machine a whole CFM short is not "at least 100 CFM" in any unit.
    expect(matching(typed)).not.toContain(stored("flow", "99 CFM"));
  });

  it("every unit pair: the converted bound matches a machine rated at exactly the typed figure, upper bounds too", () => {
    for (const [quantity, typed, unit] of [
      ["flow", "100", "cfm"],
      ["flow", "1.7", "m3/min"],
      ["pressure", "100", "psi"],
      ["pressure", "7", "bar"],
      ["power", "15", "hp"],
      ["power", "11", "kw"],
    ] as const) {
      const rated = stored(quantity, `${typed} ${unit}`);
      for (const other of FINDER_UNITS[quantity]) {
        const bound = toCanonical(quantity, Number(convertTyped(quantity, typed, unit, other)), other);
        expect(rated, `${typed} ${unit} as ${other}`).toBeGreaterThanOrEqual(boundAtLeast(bound));
        expect(rated, `${typed} ${unit} as ${other}`).toBeLessThanOrEqual(boundAtMost(bound));
      }
    }
  });
});

describe("a specification that states a figure (compare)", () => {
  it("is read with its quantity; other text is not", () => {
    expect(statedFigure("60 CFM")).toEqual({ quantity: "flow", min: stored("flow", "60 CFM"), max: stored("flow", "60 CFM") });
    expect(statedFigure("35 – 128 CFM")?.quantity).toBe("flow");
    expect(statedFigure("7.5 bar")).toEqual({ quantity: "pressure", min: 7.5, max: 7.5 });
    expect(statedFigure("310 kg")?.quantity).toBe("weight");
    expect(statedFigure("67 dB(A)")?.quantity).toBe("noise");
    expect(statedFigure("11 kW / 15 HP, IE3")).toBeNull();
    expect(statedFigure("1080 × 760 × 1050 mm")).toBeNull();
    expect(statedFigure("12")).toBeNull();
  });
});
