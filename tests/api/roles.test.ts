import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { can, type Permission, ROLES, type Role } from "../../shared/auth/roles";
import { CONTENT } from "../../shared/content/registry";
import { newId } from "../../shared/lib/ids";
import { startTestServer, type TestServer } from "../support/server";
import { addStaff } from "../support/staff";

/**
 * Every call that needs a role, for every role: allowed (anything but 401/403) or 403 with the reason in
 * words. The content calls come from the declarations (shared/content/registry.ts), so a new content type
 * is covered without naming it here.
 */

interface Call {
  method: "GET" | "POST" | "PUT" | "DELETE";
  path: string;
  json?: unknown;
  permission: Permission;
  /** The end of "Your role (x) cannot …." */
  refusal: string;
}

const missing = newId(); // a well-formed id of nothing: allowed calls answer 404 or 400, never change data

const contentCalls: Call[] = CONTENT.filter((c) => c.name !== "settings").flatMap((c): Call[] => {
  const refusal = `change ${c.plural}`;
  return [
    { method: "POST", path: `/api${c.path}`, json: {}, permission: "content", refusal },
    { method: "PUT", path: `/api${c.path}/${missing}`, json: { name: "x", title: "x" }, permission: "content", refusal },
    { method: "DELETE", path: `/api${c.path}/${missing}`, permission: "content", refusal },
  ];
});

const CALLS: Call[] = [
  ...contentCalls,
  // Site settings: the company details are the owners'; the home specification table is content.
  {
    method: "PUT",
    path: "/api/settings",
    json: { tagline: "Air you can trust" },
    permission: "settings",
    refusal: "change site settings",
  },
  {
    method: "PUT",
    path: "/api/settings",
    json: { homeSpecifications: [{ label: "Power", value: "5–250 kW" }] },
    permission: "content",
    refusal: "change the home specification table",
  },
  { method: "GET", path: "/api/settings/security", permission: "settings", refusal: "change the sign-in policy" },
  {
    method: "PUT",
    path: "/api/settings/security",
    json: { requireTwoFactor: false },
    permission: "settings",
    refusal: "change the sign-in policy",
  },
  ...[
    "/api/contacts",
    "/api/contacts/customers",
    "/api/contacts/stats",
    "/api/contacts/export.csv",
    `/api/contacts/${missing}`,
  ].map((path): Call => ({ method: "GET", path, permission: "enquiries", refusal: "read enquiries" })),
  {
    method: "PUT",
    path: `/api/contacts/${missing}/status`,
    json: { status: "resolved" },
    permission: "enquiries",
    refusal: "manage enquiries",
  },
  {
    method: "POST",
    path: `/api/contacts/${missing}/notes`,
    json: { text: "Called back" },
    permission: "enquiries",
    refusal: "manage enquiries",
  },
  { method: "POST", path: `/api/contacts/${missing}/resend`, permission: "enquiries", refusal: "manage enquiries" },
  // With a token, POST /api/contacts is a lead typed in by staff ({} is refused with 400 where allowed).
  { method: "POST", path: "/api/contacts", json: {}, permission: "enquiries", refusal: "add leads" },
  { method: "DELETE", path: `/api/contacts/${missing}`, permission: "deleteEnquiries", refusal: "delete enquiries" },
  { method: "GET", path: "/api/users", permission: "staff", refusal: "manage staff accounts" },
  { method: "POST", path: "/api/users", json: {}, permission: "staff", refusal: "manage staff accounts" },
  { method: "GET", path: `/api/users/${missing}`, permission: "staff", refusal: "manage staff accounts" },
  { method: "PUT", path: `/api/users/${missing}`, json: { name: "x" }, permission: "staff", refusal: "manage staff accounts" },
  { method: "DELETE", path: `/api/users/${missing}`, permission: "staff", refusal: "manage staff accounts" },
  { method: "DELETE", path: `/api/users/${missing}/sessions`, permission: "staff", refusal: "manage staff accounts" },
  { method: "GET", path: "/api/activity", permission: "activity", refusal: "read the activity log" },
  ...(
    [
      ["GET", "/api/customers"],
      ["POST", "/api/customers", {}],
      ["GET", `/api/customers/${missing}`],
      ["PUT", `/api/customers/${missing}`, { name: "x" }],
      ["DELETE", `/api/customers/${missing}`],
      ["POST", `/api/customers/${missing}/merge`, { otherId: newId() }],
    ] as const
  ).map(([method, path, json]): Call => ({ method, path, json, permission: "sales", refusal: "work with customers" })),
  ...(
    [
      ["GET", "/api/deals"],
      ["GET", "/api/deals/export.csv"],
      ["GET", "/api/deals/stats"],
      ["GET", "/api/deals/stats.csv"],
      ["POST", "/api/deals", {}],
      ["GET", `/api/deals/${missing}`],
      ["PUT", `/api/deals/${missing}`, { title: "x" }],
      ["POST", `/api/deals/${missing}/notes`, { text: "x" }],
    ] as const
  ).map(([method, path, json]): Call => ({ method, path, json, permission: "sales", refusal: "work with deals" })),
  ...(
    [
      ["GET", "/api/quotations"],
      ["POST", "/api/quotations", {}],
      ["GET", `/api/quotations/${missing}`],
      ["POST", `/api/quotations/${missing}/revise`, {}],
    ] as const
  ).map(([method, path, json]): Call => ({ method, path, json, permission: "sales", refusal: "work with quotations" })),
  { method: "GET", path: "/api/my-day", permission: "sales", refusal: "see the sales desk" },
  { method: "GET", path: "/api/gst-rates", permission: "sales", refusal: "read GST rates" },
  { method: "POST", path: "/api/gst-rates", json: {}, permission: "settings", refusal: "change GST rates" },
  { method: "DELETE", path: `/api/gst-rates/${missing}`, permission: "settings", refusal: "change GST rates" },
];

let s: TestServer;
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  s = await startTestServer();
  tokens.owner = await s.login();
  tokens.editor = (await addStaff(s, tokens.owner, "editor")).token;
  tokens.sales = (await addStaff(s, tokens.owner, "sales")).token;
});
afterAll(() => s?.close());

describe("role × call", () => {
  it("covers every content type's writes", () => {
    expect(contentCalls.length).toBe((CONTENT.length - 1) * 3);
  });

  for (const call of CALLS) {
    for (const role of ROLES) {
      const allowed = can(role, call.permission);
      it(`${role}: ${call.method} ${call.path} ${call.json ? JSON.stringify(call.json) : ""} → ${allowed ? "allowed" : "403"}`, async () => {
        const res = await s.request(call.method, call.path, { token: tokens[role], json: call.json });
        if (allowed) {
          expect([401, 403], res.text).not.toContain(res.status);
          expect(res.status, res.text).toBeLessThan(500);
        } else {
          expect(res.status, res.text).toBe(403);
          const message = `Your role (${role}) cannot ${call.refusal}.`;
          expect(res.body).toEqual({ message, error: message });
        }
      });
    }
  }

  it("the spec's example: a salesperson cannot change products", async () => {
    const res = await s.request("PUT", `/api/product/${missing}`, { token: tokens.sales, json: { name: "x" } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Your role (sales) cannot change products.");
  });

  it("without a token every one of these calls is 401, not 403 (POST /api/contacts is then a visitor's message)", async () => {
    for (const call of CALLS.filter((c) => !(c.method === "POST" && c.path === "/api/contacts"))) {
      const res = await s.request(call.method, call.path, { json: call.json });
      expect(res.status, `${call.method} ${call.path}`).toBe(401);
    }
  });

  it("a refused call changes nothing", async () => {
    const before = await s.request("GET", "/api/settings");
    const res = await s.request("PUT", "/api/settings", { token: tokens.editor, json: { companyName: "Hijacked Ltd" } });
    expect(res.status).toBe(403);
    expect((await s.request("GET", "/api/settings")).body).toEqual(before.body);
  });

  it("every role reads the catalogue and its own account", async () => {
    for (const role of ROLES) {
      expect((await s.request("GET", "/api/product", { token: tokens[role] })).status).toBe(200);
      const me = await s.request("GET", "/api/auth/me", { token: tokens[role] });
      expect(me.status).toBe(200);
      expect(me.body.role).toBe(role);
      expect((await s.request("GET", "/api/auth/sessions", { token: tokens[role] })).status).toBe(200);
    }
  });

  it("an editor really changes content, and a salesperson really works the inbox", async () => {
    const faq = await s.request("POST", "/api/faq", {
      token: tokens.editor,
      json: { question: "Do you rent compressors?", answer: "Yes, by the month." },
    });
    expect(faq.status).toBe(201);
    const specs = await s.request("PUT", "/api/settings", {
      token: tokens.editor,
      json: { homeSpecifications: [{ label: "Pressure", value: "7–13 bar" }] },
    });
    expect(specs.status).toBe(200);
    expect(specs.body.homeSpecifications).toEqual([{ label: "Pressure", value: "7–13 bar" }]);
    const sent = await s.request("POST", "/api/contacts", {
      json: { name: "Ravi", email: "ravi@example.com", subject: "Quote", message: "Need a 10 HP unit." },
    });
    expect(sent.status).toBe(201);
    const id = sent.body.data._id;
    const status = await s.request("PUT", `/api/contacts/${id}/status`, { token: tokens.sales, json: { status: "resolved" } });
    expect(status.status).toBe(200);
    expect(status.body.status).toBe("resolved");
  });
});
