import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableOf } from "../../server/db/content-tables";
import { coreValueContent } from "../../shared/content/core-value";
import { png } from "../support/content-api";
import { startTestServer, type TestServer } from "../support/server";

/**
 * The content cache and HTTP caching of the API (issue 5): public reads come from memory until a change,
 * every change is visible at once, and answers carry the right Cache-Control and ETag.
 */

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = await s.login();
});
afterAll(async () => {
  await s.close();
});

const titles = async () => ((await s.request("GET", "/api/core-values")).body as { title: string }[]).map((v) => v.title);

describe("content cache", () => {
  it("answers repeated public reads from memory", async () => {
    await titles();
    // The content cache, or the answer it made, kept as bytes (server/cache/api-cache.ts) once compressed.
    const hits = () => s.ctx.cache.hits + s.ctx.answers.hits;
    const before = hits();
    await titles();
    await titles();
    expect(hits() - before).toBe(2);
  });

  it("shows every write through the API in the very next read", async () => {
    for (let i = 0; i < 10; i++) {
      expect(await titles()).not.toContain(`Value ${i}`);
      const created = await s.request("POST", "/api/core-values", { token, json: { title: `Value ${i}` } });
      expect(created.status).toBe(201);
      expect(await titles()).toContain(`Value ${i}`);

      const renamed = await s.request("PUT", `/api/core-values/${created.body._id}`, { token, json: { title: `Renamed ${i}` } });
      expect(renamed.status).toBe(200);
      const afterRename = await titles();
      expect(afterRename).toContain(`Renamed ${i}`);
      expect(afterRename).not.toContain(`Value ${i}`);
      expect((await s.request("GET", `/api/core-values/${created.body._id}`)).body.title).toBe(`Renamed ${i}`);

      expect((await s.request("DELETE", `/api/core-values/${created.body._id}`, { token })).status).toBe(200);
      expect(await titles()).not.toContain(`Renamed ${i}`);
      expect((await s.request("GET", `/api/core-values/${created.body._id}`)).status).toBe(404);
    }
  });

  it("sees settings, categories and products change at once", async () => {
    await s.request("GET", "/api/settings");
    await s.request("PUT", "/api/settings", { token, json: { companyName: "Cached Air Co" } });
    expect((await s.request("GET", "/api/settings")).body.companyName).toBe("Cached Air Co");

    expect((await s.request("GET", "/api/category")).body.data).toEqual([]);
    const category = await s.request("POST", "/api/category", { token, json: { name: "Screw compressors" } });
    expect(category.status).toBe(201);
    expect((await s.request("GET", "/api/category")).body.data.map((c: { name: string }) => c.name)).toEqual([
      "Screw compressors",
    ]);

    expect((await s.request("GET", "/api/product")).body.data).toEqual([]);
    const form = new FormData();
    form.set("name", "PN-22");
    form.set("categoryId", category.body.data._id);
    form.set("shortDescription", "A compressor.");
    form.set("fullDescription", "A compressor for a cached test.");
    form.set("mainImage", await png());
    const product = await s.request("POST", "/api/product", { token, form });
    expect(product.status, product.text).toBe(201);
    expect((await s.request("GET", "/api/product")).body.data.map((p: { name: string }) => p.name)).toEqual(["PN-22"]);
    expect((await s.request("GET", `/api/product/${product.body.data._id}`)).body.name).toBe("PN-22");
  });

  it("sees a change made to the database by another process within a second (database notification)", async () => {
    expect(await titles()).not.toContain("Written elsewhere");
    const coreValues = tableOf(coreValueContent);
    await s.ctx.db.insert(coreValues).values({ title: "Written elsewhere", description: "", icon: "" });
    // Read again until it shows, for a second at most (vitest reads once more when the second is over).
    await expect.poll(titles, { timeout: 1_000, interval: 20 }).toContain("Written elsewhere");
    await s.ctx.db.delete(coreValues).where(eq(coreValues.title, "Written elsewhere"));
    await expect.poll(titles, { timeout: 1_000, interval: 20 }).not.toContain("Written elsewhere");
  });

  it("does not keep failed or refused writes' effects, and a refused write changes nothing", async () => {
    const before = await titles();
    expect((await s.request("POST", "/api/core-values", { token, json: { title: "" } })).status).toBe(400);
    expect((await s.request("POST", "/api/core-values", { json: { title: "No token" } })).status).toBe(401);
    expect(await titles()).toEqual(before);
  });

  it("hands out values that cannot be modified by a caller", async () => {
    await s.request("POST", "/api/core-values", { token, json: { title: "Frozen" } });
    const first = await s.ctx.cache.read("probe", async () => ({ list: [1, 2] }));
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.list)).toBe(true);
    expect(() => first.list.push(3)).toThrow(TypeError);
  });
});

describe("HTTP caching of the API", () => {
  it("marks anonymous public reads cacheable by a shared cache for a second, with an ETag, and answers 304", async () => {
    for (const path of ["/api/core-values", "/api/category", "/api/product", "/api/settings", "/api/banner"]) {
      const res = await s.request("GET", path);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("public, max-age=0, s-maxage=1, stale-while-revalidate=10");
      const etag = res.headers.get("etag");
      expect(etag, path).toMatch(/^W\/".+"$/);
      // As a browser revalidates (fetch() would add "Cache-Control: no-cache", which asks for a full answer).
      const again = await s.request("GET", path, { headers: { "if-none-match": etag as string, "cache-control": "max-age=0" } });
      expect(again.status, path).toBe(304);
      expect(again.text).toBe("");
    }
  });

  it("gives a new ETag after a change", async () => {
    const first = await s.request("GET", "/api/core-values");
    await s.request("POST", "/api/core-values", { token, json: { title: "Changes the ETag" } });
    const second = await s.request("GET", "/api/core-values", {
      headers: { "if-none-match": first.headers.get("etag") as string, "cache-control": "max-age=0" },
    });
    expect(second.status).toBe(200);
    expect(second.headers.get("etag")).not.toBe(first.headers.get("etag"));
  });

  it("says no-store for staff reads, private data, writes, errors and the health check", async () => {
    const cases: [string, string, Parameters<TestServer["request"]>[2]][] = [
      ["GET", "/api/core-values", { token }],
      ["GET", "/api/contacts", { token }],
      ["GET", "/api/auth/me", { token }],
      ["POST", "/api/core-values", { token, json: { title: "Store nothing" } }],
      ["POST", "/api/contacts", { json: { name: "A", email: "a@example.com", subject: "Hi", message: "Hello there" } }],
      ["GET", "/api/product/0123456789abcdef01234567", {}],
      ["GET", "/api/no-such-thing", {}],
      ["GET", "/api/health", {}],
      ["POST", "/api/auth/login", { json: { username: "admin", password: "wrong password" } }],
    ];
    for (const [method, path, options] of cases) {
      const res = await s.request(method, path, options);
      expect(res.headers.get("cache-control"), `${method} ${path} → ${res.status}`).toBe("no-store");
    }
  });
});
