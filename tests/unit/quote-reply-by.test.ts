import { describe, expect, it } from "vitest";
import { replyDueBy } from "../../app/components/quote/texts";

/** The quote receipt's "by when" (issue 30): the working day after the day the request arrived, in India. */
describe("replyDueBy", () => {
  it("is the next day, Monday to Saturday", () => {
    expect(replyDueBy(new Date("2026-11-23T06:00:00Z"))).toBe("Tuesday 24 November"); // Monday 11:30 IST
    expect(replyDueBy(new Date("2026-11-27T06:00:00Z"))).toBe("Saturday 28 November"); // Friday
  });

  it("skips Sunday, when the office is closed", () => {
    expect(replyDueBy(new Date("2026-11-28T06:00:00Z"))).toBe("Monday 30 November"); // Saturday
    expect(replyDueBy(new Date("2026-11-29T06:00:00Z"))).toBe("Monday 30 November"); // Sunday
  });

  it("counts the day in India time, not the server's", () => {
    // Friday 20:00 UTC is already Saturday 01:30 in India.
    expect(replyDueBy(new Date("2026-11-27T20:00:00Z"))).toBe("Monday 30 November");
    // Across a month and a year.
    expect(replyDueBy(new Date("2026-12-31T06:00:00Z"))).toBe("Friday 1 January");
  });
});
