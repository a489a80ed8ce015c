import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import v8 from "node:v8";
import { eq, type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { errorFields, log } from "../log";
import { MIGRATIONS_DIR } from "../paths";
import { ensurePrivateDir } from "../private-dir";
import { acquireDataDirLock, dataDirLockFile } from "./lock";
import { PgliteThread } from "./pglite-thread-client";
import { contentVersion } from "./schema";

/** One handle type for both drivers, so the rest of the server never knows which one it runs on. */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** For start-up logs: where the data lives (never the password). */
  description: string;
  /** How the content cache learns of committed changes to public content (migration 0002). */
  contentChanges: ContentChanges;
  close(): Promise<void>;
}

/**
 * PGlite has one process and delivers the `pneuma_content` notification before the writing query's
 * promise resolves, so listening is exact. PostgreSQL delivers notifications asynchronously (another
 * server could read before its notification arrives), so there the cache compares the committed
 * `content_version` at the start of every request instead: one primary-key read.
 */
export type ContentChanges =
  | { kind: "notified"; listen(onChange: () => void): Promise<void> }
  | { kind: "versioned"; readVersion(): Promise<number> };

const CONTENT_CHANNEL = "pneuma_content";

export interface OpenOptions {
  dataDir: string;
  databaseUrl: string | null;
  /** Who holds the embedded database's lock ("server", "admin CLI"), shown to a second process. */
  lockHolder: string;
  /** Apply pending migrations (default). Backup and restore open without, and do their own. */
  migrate?: boolean;
}

/** Stops two processes from migrating one PostgreSQL database at the same time. */
export const MIGRATION_LOCK_ID = 7_245_001;

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  const migrate = options.migrate ?? true;
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, migrate)
    : openPglite(options.dataDir, options.lockHolder, migrate);
}

async function openPglite(dataDir: string, lockHolder: string, migrate: boolean): Promise<DatabaseHandle> {
  const dbDir = path.join(dataDir, "db");
  ensurePrivateDir(dataDir);
  const release = acquireDataDirLock(dataDirLockFile(dataDir), lockHolder);
  let client: PgliteThread | null = null;
  try {
    ensurePrivateDir(dbDir); // PGlite's own mkdir is not recursive, and it makes its files 0666
    // PGlite keeps shared_buffers inside its WebAssembly heap; PostgreSQL's 128 MB default would make
    // it most of the process's memory. The catalogue is small and the OS caches the files anyway.
    const postgresqlconf = ["shared_buffers=16MB"];
    compileWasmWithLiftoffOnly();
    if (!existsSync(path.join(dbDir, "PG_VERSION"))) initPgliteInChildProcess(dbDir, postgresqlconf);
    client = await PgliteThread.start({
      dbDir,
      postgresqlconf,
      textTypes: DRIZZLE_TEXT_TYPES,
      onLost(err) {
        // Every query would fail from now on. Exiting lets the supervisor (systemd, Docker) start the
        // server again, and PGlite reopens its files as PostgreSQL recovers from a crash.
        log.error("the embedded database stopped; exiting", errorFields(err));
        process.exit(1);
      },
    });
    const db = drizzlePglite({ client: client.asPglite() }) as unknown as Database;
    if (migrate) await migratePglite(drizzlePglite({ client: client.asPglite() }), { migrationsFolder: MIGRATIONS_DIR });
    const opened = client;
    let unlisten: (() => Promise<void>) | null = null;
    return {
      db,
      kind: "pglite",
      description: `embedded PGlite in ${dbDir}`,
      contentChanges: {
        kind: "notified",
        async listen(onChange) {
          unlisten = await opened.listen(CONTENT_CHANNEL, onChange);
        },
      },
      async close() {
        try {
          await unlisten?.();
          await opened.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    await client?.close().catch(() => {});
    release();
    throw err;
  }
}

/**
 * Drizzle sends its own type parsers with every query (dates, timestamps and intervals kept as the
 * database's text). The database's thread has them from the start (a function cannot cross to it), and
 * the thread client accepts a query's parsers only when they are these.
 */
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];

/**
 * V8 compiles PGlite's WebAssembly (PostgreSQL itself) with its baseline compiler, Liftoff, and then again
 * with its optimising compiler for hot functions. That second compilation held about 50-80 MB more resident
 * memory for the life of the process, most of the embedded database's cost; `--liftoff-only` skips it.
 * Uncached page renders were about 10% slower in `npm run bench`; cached pages do not touch the database.
 * The flag applies to WebAssembly compiled from now on, and nothing else in this process compiles any.
 */
function compileWasmWithLiftoffOnly(): void {
  v8.setFlagsFromString("--liftoff-only");
}

/**
 * initdb grows PGlite's WebAssembly heap to ~650 MB, and such a heap is never given back while the process
 * lives. So a new cluster is created by a short-lived child process; this process then opens it.
 */
function initPgliteInChildProcess(dbDir: string, conf: string[]): void {
  const pglite = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const script = `require(${JSON.stringify(pglite)}).PGlite.create(${JSON.stringify(dbDir)}, { postgresqlconf: ${JSON.stringify(conf)} }).then((db) => db.close())`;
  execFileSync(process.execPath, ["-e", script], { stdio: ["ignore", "ignore", "inherit"] });
}

async function openPostgres(url: string, migrate: boolean): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000 });
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it. Queries report their own errors.
  });
  // A client checked out of the pool (a transaction) has no pool listener while it is out, and an 'error'
  // event without a listener ends the process: a database restart mid-transaction would take the site
  // down. The transaction's query fails and reports it; the pool discards the broken client.
  pool.on("connect", (client) => {
    client.on("error", (err) => log.warn("database connection lost", errorFields(err)));
  });
  try {
    const client = await pool.connect();
    try {
      if (migrate) {
        await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: MIGRATIONS_DIR });
      }
    } finally {
      if (migrate) await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
      client.release();
    }
  } catch (err) {
    await pool.end().catch(() => {});
    throw err;
  }
  const db = drizzlePostgres({ client: pool }) as unknown as Database;
  const parsed = new URL(url);
  return {
    db,
    kind: "postgres",
    description: `PostgreSQL at ${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`,
    contentChanges: {
      kind: "versioned",
      async readVersion() {
        const [row] = await db.select({ version: contentVersion.version }).from(contentVersion).where(eq(contentVersion.id, 1));
        return row?.version ?? 0;
      },
    },
    close: () => pool.end(),
  };
}

/**
 * A query whose SQL Drizzle builds once per database handle (its `prepare`), for the reads every uncached
 * page makes: building a select costs about 0.25 ms, as much as PGlite takes to run a small one. On
 * PostgreSQL the name also makes a server-side prepared statement on each connection. A transaction's
 * handle gets its own, dropped with it.
 */
export function preparedOnce<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const built = new WeakMap<Database, Query>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

/** Rows of a raw SQL query; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A cheap round trip, for the health check. */
export async function ping(db: Database): Promise<void> {
  await db.execute(sql`SELECT 1`);
}

/** Runs `work` in one transaction (a savepoint when `db` is already one), handing it the transaction as a Database. */
export function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Database));
}
