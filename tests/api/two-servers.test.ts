import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { png } from "../support/content-api";
import { testDatabaseKind } from "../support/database";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Scaling out (issue 5): two app servers on one PostgreSQL database and one upload directory, each with its
 * own content cache. Only on PostgreSQL: the embedded database belongs to one process by design (a second
 * server on the same DATA_DIR is refused; tests/api/process.test.ts shows that).
 */
const onPostgres = testDatabaseKind() === "postgres";

describe.skipIf(!onPostgres)("two app servers on one PostgreSQL database", () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer();
    b = await startTestServer({}, { shareDataWith: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const titlesOn = async (server: TestServer) =>
    ((await server.request("GET", "/api/core-values")).body as { title: string }[]).map((v) => v.title);

  it("shows a write through one server in the next read through the other, although both cache", async () => {
    const token = await a.login();
    for (let i = 0; i < 20; i++) {
      // Both caches hold the list before the change.
      await titlesOn(a);
      await titlesOn(b);
      const created = await a.request("POST", "/api/core-values", { token, json: { title: `From A ${i}` } });
      expect(created.status).toBe(201);
      expect(await titlesOn(b)).toContain(`From A ${i}`);
      const deleted = await a.request("DELETE", `/api/core-values/${created.body._id}`, { token });
      expect(deleted.status).toBe(200);
      expect(await titlesOn(b)).not.toContain(`From A ${i}`);
    }
    // Repeated reads were answered from memory: the kept answer (bytes) or, while that is being
    // compressed, the content cache.
    expect(b.ctx.answers.hits + b.ctx.cache.hits).toBeGreaterThan(0);
  });

  it("serves an image uploaded through one server from the other (shared UPLOAD_DIR)", async () => {
    const token = await a.login();
    const form = new FormData();
    form.set("name", "Shared upload");
    form.set("image", await png());
    const created = await a.request("POST", "/api/category", { token, form });
    expect(created.status, created.text).toBe(201);
    const image: string = created.body.data.image;
    const viaB = await fetch(b.url + image);
    expect(viaB.status).toBe(200);
    const onDisk = readFileSync(path.join(a.ctx.config.uploadDir, path.basename(image)));
    expect(Buffer.from(await viaB.arrayBuffer()).equals(onDisk)).toBe(true);
    expect((await b.request("GET", "/api/category")).body.data.map((c: { name: string }) => c.name)).toContain("Shared upload");
  });

  it("accepts a sign-in made on one server on the other, and a sign-out on either ends it on both", async () => {
    const token = await a.login();
    expect((await b.request("GET", "/api/auth/me", { token })).status).toBe(200);
    expect((await b.request("GET", "/api/contacts", { token })).status).toBe(200);
    expect((await b.request("POST", "/api/auth/logout", { token })).status).toBe(200);
    expect((await a.request("GET", "/api/auth/me", { token })).status).toBe(401);
    expect((await b.request("GET", "/api/auth/me", { token })).status).toBe(401);
  });

  it("stores a message sent to each server exactly once", async () => {
    const sent = [
      await a.request("POST", "/api/contacts", {
        json: { name: "Via A", email: "a@example.com", subject: "Hello", message: "Sent to server A" },
      }),
      await b.request("POST", "/api/contacts", {
        json: { name: "Via B", email: "b@example.com", subject: "Hello", message: "Sent to server B" },
      }),
    ];
    for (const res of sent) expect(res.status, res.text).toBe(201);
    const token = await b.login();
    for (const server of [a, b]) {
      const list = (await server.request("GET", "/api/contacts", { token })).body;
      const rows: { name: string }[] = Array.isArray(list) ? list : list.data;
      expect(rows.filter((c) => c.name === "Via A")).toHaveLength(1);
      expect(rows.filter((c) => c.name === "Via B")).toHaveLength(1);
    }
  });
});
