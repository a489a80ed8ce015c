import { describe, expect, it } from "vitest";
import { amountInWords } from "../../shared/sales/amount-in-words";
import {
  calculateQuotation,
  DEFAULT_GST_RATES,
  type GstRate,
  isHsnCode,
  QuotationInputError,
  type QuotationLine,
  quotationLineProblem,
  rateOn,
  taxSplitOf,
} from "../../shared/sales/gst";

const line = (over: Partial<QuotationLine>): QuotationLine => ({
  description: "Screw compressor",
  hsn: "84148011",
  quantity: 1,
  unitPricePaise: 0,
  discountPercent: 0,
  rateBasisPoints: 1800,
  ...over,
});

describe("calculateQuotation: a quotation worked by hand", () => {
  /*
   * Inside Tamil Nadu (CGST + SGST), four lines:
   * 1. Screw compressor 15 kW, HSN 84148011, 2 × ₹4,85,000.00, 7.5% off, 18%:
   *    gross 9,70,000.00; discount 72,750.00; taxable 8,97,250.00; CGST 9% 80,752.50; SGST 80,752.50; 10,58,755.00
   * 2. Pressure switch, HSN 84149090, 3 × ₹1,234.55, 12.5% off, 18%:
   *    gross 3,703.65; discount 462.95625 → 462.96; taxable 3,240.69; CGST 291.6621 → 291.66; SGST 291.66; 3,824.01
   * 3. Installation, SAC 998717, 1 × ₹7,499.99, 18%:
   *    taxable 7,499.99; CGST 674.9991 → 675.00; SGST 675.00; 8,849.99
   * 4. Freight, SAC 996511, 1 × ₹2,500.35, 12%:
   *    taxable 2,500.35; CGST 6% 150.021 → 150.02; SGST 150.02; 2,800.39
   * Taxable 9,10,491.03; CGST 81,869.18; SGST 81,869.18; exact total 10,74,229.39;
   * rounded to the rupee 10,74,229.00, round-off −0.39.
   */
  const lines = [
    line({ quantity: 2, unitPricePaise: 48500000, discountPercent: 7.5 }),
    line({ description: "Pressure switch", hsn: "84149090", quantity: 3, unitPricePaise: 123455, discountPercent: 12.5 }),
    line({ description: "Installation", hsn: "998717", unitPricePaise: 749999 }),
    line({ description: "Freight", hsn: "996511", unitPricePaise: 250035, rateBasisPoints: 1200 }),
  ];

  it("inside the state: CGST and SGST per line and in total", () => {
    const { lines: amounts, totals } = calculateQuotation(lines, false);
    expect(amounts).toEqual([
      {
        grossPaise: 97000000,
        discountPaise: 7275000,
        taxablePaise: 89725000,
        cgstPaise: 8075250,
        sgstPaise: 8075250,
        igstPaise: 0,
        totalPaise: 105875500,
      },
      {
        grossPaise: 370365,
        discountPaise: 46296,
        taxablePaise: 324069,
        cgstPaise: 29166,
        sgstPaise: 29166,
        igstPaise: 0,
        totalPaise: 382401,
      },
      {
        grossPaise: 749999,
        discountPaise: 0,
        taxablePaise: 749999,
        cgstPaise: 67500,
        sgstPaise: 67500,
        igstPaise: 0,
        totalPaise: 884999,
      },
      {
        grossPaise: 250035,
        discountPaise: 0,
        taxablePaise: 250035,
        cgstPaise: 15002,
        sgstPaise: 15002,
        igstPaise: 0,
        totalPaise: 280039,
      },
    ]);
    expect(totals).toEqual({
      taxablePaise: 91049103,
      cgstPaise: 8186918,
      sgstPaise: 8186918,
      igstPaise: 0,
      exactTotalPaise: 107422939,
      roundOffPaise: -39,
      totalPaise: 107422900,
    });
    expect(amountInWords(totals.totalPaise)).toBe("Rupees Ten Lakh Seventy Four Thousand Two Hundred Twenty Nine Only");
  });

  it("between states: IGST at the full rate", () => {
    const { lines: amounts, totals } = calculateQuotation(lines, true);
    expect(amounts.map((a) => [a.cgstPaise, a.sgstPaise, a.igstPaise])).toEqual([
      [0, 0, 16150500],
      [0, 0, 58332],
      [0, 0, 135000],
      [0, 0, 30004],
    ]);
    expect(totals).toMatchObject({ taxablePaise: 91049103, cgstPaise: 0, sgstPaise: 0, igstPaise: 16373836, roundOffPaise: -39 });
  });
});

describe("calculateQuotation: rounding", () => {
  it("rounds CGST and SGST each on an odd half-paisa, one paisa over IGST", () => {
    // ₹1,000.50 at 18%: 9% is 90.045 → 90.05 each (180.10); 18% is 180.09.
    const intra = calculateQuotation([line({ unitPricePaise: 100050 })], false).lines[0]!;
    const inter = calculateQuotation([line({ unitPricePaise: 100050 })], true).lines[0]!;
    expect([intra.cgstPaise, intra.sgstPaise, intra.totalPaise]).toEqual([9005, 9005, 118060]);
    expect([inter.igstPaise, inter.totalPaise]).toEqual([18009, 118059]);
    // 50 paise: 4.5 → 5 each; IGST 9.
    expect(calculateQuotation([line({ unitPricePaise: 50 })], false).lines[0]).toMatchObject({ cgstPaise: 5, sgstPaise: 5 });
    expect(calculateQuotation([line({ unitPricePaise: 50 })], true).lines[0]).toMatchObject({ igstPaise: 9 });
  });

  it("halves an odd rate exactly (3%, and 0.25%: 0.125% each)", () => {
    expect(calculateQuotation([line({ unitPricePaise: 1000000, rateBasisPoints: 300 })], false).lines[0]).toMatchObject({
      cgstPaise: 15000,
      sgstPaise: 15000,
    });
    // 0.125% of ₹10.00 is 1.25 paise → 1 each; 0.25% is 2.5 → 3.
    expect(calculateQuotation([line({ unitPricePaise: 1000, rateBasisPoints: 25 })], false).lines[0]).toMatchObject({
      cgstPaise: 1,
    });
    expect(calculateQuotation([line({ unitPricePaise: 1000, rateBasisPoints: 25 })], true).lines[0]).toMatchObject({
      igstPaise: 3,
    });
  });

  it("rounds a fractional quantity's gross and a discount to the paisa, half up", () => {
    // 2.5 m × ₹333.33 = 833.325 → 833.33; 33.33% of ₹9.99 = 3.329667 → 3.33.
    expect(calculateQuotation([line({ quantity: 2.5, unitPricePaise: 33333 })], false).lines[0]!.grossPaise).toBe(83333);
    const discounted = calculateQuotation([line({ unitPricePaise: 999, discountPercent: 33.33 })], false).lines[0]!;
    expect([discounted.discountPaise, discounted.taxablePaise]).toEqual([333, 666]);
    const free = calculateQuotation([line({ unitPricePaise: 999, discountPercent: 100 })], false).lines[0]!;
    expect([free.taxablePaise, free.cgstPaise, free.totalPaise]).toEqual([0, 0, 0]);
    // 0.1 + 0.2 m does not reach the arithmetic as 0.30000000000000004: it is refused, 0.3 is exact.
    expect(calculateQuotation([line({ quantity: 0.3, unitPricePaise: 10 })], false).lines[0]!.grossPaise).toBe(3);
    expect(() => calculateQuotation([line({ quantity: 0.1 + 0.2, unitPricePaise: 10 })], false)).toThrow(QuotationInputError);
  });

  it.each([
    [10049, -49, 10000],
    [10050, 50, 10100],
    [10051, 49, 10100],
    [10000, 0, 10000],
    [0, 0, 0],
  ])("an exact total of %d paise rounds off by %d to %d", (exact, roundOff, total) => {
    const { totals } = calculateQuotation([line({ unitPricePaise: exact, rateBasisPoints: 0 })], false);
    expect(totals).toMatchObject({ exactTotalPaise: exact, roundOffPaise: roundOff, totalPaise: total });
  });

  it("keeps large products exact where floats are not (₹1,000 crore × 1,234.57)", () => {
    // 99,999,999,999.99 rupees × 1234.57 = 1,234,569,999,998,765.43 paise → …765; as floats it comes out …766.
    const price = 999_999_999_999;
    expect(Math.round((price * 123457) / 100)).toBe(1234569999998766);
    const { lines: amounts, totals } = calculateQuotation(
      [line({ quantity: 1234.57, unitPricePaise: price, discountPercent: 0.01 })],
      true,
    );
    expect(amounts[0]).toMatchObject({ grossPaise: 1234569999998765, discountPaise: 123457000000 });
    expect(totals.taxablePaise).toBe(1234569999998765 - 123457000000);
    expect(() => calculateQuotation([line({ quantity: 10000, unitPricePaise: 1_000_000_000_000 })], false)).toThrow(/too large/);
  });
});

describe("quotationLineProblem", () => {
  it.each([
    [{ quantity: 0 }, /Quantity/],
    [{ quantity: -1 }, /Quantity/],
    [{ quantity: 1.005 }, /Quantity/],
    [{ quantity: Number.NaN }, /Quantity/],
    [{ unitPricePaise: -1 }, /Unit price/],
    [{ unitPricePaise: 1.5 }, /Unit price/],
    [{ discountPercent: 100.01 }, /Discount/],
    [{ discountPercent: -5 }, /Discount/],
    [{ discountPercent: 12.345 }, /Discount/],
    [{ rateBasisPoints: 18.5 }, /GST rate/],
    [{ rateBasisPoints: 10001 }, /GST rate/],
  ])("%j → %s", (over, message) => {
    expect(quotationLineProblem(line(over))).toMatch(message);
    expect(() => calculateQuotation([line(over)], false)).toThrow(QuotationInputError);
  });

  it("passes a good line", () => {
    expect(quotationLineProblem(line({ quantity: 0.01, discountPercent: 100, rateBasisPoints: 0 }))).toBeNull();
  });
});

describe("taxSplitOf", () => {
  it("is intra inside the company's state and inter outside it", () => {
    expect(taxSplitOf("33", "33")).toBe("intra");
    expect(taxSplitOf("7", "07")).toBe("intra");
    expect(taxSplitOf("29", "33")).toBe("inter");
    expect(taxSplitOf("96", "33")).toBe("inter");
  });
});

describe("rateOn", () => {
  const rates: GstRate[] = [
    ...DEFAULT_GST_RATES,
    { hsn: "8414", rateBasisPoints: 2800, effectiveFrom: "2026-10-01" },
    { hsn: "84148011", rateBasisPoints: 1200, effectiveFrom: "2026-01-01" },
    { hsn: "841480", rateBasisPoints: 500, effectiveFrom: "2030-01-01" },
  ];

  it("takes the longest code in force that day, then the latest", () => {
    expect(rateOn(rates, "84148011", "2025-12-31")?.rateBasisPoints).toBe(1800);
    expect(rateOn(rates, "84148011", "2026-01-01")?.rateBasisPoints).toBe(1200);
    expect(rateOn(rates, "84148019", "2026-09-30")?.rateBasisPoints).toBe(1800);
    expect(rateOn(rates, "84148019", "2026-10-01")?.rateBasisPoints).toBe(2800);
    expect(rateOn(rates, "8414 80 19", "2030-01-01")?.rateBasisPoints).toBe(500);
    expect(rateOn(rates, "998717", "2026-05-01")).toMatchObject({
      hsn: "998717",
      rateBasisPoints: 1800,
      effectiveFrom: "2017-07-01",
    });
  });

  it("is null before any rate and for a code without one", () => {
    expect(rateOn(rates, "84148011", "2017-06-30")).toBeNull();
    expect(rateOn(rates, "8415", "2026-05-01")).toBeNull();
    expect(rateOn(rates, "841", "2026-05-01")).toBeNull();
  });

  it("knows an HSN or SAC code's shape", () => {
    expect(["8414", "841480", "84148011", "998717"].every(isHsnCode)).toBe(true);
    expect(["841", "84148", "841480111", "8414a", ""].some(isHsnCode)).toBe(false);
  });
});
