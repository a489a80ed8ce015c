import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
  it("starts with the defaults: 18% for compressors and parts (8414) and for services (SAC 998717), from 1 July 2017", async () => {
    const res = await s.request("GET", "/api/gst-rates", { token: sales });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-total-count")).toBe("2");
    expect(res.body.map((r: { hsn: string; rate: number; effectiveFrom: string }) => [r.hsn, r.rate, r.effectiveFrom])).toEqual(
      DEFAULT_GST_RATES.map((r) => [r.hsn, r.rateBasisPoints / 100, r.effectiveFrom]),
    );
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
