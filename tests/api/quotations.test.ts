import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSettings } from "../../server/content/settings";
import { products } from "../../server/db/content-tables";
import { quotations } from "../../server/db/schema";
import { quotationPdf } from "../../server/sales/quotation-pdf";
import { newId } from "../../shared/lib/ids";
import { financialYearOf } from "../../shared/sales/financial-year";
import type { Quotation } from "../../shared/sales/quotation";
import { seedProducts } from "../support/enquiries";
import { startTestServer, type TestResponse, type TestServer } from "../support/server";
import { addStaff, type StaffAccount } from "../support/staff";

/**
 * GST quotations from a deal: lines from the catalogue and free ones, CGST + SGST inside Tamil Nadu or IGST
 * outside, the round-off and the amount in words, numbers within the financial year, versions.
 */

let s: TestServer;
let owner: string;
let asha: StaffAccount;
let compressor: { _id: string };
let onRequest: { _id: string };
const year = financialYearOf(new Date());

beforeAll(async () => {
  s = await startTestServer({ RATE_LIMITS: "off" });
  owner = await s.login();
  asha = await addStaff(s, owner, "sales", "asha");
  const saved = await s.request("PUT", "/api/settings", {
    token: owner,
    json: { gstin: "33AAKCP1998Q1ZI", address: "SIDCO Industrial Estate, Salem 636 005" },
  });
  expect(saved.status).toBe(200);
  const seeded = await seedProducts(s, ["PN-RS 50 Screw Compressor", "PN-RS 250 Screw Compressor"]);
  compressor = seeded[0]!;
  onRequest = seeded[1]!;
  await s.ctx.db.update(products).set({ hsn: "84148011", price: 500000 }).where(eq(products.id, compressor!._id));
  await s.ctx.db.update(products).set({ hsn: "84148011", price: null }).where(eq(products.id, onRequest!._id));
});
afterAll(() => s?.close());

async function dealFor(gstin: string, name: string, token = asha.token) {
  const customer = await s.request("POST", "/api/customers", { token, json: { name, gstin } });
  expect(customer.status, customer.text).toBe(201);
  const deal = await s.request("POST", "/api/deals", {
    token,
    json: { title: `${name}: screw compressors`, customerId: customer.body._id },
  });
  expect(deal.status, deal.text).toBe(201);
  return deal.body as { _id: string; customerId: string };
}

const quote = (json: Record<string, unknown>, token = asha.token) => s.request("POST", "/api/quotations", { token, json });

/** Two machines from the catalogue and an installation line with 10% off (worked out in the test's comments). */
const LINES = [
  { productId: "", quantity: 2 },
  {
    description: "Installation and commissioning",
    hsn: "998717",
    quantity: 1,
    unit: "Job",
    unitPrice: "12500.50",
    discountPercent: 10,
  },
];
const linesOf = () => [{ ...LINES[0], productId: compressor._id }, LINES[1]];

describe("a quotation inside Tamil Nadu", () => {
  let made: TestResponse;

  it("takes the product's name, HSN and price, splits 18% into CGST 9% + SGST 9% per line, rounds the total to the rupee", async () => {
    const deal = await dealFor("33AAGCP4765J1Z5", "Sri Murugan Mills");
    made = await quote({ dealId: deal._id, lines: linesOf(), terms: { notes: "Prices ex-works Salem." } });
    expect(made.body.number, JSON.stringify(made.body)).toMatch(new RegExp(`^PQ/${year}/\\d{4}$`));
    expect(made.body).toMatchObject({
      version: 1,
      status: "draft",
      taxSplit: "intra",
      seller: { name: "Pneuma Air Systems", gstin: "33AAKCP1998Q1ZI", stateCode: "33", state: "Tamil Nadu" },
      buyer: { name: "Sri Murugan Mills", gstin: "33AAGCP4765J1Z5", stateCode: "33" },
      lines: [
        // 2 × ₹5,00,000 = ₹10,00,000; 9% each is ₹90,000.
        {
          description: "PN-RS 50 Screw Compressor",
          hsn: "84148011",
          quantity: 2,
          unit: "No.",
          unitPrice: 500000,
          gstRate: 18,
          taxable: 1000000,
          cgst: 90000,
          sgst: 90000,
          igst: 0,
          total: 1180000,
        },
        // ₹12,500.50 less 10% (₹1,250.05) = ₹11,250.45; 9% is ₹1,012.5405, so ₹1,012.54 each.
        {
          description: "Installation and commissioning",
          hsn: "998717",
          unit: "Job",
          discountPercent: 10,
          taxable: 11250.45,
          cgst: 1012.54,
          sgst: 1012.54,
          igst: 0,
          total: 13275.53,
        },
      ],
      // ₹11,93,275.53 to the paisa; 53 paise round up to ₹11,93,276, a round-off of +₹0.47.
      taxable: 1011250.45,
      cgst: 91012.54,
      sgst: 91012.54,
      igst: 0,
      roundOff: 0.47,
      total: 1193276,
      amountInWords: "Rupees Eleven Lakh Ninety Three Thousand Two Hundred Seventy Six Only",
      terms: { notes: "Prices ex-works Salem.", payment: "50% advance with the order, the balance before dispatch." },
      preparedBy: "sales person",
    });
    expect(made.status).toBe(201);
    const [row] = await s.ctx.db.select().from(quotations).where(eq(quotations.id, made.body._id));
    expect([row!.totalPaise, row!.roundOffPaise, row!.cgstPaise]).toEqual([119327600, 47, 9101254]);
  });

  it("answers the lead: the deal moves to Quoted and has its first response", async () => {
    const deal = (await s.request("GET", `/api/deals/${made.body.dealId}`, { token: asha.token })).body;
    expect(deal.stage).toBe("quoted");
    expect(deal.firstResponseAt).toBe(made.body.createdAt);
  });

  it("is valid for the settings' days unless given, and the next quotation takes the next number", async () => {
    const days = (Date.parse(made.body.validUntil) - Date.parse(made.body.date)) / 86_400_000;
    expect(days).toBe(30);
    const next = await quote({ dealId: made.body.dealId, lines: [LINES[1]], validUntil: "2099-01-31" });
    expect(next.body.validUntil).toBe("2099-01-31");
    const sequence = (n: string) => Number(n.split("/")[2]);
    expect(sequence(next.body.number)).toBe(sequence(made.body.number) + 1);
  });

  it("is revised as version 2 of the same number; version 1 stays as it was, and both list each other", async () => {
    const revised = await s.request("POST", `/api/quotations/${made.body._id}/revise`, {
      token: asha.token,
      json: { lines: [{ ...linesOf()[0], discountPercent: 5 }], terms: { delivery: "Within 3 weeks." } },
    });
    expect(revised.status, revised.text).toBe(201);
    expect(revised.body).toMatchObject({
      number: made.body.number,
      version: 2,
      taxable: 950000,
      total: 1121000,
      terms: { delivery: "Within 3 weeks.", notes: "Prices ex-works Salem." },
    });
    expect(revised.body.versions.map((v: { version: number }) => v.version)).toEqual([1, 2]);
    const first = (await s.request("GET", `/api/quotations/${made.body._id}`, { token: asha.token })).body;
    expect(first).toMatchObject({ version: 1, total: 1193276 });
    expect(first.versions.map((v: { _id: string }) => v._id)).toEqual([made.body._id, revised.body._id]);
  });
});

describe("a quotation to another state", () => {
  it("charges IGST at the full rate and no CGST or SGST; under 50 paise the total rounds down", async () => {
    const deal = await dealFor("27AAPFU0939F1ZV", "Pune Forgings");
    const res = await quote({ dealId: deal._id, lines: [{ ...LINES[1], unitPrice: "12500.10" }] });
    expect(res.body).toMatchObject({
      taxSplit: "inter",
      buyer: { stateCode: "27", state: "Maharashtra" },
      // ₹12,500.10 less 10% (₹1,250.01) = ₹11,250.09; 18% is ₹2,025.0162: ₹2,025.02. ₹13,275.11 rounds down.
      lines: [{ taxable: 11250.09, igst: 2025.02, cgst: 0, sgst: 0 }],
      igst: 2025.02,
      cgst: 0,
      roundOff: -0.11,
      total: 13275,
      amountInWords: "Rupees Thirteen Thousand Two Hundred Seventy Five Only",
    });
  });
});

describe("what a quotation refuses (400 in words, nothing stored)", () => {
  let deal: { _id: string };
  beforeAll(async () => {
    deal = await dealFor("33AAPFU0939F1Z2", "Check Mills");
  });
  const count = async () => (await s.ctx.db.select().from(quotations)).length;

  it.each([
    [() => ({ lines: [] }), "A quotation needs at least one line."],
    [
      () => ({ lines: [{ productId: onRequest._id, quantity: 1 }] }),
      'Line 1: a unit price is required (the product\'s price is "on request").',
    ],
    [
      () => ({ lines: [{ description: "Courier", hsn: "996812", quantity: 1, unitPrice: 5000 }] }),
      "Line 1: there is no GST rate for HSN 996812 on ",
    ],
    [
      () => ({ lines: [{ description: "Freight", quantity: 1, unitPrice: 5000 }] }),
      "Line 1: an HSN or SAC code is required (it decides the GST rate).",
    ],
    [() => ({ lines: [{ ...LINES[1], quantity: 0 }] }), "Quantity must be a number above 0 with at most two decimals."],
    [
      () => ({ lines: [{ ...LINES[1], unitPrice: "10.001" }] }),
      "Unit price must be an amount in rupees of 0 or more, with at most two decimals.",
    ],
    [() => ({ lines: [LINES[1]], dealId: newId() }), "There is no such deal."],
    // Each amount fits on its own; with GST, or times the quantity, the total is past ₹90 lakh crore.
    [
      () => ({ lines: [{ ...LINES[1], unitPrice: "80000000000000", discountPercent: 0 }] }),
      "The quotation's amounts are too large to work out (over ₹90 lakh crore).",
    ],
    [
      () => ({ lines: [{ ...LINES[1], unitPrice: "1000000000000", quantity: 100 }] }),
      "The quotation's amounts are too large to work out (over ₹90 lakh crore).",
    ],
  ])("%#: %s", async (body, message) => {
    const before = await count();
    const res = await quote({ dealId: deal._id, ...body() });
    expect(res.status).toBe(400);
    expect(res.body.message.startsWith(message), res.body.message).toBe(true);
    expect(await count()).toBe(before);
  });

  it("a customer whose state is not known, or a company without its GSTIN", async () => {
    const customer = await s.request("POST", "/api/customers", { token: asha.token, json: { name: "No State Ltd" } });
    const noState = await quote({ dealId: deal._id, customerId: customer.body._id, lines: [LINES[1]] });
    expect(noState.status).toBe(400);
    expect(noState.body.message).toBe(
      "The customer's state is not known: add their GSTIN or their billing address's state, so the tax can be worked out.",
    );
    await s.request("PUT", "/api/settings", { token: owner, json: { gstin: "" } });
    try {
      const noGstin = await quote({ dealId: deal._id, lines: [LINES[1]] });
      expect(noGstin.status).toBe(400);
      expect(noGstin.body.message).toBe(
        "Set the company's GSTIN in Site Settings first: it decides CGST and SGST or IGST, and quotations print it.",
      );
    } finally {
      await s.request("PUT", "/api/settings", { token: owner, json: { gstin: "33AAKCP1998Q1ZI" } });
    }
  });

  it("another sales person's deal: 403, as for the deal itself", async () => {
    const bala = await addStaff(s, owner, "sales", "bala");
    const res = await quote({ dealId: deal._id, lines: [LINES[1]] }, bala.token);
    expect(res.status).toBe(403);
  });
});

describe("the buyer's link (issue 44: every sales person could answer any quotation in the buyer's name)", () => {
  it("is given to the deal's sales person and owners; another sales person reads the quotation without it", async () => {
    const deal = await dealFor("33AAGCP4765J1Z5", "Link Mills");
    const made = await quote({ dealId: deal._id, lines: [LINES[1]] });
    expect(made.status, made.text).toBe(201);
    const chitra = await addStaff(s, owner, "sales", "chitra");
    const read = (token: string) => s.request("GET", `/api/quotations/${made.body._id}`, { token });
    const [own, owners, other] = [await read(asha.token), await read(owner), await read(chitra.token)];
    expect(own.body.buyerPath).toMatch(/^\/quotation\/.+\..+$/);
    expect(owners.body.buyerPath).toBe(own.body.buyerPath);
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ _id: made.body._id, number: made.body.number });
    expect(other.body).not.toHaveProperty("buyerPath");
  });

  it("staff do not answer in the buyer's name: an owner records an answer given another way, as themselves", async () => {
    const deal = await dealFor("33AAGCP4765J1Z5", "Phone Answer Mills");
    const made = await quote({ dealId: deal._id, lines: [LINES[1]] });
    const record = (token: string, json: Record<string, unknown>) =>
      s.request("POST", `/api/quotations/${made.body._id}/decision`, { token, json });
    const byPhone = { decision: "accept", name: "Priya Nair", how: "by phone, 29 Nov" };

    const sales = await record(asha.token, byPhone);
    expect(sales.status).toBe(403);
    expect(sales.body.message).toBe("Only an owner can record the buyer's answer. The buyer answers on their own page.");
    const noHow = await record(owner, { ...byPhone, how: "" });
    expect(noHow.status).toBe(400);
    expect(noHow.body.message).toContain("Say how the buyer answered");
    expect((await s.request("GET", `/api/quotations/${made.body._id}`, { token: owner })).body).toMatchObject({
      status: "draft",
      decision: null,
    });

    const recorded = await record(owner, byPhone);
    expect(recorded.status, recorded.text).toBe(200);
    expect(recorded.body).toMatchObject({
      status: "accepted",
      decision: { name: "Priya Nair", ip: "", recordedBy: "admin", how: "by phone, 29 Nov" },
    });
    const won = (await s.request("GET", `/api/deals/${deal._id}`, { token: owner })).body;
    expect(won.stage).toBe("won");
    expect(won.notes.find((n: { kind: string }) => n.kind === "quotation-accepted")).toMatchObject({
      author: "admin",
      text: expect.stringMatching(/^admin recorded that Priya Nair accepted .+, by phone, 29 Nov\.$/),
    });
    const again = await record(owner, { ...byPhone, decision: "decline" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("The buyer has already accepted this quotation.");
  });
});

describe("the deal's value (issue 45: every figure of the owner was ₹0.00 while the deals held quotations)", () => {
  it("follows the quotation sent or accepted unless staff typed one; cleared, it follows again", async () => {
    const deal = await dealFor("33AAGCP4765J1Z5", "Value Mills");
    const made = await quote({ dealId: deal._id, lines: linesOf() });
    const total = made.body.total as number;
    const dealOf = async (id: string) => (await s.request("GET", `/api/deals/${id}`, { token: owner })).body;
    // A draft is not an offer yet.
    expect(await dealOf(deal._id)).toMatchObject({ expectedValue: null, valueByHand: false });
    const accepted = await s.request("POST", `/api/quotations/${made.body._id}/decision`, {
      token: owner,
      json: { decision: "accept", name: "K. Selvam", how: "by phone" },
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect(await dealOf(deal._id)).toMatchObject({ stage: "won", expectedValue: total, valueByHand: false });
    const stats = (await s.request("GET", "/api/deals/stats", { token: owner })).body;
    expect(stats.winsBySource.find((r: { source: string }) => r.source === "direct")?.value).toBeGreaterThanOrEqual(total);
    // The panel sends the whole deal: the value it showed, sent back, is not one typed by hand.
    const resent = await s.request("PUT", `/api/deals/${deal._id}`, { token: owner, json: { expectedValue: String(total) } });
    expect(resent.status, resent.text).toBe(200);
    expect(await dealOf(deal._id)).toMatchObject({ expectedValue: total, valueByHand: false });

    // Typed by staff, it stays through an acceptance; cleared, it takes the quotation's again.
    const typed = await dealFor("33AAGCP4765J1Z5", "Typed Value Mills");
    const set = await s.request("PUT", `/api/deals/${typed._id}`, { token: owner, json: { expectedValue: "250000" } });
    expect(set.status, set.text).toBe(200);
    const second = await quote({ dealId: typed._id, lines: linesOf() });
    await s.request("POST", `/api/quotations/${second.body._id}/decision`, {
      token: owner,
      json: { decision: "accept", name: "K. Selvam", how: "purchase order 4411" },
    });
    expect(await dealOf(typed._id)).toMatchObject({ expectedValue: 250000, valueByHand: true });
    const cleared = await s.request("PUT", `/api/deals/${typed._id}`, { token: owner, json: { expectedValue: null } });
    expect(cleared.status, cleared.text).toBe(200);
    expect(await dealOf(typed._id)).toMatchObject({ expectedValue: second.body.total, valueByHand: false });
  });
});

describe("a declined quotation (issue 45: the deal stayed Quoted and no figure counted it)", () => {
  it("moves the deal to Negotiating, or to Lost with the buyer's reason when the owners chose so; the win rate counts it", async () => {
    const decline = async (name: string) => {
      const deal = await dealFor("33AAGCP4765J1Z5", name);
      const made = await quote({ dealId: deal._id, lines: [LINES[1]] });
      const res = await s.request("POST", `/api/quotations/${made.body._id}/decision`, {
        token: owner,
        json: { decision: "decline", name: "K. Selvam", how: "by phone", reason: "Bought second-hand." },
      });
      expect(res.status, res.text).toBe(200);
      return (await s.request("GET", `/api/deals/${deal._id}`, { token: owner })).body;
    };
    expect(await decline("Negotiating Mills")).toMatchObject({ stage: "negotiating", closedAt: null });
    const set = await s.request("PUT", "/api/settings", { token: owner, json: { declinedDealStage: "lost" } });
    expect(set.status, set.text).toBe(200);
    const lost = await decline("Lost Mills");
    expect(lost).toMatchObject({ stage: "lost", lostReason: "Bought second-hand." });
    expect(lost.closedAt).not.toBeNull();
    // The win rate is the won share of the deals closed (all of this file's are recent): the lost one is among them.
    const closed = async (stage: string) =>
      Number((await s.request("GET", `/api/deals?stage=${stage}&limit=1`, { token: owner })).headers.get("x-total-count"));
    const [won, lostDeals] = [await closed("won"), await closed("lost")];
    expect(lostDeals).toBeGreaterThan(0);
    expect((await s.request("GET", "/api/deals/stats", { token: owner })).body.winRate).toBe(won / (won + lostDeals));
    await s.request("PUT", "/api/settings", { token: owner, json: { declinedDealStage: "negotiating" } });
  });
});

describe("its PDF (issue 44: every download made it again on the server's one thread)", () => {
  it("is made once per version and settings: downloads at once share it, a change makes a new one", async () => {
    const deal = await dealFor("33AAPFU0939F1Z2", "Pdf Mills");
    const made = await quote({ dealId: deal._id, lines: linesOf() });
    const q = (await s.request("GET", `/api/quotations/${made.body._id}`, { token: owner })).body as Quotation;
    const settings = await getSettings(s.ctx.db);
    const first = quotationPdf(q, settings);
    expect(quotationPdf(q, settings)).toBe(first);
    expect((await first).subarray(0, 5).toString()).toBe("%PDF-");
    expect(quotationPdf({ ...q, updatedAt: new Date().toISOString() }, settings)).not.toBe(first);
    expect(quotationPdf(q, { ...settings, companyName: "Pneuma Air Systems Pvt Ltd" })).not.toBe(first);
    // Through the API, ten downloads at once get the same bytes.
    const downloads = await Promise.all(
      Array.from({ length: 10 }, () => s.request("GET", `/api/quotations/${q._id}/pdf`, { token: owner })),
    );
    expect(new Set(downloads.map((d) => d.status))).toEqual(new Set([200]));
  });

  it("is made off the server's thread: a request that comes while a long one is being made is answered first", async () => {
    const deal = await dealFor("33AAPFU0939F1Z2", "Long Pdf Mills");
    const long = Array.from({ length: 100 }, (_, i) => ({
      ...LINES[1],
      description: `Line ${i + 1}: ${"spare part ".repeat(40)}`,
    }));
    const made = await quote({ dealId: deal._id, lines: long });
    const q = (await s.request("GET", `/api/quotations/${made.body._id}`, { token: owner })).body as Quotation;
    const answered: string[] = [];
    // Made on the server's own thread, the PDF (about 50 pages) held the request until it was done.
    const pdf = quotationPdf(q, await getSettings(s.ctx.db)).then((bytes) => {
      answered.push("pdf");
      return bytes.toString("latin1").match(/\/Type \/Page\b/g)?.length;
    });
    const other = s.request("GET", "/api/auth/me", { token: owner }).then((r) => answered.push(`request ${r.status}`));
    const [pages] = await Promise.all([pdf, other]);
    expect(answered).toEqual(["request 200", "pdf"]);
    expect(pages).toBeGreaterThan(40);
  });
});
