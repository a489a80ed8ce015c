import { describe, expect, it } from "vitest";
import { slugify, uniqueSlug } from "../../shared/lib/slug";

describe("slugify", () => {
  it.each([
    ["Rotary Screw Compressors", "rotary-screw-compressors"],
    ["Oil-Free Scroll (10 HP)", "oil-free-scroll-10-hp"],
    ["  Dryers & Filters  ", "dryers-and-filters"],
    ["Café Crème", "cafe-creme"],
    ["PN-RC 5 / Two-Stage", "pn-rc-5-two-stage"],
    ["!!!", "item"],
    ["", "item"],
  ])("%j → %j", (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it("keeps slugs short without a trailing hyphen", () => {
    const slug = slugify(`${"word ".repeat(40)}end`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith("-")).toBe(false);
  });
});

describe("uniqueSlug", () => {
  it("appends -2, -3 … while the slug is taken", async () => {
    const taken = new Set(["pump", "pump-2"]);
    expect(await uniqueSlug("pump", async (s) => taken.has(s))).toBe("pump-3");
    expect(await uniqueSlug("fan", async (s) => taken.has(s))).toBe("fan");
  });
});
