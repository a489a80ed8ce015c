import { describe, expect, it } from "vitest";
import { withinOneWorkingDay } from "../../server/sales/deal-stats";

/** India time is UTC+05:30; Sunday is not a working day. */
const ist = (text: string) => new Date(`${text}+05:30`);

describe("withinOneWorkingDay", () => {
  it("is up to the same time on the next day", () => {
    expect(withinOneWorkingDay(ist("2026-11-24T10:00:00"), ist("2026-11-25T10:00:00"))).toBe(true);
    expect(withinOneWorkingDay(ist("2026-11-24T10:00:00"), ist("2026-11-25T10:00:01"))).toBe(false);
  });

  it("skips a Sunday: a Saturday's lead answered on Monday by the same time is in time", () => {
    // 28 November 2026 is a Saturday.
    expect(withinOneWorkingDay(ist("2026-11-28T17:00:00"), ist("2026-11-30T16:59:00"))).toBe(true);
    expect(withinOneWorkingDay(ist("2026-11-28T17:00:00"), ist("2026-11-30T17:01:00"))).toBe(false);
  });

  it("reads the day in India, not in UTC (Saturday 23:00 IST is Saturday 17:30 UTC)", () => {
    expect(withinOneWorkingDay(ist("2026-11-28T23:00:00"), ist("2026-11-30T22:00:00"))).toBe(true);
  });
});
