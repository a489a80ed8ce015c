import { describe, expect, it } from "vitest";
import { formatIndiaTime } from "../../server/mail/enquiry-emails";

/** The time an enquiry arrived, as its e-mails give it (India time, 24-hour clock). */
describe("formatIndiaTime", () => {
  it("writes the half hour after midnight as 00:23, not 24:23", () => {
    expect(formatIndiaTime("2026-11-28T18:53:00Z")).toBe("29 Nov 2026, 00:23 (India time)");
  });

  it("writes the afternoon on the 24-hour clock", () => {
    expect(formatIndiaTime("2026-11-28T09:15:00Z")).toBe("28 Nov 2026, 14:45 (India time)");
  });
});
