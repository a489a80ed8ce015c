import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../../server/db/content-tables";
import { deals, quotations } from "../../server/db/schema";
import { buyer, seedProducts } from "../support/enquiries";
import { startTestServer, type TestServer } from "../support/server";
import { addStaff, type StaffAccount } from "../support/staff";

/** The sales figures: time to first response, open deals by stage in ₹, win rate, wins by source and product. */

let s: TestServer;
let owner: string;
let asha: StaffAccount;
const HOUR = 3_600_000;
const now = Date.now();

beforeAll(async () => {
  s = await startTestServer({ RATE_LIMITS: "off" });
  owner = await s.login();
  asha = await addStaff(s, owner, "sales", "asha");
  await s.request("PUT", "/api/settings", { token: owner, json: { gstin: "33AAKCP1998Q1ZI" } });
});
afterAll(() => s?.close());

async function deal(json: Record<string, unknown>) {
  const res = await s.request("POST", "/api/deals", { token: asha.token, json: { title: "Deal", ...json } });
  expect(res.status, res.text).toBe(201);
  return res.body._id as string;
}
/** The deal's times as if it had happened `hoursAgo` (the test sets the clock's results, not the clock). */
const dated = (id: string, times: { receivedAt?: number; firstResponseAt?: number; closedAt?: number }) =>
  s.ctx.db
    .update(deals)
    .set(Object.fromEntries(Object.entries(times).map(([k, v]) => [k, new Date(v)])))
    .where(eq(deals.id, id));

describe("GET /api/deals/stats", () => {
  it("counts the figures from the deals", async () => {
    await deal({ expectedValue: "100000" });
    await deal({ expectedValue: "50000.50" });
    await deal({ stage: "quoted", expectedValue: 200000 });
    // Won from a website lead, with a quotation naming a product; won from a manual lead; won with no lead.
    const [machine] = await seedProducts(s, ["PN-RS 50 Screw Compressor"]);
    await s.ctx.db.update(products).set({ hsn: "84148011", price: 500000 }).where(eq(products.id, machine!._id));
    const web = (await s.request("POST", "/api/quotes", { json: buyer({ email: "web@example.com" }) })).body.data._id;
    const manual = (
      await s.request("POST", "/api/contacts", { token: asha.token, json: { name: "Caller", phone: "9000000001" } })
    ).body.data._id;
    const customer = await s.request("POST", "/api/customers", {
      token: asha.token,
      json: { name: "Buyer", gstin: "33AAGCP4765J1Z5" },
    });
    const fromWeb = await deal({ contactId: web, customerId: customer.body._id, expectedValue: 1000000 });
    const quoted = await s.request("POST", "/api/quotations", {
      token: asha.token,
      json: { dealId: fromWeb, lines: [{ productId: machine!._id, quantity: 2 }] },
    });
    expect(quoted.status, quoted.text).toBe(201);
    for (const [id, stage] of [
      [fromWeb, "won"],
      [await deal({ contactId: manual, expectedValue: 300000 }), "won"],
      [await deal({ expectedValue: 5000 }), "won"],
      [await deal({}), "lost"],
    ] as const) {
      const res = await s.request("PUT", `/api/deals/${id}`, {
        token: asha.token,
        json: { title: "Deal", stage, lostReason: "Price" },
      });
      expect(res.status, res.text).toBe(200);
    }
    // Won long ago: outside the 90 days.
    const old = await deal({});
    await s.request("PUT", `/api/deals/${old}`, { token: asha.token, json: { title: "Deal", stage: "won" } });
    await dated(old, { closedAt: now - 100 * 24 * HOUR });

    const res = await s.request("GET", "/api/deals/stats", { token: asha.token });
    expect(res.status).toBe(200);
    expect(res.body.openByStage).toEqual([
      { stage: "new", deals: 2, value: 150000.5 },
      { stage: "qualified", deals: 0, value: 0 },
      { stage: "quoted", deals: 1, value: 200000 },
      { stage: "negotiating", deals: 0, value: 0 },
    ]);
    expect(res.body.winRate).toBe(0.75);
    expect(res.body.winsBySource).toEqual([
      { source: "direct", deals: 1, value: 5000 },
      { source: "manual", deals: 1, value: 300000 },
      { source: "website", deals: 1, value: 1000000 },
    ]);
    expect(res.body.winsByProduct).toEqual([{ productId: machine!._id, name: "PN-RS 50 Screw Compressor", deals: 1 }]);
  });

  it("takes the median time to first response in minutes, and the share of all leads answered within one working day", async () => {
    // The deals of the test before were received long ago: only these five are the period's leads.
    await s.ctx.db.update(deals).set({ receivedAt: new Date(now - 200 * 24 * HOUR), firstResponseAt: null });
    const [a, b, c, d] = [await deal({}), await deal({}), await deal({}), await deal({})];
    await dated(a, { receivedAt: now - 10 * HOUR, firstResponseAt: now - 10 * HOUR + 3 * 60_000 }); // 3 minutes
    await dated(b, { receivedAt: now - 40 * HOUR, firstResponseAt: now - 40 * HOUR + 7 * 60_000 }); // 7 minutes
    await dated(c, { receivedAt: now - 80 * HOUR, firstResponseAt: now }); // 80 h: more than a working day
    await dated(d, { receivedAt: now - 30 * HOUR }); // not answered
    const { firstResponse } = (await s.request("GET", "/api/deals/stats", { token: asha.token })).body;
    // Rounded to tenths of an hour first, 7 minutes was "0.1 h"; and the unanswered lead did not count.
    expect(firstResponse).toEqual({ leads: 4, deals: 3, unanswered: 1, medianMinutes: 7, withinOneWorkingDay: 2 / 4 });
  });

  it("are exported as CSV rows", async () => {
    const res = await s.request("GET", "/api/deals/stats.csv", { token: asha.token });
    expect(res.status).toBe(200);
    const lines = res.text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Figure,Of,Deals,Value (₹) or share");
    expect(lines).toContain("Open deals,Quoted,1,200000.00");
    expect(lines).toContain("Win rate (last 90 days),,,0.75");
    expect(lines).toContain('"First response, median minutes (last 90 days)",,3,7');
    expect(lines).toContain("Leads not answered yet (last 90 days),,1,");
    expect(lines).toContain("Wins by product (last 90 days),PN-RS 50 Screw Compressor,1,");
  });
  // Last: an acceptance wins its deal, which would move the figures above.
  it("list the last 7 days' acceptances, newest first: every deal's for an owner, a sales person's own for them", async () => {
    const ravi = await addStaff(s, owner, "sales", "ravi");
    const [machine] = await seedProducts(s, ["PN-RS 22 Screw Compressor"]);
    await s.ctx.db.update(products).set({ hsn: "84148011", price: 250000 }).where(eq(products.id, machine!._id));
    const customer = (
      await s.request("POST", "/api/customers", { token: asha.token, json: { name: "Kaveri Foods", gstin: "33AAGCP4765J1Z5" } })
    ).body._id;
    /** A quotation on a deal of `seller`'s, accepted (recorded by the owner, as a buyer's phone call is) `daysAgo`. */
    const accepted = async (seller: StaffAccount, daysAgo: number) => {
      const dealId = (
        await s.request("POST", "/api/deals", { token: seller.token, json: { title: "Deal", customerId: customer } })
      ).body._id;
      const made = await s.request("POST", "/api/quotations", {
        token: seller.token,
        json: { dealId, lines: [{ productId: machine!._id, quantity: 1 }] },
      });
      expect(made.status, made.text).toBe(201);
      const decided = await s.request("POST", `/api/quotations/${made.body._id}/decision`, {
        token: owner,
        json: { decision: "accept", name: "Priya Nair", how: "by phone" },
      });
      expect(decided.status, decided.text).toBe(200);
      await s.ctx.db
        .update(quotations)
        .set({ decidedAt: new Date(now - daysAgo * 24 * HOUR) })
        .where(eq(quotations.id, made.body._id));
      return made.body as { _id: string; number: string; total: number };
    };
    const ashas = await accepted(asha, 1);
    const ravis = await accepted(ravi, 2);
    await accepted(asha, 8); // before the last 7 days

    const seen = async (token: string) =>
      ((await s.request("GET", "/api/deals/stats", { token })).body.recentAcceptances as { _id: string }[]).map((a) => a._id);
    expect(await seen(owner)).toEqual([ashas._id, ravis._id]);
    expect(await seen(asha.token)).toEqual([ashas._id]);
    expect(await seen(ravi.token)).toEqual([ravis._id]);
    const [first] = (await s.request("GET", "/api/deals/stats", { token: asha.token })).body.recentAcceptances;
    expect(first).toMatchObject({
      number: ashas.number,
      version: 1,
      customerId: customer,
      customer: "Kaveri Foods",
      totalPaise: Math.round(ashas.total * 100),
      acceptedAt: new Date(now - 24 * HOUR).toISOString(),
    });
    expect(Number.isInteger(first.totalPaise)).toBe(true);
  });
});
