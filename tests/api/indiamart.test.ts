import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_ANSWER_BYTES } from "../../server/sales/indiamart";
import { eventually, seedProducts } from "../support/enquiries";
import {
  type IndiamartStandIn,
  queryTimeOf,
  type StandInLead,
  startIndiamartStandIn,
  timeOf,
} from "../support/indiamart-stand-in";
import { startTestServer, type TestResponse, type TestServer } from "../support/server";
import { addStaff } from "../support/staff";

/**
 * IndiaMART Lead Manager's leads (issue 32) pulled from a local stand-in of its CRM API v2: the key write-only,
 * leads stored once over overlapping windows, the product matched by name, IndiaMART's errors shown and the
 * window kept, and its one-call-per-interval rule kept by Pull now too.
 */

const KEY = "mRyzE7lp4HvGSq3v5XSN7l+JpFDAmDI=";
let standIn: IndiamartStandIn;
let s: TestServer;
let owner: string;
let sales: string;
let compressor: { _id: string; name: string };
let n = 0;

function lead(fields: Partial<StandInLead> = {}): StandInLead {
  n++;
  return {
    UNIQUE_QUERY_ID: `${2_900_000_000 + n}`,
    QUERY_TYPE: "W",
    QUERY_TIME: queryTimeOf(new Date(Date.now() - 5 * 60_000)),
    SENDER_NAME: `Buyer ${n}`,
    SENDER_MOBILE: `+91-98400${String(10000 + n)}`,
    SENDER_EMAIL: `buyer${n}@textiles.example`,
    SUBJECT: "Requirement for Air Dryer",
    SENDER_COMPANY: `Erode Textiles ${n}`,
    SENDER_ADDRESS: "",
    SENDER_CITY: "Erode",
    SENDER_STATE: "Tamil Nadu",
    SENDER_PINCODE: "",
    SENDER_COUNTRY_ISO: "IN",
    QUERY_PRODUCT_NAME: "Air Dryer",
    QUERY_MESSAGE: "I want to buy a compressor for our weaving unit. Kindly send the price.",
    QUERY_MCAT_NAME: "",
    CALL_DURATION: "",
    RECEIVER_MOBILE: "",
    ...fields,
  };
}

const pull = (token = owner) => s.request("POST", "/api/indiamart/pull", { token });
/** Pull now, again until the least interval (1 s here) has passed: the server answers 429 until then. */
const pullWhenAllowed = () =>
  eventually(async () => {
    const res = await pull();
    return res.status === 429 ? undefined : res;
  });
const leadsStored = async () =>
  ((await s.request("GET", "/api/contacts?limit=100", { token: owner })).body as { source: string; email: string }[]).filter(
    (c) => c.source === "indiamart",
  );

beforeAll(async () => {
  // The stand-in refuses calls closer than half a second, our server keeps them a second apart by the
  // database's clock: with the same figure on both sides a call delayed on its way (a busy machine) made the
  // next one arrive early by the stand-in's clock, and it answered 429 (a flaky run, not a fault of ours).
  standIn = await startIndiamartStandIn(KEY, 500);
  s = await startTestServer({ RATE_LIMITS: "off", INDIAMART_API_URL: standIn.url, INDIAMART_MIN_INTERVAL_S: "1" });
  owner = await s.login();
  sales = (await addStaff(s, owner, "sales")).token;
  const [made] = await seedProducts(s, ["PN-RS 50 Screw Compressor"]);
  compressor = { _id: made!._id, name: "PN-RS 50 Screw Compressor" };
});
afterAll(async () => {
  await s?.close();
  await standIn?.close();
});

describe("the CRM key", () => {
  it("is set by owners only and never answered, in settings or anywhere else", async () => {
    expect((await pull()).status).toBe(409);
    const bySales = await s.request("PUT", "/api/settings", { token: sales, json: { indiamartCrmKey: KEY } });
    expect(bySales.status).toBe(403);
    const saved = await s.request("PUT", "/api/settings", { token: owner, json: { indiamartCrmKey: KEY } });
    expect(saved.status).toBe(200);
    for (const res of [
      saved,
      await s.request("GET", "/api/settings", { token: owner }),
      await s.request("GET", "/api/settings"),
      await s.request("GET", "/api/indiamart/status", { token: sales }),
      await s.request("GET", "/api/activity?limit=20", { token: owner }),
    ] as TestResponse[]) {
      expect(res.text).not.toContain(KEY);
      expect(res.text).not.toContain("indiamartCrmKey");
    }
    expect((await s.request("GET", "/api/indiamart/status", { token: sales })).body).toMatchObject({
      configured: true,
      lastPullAt: null,
    });
    const spaced = await s.request("PUT", "/api/settings", { token: owner, json: { indiamartCrmKey: "two words" } });
    expect(spaced.status).toBe(400);
    expect(spaced.body.message).toBe("The IndiaMART CRM key has no spaces: paste it as IndiaMART sent it.");
  });
});

describe("pulling", () => {
  it("stores each lead as an IndiaMART enquiry with its customer, matching the product by name", async () => {
    standIn.leads.push(
      lead({ QUERY_PRODUCT_NAME: "pn-rs 50 screw compressor" }),
      lead({ QUERY_PRODUCT_NAME: "Diesel generator" }),
    );
    const res = await pullWhenAllowed();
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ stored: 2, received: 2, lastError: "", lastCount: 2 });
    const call = standIn.calls.at(-1)!;
    expect(call).toMatchObject({ key: KEY, code: 200 });
    expect(call.start).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}:\d{2}$/);
    const stored = await leadsStored();
    expect(stored).toHaveLength(2);
    const matched = (
      await s.request("GET", `/api/contacts?limit=100&q=${encodeURIComponent(standIn.leads[0]!.SENDER_EMAIL)}`, { token: owner })
    ).body[0];
    expect(matched).toMatchObject({
      type: "quote",
      source: "indiamart",
      name: standIn.leads[0]!.SENDER_NAME,
      phone: standIn.leads[0]!.SENDER_MOBILE,
      company: standIn.leads[0]!.SENDER_COMPANY,
      subject: "IndiaMART enquiry: pn-rs 50 screw compressor",
      items: [{ product: { _id: compressor._id, name: compressor.name }, quantity: 1 }],
    });
    expect(matched.message).toContain("From Erode, Tamil Nadu.");
    expect(matched.customerId).toBeTruthy();
    const other = (
      await s.request("GET", `/api/contacts?limit=100&q=${encodeURIComponent(standIn.leads[1]!.SENDER_EMAIL)}`, { token: owner })
    ).body[0];
    expect(other).toMatchObject({ type: "message", items: [] });
  });

  it("asks for a window that overlaps the last one and stores no lead twice", async () => {
    const before = standIn.calls.at(-1)!;
    standIn.leads.push(lead());
    const res = await pullWhenAllowed();
    expect(res.body).toMatchObject({ stored: 1, received: 3 });
    const call = standIn.calls.at(-1)!;
    // The new window starts before the last one ended.
    expect(timeOf(call.start)!.getTime()).toBeLessThan(timeOf(before.end)!.getTime());
    expect(await leadsStored()).toHaveLength(3);
  });

  it("keeps IndiaMART's interval: Pull now too soon answers 429 in words and does not call", async () => {
    await pullWhenAllowed();
    const calls = standIn.calls.length;
    const res = await pull();
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/^IndiaMART allows one call every few minutes: the next is possible at /);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(standIn.calls).toHaveLength(calls);
    expect(standIn.calls.every((c) => c.code !== 429)).toBe(true);
  });

  it("shows IndiaMART's error on the dashboard's status and asks for the same window again", async () => {
    standIn.failNext(500, "Internal error. Please try again later.");
    const failed = await pullWhenAllowed();
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe("IndiaMART answered 500: Internal error. Please try again later.");
    const status = (await s.request("GET", "/api/indiamart/status", { token: sales })).body;
    expect(status).toMatchObject({
      configured: true,
      lastError: "IndiaMART answered 500: Internal error. Please try again later.",
    });
    const failedCall = standIn.calls.at(-1)!;
    standIn.leads.push(lead());
    const next = await pullWhenAllowed();
    expect(next.body).toMatchObject({ stored: 1, lastError: "" });
    expect(standIn.calls.at(-1)!.start).toBe(failedCall.start);
    expect(await leadsStored()).toHaveLength(4);
  });

  it("a refused CRM key is told to owners only; a sales person reads that an owner is needed", async () => {
    await s.request("PUT", "/api/settings", { token: owner, json: { indiamartCrmKey: "expired-key" } });
    const refused = await pullWhenAllowed();
    expect(refused.status).toBe(502);
    const error = "IndiaMART answered 401: Key is expired or incorrect. Please generate a new key.";
    expect((await s.request("GET", "/api/indiamart/status", { token: owner })).body).toMatchObject({
      lastError: error,
      needsOwner: true,
    });
    const bySales = await s.request("GET", "/api/indiamart/status", { token: sales });
    expect(bySales.body).toMatchObject({ configured: true, lastError: "", needsOwner: true });
    expect(bySales.text).not.toContain("Key is expired");
    // The right key again: the next pull starts from the last day, and nothing is held back any more.
    await s.request("PUT", "/api/settings", { token: owner, json: { indiamartCrmKey: KEY } });
    expect((await pullWhenAllowed()).status).toBe(200);
    expect((await s.request("GET", "/api/indiamart/status", { token: sales })).body).toMatchObject({
      lastError: "",
      needsOwner: false,
    });
  });

  it("is for owners: sales people read the status but cannot pull (403)", async () => {
    const res = await pull(sales);
    expect(res.status).toBe(403);
  });
});

/** A 200 answer whose RESPONSE is `leads` as given, whatever their QUERY_TIME (the stand-in's filter skipped). */
const answerWith = (leads: unknown[]) =>
  standIn.answerNext((res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ CODE: 200, STATUS: "SUCCESS", MESSAGE: "", TOTAL_RECORDS: leads.length, RESPONSE: leads }));
  });
const storedLead = async (email: string) =>
  (await s.request("GET", `/api/contacts?limit=100&q=${encodeURIComponent(email)}`, { token: owner })).body[0] as {
    name: string;
    company: string;
    message: string;
    date: string;
  };

describe("a hostile or broken IndiaMART", () => {
  it("an answer past 25 MB fails the pull in words, unread, and the same window is asked for again", async () => {
    const sent = { bytes: 0 };
    // An endless answer: 1 MB after 1 MB until the reader hangs up.
    standIn.answerNext((res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      const more = () => {
        while (!res.destroyed && sent.bytes < 10 * MAX_ANSWER_BYTES) {
          sent.bytes += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", more);
        }
        res.end();
      };
      res.write('{"CODE":200,"RESPONSE":[');
      more();
    });
    const failed = await pullWhenAllowed();
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe(
      "IndiaMART's answer was larger than 25 MB and was not read; the same window is asked for again at the next pull.",
    );
    expect(sent.bytes).toBeLessThan(2 * MAX_ANSWER_BYTES);
    const failedCall = standIn.calls.at(-1)!;
    standIn.leads.push(lead());
    const next = await pullWhenAllowed();
    expect(next.body).toMatchObject({ stored: 1, lastError: "" });
    expect(standIn.calls.at(-1)!.start).toBe(failedCall.start);
  });

  it("control characters (a NUL) are taken out of a lead, which is stored with the others, and the window moves on", async () => {
    const dirty = lead({
      SENDER_NAME: "Ravi\u0000 Kumar",
      SENDER_COMPANY: "Kumar\r\nTotal: Rs 1 Mills",
      QUERY_MESSAGE: "Need a quote.\r\nUrgent\u0000 please.",
    });
    const clean = lead();
    answerWith([dirty, clean]);
    const res = await pullWhenAllowed();
    expect(res.body).toMatchObject({ stored: 2, received: 2, lastError: "" });
    const stored = await storedLead(dirty.SENDER_EMAIL);
    expect(stored).toMatchObject({ name: "Ravi  Kumar", company: "Kumar  Total: Rs 1 Mills" });
    expect(stored.message.startsWith("Need a quote.\nUrgent please.")).toBe(true);
    expect(await storedLead(clean.SENDER_EMAIL)).toBeTruthy();
    // The window moved on: the next call starts after the last one's start.
    const call = standIn.calls.at(-1)!;
    standIn.leads.push(lead());
    await pullWhenAllowed();
    expect(timeOf(standIn.calls.at(-1)!.start)!.getTime()).toBeGreaterThan(timeOf(call.start)!.getTime());
  });

  it("a QUERY_TIME far in the future or the past is taken as the time of the pull", async () => {
    const future = lead({ QUERY_TIME: "2099-01-01 10:00:00" });
    const past = lead({ QUERY_TIME: "2020-01-01 10:00:00" });
    const before = Date.now();
    answerWith([future, past]);
    expect((await pullWhenAllowed()).body).toMatchObject({ stored: 2 });
    for (const l of [future, past]) {
      const at = new Date((await storedLead(l.SENDER_EMAIL)).date).getTime();
      expect(at).toBeGreaterThanOrEqual(before - 1000);
      expect(at).toBeLessThanOrEqual(Date.now());
    }
  });
});

interface StoredContact {
  _id: string;
  type: string;
  source: string;
  name: string;
  email: string;
  phone: string;
  company: string;
  subject: string;
  message: string;
  items: unknown[];
  call: { seconds: number | null } | null;
  customerId: string | null;
}

/** Pulls `leads` from the stand-in and answers each as stored (by its phone, which every lead here has). */
async function pulled(...leads: StandInLead[]): Promise<StoredContact[]> {
  standIn.leads.push(...leads);
  const res = await pullWhenAllowed();
  expect(res.status, res.text).toBe(200);
  const all = (await s.request("GET", "/api/contacts?limit=100&source=indiamart", { token: owner })).body as StoredContact[];
  return leads.map((l) => {
    const found = all.find((c) => c.phone === l.SENDER_MOBILE);
    if (!found) throw new Error(`lead ${l.UNIQUE_QUERY_ID} was not stored`);
    return found;
  });
}

const customerOf = async (c: StoredContact) =>
  (await s.request("GET", `/api/customers/${c.customerId}`, { token: owner })).body as {
    name: string;
    stateCode: string;
    billingAddress: Record<string, string>;
  };

describe("IndiaMART leads as people read them (issue 45)", () => {
  beforeAll(async () => {
    // A catalogue where "air" and "compressor" are in several categories and "screw" in one.
    await seedProducts(s, ["PN-RS 75 Air-Cooled Screw Compressor"]);
    await seedProducts(s, ["PN-RC 10 Piston Air Compressor"], { name: "Reciprocating Air Compressors", slug: "reciprocating" });
    await seedProducts(s, ["PN-AD 100 Refrigerated Air Dryer"], { name: "Air Dryers", slug: "air-dryers" });
  });

  it("a message's <br> are line breaks", async () => {
    const [stored] = await pulled(
      lead({ QUERY_MESSAGE: "I need a 20 HP compressor.<br>Quantity: 2 Piece<BR/>Usage: Textile mill<br />Thanks" }),
    );
    expect(stored!.message.startsWith("I need a 20 HP compressor.\nQuantity: 2 Piece\nUsage: Textile mill\nThanks")).toBe(true);
    expect(stored!.message).not.toMatch(/<br/i);
  });

  it("address, city, state and PIN reach the new customer, named after the company: its quotation is inter-state", async () => {
    const [stored] = await pulled(
      lead({
        SENDER_COMPANY: "Peenya Precision Works",
        SENDER_ADDRESS: "No. 14, 2nd Cross, Peenya Industrial Area",
        SENDER_CITY: "Bengaluru",
        SENDER_STATE: "Karnataka",
        SENDER_PINCODE: "560 058",
      }),
    );
    const customer = await customerOf(stored!);
    expect(customer).toMatchObject({
      name: "Peenya Precision Works",
      stateCode: "29",
      billingAddress: {
        line1: "No. 14, 2nd Cross, Peenya Industrial Area",
        city: "Bengaluru",
        state: "Karnataka",
        pincode: "560058",
        country: "India",
      },
    });
    expect((await s.request("PUT", "/api/settings", { token: owner, json: { gstin: "33AAKCP1998Q1ZI" } })).status).toBe(200);
    const deal = await s.request("POST", "/api/deals", {
      token: owner,
      json: { title: "Peenya: dryer", customerId: stored!.customerId },
    });
    expect(deal.status, deal.text).toBe(201);
    const quotation = await s.request("POST", "/api/quotations", {
      token: owner,
      json: { dealId: deal.body._id, lines: [{ description: "Air dryer", hsn: "84213990", quantity: 1, unitPrice: 85000 }] },
    });
    expect(quotation.status, quotation.text).toBe(201);
    expect(quotation.body).toMatchObject({ taxSplit: "inter", buyer: { stateCode: "29", state: "Karnataka" } });
  });

  it("a known customer still named after the person takes the company's name and the address it lacked", async () => {
    const email = "selvam@cauvery.example";
    const wrote = await s.request("POST", "/api/contacts", {
      json: { name: "K. Selvam", email, phone: "", subject: "Compressor", message: "Please call me." },
    });
    expect(wrote.status, wrote.text).toBe(201);
    const [stored] = await pulled(
      lead({
        SENDER_NAME: "K. Selvam",
        SENDER_EMAIL: email,
        SENDER_COMPANY: "Cauvery Mills",
        SENDER_CITY: "Karur",
        SENDER_PINCODE: "639001",
      }),
    );
    expect(await customerOf(stored!)).toMatchObject({
      name: "Cauvery Mills",
      stateCode: "33",
      billingAddress: { city: "Karur", state: "Tamil Nadu", pincode: "639001" },
    });
  });

  it("a phone call (PNS) says it was a call and for how long", async () => {
    const [call, enquiry] = await pulled(
      lead({
        QUERY_TYPE: "P",
        SENDER_EMAIL: "",
        SENDER_COMPANY: "",
        QUERY_MESSAGE: "",
        QUERY_PRODUCT_NAME: "Diesel generator",
        CALL_DURATION: "135",
        RECEIVER_MOBILE: "9842712345",
      }),
      lead(),
    );
    expect(call).toMatchObject({
      subject: "IndiaMART phone call: Diesel generator",
      call: { seconds: 135 },
    });
    expect(call!.message.startsWith("Phone call through IndiaMART, 2 min 15 s.")).toBe(true);
    expect(enquiry!.call).toBeNull();
  });

  it("a product named loosely still makes a quote request, matched to the closest category", async () => {
    const [loose, unrelated] = await pulled(
      lead({ QUERY_PRODUCT_NAME: "Screw Air Compressor", QUERY_MCAT_NAME: "Industrial Air Compressor" }),
      lead({ QUERY_PRODUCT_NAME: "Diesel generator", QUERY_MCAT_NAME: "Diesel Generators" }),
    );
    expect(loose).toMatchObject({ type: "quote", subject: "IndiaMART enquiry: Screw Air Compressor", items: [] });
    expect(loose!.message).toContain("Closest category in our catalogue: Rotary Screw Compressors.");
    expect(unrelated).toMatchObject({ type: "message" });
  });

  it("the inbox filters by source", async () => {
    const of = async (source: string) =>
      new Set(
        ((await s.request("GET", `/api/contacts?limit=100&source=${source}`, { token: owner })).body as StoredContact[]).map(
          (c) => c.source,
        ),
      );
    expect(await of("indiamart")).toEqual(new Set(["indiamart"]));
    expect(await of("website")).toEqual(new Set(["website"]));
    const wrong = await s.request("GET", "/api/contacts?source=fax", { token: owner });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("Source must be one of: all, website, manual, indiamart.");
  });
});
