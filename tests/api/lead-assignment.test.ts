import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activity, admins, contacts, customers, deals, salesDesk } from "../../server/db/schema";
import { linkEnquiriesToCustomers } from "../../server/sales/backfill";
import { addDays, indiaDateOf } from "../../shared/sales/financial-year";
import { buyer, seedProducts } from "../support/enquiries";
import { startTestServer, type TestServer } from "../support/server";
import { addStaff, type StaffAccount } from "../support/staff";

/**
 * Round-robin assignment of leads (issue 32, Deals): the owners' setting, each new lead a deal of the next
 * active sales person inside the enquiry's transaction, POST /api/deals/assign; and the start-up pass that
 * links enquiries from before customers existed to their customers. Issue 45: one customer stays with one
 * person, someone on leave is passed by, and an owner gives a deal to someone else.
 */

let s: TestServer;
let owner: string;
let asha: StaffAccount;
let bala: StaffAccount;
let chitra: StaffAccount;
let dev: StaffAccount;
let editor: StaffAccount;
/** The active sales people in the turn's order (by id). */
let order: string[];
let product: { _id: string };

const message = (n: number) => ({
  name: `Visitor ${n}`,
  email: `visitor${n}@example.com`,
  subject: `Brochure ${n}`,
  message: "Please send one.",
});

async function websiteLead(n: number): Promise<string> {
  const res = await s.request("POST", "/api/contacts", { json: message(n) });
  expect(res.status, res.text).toBe(201);
  return res.body.data._id as string;
}

async function dealOf(contactId: string) {
  const rows = await s.ctx.db.select().from(deals).where(eq(deals.contactId, contactId));
  return rows[0] ?? null;
}

const setAssignment = async (value: string) => {
  const res = await s.request("PUT", "/api/settings", { token: owner, json: { leadAssignment: value } });
  expect(res.status, res.text).toBe(200);
};

const setActive = async (person: StaffAccount, active: boolean) => {
  const res = await s.request("PUT", `/api/users/${person.id}`, { token: owner, json: { active } });
  expect(res.status, res.text).toBe(200);
};

beforeAll(async () => {
  s = await startTestServer({ RATE_LIMITS: "off" });
  owner = await s.login();
  asha = await addStaff(s, owner, "sales", "asha");
  bala = await addStaff(s, owner, "sales", "bala");
  chitra = await addStaff(s, owner, "sales", "chitra");
  dev = await addStaff(s, owner, "sales", "dev");
  editor = await addStaff(s, owner, "editor", "eshwar");
  await setActive(dev, false);
  order = [asha.id, bala.id, chitra.id].sort();
  product = (await seedProducts(s, ["PN-RS 15 Screw Compressor"]))[0]!;
});
afterAll(() => s?.close());

describe("the lead assignment setting", () => {
  it("is manual until an owner changes it: a new lead stays unassigned", async () => {
    const settings = await s.request("GET", "/api/settings", { token: owner });
    expect(settings.body.leadAssignment).toBe("manual");
    expect(await dealOf(await websiteLead(1))).toBeNull();
  });

  it("takes manual or round-robin only, and only from owners", async () => {
    const bad = await s.request("PUT", "/api/settings", { token: owner, json: { leadAssignment: "random" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("New leads must be manual or round-robin.");
    const sales = await s.request("PUT", "/api/settings", { token: asha.token, json: { leadAssignment: "round-robin" } });
    expect(sales.status).toBe(403);
  });
});

describe("round-robin", () => {
  beforeAll(() => setAssignment("round-robin"));

  it("gives website, quote and manual leads to the active sales people in turn, skipping a disabled one", async () => {
    const quote = await s.request("POST", "/api/quotes", {
      json: buyer({ email: "ravi@kumar.example", items: [{ productId: product._id, quantity: 2 }] }),
    });
    expect(quote.status, quote.text).toBe(201);
    const manual = await s.request("POST", "/api/contacts", {
      token: owner,
      json: { name: "Meena Iyer", phone: "+91 94433 11223", company: "Iyer Foundry", channel: "phone", subject: "Visit" },
    });
    expect(manual.status, manual.text).toBe(201);
    const ids = [quote.body.data._id, manual.body.data._id, await websiteLead(2), await websiteLead(3)];
    const made = await Promise.all(ids.map((id) => dealOf(id)));
    expect(made.map((d) => d?.ownerId)).toEqual([order[0], order[1], order[2], order[0]]);
    expect(made.some((d) => d?.ownerId === dev.id)).toBe(false);

    // Each a new deal titled from its enquiry, of the enquiry's customer.
    const [fromQuote, fromManual] = made;
    const [quoteRow] = await s.ctx.db.select().from(contacts).where(eq(contacts.id, ids[0]));
    expect(fromQuote).toMatchObject({ stage: "new", contactId: ids[0], customerId: quoteRow!.customerId });
    expect(fromQuote!.customerId).not.toBeNull();
    expect(fromQuote!.title).toBe("Quote request: PN-RS 15 Screw Compressor – Kumar Textiles");
    expect(fromManual!.title).toBe("Visit – Iyer Foundry");
    const [desk] = await s.ctx.db.select().from(salesDesk).where(eq(salesDesk.id, "desk"));
    expect(desk!.lastAssignedId).toBe(order[0]);

    // Logged, and the deal is its owner's to work on.
    const logged = await s.ctx.db.select().from(activity).where(eq(activity.entityId, fromManual!.id));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.detail).toMatch(/^lead .+ assigned round-robin to (asha|bala|chitra)$/);
    const mine = await s.request("GET", "/api/deals?owner=me", {
      token: [asha, bala, chitra].find((p) => p.id === order[1])!.token,
    });
    expect(mine.body.map((d: { contactId: string }) => d.contactId)).toContain(ids[1]);
    const versions = await s.request("GET", `/api/deals/${fromManual!.id}/revisions`, { token: owner });
    expect(versions.status, versions.text).toBe(200);
    expect(versions.body).toHaveLength(1);
  });

  it("never gives two leads arriving at once the same turn", async () => {
    const before = await s.ctx.db.select({ ownerId: deals.ownerId }).from(deals);
    const ids = await Promise.all([10, 11, 12, 13, 14, 15].map(websiteLead));
    const made = await s.ctx.db.select().from(deals).where(inArray(deals.contactId, ids));
    expect(made).toHaveLength(6);
    const counts = new Map(order.map((id) => [id, made.filter((d) => d.ownerId === id).length]));
    expect([...counts.values()]).toEqual([2, 2, 2]);
    // The turn went on from where it was: six more, so it ends where it was before them.
    const [desk] = await s.ctx.db.select().from(salesDesk).where(eq(salesDesk.id, "desk"));
    expect(desk!.lastAssignedId).toBe(order[(before.length - 1) % 3]);
  });

  it("leaves a lead unassigned when there are no active sales staff", async () => {
    for (const p of [asha, bala, chitra]) await setActive(p, false);
    try {
      expect(await dealOf(await websiteLead(20))).toBeNull();
    } finally {
      for (const p of [asha, bala, chitra]) await setActive(p, true);
    }
    // Signed in again: disabling ended their sessions.
    for (const p of [asha, bala, chitra]) {
      const login = await s.request("POST", "/api/auth/login", { json: { username: p.username, password: p.password } });
      p.token = login.body.token;
    }
  });
});

describe("held enquiries (past the hourly cap)", () => {
  it("are not assigned", async () => {
    const capped = await startTestServer({ RATE_LIMITS: "on", ENQUIRY_HOURLY_CAP: "1" });
    try {
      const token = await capped.login();
      await addStaff(capped, token, "sales", "asha");
      await capped.request("PUT", "/api/settings", { token, json: { leadAssignment: "round-robin" } });
      const post = async (n: number) => (await capped.request("POST", "/api/contacts", { json: message(n) })).body.data._id;
      const first = await post(1);
      const held = await post(2);
      const rows = await capped.ctx.db
        .select()
        .from(contacts)
        .where(inArray(contacts.id, [first, held]));
      expect(rows.find((r) => r.id === held)!.held).toBe(true);
      const made = await capped.ctx.db.select({ contactId: deals.contactId }).from(deals);
      expect(made.map((d) => d.contactId)).toEqual([first]);
    } finally {
      await capped.close();
    }
  });
});

describe("POST /api/deals/assign", () => {
  it("is for owners: sales and editors get 403", async () => {
    const sales = await s.request("POST", "/api/deals/assign", { token: asha.token });
    expect(sales.status).toBe(403);
    expect(sales.body.message).toBe("Only an owner can assign leads to the sales staff.");
    expect((await s.request("POST", "/api/deals/assign", { token: editor.token })).status).toBe(403);
  });

  it("gives every unassigned lead, the oldest first, to the sales people in turn; then there are none", async () => {
    await setAssignment("manual");
    const fresh = [await websiteLead(30), await websiteLead(31)];
    const waiting = (await s.request("GET", "/api/my-day", { token: owner })).body.unassignedLeads as { _id: string }[];
    // Visitor 1 (before the setting), Visitor 20 (nobody to give it to) and the two just now.
    expect(waiting).toHaveLength(4);
    expect(waiting.map((l) => l._id).slice(0, 2)).toEqual([...fresh].reverse());
    const [desk] = await s.ctx.db.select().from(salesDesk).where(eq(salesDesk.id, "desk"));
    const res = await s.request("POST", "/api/deals/assign", { token: owner });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ assigned: 4 });
    const oldestFirst = waiting.map((l) => l._id).reverse();
    const owners = await Promise.all(oldestFirst.map(async (id) => (await dealOf(id))?.ownerId));
    const start = order.indexOf(desk!.lastAssignedId!) + 1;
    expect(owners).toEqual([0, 1, 2, 3].map((i) => order[(start + i) % 3]));
    expect((await s.request("GET", "/api/my-day", { token: owner })).body.unassignedLeads).toEqual([]);
    expect((await s.request("POST", "/api/deals/assign", { token: owner })).body).toEqual({ assigned: 0 });
  });
});

describe("linking earlier enquiries to their customers (start-up)", () => {
  it("links each not-held enquiry without a customer, once, and leaves held ones alone", async () => {
    const ids = [await websiteLead(40), await websiteLead(41), await websiteLead(40)];
    const matched = await s.ctx.db.select({ customerId: contacts.customerId }).from(contacts).where(eq(contacts.id, ids[0]!));
    // As if stored before customers existed: no customer, and (for two of them) none made yet.
    await s.ctx.db.update(contacts).set({ customerId: null }).where(inArray(contacts.id, ids));
    await s.ctx.db.delete(customers).where(eq(customers.id, matched[0]!.customerId!));
    const [held] = await s.ctx.db
      .update(contacts)
      .set({ held: true, customerId: null })
      .where(eq(contacts.id, await websiteLead(42)))
      .returning();

    // Two servers' passes at once link each enquiry once; visitor 40's two enquiries share one new customer.
    const [a, b] = await Promise.all([linkEnquiriesToCustomers(s.ctx.db), linkEnquiriesToCustomers(s.ctx.db)]);
    expect(a + b).toBe(3);
    const rows = await s.ctx.db.select().from(contacts).where(inArray(contacts.id, ids)).orderBy(asc(contacts.email));
    expect(rows.every((r) => r.customerId !== null)).toBe(true);
    const byEmail = (email: string) => rows.filter((r) => r.email === email).map((r) => r.customerId);
    expect(new Set(byEmail("visitor40@example.com")).size).toBe(1);
    expect(byEmail("visitor41@example.com")[0]).not.toBe(byEmail("visitor40@example.com")[0]);
    const [stillHeld] = await s.ctx.db.select().from(contacts).where(eq(contacts.id, held!.id));
    expect(stillHeld!.customerId).toBeNull();

    // Nothing left to do: a rerun links none.
    expect(await linkEnquiriesToCustomers(s.ctx.db)).toBe(0);
  });
});

/** The last person given a lead in turn. */
const turn = async () => (await s.ctx.db.select().from(salesDesk).where(eq(salesDesk.id, "desk")))[0]!.lastAssignedId;

/** A website lead from `email` (a returning customer when the address is known). */
async function leadFrom(email: string, subject: string): Promise<string> {
  const res = await s.request("POST", "/api/contacts", { json: { name: "Buyer", email, subject, message: "Price please." } });
  expect(res.status, res.text).toBe(201);
  return res.body.data._id as string;
}

/** An owner marks someone on leave up to and including `day` (null: back at work). */
async function setLeave(person: StaffAccount, day: string | null) {
  const res = await s.request("PUT", `/api/users/${person.id}`, { token: owner, json: { awayUntil: day } });
  expect(res.status, res.text).toBe(200);
}

const nameOf = (id: string | null | undefined) => [asha, bala, chitra].find((p) => p.id === id)!;
const today = () => indiaDateOf(new Date());

describe("one customer, one person (issue 45)", () => {
  beforeAll(() => setAssignment("round-robin"));

  it("a second request from a customer with an open deal is a new deal of that deal's person, and the turn stays", async () => {
    const first = (await dealOf(await leadFrom("returning@buyer.example", "Compressor")))!;
    const other = (await dealOf(await leadFrom("someone@else.example", "Dryer")))!;
    expect(other.ownerId).not.toBe(first.ownerId);
    const turnBefore = await turn();
    expect(turnBefore).toBe(other.ownerId);

    const again = (await dealOf(await leadFrom("returning@buyer.example", "Spares")))!;
    expect(again.id).not.toBe(first.id);
    expect(again).toMatchObject({ ownerId: first.ownerId, customerId: first.customerId, stage: "new", ownerNoticeDue: true });
    expect(await turn()).toBe(turnBefore);
    const [logged] = await s.ctx.db.select().from(activity).where(eq(activity.entityId, again.id));
    expect(logged!.detail).toMatch(
      new RegExp(`^lead .+ given to ${nameOf(first.ownerId).username}, the customer's sales person$`),
    );

    // A new customer takes the turn where it was.
    const next = (await dealOf(await leadFrom("newcomer@buyer.example", "Valves")))!;
    expect(next.ownerId).toBe(order[(order.indexOf(turnBefore!) + 1) % 3]);
  });

  it("once the customer's deals are closed, their person still gets the next request", async () => {
    const first = (await dealOf(await leadFrom("won@buyer.example", "Compressor")))!;
    const won = await s.request("PUT", `/api/deals/${first.id}`, { token: owner, json: { stage: "won" } });
    expect(won.status, won.text).toBe(200);
    await websiteLead(50); // the turn moves on meanwhile
    const turnBefore = await turn();
    const again = (await dealOf(await leadFrom("won@buyer.example", "Service")))!;
    expect(again.ownerId).toBe(first.ownerId);
    expect(await turn()).toBe(turnBefore);
  });

  it("goes to the turn when the customer's person is on leave", async () => {
    const first = (await dealOf(await leadFrom("away@buyer.example", "Compressor")))!;
    const person = nameOf(first.ownerId);
    await setLeave(person, today());
    try {
      const turnBefore = await turn();
      const again = (await dealOf(await leadFrom("away@buyer.example", "Spares")))!;
      expect(again.ownerId).not.toBe(person.id);
      expect(again.ownerId).not.toBeNull();
      expect(await turn()).toBe(again.ownerId);
      expect(turnBefore).not.toBe(again.ownerId);
    } finally {
      await setLeave(person, null);
    }
  });
});

describe("leave (issue 45)", () => {
  beforeAll(() => setAssignment("round-robin"));

  it("round-robin passes by someone on leave up to and including their last day", async () => {
    await setLeave(asha, today());
    try {
      const ids = await Promise.all([60, 61, 62, 63].map(websiteLead));
      const made = await s.ctx.db.select().from(deals).where(inArray(deals.contactId, ids));
      expect(made.map((d) => d.ownerId).sort()).toEqual([bala.id, bala.id, chitra.id, chitra.id].sort());
    } finally {
      await setLeave(asha, null);
    }
  });

  it("gives them turns again the day after their leave", async () => {
    // Leave that ended yesterday (the API takes no past day, so the database is set directly).
    await s.ctx.db
      .update(admins)
      .set({ awayUntil: addDays(today(), -1) })
      .where(eq(admins.id, asha.id));
    const ids = await Promise.all([64, 65, 66].map(websiteLead));
    const made = await s.ctx.db.select().from(deals).where(inArray(deals.contactId, ids));
    expect(made.map((d) => d.ownerId).sort()).toEqual([...order].sort());
  });
});

describe("an owner gives a deal to someone else (issue 45)", () => {
  it("the new owner is told as of a new lead, and the change is in the deal's history and the activity log", async () => {
    const deal = (await dealOf(await websiteLead(70)))!;
    const from = nameOf(deal.ownerId);
    const to = [asha, bala, chitra].find((p) => p.id !== from.id)!;
    await s.ctx.db.update(deals).set({ ownerNoticeDue: false }).where(eq(deals.id, deal.id));
    const res = await s.request("PUT", `/api/deals/${deal.id}`, { token: owner, json: { ownerId: to.id } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ ownerId: to.id, stage: "new", title: deal.title });
    expect((await dealOf(deal.contactId!))!.ownerNoticeDue).toBe(true);
    const [logged] = await s.ctx.db
      .select()
      .from(activity)
      .where(and(eq(activity.entityId, deal.id), eq(activity.action, "update")))
      .orderBy(desc(activity.createdAt));
    expect(logged!.detail).toBe(`owner ${from.username} → ${to.username}`);
    const versions = await s.request("GET", `/api/deals/${deal.id}/revisions`, { token: owner });
    expect(versions.body).toHaveLength(2);
    // The new owner works on it now; the old one reads it only.
    const mine = await s.request("GET", "/api/deals?owner=me", { token: to.token });
    expect(mine.body.map((d: { _id: string }) => d._id)).toContain(deal.id);
    const old = await s.request("PUT", `/api/deals/${deal.id}`, { token: from.token, json: { stage: "qualified" } });
    expect(old.status).toBe(403);
  });

  it("a sales person cannot give their own deal to someone else (403 in words); it stays theirs", async () => {
    const deal = (await dealOf(await websiteLead(71)))!;
    const from = nameOf(deal.ownerId);
    const to = [asha, bala, chitra].find((p) => p.id !== from.id)!;
    const res = await s.request("PUT", `/api/deals/${deal.id}`, { token: from.token, json: { ownerId: to.id } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Only an owner can give a deal to someone else.");
    expect((await dealOf(deal.contactId!))!.ownerId).toBe(from.id);
  });
});
