import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * Which database the API tests run on: PGlite by default; PostgreSQL when PNEUMA_TEST_DB=postgres, using
 * TEST_DATABASE_URL (or DATABASE_URL) to create one fresh database per test file.
 */
export function testDatabaseKind(): "pglite" | "postgres" {
  return process.env.PNEUMA_TEST_DB === "postgres" ? "postgres" : "pglite";
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!url) throw new Error("PNEUMA_TEST_DB=postgres needs TEST_DATABASE_URL or DATABASE_URL.");
  return url;
}

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const base = adminUrl();
  const name = `pneuma_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        // Not DROP DATABASE … WITH (FORCE): for a role that is not superuser it fails while autovacuum
        // works on the database (it may signal only that role's own sessions). So: end this role's sessions,
        // then a plain DROP, which stops autovacuum itself and waits up to 5 s for the ended sessions to go.
        await c.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND usename = current_user AND pid <> pg_backend_pid()",
          [name],
        );
        await c.query(`DROP DATABASE IF EXISTS ${name}`);
      } finally {
        await c.end();
      }
    },
  };
}
