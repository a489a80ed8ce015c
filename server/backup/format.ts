import { createHash } from "node:crypto";
import { createReadStream, readFileSync } from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { PROJECT_ROOT } from "../paths";

/**
 * The backup format (docs/decisions/007-backups.md). A backup is a directory
 *
 *   pneuma-backup-2026-11-21T23-40-00Z/
 *     manifest.json            written last: what is inside, with row counts, sizes and SHA-256 sums
 *     tables/<table>.jsonl.gz  one JSON object per row (PostgreSQL's row_to_json), gzip
 *     uploads/<file>           a copy of every uploaded file
 *
 * Rows are JSON as PostgreSQL itself writes and reads it (row_to_json / json_populate_recordset), so
 * timestamps keep their microseconds, numerics their digits, and a backup moves freely between the
 * embedded database and PostgreSQL.
 */

export const FORMAT = "pneuma-backup";
/** Where `npm run backup` writes by default, inside DATA_DIR. */
export const BACKUPS_DIR = "backups";
export const FORMAT_VERSION = 1;
export const MANIFEST = "manifest.json";
export const TABLES_DIR = "tables";
export const UPLOADS_DIR = "uploads";
export const NAME_PREFIX = "pneuma-backup-";

/**
 * Not backed up, and ignored when a restore checks that its target is empty: sign-in sessions and the
 * tickets between password and second factor (short-lived; staff sign in again), rate-limit/lockout counters, and the content cache's change counter (its row is
 * made by a migration; the restore's own inserts advance it). A new table is backed up unless listed here.
 */
export const SKIPPED_TABLES = ["sessions", "login_tickets", "throttle_events", "content_version"] as const;

/**
 * Secrets a backup never holds, each written as the value it is replaced with (issue 44): with the key that
 * signs buyer and keep links, a backup alone could forge a buyer's Accept; the IndiaMART CRM key opens the
 * company's leads. After a restore, a new link key is made on first use (links e-mailed before no longer open:
 * staff send them again) and an owner enters the CRM key again (README, Backups).
 */
export const WITHHELD_COLUMNS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  sales_desk: { link_key: "NULL", indiamart_crm_key: "''" },
};

/**
 * Backed up, but their rows come with the migrations (the default GST rates, the first privacy notice): a new database has them, so a
 * restore does not count them as data and replaces them with the backup's rows.
 */
export const FILLED_BY_MIGRATIONS = ["gst_rates", "privacy_notices"] as const;

/** A mistake a person can fix (bad backup, non-empty target, server not answering): shown without a stack. */
export class BackupError extends Error {}

const identifier = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, "is not a plain SQL name");
/** Upload names are plain file names: no directories, no dot files. */
export const uploadName = z.string().regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,200}$/, "is not a plain file name");
const sha256 = z.string().regex(/^[a-f0-9]{64}$/);

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int(),
  appVersion: z.string(),
  createdAt: z.string(),
  source: z.object({ database: z.enum(["pglite", "postgres"]), version: z.string() }),
  /** The migrations the database had applied, oldest first (drizzle's hash of each SQL file). */
  migrations: z.array(z.object({ tag: z.string().nullable(), hash: sha256, when: z.number() })),
  /** In restore order: a table comes after the tables its foreign keys point at. */
  tables: z.array(
    z.object({
      name: identifier,
      file: z.string(),
      columns: z.array(identifier).min(1),
      rows: z.number().int().min(0),
      bytes: z.number().int().min(0),
      sha256,
    }),
  ),
  skippedTables: z.array(z.string()),
  uploads: z.array(z.object({ name: uploadName, bytes: z.number().int().min(0), sha256 })),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** A short account of a backup, for the CLI and the server's answer to a backup request. */
export interface BackupSummary {
  path: string;
  createdAt: string;
  rows: Record<string, number>;
  uploads: number;
  uploadBytes: number;
}

export function summarize(dir: string, manifest: Manifest): BackupSummary {
  return {
    path: dir,
    createdAt: manifest.createdAt,
    rows: Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows])),
    uploads: manifest.uploads.length,
    uploadBytes: manifest.uploads.reduce((n, u) => n + u.bytes, 0),
  };
}

export function describeSummary(s: BackupSummary): string {
  const rows = Object.entries(s.rows)
    .map(([t, n]) => `${t} ${n}`)
    .join(", ");
  return `${rows}; ${s.uploads} upload files (${formatBytes(s.uploadBytes)})`;
}

function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

export function appVersion(): string {
  try {
    return (JSON.parse(readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")) as { version?: string }).version ?? "";
  } catch {
    return "";
  }
}

/** `pneuma-backup-2026-11-21T23-40-00Z`: sorts by time, and has no characters any file system minds. */
export function backupName(date: Date): string {
  return `${NAME_PREFIX}${date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/:/g, "-")}`;
}

export async function sha256File(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest("hex"), bytes };
}

/** Flushes a file or directory to disk. Some file systems cannot fsync a directory; that is not an error. */
export async function fsyncPath(p: string): Promise<void> {
  let fh: Awaited<ReturnType<typeof open>> | undefined;
  try {
    fh = await open(p, "r");
    await fh.sync();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== "EISDIR" && code !== "EINVAL" && code !== "EPERM") throw err;
  } finally {
    await fh?.close();
  }
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
