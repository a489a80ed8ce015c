import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKind } from "../support/database";
import { startTestServer, type TestServer } from "../support/server";

/**
 * PostgreSQL only: a connection that dies in the middle of a transaction (database restart, failover, an
 * administrator's pg_terminate_backend) fails that transaction and nothing else. Without an error
 * listener on checked-out clients, node-postgres would end the whole process.
 */
describe.skipIf(testDatabaseKind() !== "postgres")("a PostgreSQL connection lost mid-transaction", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s?.close();
  });

  it("fails that transaction only; the server keeps answering", async () => {
    const transaction = s.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_terminate_backend(pg_backend_pid())`);
    });
    await expect(transaction).rejects.toThrow();
    // Give node-postgres the moment in which an unhandled 'error' event would have ended the process.
    await new Promise((r) => setTimeout(r, 200));
    expect((await s.request("GET", "/api/health")).status).toBe(200);
    const token = await s.login();
    expect((await s.request("POST", "/api/category", { token, json: { name: "After the outage" } })).status).toBe(201);
  });
});
