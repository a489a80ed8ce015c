import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { queryRows } from "../../server/db/client";
import { CONTENT, LIST_CONTENT } from "../../shared/content/registry";
import { settingsContent } from "../../shared/content/settings";
import { CONTENT_TABLES, requiredFields } from "../support/declarations";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Hostile input, generated: malformed and truncated JSON, wrong types, huge strings, deep nesting,
 * unknown fields, bad ids, path traversal, header abuse — sent to every API endpoint, with and without a
 * token. Every answer must be a 4xx JSON error (never a 5xx), nothing may be written, and the server must
 * stay healthy. Over 10,000 requests in all.
 */

/**
 * How many generated cases each property runs: a quarter in `npm test`, all in `npm run test:full`
 * (PNEUMA_TEST_MATRIX=full), where the count of requests sent is held to over 10,000.
 */
const DEPTH = process.env.PNEUMA_TEST_MATRIX === "full" ? 1 : 0.25;
const runs = (full: number) => ({ numRuns: Math.ceil(full * DEPTH) });

let s: TestServer;
let token: string;
let existing: Record<string, string>;

/** Every content table (from the declarations), and the other tables a write could reach. */
const TABLES = [...CONTENT_TABLES, "contacts", "admins"];

/** Row count and newest update per table: any write changes it. */
async function snapshot(): Promise<string> {
  const parts = await Promise.all(
    TABLES.map(async (t) => {
      const rows = await queryRows<{ n: number; latest: string | null }>(
        s.ctx.db,
        sql.raw(`SELECT count(*)::int AS n, max(updated_at)::text AS latest FROM ${t}`),
      );
      return `${t}:${rows[0]?.n}:${rows[0]?.latest}`;
    }),
  );
  // Enquiry side tables: rows added (a note, an e-mail) or a reference number used up by a refused write.
  const [side] = await queryRows<{ notes: number; mail: number; refs: number | null }>(
    s.ctx.db,
    sql.raw(
      "SELECT (SELECT count(*)::int FROM contact_notes) AS notes, (SELECT count(*)::int FROM email_outbox) AS mail, (SELECT sum(last)::int FROM enquiry_counters) AS refs",
    ),
  );
  return `${parts.join("|")}|notes:${side?.notes}|mail:${side?.mail}|refs:${side?.refs}`;
}

/** Every declared type with records at /api/{path}/{id}: all but the settings (one object, PUT /api/settings). */
const RESOURCES = CONTENT.filter((c) => c !== settingsContent).map((c) => c.path.slice(1));

beforeAll(async () => {
  s = await startTestServer({ RATE_LIMITS: "off" });
  token = await s.login();
  // One real record per resource, so bad input also meets existing ids. Names (and so slugs) are ones the
  // generators below cannot produce: a generated "id" equal to a real slug would be a legitimate hit.
  const category = await s.request("POST", "/api/category", {
    token,
    json: { name: "Fuzz category qz7", subcategories: [{ name: "Sub" }] },
  });
  const categoryId = category.body.data._id as string;
  const subId = category.body.data.subcategories[0]._id as string;
  const made: Record<string, unknown> = {
    // Each list type's declared example; a slug (where the type has one) that the generators cannot make.
    ...Object.fromEntries(
      LIST_CONTENT.map((c) => [c.path.slice(1), { ...c.example, ...(c.slugSource ? { slug: `fuzz-${c.name}-qz7` } : {}) }]),
    ),
    product: {
      categoryId,
      subcategoryId: subId,
      name: "Fuzz product qz7",
      shortDescription: "s",
      fullDescription: "f",
      mainImage: "https://example.com/m.jpg",
    },
  };
  existing = { category: categoryId };
  for (const [r, body] of Object.entries(made)) {
    const res = await s.request("POST", `/api/${r}`, { token, json: body });
    expect(res.status, `${r}: ${res.text}`).toBe(201);
    existing[r] = (res.body.data?._id ?? res.body._id) as string;
  }
  const contact = await s.request("POST", "/api/contacts", {
    json: { name: "n", email: "n@example.com", subject: "s", message: "m" },
  });
  existing.contacts = contact.body.data._id;
  const user = await s.request("POST", "/api/users", {
    token,
    json: {
      username: "fuzz-user-qz7",
      name: "Fuzz",
      email: "fuzz@example.com",
      role: "sales",
      password: "quiet-harbour-lantern-f",
    },
  });
  expect(user.status, user.text).toBe(201);
  existing.users = user.body._id;
}, 120_000);

afterAll(async () => {
  await s?.close();
});

// ---------------------------------------------------------------------------------------------------
// generators

const badIds = fc.oneof(
  fc.constantFrom(
    "..",
    "..%2F..%2Fetc%2Fpasswd",
    "%2e%2e%2f%2e%2e%2f",
    "%00",
    "%C0%AE%C0%AE",
    "0123456789abcdef0123456",
    "0123456789ABCDEF01234567",
    "null",
    "undefined",
    "[object Object]",
    "%27%20OR%201%3D1--",
    "%3Cscript%3E",
    "-1",
    "1e309",
    "%E2%80%AE",
  ),
  fc.string({ minLength: 1, maxLength: 40 }).map((x) => encodeURIComponent(x)),
  fc.integer({ min: 200, max: 3000 }).map((n) => "a".repeat(n)),
);

const hugeString = fc.integer({ min: 20_001, max: 60_000 }).map((n) => "x".repeat(n));
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

function deepNest(depth: number): unknown {
  let v: unknown = "deep";
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

/** Field names each resource requires or treats specially; a wrong type in one makes the body invalid. */
const REQUIRED_FIELD: Record<string, string> = {
  // List types: the first field their input schema requires, else its first field (banner: title).
  ...Object.fromEntries(
    LIST_CONTENT.map((c) => [c.path.slice(1), requiredFields(c)[0] ?? Object.keys((c.input as z.ZodObject).shape)[0]!]),
  ),
  category: "name",
  product: "name",
  contacts: "email",
  settings: "companyName",
  login: "username",
};

/** A JSON body that can never be valid: malformed text, or an object whose key field is wrong. */
const invalidBody = (field: string) =>
  fc.oneof(
    fc.json().map((j) => ({ raw: `${j.slice(0, Math.max(1, Math.floor(j.length / 2)))}{` })),
    fc.constantFrom('{"a":', "{", "[", '{"title": "x",}', "nul", "{'a': 1}", '{"a": 1}}', "\u0000{}").map((raw) => ({ raw })),
    fc
      .record({ [field]: wrongType })
      .chain((base) =>
        fc
          .dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 })
          .map((extra) => ({ json: { ...extra, ...base } })),
      ),
    hugeString.map((h) => ({ json: { [field]: h } })),
    fc.integer({ min: 50, max: 2000 }).map((d) => ({ json: { [field]: deepNest(d) } })),
    fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.array(fc.integer())).map((v) => ({ json: v })),
  );

type Body = { raw?: string; json?: unknown };

const headerAbuse = fc.oneof(
  fc.constant({}),
  fc.constantFrom(
    { "content-type": "application/json; charset=utf-7" },
    { "content-type": "multipart/form-data" },
    { "content-type": "multipart/form-data; boundary=" },
    { "content-type": "application/x-www-form-urlencoded" },
    { "content-type": "text/plain" },
    { "content-type": "application/json", "content-encoding": "gzip" },
    { "content-type": "application/json", "content-encoding": "br" },
    { "x-auth-token": "x".repeat(5000) },
    { authorization: "Bearer " },
    { authorization: "Basic YWRtaW46YWRtaW4=" },
    { "x-forwarded-for": "127.0.0.1, 10.0.0.1" },
    { "x-http-method-override": "DELETE" },
    { range: "bytes=0-1,2-3,4-5" },
  ),
);

// ---------------------------------------------------------------------------------------------------

async function send(method: string, path: string, body: Body, headers: Record<string, string>, withToken: boolean) {
  const h: Record<string, string> = { ...headers };
  let payload: string | undefined;
  if (body.raw !== undefined) payload = body.raw;
  else if (body.json !== undefined) payload = JSON.stringify(body.json);
  if (payload !== undefined && !h["content-type"]) h["content-type"] = "application/json";
  if (withToken && !h["x-auth-token"]) h["x-auth-token"] = token;
  return s.request(method, path, { body: payload, headers: h });
}

let sent = 0;

function expectRejected(res: { status: number; body: unknown; text: string; headers: Headers }, what: string) {
  sent += 1;
  expect(res.status, `${what} → ${res.status} ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${what} → ${res.text.slice(0, 200)}`).toBeLessThan(500);
  expect(res.headers.get("content-type"), what).toContain("application/json");
  const b = res.body as { message?: unknown; error?: unknown };
  expect(typeof b.message, what).toBe("string");
  expect(b.error, what).toBe(b.message);
}

describe("hostile input", () => {
  it("writes with invalid bodies are rejected with 4xx JSON and change nothing", async () => {
    const before = await snapshot();
    const targets: { method: string; path: (id: string) => string; field: string; resource: string }[] = [];
    for (const r of RESOURCES) {
      targets.push({ method: "POST", path: () => `/api/${r}`, field: REQUIRED_FIELD[r]!, resource: r });
      targets.push({ method: "PUT", path: () => `/api/${r}/${existing[r]}`, field: REQUIRED_FIELD[r]!, resource: r });
    }
    targets.push({ method: "POST", path: () => "/api/contacts", field: "email", resource: "contacts" });
    targets.push({ method: "POST", path: () => "/api/quotes", field: "email", resource: "contacts" });
    targets.push({ method: "POST", path: () => `/api/contacts/${existing.contacts}/notes`, field: "text", resource: "contacts" });
    targets.push({
      method: "PUT",
      path: () => `/api/contacts/${existing.contacts}/status`,
      field: "status",
      resource: "contacts",
    });
    targets.push({ method: "PUT", path: () => "/api/settings", field: "companyName", resource: "settings" });
    targets.push({ method: "POST", path: () => "/api/auth/login", field: "username", resource: "login" });
    // Staff accounts, my password, the two-factor steps (the boolean sign-in policy is tested in two-factor.test.ts:
    // this file's invalid values are texts, and `false` would be a valid policy).
    targets.push({ method: "POST", path: () => "/api/users", field: "username", resource: "users" });
    targets.push({ method: "PUT", path: () => `/api/users/${existing.users}`, field: "role", resource: "users" });
    targets.push({ method: "POST", path: () => "/api/auth/password", field: "newPassword", resource: "password" });
    targets.push({ method: "POST", path: () => "/api/auth/login/2fa", field: "code", resource: "login" });
    targets.push({ method: "POST", path: () => "/api/auth/2fa/confirm", field: "code", resource: "password" });

    for (const t of targets) {
      await fc.assert(
        fc.asyncProperty(invalidBody(t.field), headerAbuse, fc.boolean(), async (body, headers, withToken) => {
          const res = await send(
            t.method,
            t.path(""),
            body,
            headers as Record<string, string>,
            withToken || t.resource === "contacts",
          );
          expectRejected(res, `${t.method} ${t.path("")} ${JSON.stringify(body).slice(0, 120)} ${JSON.stringify(headers)}`);
        }),
        runs(250),
      );
    }
    expect(await snapshot()).toBe(before);
  }, 600_000);

  it("bad ids in every path segment answer 404 (or 401 without a token), for every method", async () => {
    const before = await snapshot();
    const resources = [...RESOURCES, "contacts", "users"];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...resources),
        badIds,
        fc.constantFrom("GET", "PUT", "DELETE"),
        fc.boolean(),
        async (r, id, method, withToken) => {
          const body = method === "PUT" ? { json: { title: "x", name: "x", status: "new" } } : {};
          const path = `/api/${r}/${id}`;
          // Dot segments ("." and "..") are resolved by the client (WHATWG URL): such a path is never sent.
          if (new URL(path, "http://x").pathname !== path) return;
          const res = await send(method, path, body, {}, withToken);
          expectRejected(res, `${method} /api/${r}/${id}`);
          // 400: an id that cannot even be decoded (%C0%AE); 404: no such record; 401: no token.
          if (withToken || (method === "GET" && r !== "contacts" && r !== "users")) expect([400, 404]).toContain(res.status);
          else expect([400, 401, 404]).toContain(res.status);
        },
      ),
      runs(3000),
    );
    await fc.assert(
      fc.asyncProperty(badIds, badIds, fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH"), async (a, b, method) => {
        const path = `/api/${a}/${b}/${a}`;
        const res = await send(method, path, {}, {}, true);
        if (new URL(path, "http://x").pathname !== path) return; // dot segments: see above
        expectRejected(res, `${method} ${path}`);
      }),
      runs(1000),
    );
    expect(await snapshot()).toBe(before);
  }, 600_000);

  it("query strings of any shape never break the list endpoints", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/api/product", "/api/contacts", "/api/category", "/api/banner", "/api/activity", "/api/trash"),
        fc.dictionary(
          fc.constantFrom(
            "page",
            "limit",
            "categoryId",
            "subcategoryId",
            "status",
            "featured",
            "q",
            "actor",
            "action",
            "from",
            "to",
            "__proto__",
            "constructor",
          ),
          fc.oneof(fc.string({ maxLength: 30 }), fc.integer().map(String), badIds, fc.constant("1e400"), fc.constant("-0")),
          { maxKeys: 4 },
        ),
        fc.boolean(),
        async (path, query, repeat) => {
          const qs = new URLSearchParams(query);
          if (repeat) for (const [k, v] of Object.entries(query)) qs.append(k, v);
          const res = await send("GET", `${path}?${qs}`, {}, {}, true);
          sent += 1;
          expect(res.status, `${path}?${qs} → ${res.text.slice(0, 200)}`).toBeLessThan(500);
          if (res.status >= 400) expect(res.body.error).toBe(res.body.message);
        },
      ),
      runs(1500),
    );
  }, 600_000);

  it("stays healthy, and sent over 10,000 requests (a quarter of that in npm test)", async () => {
    const res = await s.request("GET", "/api/health");
    expect(res.body).toEqual({ status: "ok" });
    expect(sent).toBeGreaterThan(10_000 * DEPTH);
  });
});
