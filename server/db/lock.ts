import { closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

/**
 * An exclusive lock on the embedded database directory. PGlite has no lock of its own, and two processes
 * writing one directory lose data, so every process that opens it (server, admin CLI, backup) takes this
 * lock first. A lock left by a crashed process (its pid is gone, or is now us) is taken over.
 */

export class DataDirLockedError extends Error {}

export interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
  command: string;
}

/** The lock file of an embedded database's data directory. */
export const dataDirLockFile = (dataDir: string) => path.join(dataDir, "db.lock");

/** What the lock file says, whether or not its process still runs; null when there is none. */
export function readLockOwner(file: string): LockOwner | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as LockOwner;
  } catch {
    return null;
  }
}

function isAlive(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true; // cannot check another machine: assume it is running
  if (owner.pid === process.pid) return false; // a previous life of this pid (container restart)
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
  // The pid exists; make sure it is still a Node process and not an unrelated one that reused the pid.
  try {
    return readFileSync(`/proc/${owner.pid}/cmdline`, "utf8").includes("node");
  } catch {
    return true;
  }
}

/** Who holds the lock, when that process is still running (a stale or missing lock answers null). */
export function liveLockOwner(lockFile: string): LockOwner | null {
  const owner = readLockOwner(lockFile);
  return owner && isAlive(owner) ? owner : null;
}

export function acquireDataDirLock(lockFile: string, command: string): () => void {
  mkdirSync(path.dirname(lockFile), { recursive: true });
  const me: LockOwner = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString(), command };
  const temp = `${lockFile}.${process.pid}.tmp`;
  const fd = openSync(temp, "w", 0o600);
  writeSync(fd, JSON.stringify(me));
  closeSync(fd);
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(temp, lockFile); // atomic: fails when a lock already exists
        return () => {
          const owner = readLockOwner(lockFile);
          if (owner?.pid === process.pid && owner.startedAt === me.startedAt) unlinkSync(lockFile);
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      }
      const owner = readLockOwner(lockFile);
      if (owner && isAlive(owner)) {
        throw new DataDirLockedError(
          `The data directory ${path.dirname(lockFile)} is in use by another Pneuma process ` +
            `(pid ${owner.pid}, ${owner.command}, since ${owner.startedAt}). Stop that process first, ` +
            "or point DATA_DIR somewhere else.",
        );
      }
      // Stale: move it aside atomically, then make sure what we moved is the stale lock we judged.
      const aside = `${lockFile}.stale.${process.pid}`;
      try {
        renameSync(lockFile, aside);
      } catch {
        continue; // someone else moved it first; try again
      }
      const moved = readLockOwner(aside);
      if (moved && owner && (moved.pid !== owner.pid || moved.startedAt !== owner.startedAt)) {
        renameSync(aside, lockFile); // we raced with a process that just took the lock: give it back
        throw new DataDirLockedError(`The data directory ${path.dirname(lockFile)} was just locked by pid ${moved.pid}.`);
      }
      unlinkSync(aside);
    }
    throw new DataDirLockedError(`Could not lock the data directory ${path.dirname(lockFile)}; try again.`);
  } finally {
    unlinkSync(temp);
  }
}
