// A consistent backup of the database and the uploaded files (docs/decisions/007-backups.md):
//   npm run backup                          into DATA_DIR/backups
//   npm run backup -- --out /mnt/backups    somewhere else
//   npm run backup -- --keep 14             then delete all but the newest 14 backups there
// Backups older than BACKUP_KEEP_DAYS (default 35) are deleted after each backup, so what was erased from the
// database (docs/decisions/030-privacy.md) leaves the backups within that time.
// Works while the server runs: with PostgreSQL it connects itself; with the embedded database it asks the
// running server to write the backup (SIGUSR2, see server/backup/signal.ts), or opens the database itself
// when no server runs.
import { existsSync } from "node:fs";
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { createBackup } from "../backup/dump";
import {
  BACKUPS_DIR,
  BackupError,
  type BackupSummary,
  describeSummary,
  MANIFEST,
  NAME_PREFIX,
  summarize,
} from "../backup/format";
import { requestBackupFromServer } from "../backup/signal";
import type { Config } from "../config";
import { openDatabase } from "../db/client";
import { DataDirLockedError, dataDirLockFile, liveLockOwner } from "../db/lock";
import { setLogLevel } from "../log";
import { fail, loadConfigOrFail } from "./exit";

const USAGE = "Usage: npm run backup [-- --out <directory>] [--keep <number>]";

function parseArgs(argv: string[]): { out: string | null; keep: number | null } {
  let out: string | null = null;
  let keep: number | null = null;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i] ?? fail(`${flag} needs a value.\n${USAGE}`);
    if (flag === "--out") out = value();
    else if (flag === "--keep") {
      const v = value();
      if (!/^\d+$/.test(v) || Number(v) < 1) fail(`--keep must be a whole number of at least 1, got "${v}".`);
      keep = Number(v);
    } else if (flag === "--help" || flag === "-h") {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else fail(`Unknown option "${argv[i]}".\n${USAGE}`);
  }
  return { out, keep };
}

async function backupHere(config: Config, outputDir: string, lockHolder: string): Promise<BackupSummary> {
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, lockHolder, migrate: false });
  try {
    const result = await createBackup({ db: database.db, dbKind: database.kind, uploadDir: config.uploadDir }, { outputDir });
    return summarize(result.path, result.manifest);
  } finally {
    await database.close();
  }
}

async function backup(config: Config, outputDir: string): Promise<{ summary: BackupSummary; by: string }> {
  if (config.databaseUrl) return { summary: await backupHere(config, outputDir, "backup CLI"), by: "this process" };
  const lockFile = dataDirLockFile(config.dataDir);
  for (let attempt = 0; ; attempt++) {
    const owner = liveLockOwner(lockFile);
    if (owner) {
      if (owner.command !== "server") {
        throw new BackupError(
          `The data directory ${config.dataDir} is in use by pid ${owner.pid} (${owner.command}). Run the backup when it has finished.`,
        );
      }
      const { summary } = await requestBackupFromServer(config.dataDir, owner, outputDir);
      return { summary, by: `the running server (pid ${owner.pid})` };
    }
    if (!existsSync(path.join(config.dataDir, "db", "PG_VERSION"))) {
      throw new BackupError(`There is no database in ${config.dataDir} (no ${path.join("db", "PG_VERSION")}). Check DATA_DIR.`);
    }
    try {
      return { summary: await backupHere(config, outputDir, "backup CLI"), by: "this process (no server was running)" };
    } catch (err) {
      // A server started between our look at the lock and our open: ask it instead.
      if (!(err instanceof DataDirLockedError) || attempt > 0) throw err;
    }
  }
}

/** When a backup was written, from its name (`backupName`); null for a name that is not one. */
function writtenAt(name: string): number | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z$/.exec(name.slice(NAME_PREFIX.length));
  if (!m) return null;
  const time = Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`);
  return Number.isNaN(time) ? null : time;
}

/**
 * Deletes complete backups written more than `keepDays` days ago and all but the newest `keep`, never the one
 * just written, and interrupted ones older than a day.
 */
async function prune(dir: string, rules: { keep: number | null; keepDays: number; written: string }): Promise<string[]> {
  const names = await readdir(dir);
  const removed: string[] = [];
  for (const name of names) {
    if (!/^\.pneuma-backup-.*\.partial$/.test(name)) continue;
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (info && Date.now() - info.mtimeMs > 24 * 60 * 60_000) {
      await rm(path.join(dir, name), { recursive: true, force: true });
      removed.push(name);
    }
  }
  const complete = names
    .filter((n) => n.startsWith(NAME_PREFIX) && n !== rules.written && existsSync(path.join(dir, n, MANIFEST)))
    .sort()
    .reverse();
  const oldest = Date.now() - rules.keepDays * 24 * 60 * 60_000;
  // The one just written counts as the newest for --keep.
  const beyondKeep = new Set(rules.keep === null ? [] : complete.slice(Math.max(0, rules.keep - 1)));
  for (const name of complete) {
    if (!beyondKeep.has(name) && (writtenAt(name) ?? Number.POSITIVE_INFINITY) >= oldest) continue;
    await rm(path.join(dir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfigOrFail();
  setLogLevel("warn");
  const outputDir = path.resolve(args.out ?? path.join(config.dataDir, BACKUPS_DIR));
  const started = Date.now();
  try {
    const { summary, by } = await backup(config, outputDir);
    const removed = await prune(outputDir, {
      keep: args.keep,
      keepDays: config.backupKeepDays,
      written: path.basename(summary.path),
    });
    process.stdout.write(
      [
        `Backup written: ${summary.path}`,
        `  by ${by} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        `  ${describeSummary(summary)}`,
        ...(removed.length > 0 ? [`  removed older backups: ${removed.join(", ")}`] : []),
        "",
      ].join("\n"),
    );
  } catch (err) {
    if (err instanceof BackupError || err instanceof DataDirLockedError) fail(`Backup failed: ${err.message}`);
    throw err;
  }
}

await main();
