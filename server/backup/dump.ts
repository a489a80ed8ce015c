import { createHash, randomBytes } from "node:crypto";
import { createWriteStream, type Dirent, existsSync } from "node:fs";
import { type FileHandle, mkdir, open, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import { parseUploadUrl } from "../../shared/lib/image-url";
import { recordActivity } from "../activity/log";
import { referencedImages } from "../content/image-references";
import { type Database, queryRows } from "../db/client";
import { ensurePrivateDir } from "../private-dir";
import {
  appVersion,
  BackupError,
  backupName,
  FORMAT,
  FORMAT_VERSION,
  fsyncPath,
  MANIFEST,
  type Manifest,
  quoteIdent,
  SKIPPED_TABLES,
  sha256File,
  TABLES_DIR,
  UPLOADS_DIR,
  uploadName,
  WITHHELD_COLUMNS,
} from "./format";
import { appliedMigrations, codeMigrations } from "./migrations";

/**
 * Writes a backup: every table (but sessions and rate-limit counters) read in one REPEATABLE READ
 * snapshot, plus the uploaded files. Used by `npm run backup` on its own database handle, and by a
 * running server (server/backup/signal.ts) on the server's handle.
 */

export interface BackupSource {
  db: Database;
  dbKind: "pglite" | "postgres";
  uploadDir: string;
}

export interface BackupOptions {
  /** The directory the backup is created in (made when missing). */
  outputDir: string;
  /** For tests: called between the steps of each attempt, outside any transaction. */
  onStep?: (step: "uploads-copied" | "snapshot-taken", attempt: number) => Promise<void> | void;
}

export interface BackupResult {
  path: string;
  manifest: Manifest;
  /** Snapshots taken: more than one when an upload the first one referenced was replaced meanwhile. */
  attempts: number;
}

const MAX_ATTEMPTS = 3;
const FETCH_ROWS = 500;
const COPY_CHUNK_BYTES = 256 * 1024;

/**
 * Uploaded files are written once under a new name and deleted only after the write that stopped using
 * them committed. So: copy the files first, then take the snapshot; a file the snapshot refers to but the
 * copy lacks was uploaded in between and is copied now. If it is already gone, it was replaced after the
 * snapshot: take a new snapshot (the new one refers to its replacement). Files are never half-copied
 * into a finished backup: everything goes to a hidden `.partial` directory renamed into place at the end.
 */
export async function createBackup(source: BackupSource, options: BackupOptions): Promise<BackupResult> {
  const createdAt = new Date();
  const name = backupName(createdAt);
  ensurePrivateDir(options.outputDir);
  const temp = path.join(options.outputDir, `.${name}.${randomBytes(4).toString("hex")}.partial`);
  const tablesDir = path.join(temp, TABLES_DIR);
  const uploadsDir = path.join(temp, UPLOADS_DIR);
  try {
    await mkdir(temp, { mode: 0o700 });
    await mkdir(uploadsDir, { mode: 0o700 });
    const copied = new Map<string, { bytes: number; sha256: string }>();
    let snapshot: Snapshot | null = null;
    let attempts = 0;
    for (;;) {
      attempts++;
      await copyNewUploads(source.uploadDir, uploadsDir, copied);
      await options.onStep?.("uploads-copied", attempts);
      await rm(tablesDir, { recursive: true, force: true });
      await mkdir(tablesDir, { mode: 0o700 });
      snapshot = await dumpTables(source.db, tablesDir);
      await options.onStep?.("snapshot-taken", attempts);
      const missing: string[] = [];
      for (const file of [...snapshot.referencedUploads].sort()) {
        if (copied.has(file)) continue;
        const got = await copyHashed(path.join(source.uploadDir, file), path.join(uploadsDir, file));
        if (got) copied.set(file, got);
        else missing.push(file);
      }
      if (missing.length === 0) break;
      if (attempts >= MAX_ATTEMPTS) {
        throw new BackupError(
          `The database refers to uploaded files that are not in ${source.uploadDir}: ${missing.join(", ")}. ` +
            "If staff were replacing images just now, run the backup again. Otherwise the files were lost " +
            "before this backup: put them back (or change the records that use them) and back up again.",
        );
      }
    }

    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      appVersion: appVersion(),
      createdAt: createdAt.toISOString(),
      source: { database: source.dbKind, version: snapshot.version },
      migrations: snapshot.migrations,
      tables: snapshot.tables,
      skippedTables: [...SKIPPED_TABLES],
      uploads: [...copied.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([file, f]) => ({ name: file, ...f })),
    };
    await fsyncPath(uploadsDir);
    await fsyncPath(tablesDir);
    const manifestFile = path.join(temp, MANIFEST);
    await writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600, flag: "wx" });
    await fsyncPath(manifestFile);
    await fsyncPath(temp);
    const final = await renameIntoPlace(temp, options.outputDir, name);
    await fsyncPath(options.outputDir);
    // In the activity log (after the snapshot, so the backup holds the log up to itself).
    await recordActivity(
      source.db,
      { id: null, name: "backup", ip: "" },
      { action: "backup", entityType: "backup", detail: path.basename(final) },
    );
    return { path: final, manifest, attempts };
  } catch (err) {
    await rm(temp, { recursive: true, force: true }).catch(() => {});
    throw err;
  }
}

interface Snapshot {
  version: string;
  migrations: Manifest["migrations"];
  tables: Manifest["tables"];
  /** Upload file names (largest copy and narrower ones) that some row refers to. */
  referencedUploads: Set<string>;
}

/** A column as the backup reads it: its value, or for a secret (WITHHELD_COLUMNS) the value that replaces it. */
function selected(table: string, column: string): string {
  const withheld = WITHHELD_COLUMNS[table]?.[column];
  return withheld === undefined ? quoteIdent(column) : `${withheld} AS ${quoteIdent(column)}`;
}

async function dumpTables(db: Database, dir: string): Promise<Snapshot> {
  return db.transaction(
    async (transaction) => {
      const tx = transaction as unknown as Database;
      await tx.execute(sql.raw("SET LOCAL TimeZone = 'UTC'"));
      const [v] = await queryRows<{ version: string }>(tx, sql`SELECT version() AS version`);
      const applied = await appliedMigrations(tx);
      if (!applied || applied.length === 0) {
        throw new BackupError("The database has no tables yet (the server never started on it): there is nothing to back up.");
      }
      const known = new Map(codeMigrations().map((m) => [m.hash, m.tag]));
      const tables: Manifest["tables"] = [];
      for (const table of await listTables(tx)) {
        const file = `${TABLES_DIR}/${table.name}.jsonl.gz`;
        const full = path.join(dir, `${table.name}.jsonl.gz`);
        const gzip = createGzip();
        const written = pipeline(gzip, createWriteStream(full, { flags: "wx", mode: 0o600 }));
        written.catch(() => {}); // awaited below; this only stops an early failure from being "unhandled"
        let rows = 0;
        const cursor = "pneuma_backup_rows";
        await tx.execute(
          sql.raw(
            // The stored columns only: a generated column (products.search_document) is made again on insert.
            `DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS j FROM (SELECT ${table.columns.map((c) => selected(table.name, c)).join(", ")} FROM public.${quoteIdent(table.name)}) t`,
          ),
        );
        for (;;) {
          const batch = await queryRows<{ j: string }>(tx, sql.raw(`FETCH FORWARD ${FETCH_ROWS} FROM ${cursor}`));
          if (batch.length === 0) break;
          let text = "";
          for (const { j } of batch) text += `${j}\n`;
          rows += batch.length;
          if (!gzip.write(text)) await new Promise((resolve) => gzip.once("drain", resolve));
        }
        await tx.execute(sql.raw(`CLOSE ${cursor}`));
        gzip.end();
        await written;
        await fsyncPath(full);
        tables.push({ name: table.name, file, columns: table.columns, rows, ...(await sha256File(full)) });
      }
      // The same snapshot's image references, as every content type declares them (shared/content/).
      const referencedUploads = new Set<string>();
      for (const url of await referencedImages(tx)) {
        const file = url.startsWith("/uploads/") ? url.slice("/uploads/".length) : null;
        if (file && /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(file))
          for (const name of uploadFilesOf(file)) referencedUploads.add(name);
      }
      return {
        version: v?.version ?? "",
        migrations: applied.map((m) => ({ tag: known.get(m.hash) ?? null, hash: m.hash, when: m.when })),
        tables,
        referencedUploads,
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * The tables of the public schema and their stored columns in order (generated columns are computed, so
 * neither dumped nor inserted). What a backup writes, and what a restore checks a backup against.
 */
export async function tableColumns(db: Database): Promise<Map<string, string[]>> {
  const rows = await queryRows<{ table: string; column: string }>(
    db,
    sql.raw(`
      SELECT c.relname AS table, a.attname AS column
      FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      ORDER BY c.relname, a.attnum`),
  );
  const columns = new Map<string, string[]>();
  for (const { table, column } of rows) {
    const list = columns.get(table);
    if (list) list.push(column);
    else columns.set(table, [column]);
  }
  return columns;
}

/** A referenced upload and, for the largest copy, its narrower copies. */
function uploadFilesOf(file: string): string[] {
  const info = /\.w\d+\.webp$/.test(file) ? null : parseUploadUrl(`/uploads/${file}`);
  return info ? info.variants.map((v) => path.basename(v.url)) : [file];
}

interface TableInfo {
  name: string;
  columns: string[];
}

/**
 * Every table in the public schema but the skipped ones, parents before children (foreign keys), so a
 * table added by a later migration is backed up without anyone remembering to list it here.
 */
async function listTables(db: Database): Promise<TableInfo[]> {
  const columns = await tableColumns(db);
  const edges = await queryRows<{ child: string; parent: string }>(
    db,
    sql.raw(`
      SELECT ch.relname AS child, pa.relname AS parent
      FROM pg_constraint co
      JOIN pg_class ch ON ch.oid = co.conrelid
      JOIN pg_class pa ON pa.oid = co.confrelid
      JOIN pg_namespace n ON n.oid = ch.relnamespace
      WHERE co.contype = 'f' AND n.nspname = 'public'`),
  );
  const skipped = new Set<string>(SKIPPED_TABLES);
  const byTable = new Map([...columns].filter(([table]) => !skipped.has(table)));
  const parents = new Map<string, Set<string>>([...byTable.keys()].map((t) => [t, new Set<string>()]));
  for (const { child, parent } of edges) {
    if (!byTable.has(child) || child === parent) continue;
    if (skipped.has(parent))
      throw new BackupError(`Table ${child} refers to ${parent}, which backups skip; add it to the backup.`);
    parents.get(child)!.add(parent);
  }
  const ordered: TableInfo[] = [];
  const done = new Set<string>();
  while (done.size < byTable.size) {
    const ready = [...byTable.keys()].filter((t) => !done.has(t) && [...parents.get(t)!].every((p) => done.has(p))).sort();
    if (ready.length === 0) throw new BackupError("The tables' foreign keys form a cycle; backups cannot order them.");
    for (const t of ready) {
      done.add(t);
      ordered.push({ name: t, columns: byTable.get(t)! });
    }
  }
  return ordered;
}

/** Copies the upload files not copied yet (uploads are never rewritten under the same name). */
async function copyNewUploads(from: string, to: string, copied: Map<string, { bytes: number; sha256: string }>): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
    throw err;
  }
  for (const e of entries) {
    if (!e.isFile() || e.name.endsWith(".tmp") || copied.has(e.name) || !uploadName.safeParse(e.name).success) continue;
    const got = await copyHashed(path.join(from, e.name), path.join(to, e.name));
    if (got) copied.set(e.name, got); // null: deleted since the listing, so it was not in use
  }
}

/**
 * Copies a file, flushed to disk, and answers its size and SHA-256; null when the source is gone.
 * The source is opened before the copy is created: a source deleted meanwhile (a replaced image) must not
 * leave an empty copy behind, and removing one after a failed stream races with its still-pending open.
 */
export async function copyHashed(src: string, dst: string, mode = 0o600): Promise<{ bytes: number; sha256: string } | null> {
  let input: FileHandle;
  try {
    input = await open(src, "r");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
  try {
    const output = await open(dst, "wx", mode); // EEXIST: someone else's file, not ours to delete
    try {
      const hash = createHash("sha256");
      let bytes = 0;
      const buffer = Buffer.allocUnsafe(COPY_CHUNK_BYTES);
      for (;;) {
        const { bytesRead } = await input.read(buffer, 0, buffer.length, null);
        if (bytesRead === 0) break;
        hash.update(buffer.subarray(0, bytesRead));
        bytes += bytesRead;
        for (let at = 0; at < bytesRead; ) at += (await output.write(buffer, at, bytesRead - at)).bytesWritten;
      }
      await output.sync();
      await output.close();
      return { bytes, sha256: hash.digest("hex") };
    } catch (err) {
      await output.close().catch(() => {});
      await rm(dst, { force: true });
      throw err;
    }
  } finally {
    await input.close();
  }
}

async function renameIntoPlace(temp: string, dir: string, name: string): Promise<string> {
  for (let i = 1; i < 100; i++) {
    const final = path.join(dir, i === 1 ? name : `${name}-${i}`);
    if (existsSync(final)) continue;
    try {
      await rename(temp, final);
      return final;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== "EEXIST" && code !== "ENOTEMPTY") throw err;
    }
  }
  throw new BackupError(`Could not name the backup in ${dir}: too many backups named ${name}.`);
}
