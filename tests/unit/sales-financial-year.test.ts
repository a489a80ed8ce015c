import { afterEach, describe, expect, it } from "vitest";
import {
  dayInWords,
  financialYearOf,
  indiaDateOf,
  parseQuotationNumber,
  quotationNumber,
} from "../../shared/sales/financial-year";

describe("financialYearOf (April–March, India time)", () => {
  it.each([
    ["2027-03-31T23:59:59.999+05:30", "2026-27"],
    ["2027-04-01T00:00:00.000+05:30", "2027-28"],
    // The same instants in UTC: 1 April begins in India at 18:30 UTC on 31 March.
    ["2027-03-31T18:29:59.999Z", "2026-27"],
    ["2027-03-31T18:30:00.000Z", "2027-28"],
    ["2026-04-01T00:00:00+05:30", "2026-27"],
    ["2026-12-31T23:59:59+05:30", "2026-27"],
    ["2027-01-01T00:00:00+05:30", "2026-27"],
    ["2099-04-01T00:00:00+05:30", "2099-00"],
    ["2100-03-31T23:59:59+05:30", "2099-00"],
    ["2009-04-01T00:00:00+05:30", "2009-10"],
  ])("%s → %s", (instant, year) => {
    expect(financialYearOf(new Date(instant))).toBe(year);
  });

  const savedZone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = savedZone;
  });

  it("does not depend on the machine's time zone", () => {
    for (const zone of ["UTC", "America/Los_Angeles", "Pacific/Kiritimati"]) {
      process.env.TZ = zone;
      expect(financialYearOf(new Date("2027-03-31T23:59:59.999+05:30"))).toBe("2026-27");
      expect(financialYearOf(new Date("2027-04-01T00:00:00+05:30"))).toBe("2027-28");
      expect(indiaDateOf(new Date("2027-03-31T18:30:00Z"))).toBe("2027-04-01");
    }
  });

  it("refuses an invalid date", () => {
    expect(() => financialYearOf(new Date("not a date"))).toThrow(RangeError);
  });
});

describe("quotation numbers", () => {
  it.each([
    ["PQ", "2026-27", 42, "PQ/2026-27/0042"],
    ["PQ", "2026-27", 1, "PQ/2026-27/0001"],
    ["PQ", "2026-27", 9999, "PQ/2026-27/9999"],
    ["PQ", "2026-27", 10000, "PQ/2026-27/10000"],
    ["PNE-Q", "2099-00", 7, "PNE-Q/2099-00/0007"],
  ])("%s, %s, %d → %s", (prefix, year, sequence, text) => {
    expect(quotationNumber(prefix, year, sequence)).toBe(text);
    expect(parseQuotationNumber(text)).toEqual({ prefix, year, sequence });
  });

  it.each([
    ["", "2026-27", 1],
    ["P/Q", "2026-27", 1],
    ["PQ", "2026-28", 1],
    ["PQ", "2026", 1],
    ["PQ", "2026-27", 0],
    ["PQ", "2026-27", 1.5],
  ])("refuses to make %j %j %j", (prefix, year, sequence) => {
    expect(() => quotationNumber(prefix, year, sequence)).toThrow(RangeError);
  });

  it.each([
    "PQ/2026-28/0042",
    "PQ/2026-27/42",
    "PQ/2026-27/00042",
    "PQ/2026-27/0000",
    "PQ-2026-27-0042",
    "PQ/2026-27/0042/2",
    "",
  ])("reads %j as no quotation number", (text) => {
    expect(parseQuotationNumber(text)).toBeNull();
  });
});

it("writes a day as people do in a message: 29 Nov 2026, never ISO (issue 45)", () => {
  expect(dayInWords("2026-11-29")).toBe("29 Nov 2026");
  expect(dayInWords("2027-01-05")).toBe("5 Jan 2027");
});
