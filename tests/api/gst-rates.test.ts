import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoHsnCodes } from "../../server/seed/demo";
import { newId } from "../../shared/lib/ids";
import { DEFAULT_GST_RATES, rateOn } from "../../shared/sales/gst";
import { startTestServer, type TestServer } from "../support/server";
import { addStaff } from "../support/staff";

/** The GST rate table: the defaults from the migration, owners add a rate when the law changes, all read it. */

let s: TestServer;
let owner: string;
let sales: string;

beforeAll(async () => {
  s = await startTestServer();
  owner = await s.login();
  sales = (await addStaff(s, owner, "sales")).token;
});
afterAll(() => s?.close());

const table = async () =>
  (await s.request("GET", "/api/gst-rates", { token: sales })).body as { hsn: string; rate: number; effectiveFrom: string }[];

describe("/api/gst-rates", () => {
  it("starts with every code the catalogue and the usual free lines need, each with what it covers, 18% from 1 July 2017 (issue 45)", async () => {
    const res = await s.request("GET", "/api/gst-rates", { token: sales });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-total-count")).toBe(String(DEFAULT_GST_RATES.length));
    type Row = { hsn: string; rate: number; effectiveFrom: string; description: string };
    expect(res.body.map((r: Row) => [r.hsn, r.rate, r.effectiveFrom, r.description])).toEqual(
      DEFAULT_GST_RATES.map((r) => [r.hsn, r.rateBasisPoints / 100, r.effectiveFrom, r.description]),
    );
    const rates = res.body.map((r: Row) => ({ hsn: r.hsn, rateBasisPoints: r.rate * 100, effectiveFrom: r.effectiveFrom }));
    // Compressors and their parts, dryers and filters (the demo's air treatment), a receiver, a drain valve;
    // installation and commissioning, an AMC, freight.
    for (const code of ["84148011", "84149090", "84213920", "84219900", "73110090", "84818090", "998732", "998717", "996511"]) {
      expect(rateOn(rates, code, "2026-11-29")?.rateBasisPoints, code).toBe(1800);
    }
    // Every HSN code of the demo catalogue has a rate.
    expect(demoHsnCodes().length).toBeGreaterThan(1);
    for (const hsn of demoHsnCodes()) expect(rateOn(rates, hsn, "2026-11-29"), hsn).not.toBeNull();
  });

  it("keeps what an owner says a code covers, on one line", async () => {
    const res = await s.request("POST", "/api/gst-rates", {
      token: owner,
      json: { hsn: "84212300", rate: 18, effectiveFrom: "2027-01-01", description: "  Oil filters\nfor screw compressors " },
    });
    expect(res.status).toBe(201);
    expect(res.body.description).toBe("Oil filters for screw compressors");
    const long = await s.request("POST", "/api/gst-rates", {
      token: owner,
      json: { hsn: "84212400", rate: 18, effectiveFrom: "2027-01-01", description: "x".repeat(121) },
    });
    expect(long.status).toBe(400);
    expect(long.text).toContain("Description must be at most 120 characters.");
  });

  it("takes a new rate from a day on; the old one stays for the days before it", async () => {
    const res = await s.request("POST", "/api/gst-rates", {
      token: owner,
      json: { hsn: "8414 80", rate: "12.5", effectiveFrom: "2027-04-01" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ hsn: "841480", rate: 12.5, effectiveFrom: "2027-04-01" });
    const rates = (await table()).map((r) => ({
      hsn: r.hsn,
      rateBasisPoints: Math.round(r.rate * 100),
      effectiveFrom: r.effectiveFrom,
    }));
    expect(rateOn(rates, "84148011", "2027-03-31")?.rateBasisPoints).toBe(1800);
    expect(rateOn(rates, "84148011", "2027-04-01")?.rateBasisPoints).toBe(1250);
  });

  it.each([
    [
      { hsn: "84", rate: 18, effectiveFrom: "2027-01-01" },
      "HSN code must be 4, 6 or 8 digits (a SAC code for services is 6, like 998717).",
    ],
    [
      { hsn: "8414", rate: 18.125, effectiveFrom: "2027-01-01" },
      "Rate must be a percentage from 0 to 100 with at most two decimals, like 18 or 0.25.",
    ],
    [
      { hsn: "8414", rate: 101, effectiveFrom: "2027-01-01" },
      "Rate must be a percentage from 0 to 100 with at most two decimals, like 18 or 0.25.",
    ],
    [
      { hsn: "8414", rate: 18, effectiveFrom: "2027-02-30" },
      "Effective from must be a real date from the year 1900 to 9999, like 2026-01-31.",
    ],
  ])("refuses %j with 400 and a message in words; nothing added", async (json, message) => {
    const before = (await table()).length;
    const res = await s.request("POST", "/api/gst-rates", { token: owner, json });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await table()).length).toBe(before);
  });

  it("refuses a second rate for the same code and day (409), and deletes a wrong entry", async () => {
    const again = await s.request("POST", "/api/gst-rates", {
      token: owner,
      json: { hsn: "8414", rate: 28, effectiveFrom: "2017-07-01" },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("HSN 8414 already has a rate from 2017-07-01: delete that one first.");
    const wrong = await s.request("POST", "/api/gst-rates", {
      token: owner,
      json: { hsn: "998717", rate: 5, effectiveFrom: "2030-01-01" },
    });
    expect((await s.request("DELETE", `/api/gst-rates/${wrong.body._id}`, { token: owner })).status).toBe(200);
    expect((await table()).some((r) => r.effectiveFrom === "2030-01-01")).toBe(false);
    expect((await s.request("DELETE", `/api/gst-rates/${newId()}`, { token: owner })).status).toBe(404);
  });
});
