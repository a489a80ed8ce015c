import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
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
 * migration (tests/support/database.ts). The copies with the demo content are made by the first file that asks
 * for them, into the directories (and the database name) given here.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  execFileSync(process.execPath, [path.join(PROJECT_ROOT, "scripts", "build-if-stale.js")], {
    cwd: PROJECT_ROOT,
    stdio: "inherit",
  });
  // The PDF thread of servers run from source in the test processes: the build's, current now (server/pdf/off-thread.ts).
  project.provide("pdfWorker", path.resolve(PROJECT_ROOT, process.env.BUILD_DIR || "build", "server", "pdf-worker.js"));
  // `npm test` names a directory of the run (PNEUMA_TEST_RUN_DIR): the screen, API and PostgreSQL steps then
  // share one migrated template and one seeded copy, made by the first that needs them, and the run removes it.
  const runDir = process.env.PNEUMA_TEST_RUN_DIR;
  const pgliteTemplate = runDir ? await preparedOnce(path.join(runDir, "pglite-template")) : await migratedTemplate();
  project.provide("pgliteTemplate", pgliteTemplate);
  project.provide("pgliteFresh", path.join(pgliteTemplate, FRESH));
  const pgliteSeeded = runDir ? path.join(runDir, "pglite-seeded") : await mkdtemp(path.join(tmpdir(), "pneuma-test-seeded-"));
  await mkdir(pgliteSeeded, { recursive: true });
  project.provide("pgliteSeeded", pgliteSeeded);
  // Each worker's shared embedded database (tests/support/worker-database.ts) lives here until the end.
  const workerDatabases = await mkdtemp(path.join(tmpdir(), "pneuma-worker-databases-"));
  project.provide("workerDatabases", workerDatabases);

  let postgresTemplate: string | null = null;
  if (testDatabaseKind() === "postgres") {
    postgresTemplate = `pneuma_test_template_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${postgresTemplate}`).finally(() => admin.end());
    await migrate(pgliteTemplate, databaseUrlOf(postgresTemplate));
  }
  project.provide("postgresTemplate", postgresTemplate);
  // Its copy with the demo content, made by the first file that asks (tests/support/database.ts).
  const postgresSeeded = {
    name: `${postgresTemplate}_seeded`,
    dir: await mkdtemp(path.join(tmpdir(), "pneuma-test-pg-seeded-")),
  };
  project.provide("postgresSeeded", postgresSeeded);

  return async () => {
    if (!runDir) {
      await rm(pgliteTemplate, { recursive: true, force: true });
      await rm(pgliteSeeded, { recursive: true, force: true });
    }
    await rm(postgresSeeded.dir, { recursive: true, force: true });
    await rm(workerDatabases, { recursive: true, force: true });
    if (postgresTemplate) await Promise.all([dropDatabase(postgresTemplate), dropDatabase(postgresSeeded.name)]);
  };
}

async function migratedTemplate(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "pneuma-test-template-"));
  await makeTemplate(dir);
  return dir;
}

/** Where in the template's directory the new database before any migration is kept (a data directory of its own). */
const FRESH = "fresh";

/**
 * The template in `dir`: a new embedded database (initdb, in `fresh/`, kept for the tests that migrate by hand:
 * PGlite's initdb costs a few seconds of a core each time), and its copy with every migration in `db/`.
 */
async function makeTemplate(dir: string): Promise<void> {
  const fresh = path.join(dir, FRESH);
  await (await openDatabase({ dataDir: fresh, databaseUrl: null, lockHolder: "test set-up", migrate: false })).close();
  execFileSync("cp", ["-R", "-p", path.join(fresh, "db"), path.join(dir, "db")]);
  await migrate(dir, null);
}

/** The run's template in `dir`: made here unless an earlier step of the run made it (its "done" file). */
async function preparedOnce(dir: string): Promise<string> {
  if (existsSync(path.join(dir, "done"))) return dir;
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await makeTemplate(dir);
  await writeFile(path.join(dir, "done"), "");
  return dir;
}

async function migrate(dataDir: string, databaseUrl: string | null): Promise<void> {
  const handle = await openDatabase({ dataDir, databaseUrl, lockHolder: "test set-up" });
  await handle.close();
}
