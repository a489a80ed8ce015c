import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../server/db/client";
import { PROJECT_ROOT } from "../../server/paths";
import { adminUrl, databaseUrlOf, dropDatabase, testDatabaseKind } from "./database";

/**
 * Once per run of the API tests: the production build that spawned servers run is made current, and the
 * database every test server starts from is created and migrated once (a PGlite data directory, and on
 * PostgreSQL runs a template database), so each test server copies it instead of running initdb and every
 * migration (tests/support/database.ts). The copy with the demo content is made by the first file that asks
 * for it, into the directory given here.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  execFileSync(process.execPath, [path.join(PROJECT_ROOT, "scripts", "build-if-stale.js")], {
    cwd: PROJECT_ROOT,
    stdio: "inherit",
  });
  const pgliteTemplate = await mkdtemp(path.join(tmpdir(), "pneuma-test-template-"));
  await migrate(pgliteTemplate, null);
  project.provide("pgliteTemplate", pgliteTemplate);
  const pgliteSeeded = await mkdtemp(path.join(tmpdir(), "pneuma-test-seeded-"));
  project.provide("pgliteSeeded", pgliteSeeded);

  let postgresTemplate: string | null = null;
  if (testDatabaseKind() === "postgres") {
    postgresTemplate = `pneuma_test_template_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${postgresTemplate}`).finally(() => admin.end());
    await migrate(pgliteTemplate, databaseUrlOf(postgresTemplate));
  }
  project.provide("postgresTemplate", postgresTemplate);

  return async () => {
    await rm(pgliteTemplate, { recursive: true, force: true });
    await rm(pgliteSeeded, { recursive: true, force: true });
    if (postgresTemplate) await dropDatabase(postgresTemplate);
  };
}

async function migrate(dataDir: string, databaseUrl: string | null): Promise<void> {
  const handle = await openDatabase({ dataDir, databaseUrl, lockHolder: "test set-up" });
  await handle.close();
}
