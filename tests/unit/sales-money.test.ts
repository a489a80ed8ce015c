import { describe, expect, it } from "vitest";
import { formatRupees, paiseToRupees, rupeesToPaise, toHundredths } from "../../shared/sales/money";

describe("rupeesToPaise", () => {
  it.each([
    [1250000.5, 125000050],
    ["1250000.50", 125000050],
    [" 12.5 ", 1250],
    ["1.500", 150],
    [0, 0],
    ["0.00", 0],
    [7499.99, 749999],
    [1.15, 115], // 1.15 * 100 is 114.99999999999999 as a float
    [4.35, 435], // 4.35 * 100 is 434.99999999999994
  ])("%j → %j", (rupees, paise) => {
    expect(rupeesToPaise(rupees)).toBe(paise);
  });

  it("adds 0.1 and 0.2 rupees exactly in paise, and refuses the float 0.1 + 0.2 (more than two decimals)", () => {
    expect(rupeesToPaise(0.1)! + rupeesToPaise(0.2)!).toBe(30);
    expect(rupeesToPaise(0.3)).toBe(30);
    expect(rupeesToPaise(0.1 + 0.2)).toBeNull();
  });

  it.each([
    ["three decimals", "1.005"],
    ["three decimals as a number", 1.005],
    ["NaN", Number.NaN],
    ["infinity", Number.POSITIVE_INFINITY],
    ["an exponent", "1e3"],
    ["a tiny float", 1e-7],
    ["words", "ten"],
    ["grouping commas", "1,250"],
    ["an empty text", ""],
    ["a bare point", "1."],
    ["past the safe integers", "90071992547410"],
  ])("refuses %s", (_label, value) => {
    expect(rupeesToPaise(value)).toBeNull();
  });

  it("refuses negatives unless allowed, and never gives -0", () => {
    expect(rupeesToPaise(-0.4)).toBeNull();
    expect(rupeesToPaise("-0.40", { allowNegative: true })).toBe(-40);
    expect(Object.is(rupeesToPaise("-0.00"), 0)).toBe(true);
    expect(Object.is(rupeesToPaise(-0), 0)).toBe(true);
  });

  it("reaches the largest safe amount exactly", () => {
    expect(rupeesToPaise("90071992547409.91")).toBe(Number.MAX_SAFE_INTEGER);
    expect(rupeesToPaise("90071992547409.92")).toBeNull();
  });

  it("reads quantities and percents the same way (toHundredths)", () => {
    expect(toHundredths(12.5)).toBe(1250);
    expect(toHundredths("33.33")).toBe(3333);
    expect(toHundredths(33.333)).toBeNull();
  });
});

describe("paiseToRupees", () => {
  it("gives the decimal rupees a JSON answer prints", () => {
    expect(paiseToRupees(125000050)).toBe(1250000.5);
    expect(JSON.stringify(paiseToRupees(30))).toBe("0.3");
    expect(JSON.stringify(paiseToRupees(11))).toBe("0.11");
    expect(paiseToRupees(-40)).toBe(-0.4);
    expect(Object.is(paiseToRupees(-0), 0)).toBe(true);
  });

  it("round-trips every paisa of a range through JSON", () => {
    for (let paise = 0; paise < 100_000; paise += 1) {
      expect(rupeesToPaise(JSON.parse(JSON.stringify(paiseToRupees(paise))))).toBe(paise);
    }
  });

  it("refuses a fractional paisa", () => {
    expect(() => paiseToRupees(1.5)).toThrow(RangeError);
  });
});

describe("formatRupees", () => {
  it.each([
    [125000050, "₹12,50,000.50"],
    [0, "₹0.00"],
    [5, "₹0.05"],
    [99900, "₹999.00"],
    [100000, "₹1,000.00"],
    [10000000, "₹1,00,000.00"],
    [1000000000, "₹1,00,00,000.00"],
    [12345678901, "₹12,34,56,789.01"],
    [-40, "-₹0.40"],
    [-125000050, "-₹12,50,000.50"],
  ])("%d → %s", (paise, text) => {
    expect(formatRupees(paise)).toBe(text);
  });

  it("matches Intl's en-IN rupees (digit grouping and sign)", () => {
    const intl = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });
    for (const paise of [0, 40, -40, 123456789, 98765432101, -100000]) {
      expect(formatRupees(paise)).toBe(intl.format(paise / 100));
    }
  });
});
