import { parse } from "csv-parse/sync";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessLog, deals } from "../../server/db/schema";
import { newId } from "../../shared/lib/ids";
import { buyer } from "../support/enquiries";
import { startTestServer, type TestServer } from "../support/server";
import { addStaff, type StaffAccount } from "../support/staff";

/** Deals: from a lead to won or lost, whose they are, notes and the first response, lists and the CSV export. */

let s: TestServer;
let owner: string;
let asha: StaffAccount;
let bala: StaffAccount;
let lead: { _id: string; date: string; customerId: string };

beforeAll(async () => {
  s = await startTestServer({ RATE_LIMITS: "off" });
  owner = await s.login();
  asha = await addStaff(s, owner, "sales", "asha");
  bala = await addStaff(s, owner, "sales", "bala");
  const sent = await s.request("POST", "/api/quotes", { json: buyer() });
  lead = (await s.request("GET", `/api/contacts/${sent.body.data._id}`, { token: owner })).body;
});
afterAll(() => s?.close());

const create = (json: Record<string, unknown>, token = asha.token) => s.request("POST", "/api/deals", { token, json });

describe("a deal", () => {
  it("made from a lead takes the lead's customer and time, is its sales person's, and keeps the value to the paisa", async () => {
    const res = await create({
      title: "Kumar Textiles: 2 × 50 HP",
      contactId: lead._id,
      expectedValue: "12,50,000.50",
      expectedCloseDate: "2026-12-31",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: "Kumar Textiles: 2 × 50 HP",
      contactId: lead._id,
      customerId: lead.customerId,
      customerName: "Kumar Textiles",
      ownerId: asha.id,
      ownerName: "sales person",
      stage: "new",
      expectedValue: 1250000.5,
      expectedCloseDate: "2026-12-31",
      nextStep: { text: "", dueDate: null },
      receivedAt: lead.date,
      firstResponseAt: null,
      closedAt: null,
      notes: [],
    });
    const [row] = await s.ctx.db.select().from(deals).where(eq(deals.id, res.body._id));
    expect(row!.expectedValuePaise).toBe(125000050);
  });

  it.each([
    [{ title: "X", stage: "lost" }, "Please give the reason the deal was lost."],
    [{ title: "X", stage: "closed" }, "Stage must be one of: new, qualified, quoted, negotiating, won, lost."],
    [
      { title: "X", expectedValue: "10.005" },
      "Expected value must be an amount in rupees of 0 or more, with at most two decimals.",
    ],
    [{ title: "X", expectedValue: "1000000000000" }, "Expected value must be at most ₹1,000 crore."],
    [{ title: "X", nextStep: { dueDate: "2026-12-01" } }, "Please say what the next step is."],
    [{ title: "X", customerId: newId() }, "There is no such customer."],
    [{ title: "" }, "Title is required."],
  ])("refuses %j with 400 and a message in words; nothing stored", async (json, message) => {
    const before = (await s.ctx.db.select().from(deals)).length;
    const res = await create(json);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await s.ctx.db.select().from(deals)).length).toBe(before);
  });

  it("can be owned only by an active sales person or owner", async () => {
    const editor = await addStaff(s, owner, "editor", "eshwar");
    const res = await create({ title: "X", ownerId: editor.id }, owner);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("A deal's owner must be a sales person or an owner.");
  });

  it("counts its first note, call, e-mail or meeting as the first response; later ones do not move it", async () => {
    const made = await create({ title: "First response" });
    const first = await s.request("POST", `/api/deals/${made.body._id}/notes`, {
      token: asha.token,
      json: { kind: "call", text: "Called Ravi" },
    });
    expect(first.status).toBe(201);
    expect(first.body.firstResponseAt).toBe(first.body.notes[0].date);
    expect(first.body.notes[0]).toMatchObject({ kind: "call", text: "Called Ravi", author: "asha" });
    const second = await s.request("POST", `/api/deals/${made.body._id}/notes`, {
      token: asha.token,
      json: { text: "Sent brochure" },
    });
    expect(second.body.firstResponseAt).toBe(first.body.firstResponseAt);
    expect(second.body.notes.map((n: { kind: string }) => n.kind)).toEqual(["call", "note"]);
  });

  it("closes when won or lost (with the reason) and opens again when moved back", async () => {
    const made = await create({ title: "Closing" });
    const put = (json: Record<string, unknown>) =>
      s.request("PUT", `/api/deals/${made.body._id}`, { token: asha.token, json: { title: "Closing", ...json } });
    const lost = await put({ stage: "lost", lostReason: "Price: went with a cheaper import" });
    expect(lost.body).toMatchObject({ stage: "lost", lostReason: "Price: went with a cheaper import", ownerId: asha.id });
    expect(lost.body.closedAt).not.toBeNull();
    const reopened = await put({ stage: "negotiating", lostReason: "kept?" });
    expect(reopened.body).toMatchObject({ stage: "negotiating", lostReason: "", closedAt: null });
    // A change names only what changes: the rest stays (here the owner and the title).
    const valued = await s.request("PUT", `/api/deals/${made.body._id}`, { token: asha.token, json: { expectedValue: 4200 } });
    expect(valued.body).toMatchObject({ title: "Closing", stage: "negotiating", expectedValue: 4200, ownerId: asha.id });
  });

  it("keeps a version per change (not per note), each with the fields it changed", async () => {
    const made = await create({ title: "Versioned" });
    await s.request("PUT", `/api/deals/${made.body._id}`, {
      token: asha.token,
      json: { stage: "qualified", expectedValue: 250000 },
    });
    await s.request("POST", `/api/deals/${made.body._id}/notes`, { token: asha.token, json: { text: "Called the buyer." } });
    const list = await s.request("GET", `/api/deals/${made.body._id}/revisions`, { token: bala.token });
    expect(list.body.map((v: { action: string; changed: string[] }) => [v.action, v.changed])).toEqual([
      ["update", ["Expected value", "Stage", "Value by hand"]],
      ["create", []],
    ]);
    const first = await s.request("GET", `/api/deals/${made.body._id}/revisions/${list.body[1]._id}`, { token: asha.token });
    expect(first.body.view).toMatchObject({ title: "Versioned", stage: "new", expectedValue: null });
    expect(first.body.view.notes).toBeUndefined();
  });
});

describe("whose deal it is", () => {
  it("another sales person reads it but cannot change it or log on it (403 in words); nothing changes", async () => {
    const made = await create({ title: "Asha's deal" });
    expect((await s.request("GET", `/api/deals/${made.body._id}`, { token: bala.token })).status).toBe(200);
    const put = await s.request("PUT", `/api/deals/${made.body._id}`, { token: bala.token, json: { title: "Taken" } });
    expect(put.status).toBe(403);
    expect(put.body.message).toBe(
      "This deal is another sales person's: you can read it, but only they or an owner can change it.",
    );
    const note = await s.request("POST", `/api/deals/${made.body._id}/notes`, { token: bala.token, json: { text: "x" } });
    expect(note.status).toBe(403);
    expect((await s.request("GET", `/api/deals/${made.body._id}`, { token: owner })).body).toMatchObject({
      title: "Asha's deal",
      notes: [],
    });
  });

  it("a sales person cannot give a deal to someone else; an owner can, and may leave one unassigned for anyone to take", async () => {
    const given = await create({ title: "Gift", ownerId: bala.id });
    expect(given.status).toBe(403);
    expect(given.body.message).toBe("Only an owner can give a deal to someone else.");
    const unassigned = await create({ title: "Walk-in at the fair" }, owner);
    expect(unassigned.body.ownerId).toBeNull();
    const taken = await s.request("PUT", `/api/deals/${unassigned.body._id}`, {
      token: bala.token,
      json: { title: "Walk-in at the fair", ownerId: bala.id },
    });
    expect(taken.status).toBe(200);
    expect(taken.body.ownerId).toBe(bala.id);
    const moved = await s.request("PUT", `/api/deals/${unassigned.body._id}`, {
      token: owner,
      json: { title: "Walk-in at the fair", ownerId: asha.id },
    });
    expect(moved.body.ownerId).toBe(asha.id);
  });
});

describe("the list and the export", () => {
  it("filters by stage (open: not won or lost), by owner (me, none, an id) and by search, with X-Total-Count", async () => {
    const get = async (query: string, token = asha.token) => {
      const res = await s.request("GET", `/api/deals?${query}`, { token });
      expect(res.status, res.text).toBe(200);
      expect(Number(res.headers.get("x-total-count"))).toBe(res.body.length);
      return res.body as { title: string; stage: string; ownerId: string | null }[];
    };
    const all = await get("limit=500");
    expect((await get("stage=open")).every((d) => d.stage !== "won" && d.stage !== "lost")).toBe(true);
    expect((await get("stage=negotiating")).map((d) => d.title)).toEqual(["Closing"]);
    expect((await get("owner=me")).every((d) => d.ownerId === asha.id)).toBe(true);
    expect((await get("owner=me", bala.token)).map((d) => d.title)).toEqual([]);
    expect((await get("owner=none")).every((d) => d.ownerId === null)).toBe(true);
    expect((await get("q=kumar textiles")).map((d) => d.title)).toEqual(["Kumar Textiles: 2 × 50 HP"]);
    expect(all.length).toBeGreaterThan(4);
    expect((await s.request("GET", "/api/deals?stage=closed", { token: asha.token })).status).toBe(400);
  });

  it("exports every matching deal as CSV: rupees to the paisa, formulas disarmed", async () => {
    await create({ title: '=HYPERLINK("http://evil")', expectedValue: 99.9 });
    const res = await s.request("GET", "/api/deals/export.csv", { token: asha.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = res.text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      "Title,Customer,GSTIN,State,Phone,Owner,Source,Stage,Lost reason,Expected value (₹),Quotation,Expected close," +
        "Next step,Due,Created,Received,First response,Closed",
    );
    // The lead's phone as typed: phone-like, so no apostrophe before its "+".
    expect(
      lines.some((l) =>
        l.startsWith(
          "Kumar Textiles: 2 × 50 HP,Kumar Textiles,,,+91 98765 43210,sales person,Website,New,,1250000.50,,2026-12-31,",
        ),
      ),
    ).toBe(true);
    expect(lines.some((l) => l.startsWith('"\'=HYPERLINK(""http://evil"")",,,,,sales person,Direct,New,,99.90,'))).toBe(true);
    const total = Number((await s.request("GET", "/api/deals", { token: asha.token })).headers.get("x-total-count"));
    expect(lines.filter((l) => l !== "").length).toBe(total + 1);
  });
});

describe("the lead a deal came from (issue 45: the inbox said New for a won deal's enquiry)", () => {
  it("follows the deal: in progress while it is worked on, resolved once won or lost", async () => {
    const sent = await s.request("POST", "/api/contacts", {
      json: { name: "Follow Me", email: "follow@example.com", subject: "Dryer", message: "Price please." },
    });
    const contactId = sent.body.data._id as string;
    const status = async () => (await s.request("GET", `/api/contacts/${contactId}`, { token: owner })).body.status;
    const made = await create({ title: "Followed", contactId });
    expect(made.status, made.text).toBe(201);
    expect(await status()).toBe("new");
    await s.request("PUT", `/api/deals/${made.body._id}`, { token: asha.token, json: { stage: "qualified" } });
    expect(await status()).toBe("in-progress");
    await s.request("PUT", `/api/deals/${made.body._id}`, { token: asha.token, json: { stage: "won" } });
    expect(await status()).toBe("resolved");
  });
});

describe("the list's search, filters and export (issue 45)", () => {
  let mills: { dealId: string; customerId: string };
  let webDealId: string;
  let manualDealId: string;

  beforeAll(async () => {
    await s.request("PUT", "/api/settings", { token: owner, json: { gstin: "33AAKCP1998Q1ZI" } });
    const customer = await s.request("POST", "/api/customers", {
      token: asha.token,
      json: {
        name: "Sri Murugan Mills",
        gstin: "33AAGCP4765J1Z5",
        billingAddress: { line1: "4 Mill Road", city: "Tiruppur", state: "Tamil Nadu", pincode: "641601", country: "India" },
        deliveryAddress: { line1: "Plot 9", city: "Erode", state: "Tamil Nadu", pincode: "638001", country: "India" },
        people: [{ name: "Lakshmi Narayanan", phone: "98431 22334", email: "lakshmi@murugan.example" }],
      },
    });
    expect(customer.status, customer.text).toBe(201);
    const made = await create({ title: "Mills: dryer", customerId: customer.body._id, expectedValue: "1234567.89" });
    mills = { dealId: made.body._id, customerId: customer.body._id };
    const web = await s.request("POST", "/api/quotes", {
      json: buyer({ name: "Meera Pillai", email: "meera@example.com", phone: "+91 99887 76655", company: "Pillai Castings" }),
    });
    webDealId = (await create({ title: "Castings: 30 HP", contactId: web.body.data._id })).body._id;
    const manual = await s.request("POST", "/api/contacts", {
      token: bala.token,
      json: { name: "Prakash Iyer", phone: "90000 12345" },
    });
    expect(manual.status, manual.text).toBe(201);
    const byBala = await create({ title: "Walk-in: 10 HP", contactId: manual.body.data._id }, bala.token);
    manualDealId = byBala.body._id;
  });

  const titles = async (query: string) => {
    const res = await s.request("GET", `/api/deals?limit=500&${query}`, { token: asha.token });
    expect(res.status, res.text).toBe(200);
    return (res.body as { title: string }[]).map((d) => d.title).sort();
  };

  it("searches the customer's cities, GSTIN and people, the lead's name, and phones by their digits", async () => {
    for (const q of ["tiruppur", "Erode", "33aagcp4765j1z5", "Lakshmi", "+91 98431 22334", "9843122334", "98431-22334"]) {
      expect(await titles(`q=${encodeURIComponent(q)}`), q).toEqual(["Mills: dryer"]);
    }
    expect(await titles("q=prakash%20iyer")).toEqual(["Walk-in: 10 HP"]);
    expect(await titles(`q=${encodeURIComponent("+91 9000012345")}`)).toEqual(["Walk-in: 10 HP"]);
    expect(await titles(`q=${encodeURIComponent("99887 76655")}`)).toEqual(["Castings: 30 HP"]);
    // The customer's change is searched at once: the new city finds the deal, the old one no longer does.
    const moved = await s.request("PUT", `/api/customers/${mills.customerId}`, {
      token: asha.token,
      json: { deliveryAddress: { line1: "Plot 9", city: "Salem", state: "Tamil Nadu", pincode: "636005", country: "India" } },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(await titles("q=salem")).toEqual(["Mills: dryer"]);
    expect(await titles("q=erode")).toEqual([]);
  });

  it("filters by sales person, by the lead's source (direct: no lead) and by India's days made, both inclusive", async () => {
    expect(await titles(`owner=${bala.id}`)).toEqual(["Walk-in: 10 HP"]);
    expect(await titles("source=manual")).toEqual(["Walk-in: 10 HP"]);
    const website = await titles("source=website");
    expect(website).toContain("Castings: 30 HP");
    expect(website).not.toContain("Walk-in: 10 HP");
    expect(website).not.toContain("Mills: dryer");
    const direct = await s.request("GET", "/api/deals?limit=500&source=direct", { token: asha.token });
    expect(direct.body.length).toBeGreaterThan(3);
    expect(direct.body.every((d: { contactId: string | null }) => d.contactId === null)).toBe(true);
    // 23:59 and 00:00 India time either side of 1 April 2025.
    await s.ctx.db
      .update(deals)
      .set({ createdAt: new Date("2025-03-31T18:29:00Z") })
      .where(eq(deals.id, webDealId));
    await s.ctx.db
      .update(deals)
      .set({ createdAt: new Date("2025-03-31T18:30:00Z") })
      .where(eq(deals.id, manualDealId));
    expect(await titles("from=2025-03-31&to=2025-03-31")).toEqual(["Castings: 30 HP"]);
    expect(await titles("from=2025-04-01&to=2025-04-01")).toEqual(["Walk-in: 10 HP"]);
    expect(await titles("to=2025-04-01")).toEqual(["Castings: 30 HP", "Walk-in: 10 HP"]);
    expect(await titles("from=2025-04-02&source=manual")).toEqual([]);
  });

  it.each([
    ["source=email", "Source must be one of: all, website, manual, indiamart, direct."],
    ["from=2026-02-31", "From must be a real date from the year 1900 to 9999, like 2026-01-31."],
    ["from=2026-04-02&to=2026-04-01", "To must be on or after From."],
  ])("refuses %s with 400 in the API's error shape, and the export logs nothing", async (query, message) => {
    const list = await s.request("GET", `/api/deals?${query}`, { token: asha.token });
    expect(list.status).toBe(400);
    expect(list.body.message).toBe(message);
    const before = (await s.ctx.db.select().from(accessLog)).length;
    const csv = await s.request("GET", `/api/deals/export.csv?${query}`, { token: asha.token });
    expect(csv.status).toBe(400);
    expect(csv.body.message).toBe(message);
    expect((await s.ctx.db.select().from(accessLog)).length).toBe(before);
  });

  it("exports with the list's filters: India times a spreadsheet reads, value, source, quotation, phone, GSTIN, state", async () => {
    const quoted = await s.request("POST", "/api/quotations", {
      token: asha.token,
      json: {
        dealId: mills.dealId,
        lines: [{ description: "Installation and commissioning", hsn: "998717", quantity: 1, unit: "Job", unitPrice: "12500" }],
      },
    });
    expect(quoted.status, quoted.text).toBe(201);
    // 08:35 UTC is 14:05 in India; 20:00 UTC is past midnight there, the next day.
    await s.ctx.db
      .update(deals)
      .set({
        createdAt: new Date("2026-11-29T08:35:00Z"),
        receivedAt: new Date("2026-11-28T20:00:00Z"),
        firstResponseAt: new Date("2026-11-29T18:29:59Z"),
      })
      .where(eq(deals.id, mills.dealId));
    const res = await s.request("GET", "/api/deals/export.csv?q=tiruppur&source=direct", { token: asha.token });
    expect(res.status, res.text).toBe(200);
    const [header, ...rows] = parse(res.text, { bom: true }) as string[][];
    expect(rows).toHaveLength(1);
    const row = Object.fromEntries(header!.map((h, i) => [h, rows[0]![i]]));
    expect(row).toMatchObject({
      Title: "Mills: dryer",
      Customer: "Sri Murugan Mills",
      GSTIN: "33AAGCP4765J1Z5",
      State: "Tamil Nadu",
      Phone: "98431 22334",
      Source: "Direct",
      "Expected value (₹)": "1234567.89",
      Quotation: quoted.body.number,
      Created: "2026-11-29 14:05",
      Received: "2026-11-29 01:30",
      "First response": "2026-11-29 23:59",
      Closed: "",
    });
    // The access log names the export with its filters (the search's text left out).
    const [logged] = await s.ctx.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.actorId, asha.id), eq(accessLog.action, "export")))
      .orderBy(desc(accessLog.createdAt))
      .limit(1);
    expect(logged!.detail).toBe("CSV, 1 row (source: direct, a search)");
    const empty = await s.request("GET", "/api/deals/export.csv?source=indiamart", { token: asha.token });
    expect(parse(empty.text, { bom: true })).toHaveLength(1);
  });
});
