import { chmodSync, mkdirSync, statSync } from "node:fs";
import { log } from "./log";

/**
 * Makes `dir` (and any missing parents) and leaves it with no access for group or others (0700), tightening
 * one that already exists with a wider mode, and saying so. The data directory, the embedded database and
 * the backups hold password hashes, TOTP secrets and enquiries: no other account on the machine may read
 * them (PGlite creates its files 0666 and the usual umask leaves new folders 0755).
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const mode = statSync(dir).mode & 0o777;
  if ((mode & 0o077) === 0) return;
  chmodSync(dir, mode & 0o700);
  log.warn("tightened a private folder: group and others had access", {
    dir,
    was: `0${mode.toString(8)}`,
    now: `0${(mode & 0o700).toString(8)}`,
  });
}
