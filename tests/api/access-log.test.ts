import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessLog, contacts } from "../../server/db/schema";
import { ACCESS_LOG_KEEP_DAYS, deleteOldAccess } from "../../server/privacy/access-log";
import { newId } from "../../shared/lib/ids";
import { buyer } from "../support/enquiries";
import { startTestServer, type TestServer } from "../support/server";
import { addStaff, type StaffAccount } from "../support/staff";

/**
 * Who looked at whom (issue 33): every staff view, export and download of a person's records is logged with
 * who, when, from where and what, and owners find the rows by the person or by the staff member. Lists are
 * logged too (issue 44, 2), one row per answer naming the records it carried; those tests come last, so the
 * counts above are of views alone.
 */

let s: TestServer;
let owner: string;
let meena: StaffAccount;
let enquiry: { _id: string; reference: string; customerId: string };
let dealId: string;
let quotation: { _id: string; number: string; version: number };

const RAVI = buyer();
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  s = await startTestServer({ RATE_LIMITS: "off" });
  owner = await s.login();
  meena = await addStaff(s, owner, "sales", "meena");
  await s.request("PUT", "/api/settings", {
    token: owner,
    json: { gstin: "33AAKCP1998Q1ZI", address: "SIDCO Industrial Estate, Salem 636 005" },
  });
  const sent = await s.request("POST", "/api/quotes", { json: RAVI });
  expect(sent.status, sent.text).toBe(201);
  // Another person's enquiry, which no search for Ravi may find.
  await s.request("POST", "/api/quotes", {
    json: buyer({ name: "Sunita Rao", email: "sunita@example.com", phone: "+91 99400 11223", company: "Rao Foods" }),
  });
  const [row] = await s.ctx.db.select().from(accessLog);
  expect(row, "nothing is logged before staff open anything").toBeUndefined();
  const [lead] = await s.ctx.db.select().from(contacts).where(eq(contacts.id, sent.body.data._id));
  enquiry = { _id: lead!.id, reference: lead!.reference, customerId: lead!.customerId! };
  // The customer's state, for the quotation's tax (a change: not a view, so not in the access log).
  const located = await s.request("PUT", `/api/customers/${enquiry.customerId}`, {
    token: owner,
    json: {
      billingAddress: { line1: "14 Mill Road", city: "Coimbatore", state: "Tamil Nadu", pincode: "641001", country: "India" },
    },
  });
  expect(located.status, located.text).toBe(200);
});
afterAll(() => s?.close());

const rowsOf = (actorId: string) => s.ctx.db.select().from(accessLog).where(eq(accessLog.actorId, actorId));
const access = (query: string, token = owner) => s.request("GET", `/api/privacy/access?${query}`, { token });

describe("a sales person's views", () => {
  it("of an enquiry, its customer, a deal, a quotation and its PDF, and the deals CSV are each logged: who, when, where, what", async () => {
    const started = Date.now();
    const token = meena.token;
    const opened = await s.request("GET", `/api/contacts/${enquiry._id}`, { token });
    expect(opened.status).toBe(200);
    expect((await s.request("GET", `/api/customers/${enquiry.customerId}`, { token })).status).toBe(200);
    const deal = await s.request("POST", "/api/deals", {
      token,
      json: { title: "Kumar Textiles: 250 cfm", contactId: enquiry._id },
    });
    expect(deal.status, deal.text).toBe(201);
    dealId = deal.body._id;
    expect((await s.request("GET", `/api/deals/${dealId}`, { token })).status).toBe(200);
    const made = await s.request("POST", "/api/quotations", {
      token,
      json: {
        dealId,
        lines: [{ description: "Installation and commissioning", hsn: "998717", quantity: 1, unit: "Job", unitPrice: "12500" }],
      },
    });
    expect(made.status, made.text).toBe(201);
    quotation = made.body;
    expect((await s.request("GET", `/api/quotations/${quotation._id}`, { token })).status).toBe(200);
    const pdf = await s.request("GET", `/api/quotations/${quotation._id}/pdf`, { token });
    expect(pdf.status).toBe(200);
    const csv = await s.request("GET", "/api/deals/export.csv?stage=open", { token });
    expect(csv.status).toBe(200);

    const rows = (await rowsOf(meena.id)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(rows.map((r) => [r.action, r.entityType, r.entityId, r.detail])).toEqual([
      ["view", "enquiry", enquiry._id, enquiry.reference],
      ["view", "customer", enquiry.customerId, ""],
      ["view", "deal", dealId, ""],
      ["view", "quotation", quotation._id, `${quotation.number} v1`],
      ["download", "quotation", quotation._id, `${quotation.number} v1 PDF`],
      ["export", "deals", null, "CSV, 1 row (stage: open)"],
    ]);
    for (const r of rows) {
      expect(r.actorName).toBe("meena");
      expect(r.ip).toMatch(/127\.0\.0\.1/);
      expect(r.createdAt.getTime()).toBeGreaterThanOrEqual(started - 1000);
      expect(r.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  it("of past versions and the enquiries CSV are logged too; an export's search text is not kept", async () => {
    const token = meena.token;
    expect((await s.request("GET", `/api/customers/${enquiry.customerId}/revisions`, { token })).status).toBe(200);
    expect((await s.request("GET", `/api/deals/${dealId}/revisions`, { token })).status).toBe(200);
    expect((await s.request("GET", "/api/contacts/export.csv?q=ravi", { token })).status).toBe(200);
    const rows = await rowsOf(meena.id);
    expect(
      rows
        .filter((r) => r.detail === "past versions")
        .map((r) => r.entityType)
        .sort(),
    ).toEqual(["customer", "deal"]);
    expect(rows.find((r) => r.entityType === "enquiries")).toMatchObject({ action: "export", detail: "CSV, 1 row (a search)" });
  });

  it("leave no name, e-mail address or phone number of the person in the log", async () => {
    const logged = JSON.stringify(await s.ctx.db.select().from(accessLog)).toLowerCase();
    for (const personal of ["ravi", "kumar", "ravi@example.com", "98765", "43210"]) expect(logged).not.toContain(personal);
  });
});

describe("an owner asking about a person", () => {
  it.each([
    ["name", "ravi KUMAR"],
    ["e-mail address", " RAVI@example.com "],
    ["phone number", "098765-43210"],
  ])("finds their records by %s and who opened them, newest first", async (_by, person) => {
    const res = await access(`person=${encodeURIComponent(person)}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.person).toBe(person.trim());
    expect(res.body.records).toEqual(
      expect.arrayContaining([
        { entityType: "enquiry", entityId: enquiry._id, label: enquiry.reference, link: `/admin/contacts/${enquiry._id}` },
        expect.objectContaining({ entityType: "customer", entityId: enquiry.customerId, label: "Kumar Textiles" }),
        { entityType: "deal", entityId: dealId, label: "Kumar Textiles: 250 cfm", link: `/admin/deals/${dealId}` },
        expect.objectContaining({ entityType: "quotation", entityId: quotation._id, link: `/admin/quotations/${quotation._id}` }),
      ]),
    );
    expect(res.body.records).toHaveLength(4);
    const items = res.body.items as { actorId: string; action: string; entityType: string; createdAt: string; ip: string }[];
    expect(items.map((i) => `${i.action} ${i.entityType}`).sort()).toEqual(
      ["view enquiry", "view customer", "view customer", "view deal", "view deal", "view quotation", "download quotation"].sort(),
    );
    expect(items.every((i) => i.actorId === meena.id && /127\.0\.0\.1/.test(i.ip))).toBe(true);
    const times = items.map((i) => i.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(res.headers.get("x-total-count")).toBe("7");
    expect(res.body.exports.map((e: { entityType: string }) => e.entityType).sort()).toEqual(["deals", "enquiries"]);
  });

  it("pages the rows", async () => {
    const first = await access("person=ravi%40example.com&limit=5");
    const second = await access("person=ravi%40example.com&limit=5&page=2");
    expect(first.body.items).toHaveLength(5);
    expect(second.body.items).toHaveLength(2);
    expect(second.headers.get("x-total-count")).toBe("7");
  });

  it("finds only that person: another's records stay out, and an unknown person has none", async () => {
    const sunita = await access("person=sunita%40example.com");
    expect(sunita.body.records.map((r: { entityType: string }) => r.entityType)).toEqual(["enquiry", "customer"]);
    expect(sunita.body.items).toEqual([]);
    const nobody = await access("person=nobody%40example.com");
    expect(nobody.status).toBe(200);
    expect(nobody.body).toEqual({ person: "nobody@example.com", records: [], items: [], exports: [] });
  });
});

describe("an owner asking about a staff member", () => {
  it("sees everything they opened, exported or downloaded, newest first, with what each record is called", async () => {
    const res = await access(`staff=${meena.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.staff).toEqual({ _id: meena.id, name: "sales person" });
    expect(res.headers.get("x-total-count")).toBe(String((await rowsOf(meena.id)).length));
    expect(res.body.items[0]).toMatchObject({ action: "export", entityType: "enquiries", label: "", link: null });
    expect(res.body.items).toContainEqual(
      expect.objectContaining({ action: "view", entityType: "enquiry", label: enquiry.reference, actorName: "meena" }),
    );
  });

  it("of someone who opened nothing is an empty list; an unknown id is 404 in words", async () => {
    const res = await access(`staff=${(await s.request("GET", "/api/auth/me", { token: owner })).body._id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.items).toEqual([]);
    const unknown = await access(`staff=${newId()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("There is no staff member with that id.");
  });
});

describe("the access log's screen data", () => {
  it("is for owners only: sales 403 in words, no token 401", async () => {
    const sales = await access("person=ravi", meena.token);
    expect(sales.status).toBe(403);
    expect(sales.body.message).toBe("Your role (sales) cannot see who looked at people's data.");
    expect((await s.request("GET", "/api/privacy/access?person=ravi")).status).toBe(401);
  });

  it("needs a person or a staff member: 400 in words", async () => {
    const res = await access("");
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Give a person \(a name, e-mail address or phone number\) or a staff member/);
  });
});

describe("keeping the log", () => {
  it("is for at least a year; deleteOldAccess removes older rows and keeps newer", async () => {
    expect(ACCESS_LOG_KEEP_DAYS).toBeGreaterThanOrEqual(365);
    const old = newId();
    const recent = newId();
    await s.ctx.db.insert(accessLog).values([
      {
        id: old,
        actorName: "x",
        action: "view",
        entityType: "enquiry",
        createdAt: new Date(Date.now() - (ACCESS_LOG_KEEP_DAYS + 1) * DAY),
      },
      {
        id: recent,
        actorName: "x",
        action: "view",
        entityType: "enquiry",
        createdAt: new Date(Date.now() - (ACCESS_LOG_KEEP_DAYS - 1) * DAY),
      },
    ]);
    expect(await deleteOldAccess(s.ctx.db, ACCESS_LOG_KEEP_DAYS)).toBe(1);
    const left = (await s.ctx.db.select({ id: accessLog.id }).from(accessLog)).map((r) => r.id);
    expect(left).toContain(recent);
    expect(left).not.toContain(old);
  });
});

describe("list and search answers (issue 44, 2)", () => {
  type Item = { actorId: string; action: string; entityType: string; entityId: string | null; createdAt: string };
  const listsOf = (res: { body: { items: Item[] } }) =>
    res.body.items
      .filter((i) => i.action === "list")
      .map((i) => `${i.actorId === meena.id ? "meena" : "owner"} ${i.entityType}`)
      .sort();

  it("log one row per answer that names the people returned, found by the person, by who and when", async () => {
    const started = Date.now();
    // Ravi's deal is due today, so My day carries him as well as Sunita's unassigned enquiry.
    const due = await s.request("PUT", `/api/deals/${dealId}`, {
      token: meena.token,
      json: { nextStep: { text: "Call Ravi", dueDate: new Date().toISOString().slice(0, 10) } },
    });
    expect(due.status, due.text).toBe(200);
    const [sunita] = await s.ctx.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.email, "sunita@example.com"));
    const sunitaId = sunita!.id;
    const before = (await s.ctx.db.select().from(accessLog)).length;
    const lists = ["/api/contacts", "/api/contacts/customers", "/api/customers", "/api/deals", "/api/quotations", "/api/my-day"];
    for (const path of lists) {
      const res = await s.request("GET", path, { token: meena.token });
      expect(res.status, path).toBe(200);
      expect(res.text, path).toMatch(/ravi|kumar textiles/i);
    }
    // A search, by an owner: logged under the owner.
    expect((await s.request("GET", "/api/contacts?q=ravi", { token: owner })).status).toBe(200);
    const written = (await s.ctx.db.select().from(accessLog)).length - before;
    expect(written, "one row per request").toBe(lists.length + 1);
    const rows = (await rowsOf(meena.id)).filter((r) => r.action === "list");
    // Each names the page's records by id (never by what the person is called), and says how many rows.
    const listRow = (type: string) => rows.find((r) => r.entityType === type)!;
    expect(listRow("enquiries")).toMatchObject({ entityId: null, detail: "2 rows" });
    expect(listRow("enquiries").records).toContain(`enquiry:${enquiry._id}`);
    expect(listRow("people").records).toContain(`enquiry:${enquiry._id}`);
    expect(listRow("customers").records).toContain(`customer:${enquiry.customerId}`);
    expect(listRow("deals").records).toEqual([`deal:${dealId}`, `customer:${enquiry.customerId}`]);
    expect(listRow("quotations").records).toEqual([`quotation:${quotation._id}`, `customer:${enquiry.customerId}`]);
    expect(listRow("my-day").records).toEqual(expect.arrayContaining([`deal:${dealId}`, `enquiry:${sunitaId}`]));

    const ravi = await access(`person=${encodeURIComponent("RAVI@example.com")}`);
    expect(ravi.status, ravi.text).toBe(200);
    expect(listsOf(ravi)).toEqual(
      [
        "meena enquiries",
        "meena people",
        "meena customers",
        "meena deals",
        "meena quotations",
        "meena my-day",
        "owner enquiries",
      ].sort(),
    );
    for (const i of ravi.body.items.filter((i: Item) => i.action === "list")) {
      expect(i.entityId).toBeNull();
      expect(new Date(i.createdAt).getTime()).toBeGreaterThanOrEqual(started - 1000);
    }
    // By phone too; and Sunita, who was in the same pages, is found in them (no deal or quotation of hers).
    expect(listsOf(await access(`person=${encodeURIComponent("098765-43210")}`))).toEqual(listsOf(ravi));
    expect(listsOf(await access("person=sunita%40example.com"))).toEqual(
      ["meena enquiries", "meena people", "meena customers", "meena my-day"].sort(),
    );
    // The staff member's own view lists them as well.
    const staff = await access(`staff=${meena.id}`);
    expect(staff.body.items.filter((i: Item) => i.action === "list")).toHaveLength(lists.length);
  });

  it("of nobody (an empty page) write no row", async () => {
    const before = (await s.ctx.db.select().from(accessLog)).length;
    expect((await s.request("GET", "/api/contacts?q=zzz-nobody", { token: meena.token })).status).toBe(200);
    expect((await s.ctx.db.select().from(accessLog)).length).toBe(before);
  });

  it("leave no name, e-mail address or phone number of the person in the log", async () => {
    const logged = JSON.stringify(await s.ctx.db.select().from(accessLog)).toLowerCase();
    for (const personal of ["ravi", "kumar", "ravi@example.com", "98765", "43210", "sunita", "99400"]) {
      expect(logged).not.toContain(personal);
    }
  });
});
