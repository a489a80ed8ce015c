import { describe, expect, it } from "vitest";
import { z } from "zod";
import { keyFigureInput, keyFigureLines, keyFiguresInputView } from "../../shared/content/product-figures";
import { figuresInQuery } from "../../shared/content/product-finder";
import {
  formatFigure,
  formatRange,
  fromCanonical,
  parseFigure,
  roundForReading,
  toCanonical,
  unitFromText,
} from "../../shared/lib/units";

// Reference values: NIST Special Publication 811 (2008 edition), "Guide for the Use of the International
// System of Units", Appendix B.8 "Factors for units listed alphabetically":
//   cubic foot per minute (ft³/min)        = 4.719 474 E-04 m³/s
//   pound-force per square inch (psi)      = 6.894 757 E+03 Pa
//   kilogram-force per square centimeter   = 9.806 65 E+04 Pa
//   horsepower (550 ft·lbf/s)              = 7.456 999 E+02 W
//   gallon [U.S.] (gal)                    = 3.785 412 E-03 m³
//   pound (avoirdupois) (lb)               = 4.535 924 E-01 kg
// and 1 bar = 10⁵ Pa by definition.
describe("unit conversions", () => {
  it("agree with NIST SP 811 to its printed precision", () => {
    expect(toCanonical("flow", 1, "cfm")).toBeCloseTo((4.719474e-4 * 60) / 1, 8); // m³/min
    expect(toCanonical("pressure", 1, "psi")).toBeCloseTo(6.894757e3 / 1e5, 8); // bar
    expect(toCanonical("pressure", 1, "kg/cm2")).toBeCloseTo(9.80665e4 / 1e5, 10);
    expect(toCanonical("power", 1, "hp")).toBeCloseTo(0.7456999, 7); // kW
    expect(toCanonical("volume", 1, "gal")).toBeCloseTo(3.785412, 6); // litres
    expect(toCanonical("weight", 1, "lb")).toBeCloseTo(0.4535924, 7);
    expect(toCanonical("flow", 1, "l/s")).toBe(0.06);
    expect(toCanonical("flow", 60, "m3/h")).toBe(1);
    expect(toCanonical("pressure", 0.7, "mpa")).toBeCloseTo(7, 12);
  });

  it("convert the catalogue figures a buyer reads (worked examples)", () => {
    // 250 CFM is about 7.08 m³/min; 7 bar is about 101.5 psi; 7.5 kW is about 10 HP; 1 m³/min ≈ 35.3 CFM.
    expect(roundForReading(toCanonical("flow", 250, "cfm"))).toBe(7.08);
    expect(roundForReading(fromCanonical("pressure", 7, "psi"))).toBe(102);
    expect(roundForReading(fromCanonical("power", 7.5, "hp"))).toBe(10.1);
    expect(roundForReading(fromCanonical("flow", 1, "cfm"))).toBe(35.3);
    expect(roundForReading(fromCanonical("flow", 1, "l/s"))).toBe(16.7);
  });

  it("round trip without drift", () => {
    for (const [q, unit] of [
      ["flow", "cfm"],
      ["pressure", "psi"],
      ["power", "hp"],
      ["volume", "gal"],
    ] as const) {
      expect(fromCanonical(q, toCanonical(q, 123.4, unit), unit)).toBeCloseTo(123.4, 9);
    }
  });

  it("format for reading: three significant digits, never less than whole numbers", () => {
    expect(formatFigure("flow", toCanonical("flow", 6.8, "cfm"), "cfm")).toBe("6.8 CFM");
    expect(formatFigure("flow", 0.192555)).toBe("0.193 m³/min");
    expect(formatFigure("flow", toCanonical("flow", 1250, "cfm"), "cfm")).toBe("1,250 CFM");
    expect(formatFigure("pressure", 12)).toBe("12 bar");
    expect(formatRange("flow", { min: 1, max: 3.6 })).toBe("1–3.6 m³/min");
    expect(formatRange("flow", { min: 2, max: 2 })).toBe("2 m³/min");
  });

  it("recognise units as people type them", () => {
    expect(unitFromText("flow", "CFM")).toBe("cfm");
    expect(unitFromText("flow", "m³/min")).toBe("m3/min");
    expect(unitFromText("pressure", "kg/cm²")).toBe("kg/cm2");
    expect(unitFromText("pressure", "Bar(g)")).toBe("bar");
    expect(unitFromText("power", "HP")).toBe("hp");
    expect(unitFromText("volume", "litres")).toBe("l");
    expect(unitFromText("flow", "furlongs")).toBeNull();
  });
});

describe("parseFigure", () => {
  const flow = (text: string, unit?: string) => parseFigure("flow", text, { unit, range: true, label: "Free air delivery" });

  it("reads a number in the chosen unit, or the unit written after it", () => {
    expect(flow("7.08")).toEqual({ ok: true, min: 7.08, max: 7.08 });
    expect(flow("250", "cfm")).toEqual({ ok: true, min: 7.07921, max: 7.07921 });
    expect(flow("250 cfm", "l/s")).toEqual({ ok: true, min: 7.07921, max: 7.07921 });
    expect(flow("1,250 CFM")).toMatchObject({ ok: true, min: 35.3961 });
    expect(flow("5.2-7.1")).toEqual({ ok: true, min: 5.2, max: 7.1 });
    expect(flow("95 – 440 CFM")).toMatchObject({ ok: true, min: 2.6901, max: 12.4594 });
    expect(parseFigure("pressure", "100 to 150 psi", { label: "P", range: true })).toMatchObject({ ok: true, min: 6.89476 });
  });

  it("says what is wrong", () => {
    expect(flow("abc")).toEqual({ ok: false, message: "Free air delivery must be a number or a range such as 5-7." });
    expect(flow("7-5")).toEqual({
      ok: false,
      message: "Free air delivery: the first value of a range must not be larger than the second.",
    });
    expect(flow("7 furlongs")).toMatchObject({ ok: false, message: expect.stringContaining('unknown unit "furlongs"') });
    expect(parseFigure("power", "5-7", { label: "Motor power" })).toEqual({
      ok: false,
      message: "Motor power must be one number, not a range.",
    });
    expect(flow("-5")).toMatchObject({ ok: false });
  });
});

describe("product key figures input", () => {
  const figures = z.object(keyFigureInput);

  it("stores every figure in its canonical unit", () => {
    const parsed = figures.parse({
      freeAirDelivery: "35-128 CFM",
      maxPressure: "100 psi",
      motorPower: "30 HP",
      noiseLevel: 66,
      weight: "1,150 lb",
      tankVolume: "",
      compressorType: "Rotary-Screw",
      lubrication: "oil-free",
      drive: null,
    });
    expect(parsed).toEqual({
      freeAirDelivery: { min: 0.99109, max: 3.62456 },
      maxPressure: 6.89476,
      motorPower: 22.371,
      noiseLevel: 66,
      weight: 521.631,
      tankVolume: null,
      compressorType: "rotary-screw",
      lubrication: "oil-free",
      drive: null,
      cooling: null,
    });
  });

  it("refuses nonsense with the field's own message", () => {
    const result = figures.safeParse({ maxPressure: "0", motorPower: "90000 kW", compressorType: "diesel", noiseLevel: "loud" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages).toEqual({
      maxPressure: "Maximum working pressure must be more than 0 and at most 1,000 bar.",
      motorPower: "Motor power must be more than 0 and at most 50,000 kW.",
      compressorType: "Compressor type must be one of: reciprocating, rotary-screw, scroll, rotary-vane, centrifugal.",
      noiseLevel: "Noise level must be a number.",
    });
  });

  it("gives the stored figures back as text that reads to the same values", () => {
    const stored = figures.parse({ freeAirDelivery: "2.69-12.46", maxPressure: "7", cooling: "water" });
    const view = keyFiguresInputView({ ...stored, weight: null });
    expect(figures.parse(view)).toEqual(stored);
  });

  it("describes a product's figures in metric with imperial beside it", () => {
    const f = figures.parse({
      compressorType: "reciprocating",
      freeAirDelivery: "17.5 CFM",
      maxPressure: "12 bar",
      motorPower: "3.7 kW",
      noiseLevel: "79",
      weight: "205 kg",
      tankVolume: "220 l",
      lubrication: "lubricated",
      cooling: "air",
    });
    expect(keyFigureLines(f).map((l) => `${l.label}: ${l.value}`)).toEqual([
      "Compressor type: Reciprocating (piston)",
      "Free air delivery: 0.496 m³/min (17.5 CFM)",
      "Maximum working pressure: 12 bar (174 psi)",
      "Motor power: 3.7 kW (4.96 HP)",
      "Noise level: 79 dB(A)",
      "Weight: 205 kg (452 lb)",
      "Receiver volume: 220 l (58.1 US gal)",
      "Oil-free or lubricated: Oil-lubricated",
      "Cooling: Air-cooled",
    ]);
  });
});

describe("figures in a search query", () => {
  const read = (q: string) => {
    const f = figuresInQuery(q);
    return { params: Object.fromEntries(f.params), description: f.description, rest: f.rest };
  };

  it("reads flow, pressure and power with their units, and leaves the words", () => {
    expect(read("250 cfm 7 bar")).toEqual({
      params: { flowMin: "250", flowUnit: "cfm", pressureMin: "7", pressureUnit: "bar" }, // best fit: the finder's order
      description: "250 CFM at 7 bar",
      rest: "",
    });
    expect(read("oil-free 1,250 CFM at 7,5 bar pharma")).toMatchObject({
      params: { flowMin: "1250", flowUnit: "cfm", pressureMin: "7.5", pressureUnit: "bar" },
      rest: "oil-free at pharma",
    });
    expect(read("screw 20hp")).toEqual({
      params: { powerMin: "16", powerMax: "24", powerUnit: "hp" },
      description: "20 HP",
      rest: "screw",
    });
    expect(read("7 kg/cm2 120 m3/h")).toMatchObject({
      params: { pressureMin: "7", pressureUnit: "kg/cm2", flowMin: "2", flowUnit: "m3/min" },
    });
  });

  it("leaves model names and plain numbers alone", () => {
    expect(read("PN-RS 15 rotary screw")).toEqual({ params: {}, description: "", rest: "PN-RS 15 rotary screw" });
    expect(read("rs15")).toEqual({ params: {}, description: "", rest: "rs15" });
    expect(read("RC 5 Two-Stage")).toEqual({ params: {}, description: "", rest: "RC 5 Two-Stage" });
  });
});
