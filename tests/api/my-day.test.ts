import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indiaDateOf } from "../../shared/sales/financial-year";
import { buyer } from "../support/enquiries";
import { startTestServer, type TestServer } from "../support/server";
import { addStaff, type StaffAccount } from "../support/staff";

/** My day: a sales person's overdue and today's next steps, new leads nobody has taken up, quotations about to expire. */

let s: TestServer;
let owner: string;
let asha: StaffAccount;
let bala: StaffAccount;
const today = indiaDateOf(new Date());
const dayFrom = (days: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  s = await startTestServer({ RATE_LIMITS: "off" });
  owner = await s.login();
  asha = await addStaff(s, owner, "sales", "asha");
  bala = await addStaff(s, owner, "sales", "bala");
  await s.request("PUT", "/api/settings", { token: owner, json: { gstin: "33AAKCP1998Q1ZI" } });
});
afterAll(() => s?.close());

async function deal(title: string, json: Record<string, unknown>, person = asha) {
  const res = await s.request("POST", "/api/deals", { token: person.token, json: { title, ...json } });
  expect(res.status, res.text).toBe(201);
  return res.body as { _id: string };
}

const titles = (list: { title: string }[]) => list.map((d) => d.title);

describe("GET /api/my-day", () => {
  it("lists my open deals whose next step is overdue (oldest first) or due today; not later ones, closed ones or others'", async () => {
    await deal("Due today", { nextStep: { text: "Call back", dueDate: today } });
    await deal("Two days late", { nextStep: { text: "Send drawing", dueDate: dayFrom(-2) } });
    await deal("A day late", { nextStep: { text: "Visit site", dueDate: dayFrom(-1) } });
    await deal("Tomorrow", { nextStep: { text: "Call", dueDate: dayFrom(1) } });
    await deal("Lost, late", { stage: "lost", lostReason: "Budget", nextStep: { text: "x", dueDate: dayFrom(-3) } });
    await deal("Bala's, late", { nextStep: { text: "x", dueDate: dayFrom(-1) } }, bala);
    const res = await s.request("GET", "/api/my-day", { token: asha.token });
    expect(res.status).toBe(200);
    expect(res.body.day).toBe(today);
    expect(titles(res.body.overdue)).toEqual(["Two days late", "A day late"]);
    expect(titles(res.body.today)).toEqual(["Due today"]);
    expect(titles((await s.request("GET", "/api/my-day", { token: bala.token })).body.overdue)).toEqual(["Bala's, late"]);
  });

  it("lists new enquiries no deal has taken up, newest first; a lead with a deal or a resolved one drops out", async () => {
    const post = async (email: string) =>
      (await s.request("POST", "/api/quotes", { json: buyer({ email }) })).body.data._id as string;
    const taken = await post("taken@example.com");
    const resolved = await post("resolved@example.com");
    const waiting = await post("waiting@example.com");
    await deal("From a lead", { contactId: taken });
    await s.request("PUT", `/api/contacts/${resolved}/status`, { token: owner, json: { status: "resolved" } });
    const leads = (await s.request("GET", "/api/my-day", { token: asha.token })).body.unassignedLeads as { _id: string }[];
    expect(leads.map((l) => l._id)).toEqual([waiting]);
  });

  it("lists the latest version of my quotations valid until within a week, not yet accepted or declined", async () => {
    const customer = await s.request("POST", "/api/customers", {
      token: asha.token,
      json: { name: "Pune Forgings", gstin: "27AAPFU0939F1ZV" },
    });
    const d = await deal("Quoted", { customerId: customer.body._id });
    const line = { description: "Installation", hsn: "998717", quantity: 1, unitPrice: 10000 };
    const quote = (validUntil: string) =>
      s.request("POST", "/api/quotations", { token: asha.token, json: { dealId: d._id, lines: [line], validUntil } });
    const soon = await quote(dayFrom(3));
    await quote(dayFrom(30));
    const revised = await s.request("POST", `/api/quotations/${soon.body._id}/revise`, {
      token: asha.token,
      json: { validUntil: dayFrom(5) },
    });
    expect(revised.status, revised.text).toBe(201);
    const expiring = (await s.request("GET", "/api/my-day", { token: asha.token })).body.expiringQuotations as {
      _id: string;
      version: number;
    }[];
    expect(expiring.map((q) => [q._id, q.version])).toEqual([[revised.body._id, 2]]);
    expect((await s.request("GET", "/api/my-day", { token: bala.token })).body.expiringQuotations).toEqual([]);
  });

  it("is the sales desk's: editors get 403", async () => {
    const editor = await addStaff(s, owner, "editor", "eshwar");
    const res = await s.request("GET", "/api/my-day", { token: editor.token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Your role (editor) cannot see the sales desk.");
  });
});
