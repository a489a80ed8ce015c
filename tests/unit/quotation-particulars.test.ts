import { describe, expect, it } from "vitest";
import { calculateQuotation } from "../../shared/sales/gst";
import { hsnSummary, ratePercent } from "../../shared/sales/hsn-summary";
import { paiseToRupees } from "../../shared/sales/money";
import { quotationInput } from "../../shared/sales/quotation";
import {
  FREIGHT_EX_WORKS_WARNING,
  freightExWorksWarning,
  placeOfSupply,
  yourRefText,
} from "../../shared/sales/quotation-particulars";

/** Lines as the API answers them (rupees), worked out by the quotation's own arithmetic. */
function answered(lines: { hsn: string; rate: number; price: number; quantity?: number }[], interState: boolean) {
  const amounts = calculateQuotation(
    lines.map((l) => ({ quantity: l.quantity ?? 1, unitPricePaise: l.price, discountPercent: 0, rateBasisPoints: l.rate })),
    interState,
  );
  return lines.map((l, i) => {
    const a = amounts.lines[i]!;
    return {
      hsn: l.hsn,
      gstRate: l.rate / 100,
      taxable: paiseToRupees(a.taxablePaise),
      cgst: paiseToRupees(a.cgstPaise),
      sgst: paiseToRupees(a.sgstPaise),
      igst: paiseToRupees(a.igstPaise),
    };
  });
}

describe("the HSN/SAC summary", () => {
  it("groups by code and rate, sums each line's rounded tax in paise, and totals to the quotation's tax", () => {
    // Odd paise: 18% of ₹0.03 is 0.54 paise, so CGST and SGST each round up on their own line.
    const lines = answered(
      [
        { hsn: "84148011", rate: 1800, price: 3 },
        { hsn: "84148011", rate: 1800, price: 3 },
        { hsn: "996511", rate: 1800, price: 850_000 },
        { hsn: "84148011", rate: 1200, price: 10_000_000, quantity: 2 },
      ],
      false,
    );
    const { rows, totals } = hsnSummary(lines);
    expect(rows).toEqual([
      {
        hsn: "84148011",
        rateBasisPoints: 1200,
        taxablePaise: 20_000_000,
        cgstPaise: 1_200_000,
        sgstPaise: 1_200_000,
        igstPaise: 0,
        taxPaise: 2_400_000,
      },
      // Each ₹0.03 line: CGST 0.27 paise → 0, so 0 + 0; the row is the lines' sum, not 18% of ₹0.06 worked again.
      { hsn: "84148011", rateBasisPoints: 1800, taxablePaise: 6, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0 },
      {
        hsn: "996511",
        rateBasisPoints: 1800,
        taxablePaise: 850_000,
        cgstPaise: 76_500,
        sgstPaise: 76_500,
        igstPaise: 0,
        taxPaise: 153_000,
      },
    ]);
    const whole = calculateQuotation(
      [
        { quantity: 1, unitPricePaise: 3, discountPercent: 0, rateBasisPoints: 1800 },
        { quantity: 1, unitPricePaise: 3, discountPercent: 0, rateBasisPoints: 1800 },
        { quantity: 1, unitPricePaise: 850_000, discountPercent: 0, rateBasisPoints: 1800 },
        { quantity: 2, unitPricePaise: 10_000_000, discountPercent: 0, rateBasisPoints: 1200 },
      ],
      false,
    ).totals;
    expect(totals).toEqual({
      taxablePaise: whole.taxablePaise,
      cgstPaise: whole.cgstPaise,
      sgstPaise: whole.sgstPaise,
      igstPaise: 0,
      taxPaise: whole.cgstPaise + whole.sgstPaise,
    });
  });

  it("between states: IGST only; amounts past a float's exactness stay whole paise", () => {
    const lines = answered(
      [
        { hsn: "8414", rate: 1800, price: 12_345_678_901 },
        { hsn: "8414", rate: 1800, price: 99 },
      ],
      true,
    );
    const { rows, totals } = hsnSummary(lines);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ taxablePaise: 12_345_678_901 + 99, cgstPaise: 0, sgstPaise: 0 });
    expect(rows[0]!.igstPaise).toBe(2_222_222_202 + 18);
    expect(totals.taxPaise).toBe(rows[0]!.igstPaise);
    expect(hsnSummary([])).toEqual({
      rows: [],
      totals: { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0 },
    });
  });

  it("prints rates as percent: CGST is half of 18%, 5% or 0.25%", () => {
    expect([1800, 900, 250, 12.5, 0].map(ratePercent)).toEqual(["18%", "9%", "2.5%", "0.125%", "0%"]);
  });
});

describe("the particulars' words", () => {
  it("place of supply is the buyer's state with its code; Your ref. names the enquiry and its day", () => {
    expect(placeOfSupply({ state: "Tamil Nadu", stateCode: "33" })).toBe("Tamil Nadu (33)");
    expect(placeOfSupply({ state: "", stateCode: "" })).toBe("");
    expect(yourRefText({ yourRef: "Q-2026-00042", yourRefDate: "2026-11-29" })).toBe("Q-2026-00042 dated 29 Nov 2026");
    expect(yourRefText({ yourRef: "PO 7781", yourRefDate: null })).toBe("PO 7781");
    expect(yourRefText({ yourRef: "", yourRefDate: null })).toBe("");
  });

  it("the input strips control characters from one-line particulars and checks the ship-to's state and date", () => {
    const base = { dealId: "d", lines: [{ description: "Dryer", hsn: "8421", quantity: 1, unitPrice: 1 }] };
    const parsed = quotationInput.parse({
      ...base,
      particulars: { kindAttn: " Priya\r\nNair\u0000 ", yourRef: "PO\t7781", shipTo: { line1: "Gate 2", state: "tamilnadu" } },
    });
    expect(parsed.particulars).toEqual({
      kindAttn: "Priya  Nair",
      yourRef: "PO 7781",
      shipTo: { line1: "Gate 2", city: "", state: "Tamil Nadu", pincode: "", country: "India" },
    });
    // Left out, the server fills them: no empty ship-to by default.
    expect(quotationInput.parse(base).particulars).toBeUndefined();
    expect(quotationInput.parse({ ...base, particulars: {} }).particulars).toEqual({});
    const bad = quotationInput.safeParse({ ...base, particulars: { shipTo: { state: "Atlantis" }, yourRefDate: "2026-02-31" } });
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'Ship-to address state "Atlantis" is not an Indian state or union territory.',
      "Your ref. date must be a real date from the year 1900 to 9999, like 2026-01-31.",
    ]);
  });
});

describe("freight on an ex-works quotation", () => {
  const freight = { hsn: "996511", description: "Freight to site", unitPrice: 8500 };
  const compressor = { hsn: "84148011", description: "PN-RS 50", unitPrice: 1_000_000 };
  const exWorks = { delivery: "Ex-works Salem, within 4 weeks of the order." };

  it("warns when a charged freight line (SAC 9965…, or the word) meets ex-works in any spelling", () => {
    expect(freightExWorksWarning({ lines: [compressor, freight], terms: exWorks })).toBe(FREIGHT_EX_WORKS_WARNING);
    for (const delivery of ["EX WORKS, Salem", "ex works", "Price ex-Works our factory", "exworks"]) {
      expect(freightExWorksWarning({ lines: [freight], terms: { delivery } }), delivery).toBe(FREIGHT_EX_WORKS_WARNING);
    }
    // The word alone marks it, whatever its code; a code of 9965… alone too.
    const byWord = { hsn: "998732", description: "Installation and FREIGHT", unitPrice: 1 };
    expect(freightExWorksWarning({ lines: [byWord], terms: exWorks })).not.toBeNull();
    expect(freightExWorksWarning({ lines: [{ ...freight, description: "Transport" }], terms: exWorks })).not.toBeNull();
    expect(FREIGHT_EX_WORKS_WARNING).toBe(
      "This quotation charges freight, but its delivery terms say ex-works (the buyer collects). Change one of them, or send it as it is.",
    );
  });

  it("stays quiet for free freight, freight without ex-works, and ex-works without freight", () => {
    expect(freightExWorksWarning({ lines: [compressor, { ...freight, unitPrice: 0 }], terms: exWorks })).toBeNull();
    expect(freightExWorksWarning({ lines: [{ ...freight, discountPercent: 100 }], terms: exWorks })).toBeNull();
    expect(freightExWorksWarning({ lines: [freight], terms: { delivery: "Delivered to your site, Coimbatore." } })).toBeNull();
    expect(freightExWorksWarning({ lines: [compressor], terms: exWorks })).toBeNull();
    // Not the word inside another: "networks" is no "ex works".
    expect(freightExWorksWarning({ lines: [freight], terms: { delivery: "Via our dealer networks" } })).toBeNull();
  });
});
