import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, watch } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
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
 * `seeded`: a copy of that template with the demo content, whose pictures `copySeededUploads` puts beside it
 * (made once per run by the first file that asks); neither: an empty database, for tests of the migrations.
 */
export async function createScratchDatabase(options: { migrated?: boolean; seeded?: boolean } = {}): Promise<ScratchDatabase> {
  const name = `pneuma_test_${randomBytes(6).toString("hex")}`;
  const template = options.seeded ? await seededPostgres() : options.migrated ? inject("postgresTemplate") : null;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return { url: databaseUrlOf(name), drop: () => dropDatabase(name) };
}

/** The demo content's pictures of the run's seeded PostgreSQL template, into `dataDir`'s uploads/. */
export async function copySeededUploads(dataDir: string): Promise<void> {
  await copyDirectory(path.join(inject("postgresSeeded").dir, "uploads"), path.join(dataDir, "uploads"));
}

/** The name of the run's seeded PostgreSQL template, made here by the first file that asks. */
async function seededPostgres(): Promise<string> {
  const { name, dir } = inject("postgresSeeded");
  const template = inject("postgresTemplate");
  if (!template) throw new Error("A seeded PostgreSQL database needs a PostgreSQL run (PNEUMA_TEST_DB=postgres).");
  await madeOnce(dir, async () => {
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`).finally(() => admin.end());
    await seed(dir, databaseUrlOf(name));
  });
  return name;
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
 * Copies the directory `from` to `to` (made if missing) with the system's cp: a data directory is over a
 * thousand small files, which Node's fs.cp copies one JavaScript call at a time (about 5 times the CPU).
 */
async function copyDirectory(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  await promisify(execFile)("cp", ["-R", "-p", `${from}/.`, to]);
}

/**
 * Puts a copy of the run's migrated embedded database into `dataDir` (as `db/`), so a server opening it
 * skips initdb and the migrations: PGlite's initdb alone takes seconds, and the API tests start ~50 servers.
 */
export async function copyMigratedPglite(dataDir: string): Promise<void> {
  await copyDirectory(path.join(inject("pgliteTemplate"), "db"), path.join(dataDir, "db"));
}

/**
 * Puts a copy of the run's new embedded database, before any migration, into `dataDir` (as `db/`): for tests
 * that migrate by hand (an old schema) or test the handle itself, without an initdb of their own each.
 */
export async function copyFreshPglite(dataDir: string): Promise<void> {
  await copyDirectory(path.join(inject("pgliteFresh"), "db"), path.join(dataDir, "db"));
}

/**
 * Puts a copy of the run's embedded database with the demo content (`db/` and its pictures in `uploads/`)
 * into `dataDir`: seeding draws every demo picture, about 8 s of a core per server otherwise. No staff
 * account is in it; the server creates its first owner as on any first start.
 */
export async function copySeededPglite(dataDir: string): Promise<void> {
  const seeded = await seededPglite();
  await copyDirectory(path.join(seeded, "db"), path.join(dataDir, "db"));
  await copyDirectory(path.join(seeded, "uploads"), path.join(dataDir, "uploads"));
}

/** The run's seeded directory, made once by the first test file that asks: a run that needs none does not pay for the pictures. */
async function seededPglite(): Promise<string> {
  const dir = inject("pgliteSeeded");
  await madeOnce(dir, async () => {
    await copyDirectory(path.join(inject("pgliteTemplate"), "db"), path.join(dir, "db"));
    await seed(dir, null);
  });
  return dir;
}

/** Runs `make` in the first file that claims `dir`; the others wait for its "done" (or "failed") file. */
async function madeOnce(dir: string, make: () => Promise<void>): Promise<void> {
  const done = path.join(dir, "done");
  const failed = path.join(dir, "failed");
  const claimed = await mkdir(path.join(dir, "claim")).then(
    () => true,
    () => false,
  );
  if (claimed) {
    try {
      await make();
      await writeFile(done, "");
    } catch (err) {
      await writeFile(failed, String(err));
      throw err;
    }
    return;
  }
  await fileAppears(dir, ["done", "failed"], 120_000);
  if (existsSync(failed)) throw new Error(`seeding the demo content failed: ${await readFile(failed, "utf8")}`);
}

/** Resolves when one of `names` exists in `dir` (watched, then looked for, so none is missed); fails after `ms`. */
function fileAppears(dir: string, names: string[], ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const present = () => names.some((n) => existsSync(path.join(dir, n)));
    const finish = (err?: Error) => {
      watcher.close();
      clearTimeout(timer);
      if (err) reject(err);
      else resolve();
    };
    const watcher = watch(dir, () => {
      if (present()) finish();
    });
    const timer = setTimeout(() => finish(new Error(`seeding the demo content did not finish in ${ms / 1000} s`)), ms);
    if (present()) finish();
  });
}

/** Seeds the demo content into the database of `dataDir` (or `databaseUrl`), its pictures into `dataDir`/uploads. */
async function seed(dataDir: string, databaseUrl: string | null): Promise<void> {
  // Loaded here only: the demo content and its drawing code stay out of files that do not seed.
  const [{ openDatabase }, { seedDemoContent }, { ImageStore }] = await Promise.all([
    import("../../server/db/client"),
    import("../../server/seed/demo"),
    import("../../server/uploads/images"),
  ]);
  const images = new ImageStore(path.join(dataDir, "uploads"));
  await images.init();
  const handle = await openDatabase({ dataDir, databaseUrl, lockHolder: "test set-up" });
  try {
    await seedDemoContent(handle.db, images);
  } finally {
    await handle.close();
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    /** A data directory whose `db/` is PGlite with every migration applied. */
    pgliteTemplate: string;
    /** A data directory whose `db/` is a new PGlite database: initdb done, no migration applied. */
    pgliteFresh: string;
    /** An empty directory where the first file that needs it puts a seeded copy of pgliteTemplate. */
    pgliteSeeded: string;
    /** On PostgreSQL runs: a database with every migration applied, copied with CREATE DATABASE … TEMPLATE. */
    postgresTemplate: string | null;
    /** The folder of the workers' shared embedded databases, removed at the end of the run. */
    workerDatabases: string;
    /** On PostgreSQL runs: the name the seeded copy of postgresTemplate gets, and the directory of its pictures. */
    postgresSeeded: { name: string; dir: string };
    /** The current build's PDF thread (build/server/pdf-worker.js), for servers run from source. */
    pdfWorker: string;
  }
}
