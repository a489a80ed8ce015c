import { describe, expect, it } from "vitest";
import { ageText } from "../../app/components/admin/deal-parts";
import { durationText } from "../../app/components/admin/sales-figures";

/** Times as the sales desk says them (issue 45): how long a lead has waited (My day). */
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

/** The sales figures' median time to first response, from whole minutes (issue 45: 7 minutes showed as "6 minutes"). */
describe("durationText", () => {
  it.each([
    [null, "—"],
    [1, "1 minute"],
    [7, "7 minutes"],
    [59, "59 minutes"],
    [90, "1.5 hours"],
    [47 * 60, "47 hours"],
    [72 * 60, "3 days"],
  ])("%s minutes is %s", (minutes, text) => {
    expect(durationText(minutes)).toBe(text);
  });
});
