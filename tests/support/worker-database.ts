import { mkdtemp } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { inject } from "vitest";
import { type DatabaseHandle, inTransaction, openDatabase, queryRows } from "../../server/db/client";
import { copyMigratedPglite } from "./database";

/**
 * One embedded database per test worker, opened once from the run's migrated template and put back to the
 * template's rows for each test server that takes it (docs/decisions/031-test-layers-and-budget.md).
 * Opening PGlite costs 1.5–2.5 s of a core (a thread, its WebAssembly, PostgreSQL's start), about 77 times
 * a run; putting the rows back costs a tenth of that. A file still starts from the template, as before.
 *
 * Only one server at a time holds it (`take` answers null while another does: that server copies its own),
 * and only on PGlite: on PostgreSQL each file's database is a copy of a template database already.
 */
interface WorkerDatabase {
  handle: DatabaseHandle;
  /** Rows of every table in `public` as the template had them, kept in the schema `test_template`. */
  reset(): Promise<void>;
  listeners: Set<() => void>;
  taken: boolean;
}

let opened: Promise<WorkerDatabase> | null = null;

/**
 * The worker's database, reset to the template, as a handle of its own for one server: its `close()` lets go
 * of it (the database stays open for the next server). Null when another server of this worker holds it.
 */
export async function takeWorkerDatabase(): Promise<DatabaseHandle | null> {
  opened ??= openWorkerDatabase();
  const shared = await opened;
  if (shared.taken) return null;
  shared.taken = true;
  try {
    await shared.reset();
  } catch (err) {
    shared.taken = false;
    throw err;
  }
  let listener: (() => void) | null = null;
  return {
    // An object of its own over the same connection: what the server keeps per database (the link key, prepared
    // queries: WeakMaps keyed by it) must start afresh for each server, as with a database of its own.
    db: Object.create(shared.handle.db) as typeof shared.handle.db,
    kind: shared.handle.kind,
    description: `${shared.handle.description} (this worker's, reset to the template)`,
    contentChanges: {
      kind: "notified",
      async listen(onChange) {
        listener = onChange;
        shared.listeners.add(onChange);
      },
    },
    async close() {
      if (listener) shared.listeners.delete(listener);
      shared.taken = false;
    },
  };
}

async function openWorkerDatabase(): Promise<WorkerDatabase> {
  // In the run's folder for worker databases, which the global set-up removes at the end.
  const dataDir = await mkdtemp(path.join(inject("workerDatabases"), "pneuma-worker-db-"));
  await copyMigratedPglite(dataDir);
  // The template is migrated: no need to compare every migration again.
  const handle = await openDatabase({ dataDir, databaseUrl: null, lockHolder: "test worker", migrate: false });
  const listeners = new Set<() => void>();
  if (handle.contentChanges.kind === "notified") {
    await handle.contentChanges.listen(() => {
      for (const listener of listeners) listener();
    });
  }
  const reset = await snapshotTemplate(handle);
  return { handle, reset, listeners, taken: false };
}

interface TableColumns {
  table: string;
  /** Columns a row can be written with (generated ones are computed by the database). */
  columns: string[];
}

/** Copies every table's rows and every sequence's position, and returns what puts them back. */
async function snapshotTemplate(handle: DatabaseHandle): Promise<() => Promise<void>> {
  const db = handle.db;
  const tables = await queryRows<{ table: string; columns: string[] }>(
    db,
    sql`SELECT c.relname AS table,
               array_agg(quote_ident(a.attname) ORDER BY a.attnum) FILTER (WHERE a.attgenerated = '') AS columns
        FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace
        JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
        GROUP BY c.relname ORDER BY c.relname`,
  );
  await db.execute(sql.raw("DROP SCHEMA IF EXISTS test_template CASCADE"));
  await db.execute(sql.raw("CREATE SCHEMA test_template"));
  const filled: TableColumns[] = [];
  for (const { table, columns } of tables) {
    const name = quoteIdent(table);
    await db.execute(sql.raw(`CREATE TABLE test_template.${name} AS TABLE public.${name}`));
    const [count] = await queryRows<{ n: number }>(db, sql.raw(`SELECT count(*)::int AS n FROM test_template.${name}`));
    if ((count?.n ?? 0) > 0) filled.push({ table: name, columns });
  }
  const sequences = await queryRows<{ name: string; value: string | null; called: boolean }>(
    db,
    sql`SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) AS name, last_value::text AS value,
               last_value IS NOT NULL AS called
        FROM pg_sequences WHERE schemaname = 'public'`,
  );
  const allTables = tables.map((t) => `public.${quoteIdent(t.table)}`).join(", ");
  const statements = [
    // Triggers (the content cache's notices, derived rows) and foreign-key checks stay off while the rows go
    // back: they are the template's rows, already consistent, and nothing listens during a reset.
    "SET LOCAL session_replication_role = replica",
    `TRUNCATE ${allTables} RESTART IDENTITY`,
    ...filled.map(
      ({ table, columns }) =>
        `INSERT INTO public.${table} (${columns.join(", ")}) OVERRIDING SYSTEM VALUE SELECT ${columns.join(", ")} FROM test_template.${table}`,
    ),
    ...sequences.map((s) =>
      s.value === null ? `ALTER SEQUENCE ${s.name} RESTART` : `SELECT setval('${s.name}', ${s.value}, ${s.called})`,
    ),
  ];
  const known = new Set(tables.map((t) => t.table));
  // One statement a call: the embedded database's thread takes one per query (the extended protocol).
  return async () => {
    const now = await queryRows<{ table: string }>(
      db,
      sql`SELECT c.relname AS table FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`,
    );
    const added = now.map((t) => t.table).filter((t) => !known.has(t));
    if (added.length) {
      throw new Error(
        `A test added tables to the worker's shared database (${added.join(", ")}): give its server { ownDatabase: true }.`,
      );
    }
    await inTransaction(db, async (tx) => {
      for (const statement of statements) await tx.execute(sql.raw(statement));
    });
  };
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
