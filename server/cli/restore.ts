// Restores a backup made by `npm run backup` (docs/decisions/007-backups.md):
//   npm run restore -- <backup directory>           into DATA_DIR (embedded) or DATABASE_URL; must be empty
//   npm run restore -- --check <backup directory>   only check the backup's files against its manifest
// The target is configured like the server (DATA_DIR, DATABASE_URL, UPLOAD_DIR).
import path from "node:path";
import { BackupError, describeSummary, summarize } from "../backup/format";
import { restoreBackup, verifyBackup } from "../backup/restore";
import { setLogLevel } from "../log";
import { fail, loadConfigOrFail } from "./exit";

const USAGE = "Usage: npm run restore -- <backup directory>\n       npm run restore -- --check <backup directory>";

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const check = args[0] === "--check";
  const rest = check ? args.slice(1) : args;
  if (rest.length !== 1 || rest[0]!.startsWith("-")) fail(USAGE);
  const dir = path.resolve(rest[0]!);
  try {
    if (check) {
      const manifest = await verifyBackup(dir);
      process.stdout.write(
        `The backup is complete and intact (made ${manifest.createdAt} by Pneuma ${manifest.appVersion}):\n` +
          `  ${describeSummary(summarize(dir, manifest))}\n`,
      );
      return;
    }
    const config = loadConfigOrFail();
    setLogLevel("warn");
    const started = Date.now();
    const result = await restoreBackup(
      dir,
      { dataDir: config.dataDir, databaseUrl: config.databaseUrl, uploadDir: config.uploadDir },
      { log: (line) => process.stdout.write(`${line}\n`) },
    );
    process.stdout.write(
      [
        `Restored ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s:`,
        `  ${describeSummary(summarize(dir, result.manifest))}`,
        `  upload files copied: ${result.uploadsCopied}${result.uploadsKept ? `, already there: ${result.uploadsKept}` : ""}`,
        "Start the server with the same settings. Staff sign in again (sessions are not part of a backup).",
        "",
      ].join("\n"),
    );
  } catch (err) {
    if (err instanceof BackupError) fail(`Restore failed: ${err.message}`);
    throw err;
  }
}

await main();
