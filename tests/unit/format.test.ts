import { describe, expect, it } from "vitest";
import { formatPrice, PRICE_ON_REQUEST, reviewsLabel, splitDetails } from "../../app/lib/format";

describe("formatPrice", () => {
  it.each([
    [125000, "₹1,25,000"],
    [1450000, "₹14,50,000"],
    [999, "₹999"],
    [0, "₹0"],
    [85000.6, "₹85,001"],
    [12345678, "₹1,23,45,678"],
  ])("%d → %s", (price, expected) => {
    expect(formatPrice(price)).toBe(expected);
  });

  it("says Price on request without a price", () => {
    expect(formatPrice(null)).toBe(PRICE_ON_REQUEST);
    expect(formatPrice(undefined)).toBe("Price on request");
    expect(formatPrice(Number.NaN)).toBe("Price on request");
  });
});

describe("splitDetails", () => {
  it("splits on full stops and new lines and drops blanks", () => {
    expect(splitDetails("We inspect the site. We install the unit.\nWe train your staff.\n\n  Done ")).toEqual([
      "We inspect the site",
      "We install the unit",
      "We train your staff",
      "Done",
    ]);
  });

  it("keeps decimal numbers whole", () => {
    expect(splitDetails("Pressure up to 7.5 bar. Noise 68 dB")).toEqual(["Pressure up to 7.5 bar", "Noise 68 dB"]);
  });

  it("gives nothing for empty text", () => {
    expect(splitDetails("  \n . ")).toEqual([]);
  });
});

describe("reviewsLabel", () => {
  it("counts reviews", () => {
    expect(reviewsLabel(24)).toBe("(24 reviews)");
    expect(reviewsLabel(1)).toBe("(1 review)");
  });
});
