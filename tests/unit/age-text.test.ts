import { describe, expect, it } from "vitest";
import { ageText } from "../../app/components/admin/deal-parts";

/** How long a lead has waited, as My day says it (issue 45). */
describe("ageText", () => {
  const now = Date.parse("2026-11-29T12:00:00Z");
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it.each([
    [30_000, "just now"],
    [60_000, "1 minute ago"],
    [59 * 60_000, "59 minutes ago"],
    [60 * 60_000, "1 hour ago"],
    [47 * 3_600_000, "47 hours ago"],
    [48 * 3_600_000, "2 days ago"],
    [-5 * 60_000, "just now"],
  ])("%d ms before is %s", (ms, text) => {
    expect(ageText(ago(ms), now)).toBe(text);
  });
});
