import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { log } from "../../server/log";
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
    const warned = vi.spyOn(log, "warn");
    try {
      const transaction = s.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_terminate_backend(pg_backend_pid())`);
      });
      await expect(transaction).rejects.toThrow();
      // The lost connection's 'error' event has come (the listener logs it): unhandled, it would have ended the process.
      await vi.waitFor(() => expect(warned).toHaveBeenCalledWith("database connection lost", expect.anything()), {
        timeout: 10_000,
      });
    } finally {
      warned.mockRestore();
    }
    expect((await s.request("GET", "/api/health")).status).toBe(200);
    const token = await s.login();
    expect((await s.request("POST", "/api/category", { token, json: { name: "After the outage" } })).status).toBe(201);
  });
});
