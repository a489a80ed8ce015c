import { randomBytes } from "node:crypto";
import { cp } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";

/**
 * Which database the API tests run on: PGlite by default; PostgreSQL when PNEUMA_TEST_DB=postgres, using
 * TEST_DATABASE_URL (or DATABASE_URL) to create one fresh database per test file.
 */
export function testDatabaseKind(): "pglite" | "postgres" {
  return process.env.PNEUMA_TEST_DB === "postgres" ? "postgres" : "pglite";
}

export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!url) throw new Error("PNEUMA_TEST_DB=postgres needs TEST_DATABASE_URL or DATABASE_URL.");
  return url;
}

/** The URL of database `name` on the server of `adminUrl()`. */
export function databaseUrlOf(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A new PostgreSQL database for one test file. `migrated`: a copy of the run's template database, which
 * the global set-up migrated once (tests/support/global-setup.ts), instead of running every migration again;
 * without it the database is empty, for tests of the migrations themselves.
 */
export async function createScratchDatabase(options: { migrated?: boolean } = {}): Promise<ScratchDatabase> {
  const base = adminUrl();
  const name = `pneuma_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const template = options.migrated ? inject("postgresTemplate") : null;
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return { url: databaseUrlOf(name), drop: () => dropDatabase(name) };
}

export async function dropDatabase(name: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl() });
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
}

/**
 * Puts a copy of the run's migrated embedded database into `dataDir` (as `db/`), so a server opening it
 * skips initdb and the migrations: PGlite's initdb alone takes seconds, and the API tests start ~50 servers.
 */
export async function copyMigratedPglite(dataDir: string): Promise<void> {
  await cp(path.join(inject("pgliteTemplate"), "db"), path.join(dataDir, "db"), { recursive: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    /** A data directory whose `db/` is PGlite with every migration applied. */
    pgliteTemplate: string;
    /** On PostgreSQL runs: a database with every migration applied, copied with CREATE DATABASE … TEMPLATE. */
    postgresTemplate: string | null;
  }
}
