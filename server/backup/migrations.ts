import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { type Database, queryRows } from "../db/client";
import { MIGRATIONS_DIR } from "../paths";

/**
 * The schema's migration history, as drizzle keeps it (table drizzle.__drizzle_migrations: the SHA-256 of
 * each SQL file and its journal time). A backup records where its database was; a restore brings the
 * new database to exactly that point, inserts the rows, then applies the newer migrations, all in one
 * transaction, so data migrations run on restored data as they would have on the original.
 */

export interface CodeMigration {
  tag: string;
  hash: string;
  when: number;
  statements: string[];
}

export interface AppliedMigration {
  hash: string;
  when: number;
}

/** The migrations this version of the code ships, oldest first. */
export function codeMigrations(): CodeMigration[] {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  return files.map((m, i) => ({
    tag: journal.entries[i]?.tag ?? `#${i}`,
    hash: m.hash,
    when: m.folderMillis,
    statements: m.sql,
  }));
}

/** What the database has applied, oldest first; null when it was never migrated (a new database). */
export async function appliedMigrations(db: Database): Promise<AppliedMigration[] | null> {
  const [exists] = await queryRows<{ t: string | null }>(db, sql`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS t`);
  if (!exists?.t) return null;
  const rows = await queryRows<{ hash: string; created_at: string }>(
    db,
    sql.raw("SELECT hash, created_at::text AS created_at FROM drizzle.__drizzle_migrations ORDER BY created_at, id"),
  );
  return rows.map((r) => ({ hash: r.hash, when: Number(r.created_at) }));
}

/** Applies `migrations` as drizzle's migrator would (same statements, same bookkeeping row). */
export async function applyMigrations(tx: Database, migrations: CodeMigration[]): Promise<void> {
  await tx.execute(sql.raw("CREATE SCHEMA IF NOT EXISTS drizzle"));
  await tx.execute(
    sql.raw(
      "CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)",
    ),
  );
  for (const m of migrations) {
    for (const statement of m.statements) await tx.execute(sql.raw(statement));
    await tx.execute(sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${m.hash}, ${m.when})`);
  }
}
