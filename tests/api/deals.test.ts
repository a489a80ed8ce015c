import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deals } from "../../server/db/schema";
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
      "Title,Customer,Owner,Stage,Lost reason,Expected value (₹),Expected close,Next step,Due,Received,First response,Closed",
    );
    expect(
      lines.some((l) => l.startsWith("Kumar Textiles: 2 × 50 HP,Kumar Textiles,sales person,New,,1250000.50,2026-12-31,")),
    ).toBe(true);
    expect(lines.some((l) => l.startsWith('"\'=HYPERLINK(""http://evil"")",,sales person,New,,99.90,'))).toBe(true);
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
