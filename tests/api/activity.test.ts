import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteOldActivity } from "../../server/activity/log";
import { queryRows } from "../../server/db/client";
import { LIST_CONTENT } from "../../shared/content/registry";
import { startTestServer, type TestServer } from "../support/server";
import { addStaff } from "../support/staff";

/** The activity log: what is recorded, GET /api/activity's filters and pages, retention. */

let s: TestServer;
let owner: string;
beforeAll(async () => {
  s = await startTestServer({ TRUST_PROXY: "loopback" });
  owner = await s.login();
});
afterAll(() => s?.close());

interface Entry {
  _id: string;
  createdAt: string;
  actorId: string | null;
  actorName: string;
  ip: string;
  action: string;
  entityType: string;
  entityId: string | null;
  entityLabel: string;
  fields: string[];
  detail: string;
}

const activity = async (query: Record<string, string> = {}) => {
  const res = await s.request("GET", `/api/activity?${new URLSearchParams(query)}`, { token: owner });
  expect(res.status, res.text).toBe(200);
  return { items: res.body as Entry[], total: Number(res.headers.get("x-total-count")) };
};

describe("what is recorded", () => {
  it("sign-ins, succeeded and failed, with the address", async () => {
    await s.request("POST", "/api/auth/login", {
      json: { username: "admin", password: "wrong-password" },
      headers: { "X-Forwarded-For": "198.51.100.20" },
    });
    await s.request("POST", "/api/auth/login", {
      json: { username: "nobody", password: "wrong-password" },
      headers: { "X-Forwarded-For": "198.51.100.21" },
    });
    const failed = (await activity({ action: "sign-in-failed" })).items;
    expect(failed[0]).toMatchObject({ actorName: "nobody", actorId: null, ip: "198.51.100.21", detail: "unknown username" });
    expect(failed[1]).toMatchObject({ actorName: "admin", ip: "198.51.100.20", detail: "wrong password" });
    expect((await activity({ action: "sign-in" })).total).toBeGreaterThanOrEqual(1);
  });

  it("content writes of every type: create, update with the changed fields, delete", async () => {
    for (const c of LIST_CONTENT) {
      const created = await s.request("POST", `/api/${c.path.slice(1)}`, {
        token: owner,
        json: { ...c.example, image: "https://example.com/picture.jpg" },
      });
      expect(created.status, `${c.name}: ${created.text}`).toBe(201);
      const id = created.body._id;
      const textField = c.form.find((f) => f.control === "textarea")?.name ?? "title";
      const updated = await s.request("PUT", `/api${c.path}/${id}`, {
        token: owner,
        json: { [textField]: "Changed by the test." },
      });
      expect(updated.status, `${c.name}: ${updated.text}`).toBe(200);
      expect((await s.request("DELETE", `/api${c.path}/${id}`, { token: owner })).status).toBe(200);
      const entries = (await activity({ type: c.name })).items;
      expect(
        entries.map((e) => e.action),
        c.name,
      ).toEqual(["delete", "update", "create"]);
      expect(entries.every((e) => e.entityId === id && e.actorName === "admin")).toBe(true);
      expect(entries[1]!.fields, c.name).toEqual([textField]);
    }
  });

  it("settings, enquiry status, notes, exports and deletes, staff changes", async () => {
    await s.request("PUT", "/api/settings", { token: owner, json: { tagline: "Air you can trust" } });
    const settings = (await activity({ type: "settings" })).items[0]!;
    expect(settings).toMatchObject({ action: "update", fields: ["tagline"] });

    const sent = await s.request("POST", "/api/contacts", {
      json: { name: "Ravi", email: "ravi@example.com", subject: "Quote", message: "Need a 10 HP unit." },
    });
    const id = sent.body.data._id as string;
    await s.request("PUT", `/api/contacts/${id}/status`, { token: owner, json: { status: "resolved" } });
    await s.request("POST", `/api/contacts/${id}/notes`, { token: owner, json: { text: "Called back." } });
    await s.request("GET", "/api/contacts/export.csv?status=resolved", { token: owner });
    await s.request("DELETE", `/api/contacts/${id}`, { token: owner });
    const enquiry = (await activity({ type: "enquiry" })).items;
    expect(enquiry.map((e) => [e.action, e.detail])).toEqual([
      ["delete", ""],
      ["export", "CSV (status: resolved)"],
      ["note", ""],
      ["status", "resolved"],
    ]);
    expect(enquiry[0]!.entityLabel).toMatch(/^M-\d{4}-\d+$/);

    const person = await addStaff(s, owner, "editor", "kavya");
    await s.request("PUT", `/api/users/${person.id}`, { token: owner, json: { role: "sales", active: false } });
    const staff = (await activity({ type: "user" })).items;
    expect(staff[0]).toMatchObject({ action: "update", entityLabel: "kavya", detail: "role Editor → Sales, disabled" });
    expect(staff[0]!.fields).toEqual(["active", "role"]);
    expect(staff[1]).toMatchObject({ action: "create", entityLabel: "kavya", detail: "role editor" });
  });
});

describe("GET /api/activity", () => {
  it("filters by person, action and dates, newest first, 50 a page", async () => {
    const person = await addStaff(s, owner, "editor", "nila");
    for (let i = 0; i < 55; i++) {
      const res = await s.request("POST", "/api/faq", {
        token: person.token,
        json: { question: `Question ${i}?`, answer: "Yes." },
      });
      expect(res.status).toBe(201);
    }
    const first = await activity({ actor: person.id, action: "create" });
    expect(first.total).toBe(55);
    expect(first.items).toHaveLength(50);
    expect(first.items[0]!.entityLabel).toBe("Question 54?");
    const times = first.items.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const second = await activity({ actor: person.id, action: "create", page: "2" });
    expect(second.items.map((e) => e.entityLabel)).toEqual([
      "Question 4?",
      "Question 3?",
      "Question 2?",
      "Question 1?",
      "Question 0?",
    ]);

    const today = new Date(Date.now() + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 10);
    expect((await activity({ actor: person.id, from: today, to: today })).total).toBeGreaterThanOrEqual(56);
    expect((await activity({ actor: person.id, to: "2020-01-01" })).total).toBe(0);
  });

  it("answers 400 for a bad filter", async () => {
    const res = await s.request("GET", "/api/activity?action=explode", { token: owner });
    expect(res.status).toBe(400);
    expect((await s.request("GET", "/api/activity?from=2026-02-31", { token: owner })).status).toBe(400);
    expect((await s.request("GET", "/api/activity?limit=1000", { token: owner })).status).toBe(400);
  });
});

describe("retention", () => {
  it("deletes entries older than ACTIVITY_RETENTION_DAYS and keeps the rest", async () => {
    await s.ctx.db.execute(sql`UPDATE activity SET created_at = now() - interval '400 days' WHERE action = 'sign-in-failed'`);
    const before = await queryRows<{ n: number }>(s.ctx.db, sql`SELECT count(*)::int AS n FROM activity`);
    const removed = await deleteOldActivity(s.ctx.db, s.ctx.config.activityRetentionDays);
    expect(removed).toBeGreaterThanOrEqual(2);
    const after = await queryRows<{ n: number }>(s.ctx.db, sql`SELECT count(*)::int AS n FROM activity`);
    expect(after[0]!.n).toBe(before[0]!.n - removed);
    expect((await activity({ action: "sign-in-failed" })).total).toBe(0);
    expect(s.ctx.config.activityRetentionDays).toBe(365);
  });
});
