import { createReadStream, existsSync, readdirSync, statSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { StringDecoder } from "node:string_decoder";
import { createGunzip } from "node:zlib";
import { sql } from "drizzle-orm";
import { type Database, type DatabaseHandle, MIGRATION_LOCK_ID, openDatabase, queryRows } from "../db/client";
import { DataDirLockedError, dataDirLockFile, liveLockOwner } from "../db/lock";
import { copyHashed, tableColumns } from "./dump";
import {
  BackupError,
  FILLED_BY_MIGRATIONS,
  FORMAT,
  FORMAT_VERSION,
  fsyncPath,
  MANIFEST,
  type Manifest,
  manifestSchema,
  quoteIdent,
  SKIPPED_TABLES,
  sha256File,
  TABLES_DIR,
  UPLOADS_DIR,
} from "./format";
import { appliedMigrations, applyMigrations, type CodeMigration, codeMigrations } from "./migrations";

/**
 * Restores a backup into an empty target: a data directory without a database (embedded), or a
 * PostgreSQL database without data. Everything is checked before anything is written; the rows go in
 * with the schema in one transaction; the upload files are copied first and removed again if that
 * transaction fails, so a failed restore leaves the target as it was.
 */

export interface RestoreTarget {
  dataDir: string;
  databaseUrl: string | null;
  uploadDir: string;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Upload files copied, and files that were already there with the same content. */
  uploadsCopied: number;
  uploadsKept: number;
}

const INSERT_BATCH_ROWS = 500;
const INSERT_BATCH_CHARS = 1_000_000;

const damaged = (what: string) =>
  new BackupError(`The backup is damaged: ${what}. Nothing was restored; use another backup (or a fresh copy of this one).`);

/** Reads the manifest and checks every file of the backup against it. Answers the manifest. */
export async function verifyBackup(dir: string): Promise<Manifest> {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new BackupError(`There is no backup directory at ${dir}.`);
  const manifestFile = path.join(dir, MANIFEST);
  if (!existsSync(manifestFile)) {
    throw new BackupError(
      `${dir} is not a complete Pneuma backup (it has no ${MANIFEST}). A backup that was interrupted has none; use another one.`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(manifestFile, "utf8"));
  } catch {
    throw damaged(`${MANIFEST} is not valid JSON`);
  }
  const head = raw as { format?: unknown; formatVersion?: unknown };
  if (head?.format !== FORMAT) throw new BackupError(`${dir} is not a Pneuma backup (${MANIFEST} does not say "${FORMAT}").`);
  if (typeof head.formatVersion === "number" && head.formatVersion > FORMAT_VERSION) {
    throw new BackupError(
      `This backup has format version ${head.formatVersion}; this version of Pneuma reads version ${FORMAT_VERSION}. ` +
        "Restore it with the version of Pneuma that made it, or a newer one.",
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw damaged(`${MANIFEST} is not as expected (${issue?.path.join(".")}: ${issue?.message})`);
  }
  const manifest = parsed.data;
  if (manifest.formatVersion !== FORMAT_VERSION) throw damaged(`unknown format version ${manifest.formatVersion}`);

  const tableNames = new Set<string>();
  for (const table of manifest.tables) {
    if (tableNames.has(table.name)) throw damaged(`table ${table.name} is listed twice`);
    tableNames.add(table.name);
    if (table.file !== `${TABLES_DIR}/${table.name}.jsonl.gz`) throw damaged(`table ${table.name} has an unexpected file name`);
    await checkFile(dir, table.file, table);
    let rows = 0;
    try {
      for await (const line of readTableLines(path.join(dir, table.file))) {
        const value = JSON.parse(line) as unknown;
        if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error("not an object");
        rows++;
      }
    } catch {
      throw damaged(`${table.file} cannot be read`);
    }
    if (rows !== table.rows) throw damaged(`${table.file} has ${rows} rows, the manifest says ${table.rows}`);
  }

  const uploadsDir = path.join(dir, UPLOADS_DIR);
  const present = new Set(existsSync(uploadsDir) ? await readdir(uploadsDir) : []);
  const listed = new Set<string>();
  for (const upload of manifest.uploads) {
    if (listed.has(upload.name)) throw damaged(`upload ${upload.name} is listed twice`);
    listed.add(upload.name);
    if (!present.has(upload.name)) throw damaged(`${UPLOADS_DIR}/${upload.name} is missing`);
    await checkFile(dir, `${UPLOADS_DIR}/${upload.name}`, upload);
  }
  const extra = [...present].filter((f) => !listed.has(f));
  if (extra.length > 0) throw damaged(`${UPLOADS_DIR}/ holds files the manifest does not list (${extra.slice(0, 5).join(", ")})`);
  return manifest;
}

async function checkFile(dir: string, file: string, expected: { bytes: number; sha256: string }): Promise<void> {
  const full = path.join(dir, file);
  if (!existsSync(full)) throw damaged(`${file} is missing`);
  const got = await sha256File(full);
  if (got.bytes !== expected.bytes || got.sha256 !== expected.sha256) {
    throw damaged(`${file} does not match its checksum (it was changed or cut short)`);
  }
}

/** The lines of a `.jsonl.gz` table file, streamed. */
async function* readTableLines(file: string): AsyncGenerator<string> {
  const gunzip = createGunzip();
  const input = createReadStream(file);
  input.on("error", (err) => gunzip.destroy(err));
  input.pipe(gunzip);
  const decoder = new StringDecoder("utf8");
  let rest = "";
  for await (const chunk of gunzip) {
    rest += decoder.write(chunk as Buffer);
    let nl = rest.indexOf("\n");
    while (nl >= 0) {
      yield rest.slice(0, nl);
      rest = rest.slice(nl + 1);
      nl = rest.indexOf("\n");
    }
  }
  rest += decoder.end();
  if (rest.length > 0) yield rest;
}

/**
 * A backup restores into the same version of Pneuma or a newer one: its migrations must be the first
 * ones this version ships. Migrations are told apart by their journal time, as drizzle's migrator does.
 */
function checkMigrations(manifest: Manifest, code: CodeMigration[]): void {
  const backup = manifest.migrations;
  const made = `version ${manifest.appVersion || "unknown"}`;
  backup.slice(0, code.length).forEach((m, i) => {
    if (m.when !== code[i]!.when) {
      throw new BackupError(
        `This backup's schema (${made}) does not match this version's at migration ${code[i]!.tag} ` +
          `(the backup has ${m.tag ?? "a migration this version does not know"}). Restore it with the version of Pneuma that made it.`,
      );
    }
  });
  if (backup.length > code.length) {
    throw new BackupError(
      `This backup comes from a newer version of Pneuma (${made}; its schema has ${backup.length} migrations, this version ` +
        `knows ${code.length}). Restore it with that version or a newer one.`,
    );
  }
}

export interface RestoreOptions {
  /** Progress lines for a person. */
  log?: (line: string) => void;
}

export async function restoreBackup(dir: string, target: RestoreTarget, options: RestoreOptions = {}): Promise<RestoreResult> {
  const say = options.log ?? (() => {});
  const embedded = !target.databaseUrl;
  const dbDir = path.join(target.dataDir, "db");
  if (embedded) {
    if (existsSync(dbDir) && readdirSync(dbDir).length > 0) {
      throw new BackupError(
        `${target.dataDir} already has a database (${dbDir}). Restore only into an empty data directory: ` +
          "set DATA_DIR to a new directory (or move this one aside) and run the restore again.",
      );
    }
    const owner = liveLockOwner(dataDirLockFile(target.dataDir));
    if (owner) {
      throw new BackupError(
        `The data directory ${target.dataDir} is in use by pid ${owner.pid} (${owner.command}). Stop it, then restore.`,
      );
    }
  }

  say(`Checking the backup ${dir} …`);
  const manifest = await verifyBackup(dir);
  const code = codeMigrations();
  checkMigrations(manifest, code);

  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({
      dataDir: target.dataDir,
      databaseUrl: target.databaseUrl,
      lockHolder: "restore CLI",
      migrate: false,
    });
  } catch (err) {
    if (err instanceof DataDirLockedError) throw new BackupError(err.message);
    if (embedded) await rm(dbDir, { recursive: true, force: true }); // it had no database before
    throw err;
  }
  const created: string[] = [];
  try {
    await assertEmpty(handle.db, target);
    const plan = await planUploads(manifest, target.uploadDir);
    say(`Copying ${plan.copy.length} upload files to ${target.uploadDir} …`);
    await mkdir(target.uploadDir, { recursive: true });
    for (const upload of plan.copy) {
      const final = path.join(target.uploadDir, upload.name);
      const temp = `${final}.restore.tmp`;
      await rm(temp, { force: true });
      const got = await copyHashed(path.join(dir, UPLOADS_DIR, upload.name), temp, 0o644);
      if (!got || got.sha256 !== upload.sha256) throw damaged(`${UPLOADS_DIR}/${upload.name} changed while it was restored`);
      await rename(temp, final);
      created.push(final);
    }
    await fsyncPath(target.uploadDir);

    say(`Restoring ${manifest.tables.reduce((n, t) => n + t.rows, 0)} rows into ${handle.description} …`);
    await handle.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      if (handle.kind === "postgres") await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
      const applied = (await appliedMigrations(tx)) ?? [];
      const level = manifest.migrations.length;
      if (applied.length > level || applied.some((m, i) => m.when !== code[i]?.when)) {
        throw new BackupError(
          "The target database was already migrated past this backup's schema (a newer Pneuma ran on it). " +
            "Restore into a new database that no server has started on.",
        );
      }
      // The schema exactly as the backup's database had it, the rows, then this version's newer migrations.
      await applyMigrations(tx, code.slice(applied.length, level));
      await assertEmpty(tx, target);
      const columns = await tableColumns(tx);
      for (const table of manifest.tables) {
        if ((FILLED_BY_MIGRATIONS as readonly string[]).includes(table.name)) {
          await tx.execute(sql.raw(`DELETE FROM public.${quoteIdent(table.name)}`));
        }
        await insertTable(tx, dir, table, columns.get(table.name));
      }
      await resetSequences(
        tx,
        manifest.tables.map((t) => t.name),
      );
      await applyMigrations(tx, code.slice(level));
    });
  } catch (err) {
    await Promise.all(created.map((f) => rm(f, { force: true })));
    await handle.close().catch(() => {});
    // The data directory had no database before: take away what opening it created.
    if (embedded) await rm(dbDir, { recursive: true, force: true });
    throw err;
  }
  await handle.close();
  return { manifest, uploadsCopied: created.length, uploadsKept: manifest.uploads.length - created.length };
}

/**
 * Refuses a target that holds any data (skipped tables and those the migrations fill aside). Tables that do
 * not exist yet are empty.
 */
async function assertEmpty(db: Database, target: RestoreTarget): Promise<void> {
  const tables = (await tableColumns(db)).keys();
  const ignored: readonly string[] = [...SKIPPED_TABLES, ...FILLED_BY_MIGRATIONS];
  const checks = [...tables]
    .filter((t) => !ignored.includes(t))
    .map((t) => `SELECT '${t}' AS name WHERE EXISTS (SELECT 1 FROM public.${quoteIdent(t)})`);
  if (checks.length === 0) return;
  const full = await queryRows<{ name: string }>(db, sql.raw(checks.join(" UNION ALL ")));
  if (full.length === 0) return;
  const where = target.databaseUrl
    ? "Create a new database (createdb), point DATABASE_URL at it and run the restore again."
    : "Set DATA_DIR to a new directory and run the restore again.";
  throw new BackupError(
    `The target database is not empty (${full
      .map((r) => r.name)
      .sort()
      .join(", ")} have rows). A restore never merges into existing data. ${where}`,
  );
}

async function insertTable(tx: Database, dir: string, table: Manifest["tables"][number], existing: string[] | undefined) {
  if (!existing) throw new BackupError(`The backup has a table ${table.name} that this version's schema does not.`);
  const unknown = table.columns.filter((c) => !existing.includes(c));
  if (unknown.length > 0)
    throw new BackupError(`The backup's table ${table.name} has columns the schema lacks: ${unknown.join(", ")}.`);
  const target = sql.raw(`public.${quoteIdent(table.name)}`);
  const cols = sql.raw(table.columns.map(quoteIdent).join(", "));
  const flush = async (lines: string[]) => {
    if (lines.length === 0) return;
    // PostgreSQL reads the rows as it wrote them (row_to_json), so every type round-trips exactly.
    await tx.execute(
      sql`INSERT INTO ${target} (${cols}) SELECT ${cols} FROM json_populate_recordset(NULL::${target}, ${`[${lines.join(",")}]`}::json)`,
    );
  };
  let batch: string[] = [];
  let chars = 0;
  for await (const line of readTableLines(path.join(dir, table.file))) {
    batch.push(line);
    chars += line.length;
    if (batch.length >= INSERT_BATCH_ROWS || chars >= INSERT_BATCH_CHARS) {
      await flush(batch);
      batch = [];
      chars = 0;
    }
  }
  await flush(batch);
  const [count] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM ${target}`);
  if (count?.n !== table.rows) throw damaged(`table ${table.name} restored ${count?.n} rows, the manifest says ${table.rows}`);
}

/** Serial and identity columns continue after the restored rows. */
async function resetSequences(tx: Database, tables: string[]): Promise<void> {
  const rows = await queryRows<{ table: string; column: string; seq: string }>(
    tx,
    sql.raw(`
      SELECT c.relname AS table, a.attname AS column, pg_get_serial_sequence(format('public.%I', c.relname), a.attname) AS seq
      FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped`),
  );
  for (const r of rows) {
    if (!r.seq || !tables.includes(r.table)) continue;
    await tx.execute(
      sql`SELECT setval(${r.seq}::regclass, COALESCE((SELECT max(${sql.raw(quoteIdent(r.column))}) FROM ${sql.raw(`public.${quoteIdent(r.table)}`)}), 0) + 1, false)`,
    );
  }
}

/** Which upload files to copy. A file already there is kept when identical and refused when not. */
async function planUploads(manifest: Manifest, uploadDir: string) {
  const copy: Manifest["uploads"] = [];
  const conflicts: string[] = [];
  for (const upload of manifest.uploads) {
    const existing = path.join(uploadDir, upload.name);
    const info = await stat(existing).catch(() => null);
    if (!info) {
      copy.push(upload);
      continue;
    }
    const got = info.isFile() ? await sha256File(existing) : null;
    if (got?.sha256 !== upload.sha256) conflicts.push(upload.name);
  }
  if (conflicts.length > 0) {
    throw new BackupError(
      `${uploadDir} already has different files under the backup's names (${conflicts.slice(0, 5).join(", ")}). ` +
        "Restore into an empty upload directory.",
    );
  }
  return { copy };
}
