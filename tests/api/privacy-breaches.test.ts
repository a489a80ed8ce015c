import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activity } from "../../server/db/schema";
import { startTestServer, type TestServer } from "../support/server";
import { addStaff } from "../support/staff";

/** The breach register: owners only; dates checked; every change in the activity log. */

let s: TestServer;
let owner: string;
let sales: string;
let editor: string;

beforeAll(async () => {
  s = await startTestServer({ RATE_LIMITS: "off" });
  owner = await s.login();
  sales = (await addStaff(s, owner, "sales")).token;
  editor = (await addStaff(s, owner, "editor")).token;
});
afterAll(() => s?.close());

const LAPTOP = {
  title: "Sales laptop stolen",
  description: "A sales engineer's laptop was stolen from a car in Pune.",
  occurredAt: "2026-03-01",
  discoveredAt: "2026-03-02T09:30:00+05:30",
  affected: "Buyers whose enquiries were in a CSV export on the laptop",
  affectedCount: 120,
  measures: "Sessions ended, passwords changed.",
};
const post = (json: unknown, token = owner) => s.request("POST", "/api/privacy/breaches", { token, json });

describe("the breach register", () => {
  it("adds, lists newest found first, changes the fields given, never deletes, and logs each change", async () => {
    const created = await post(LAPTOP);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      ...LAPTOP,
      occurredAt: "2026-02-28T18:30:00.000Z",
      discoveredAt: "2026-03-02T04:00:00.000Z",
      boardNotifiedAt: null,
      peopleNotifiedAt: null,
      createdByName: "admin",
    });
    const older = await post({ title: "Wrong e-mail recipient", discoveredAt: "2026-01-10" });
    expect(older.status).toBe(201);
    expect(older.body).toMatchObject({ occurredAt: null, affectedCount: null, affected: "" });

    const listed = await s.request("GET", "/api/privacy/breaches", { token: owner });
    expect(listed.body.map((b: { _id: string }) => b._id)).toEqual([created.body._id, older.body._id]);

    const id = created.body._id;
    const told = await s.request("PUT", `/api/privacy/breaches/${id}`, {
      token: owner,
      json: { boardNotifiedAt: "2026-03-03", peopleNotifiedAt: "2026-03-04T10:00:00Z" },
    });
    expect(told.status).toBe(200);
    expect(told.body).toMatchObject({
      title: LAPTOP.title,
      affectedCount: 120,
      boardNotifiedAt: "2026-03-02T18:30:00.000Z",
      peopleNotifiedAt: "2026-03-04T10:00:00.000Z",
    });
    const cleared = await s.request("PUT", `/api/privacy/breaches/${id}`, { token: owner, json: { peopleNotifiedAt: "" } });
    expect(cleared.body).toMatchObject({ peopleNotifiedAt: null, boardNotifiedAt: "2026-03-02T18:30:00.000Z" });
    expect((await s.request("GET", `/api/privacy/breaches/${id}`, { token: owner })).body).toEqual(cleared.body);

    // Never deleted, not even by an owner: the register is what the Board and an auditor ask for.
    const deleted = await s.request("DELETE", `/api/privacy/breaches/${id}`, { token: owner });
    expect(deleted.status).toBe(405);
    expect(deleted.body.message).toBe(
      "Entries of the breach register are never deleted: correct this one by editing it, or add an entry that explains it.",
    );
    expect((await s.request("GET", `/api/privacy/breaches/${id}`, { token: owner })).body).toEqual(cleared.body);

    const entries = await s.ctx.db.select().from(activity).where(eq(activity.entityId, id));
    expect(entries.map((e) => [e.entityType, e.action]).sort()).toEqual([
      ["breach", "create"],
      ["breach", "update"],
      ["breach", "update"],
    ]);
  });

  it.each([
    [{ discoveredAt: "2026-03-02" }, "Please say what happened, in a few words."],
    [{ title: "X" }, "When it was found must be a date like 2026-01-31."],
    [{ title: "X", discoveredAt: "2026-02-31" }, "When it was found must be a real date like 2026-01-31."],
    [{ title: "X", discoveredAt: "yesterday" }, "When it was found must be a real date like 2026-01-31."],
    [
      { title: "X", discoveredAt: "2026-03-01", occurredAt: "2026-03-05" },
      "When it was found cannot be before when it happened.",
    ],
    [
      { title: "X", discoveredAt: "2026-03-01", affectedCount: 2.5 },
      "Number of people affected must be a whole number (0 or more).",
    ],
    [{ title: "X", discoveredAt: "2026-03-01", boardNotifiedAt: 5 }, "When the Board was told must be a date like 2026-01-31."],
  ])("refuses %j in words and stores nothing", async (json, message) => {
    const before = (await s.request("GET", "/api/privacy/breaches", { token: owner })).body.length;
    const res = await post(json);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await s.request("GET", "/api/privacy/breaches", { token: owner })).body.length).toBe(before);
  });

  it("is closed to sales and editors (403 in words) and to anyone not signed in (401)", async () => {
    const { body } = await post({ title: "Kept", discoveredAt: "2026-04-01" });
    for (const token of [sales, editor]) {
      const res = await s.request("GET", "/api/privacy/breaches", { token });
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/^Your role \((sales|editor)\) cannot see or change the breach register\.$/);
      expect((await post({ title: "No", discoveredAt: "2026-04-01" }, token)).status).toBe(403);
      expect((await s.request("DELETE", `/api/privacy/breaches/${body._id}`, { token })).status).toBe(403);
    }
    expect((await s.request("GET", "/api/privacy/breaches")).status).toBe(401);
    expect((await s.request("POST", "/api/privacy/breaches", { json: LAPTOP })).status).toBe(401);
    expect((await s.request("GET", `/api/privacy/breaches/${body._id}`, { token: owner })).status).toBe(200);
  });
});
