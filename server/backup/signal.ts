import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import type { Database } from "../db/client";
import { dataDirLockFile, type LockOwner, readLockOwner } from "../db/lock";
import { errorFields, log } from "../log";
import { createBackup } from "./dump";
import { BackupError, type BackupSummary, summarize } from "./format";

/**
 * Backups of the embedded database while the server runs. PGlite lives inside the server process, and
 * the data-directory lock keeps every other process out, so `npm run backup` asks the server to write the
 * backup with its own database handle:
 *
 *   1. The server, once its database is open, writes DATA_DIR/backup-requests/listener.json (its pid and
 *      the start time of the lock it holds) and handles SIGUSR2.
 *   2. The CLI finds the lock's owner, checks listener.json names that same lock (a signal to a process
 *      without a handler would end it: SIGUSR2's default action), writes `<id>.request.json` and sends
 *      SIGUSR2.
 *   3. The server claims the request (renames it `<id>.running.json`), writes the backup, and answers in
 *      `<id>.result.json`; the CLI waits for that file, prints it and removes it.
 *
 * Nothing listens on a port, and only a process allowed to write the data directory and signal the
 * server (its user, or root) can ask.
 */

const REQUESTS_DIR = "backup-requests";
const LISTENER_FILE = "listener.json";

interface ListenerInfo {
  pid: number;
  lockStartedAt: string;
}

interface BackupRequest {
  id: string;
  outputDir: string;
  requestedAt: string;
  requesterPid: number;
}

type BackupAnswer = { ok: true; summary: BackupSummary; attempts: number } | { ok: false; error: string };

function writeJsonAtomic(file: string, value: unknown): void {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(value), { mode: 0o644 });
  renameSync(temp, file);
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

// ---------------------------------------------------------------------------------------------------
// The server's side

export interface BackupListenerContext {
  config: { dataDir: string; uploadDir: string };
  db: Database;
  dbKind: "pglite" | "postgres";
}

/**
 * Takes backup requests while the server runs on the embedded database (with PostgreSQL the CLI connects
 * itself). Returns a function that stops listening.
 */
export function listenForBackupRequests(ctx: BackupListenerContext): () => void {
  if (ctx.dbKind !== "pglite") return () => {};
  const lock = readLockOwner(dataDirLockFile(ctx.config.dataDir));
  if (!lock || lock.pid !== process.pid) {
    log.warn("backup requests are off: this process does not hold the data directory's lock");
    return () => {};
  }
  const dir = path.join(ctx.config.dataDir, REQUESTS_DIR);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const listenerFile = path.join(dir, LISTENER_FILE);

  // Requests are claimed as soon as the signal arrives (so a CLI sees its request taken even while an
  // earlier backup runs), then written one at a time.
  const queue: string[] = [];
  let busy = false;
  const claimPending = () => {
    for (const f of readdirSync(dir)) {
      const m = /^([a-f0-9]{16,64})\.request\.json$/.exec(f);
      if (!m) continue;
      try {
        renameSync(path.join(dir, f), path.join(dir, `${m[1]}.running.json`));
        queue.push(m[1]!);
      } catch {
        // withdrawn meanwhile
      }
    }
  };
  const run = async (id: string) => {
    const running = path.join(dir, `${id}.running.json`);
    let answer: BackupAnswer;
    try {
      const request = readJson<BackupRequest>(running);
      if (!request || typeof request.outputDir !== "string" || !path.isAbsolute(request.outputDir)) {
        throw new BackupError("The backup request is not readable or has no absolute output directory.");
      }
      log.info("backup requested", { outputDir: request.outputDir, requesterPid: request.requesterPid });
      const started = Date.now();
      const result = await createBackup(
        { db: ctx.db, dbKind: ctx.dbKind, uploadDir: ctx.config.uploadDir },
        { outputDir: request.outputDir },
      );
      answer = { ok: true, summary: summarize(result.path, result.manifest), attempts: result.attempts };
      log.info("backup written", { path: result.path, ms: Date.now() - started, attempts: result.attempts });
    } catch (err) {
      answer = { ok: false, error: err instanceof Error ? err.message : String(err) };
      log.error("backup failed", errorFields(err));
    }
    try {
      writeJsonAtomic(path.join(dir, `${id}.result.json`), answer);
    } catch (err) {
      log.error("could not answer a backup request", errorFields(err));
    }
    unlinkQuietly(running);
  };
  const drain = async () => {
    if (busy) return;
    busy = true;
    try {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) await run(id);
    } finally {
      busy = false;
    }
  };
  const onSignal = () => {
    try {
      claimPending();
    } catch (err) {
      log.error("could not read backup requests", errorFields(err));
    }
    void drain();
  };
  const removeListenerFile = () => {
    if (readJson<ListenerInfo>(listenerFile)?.pid === process.pid) unlinkQuietly(listenerFile);
  };
  process.on("SIGUSR2", onSignal);
  process.once("exit", removeListenerFile);
  writeJsonAtomic(listenerFile, { pid: process.pid, lockStartedAt: lock.startedAt } satisfies ListenerInfo);
  return () => {
    removeListenerFile();
    process.off("exit", removeListenerFile);
    process.off("SIGUSR2", onSignal);
  };
}

// ---------------------------------------------------------------------------------------------------
// The CLI's side

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export interface RequestOptions {
  /** How long the server may take to pick the request up. */
  pickUpMs?: number;
  /** How long the whole backup may take. */
  timeoutMs?: number;
}

/** Asks the server holding the data directory's lock to write a backup to `outputDir`; resolves with its answer. */
export async function requestBackupFromServer(
  dataDir: string,
  owner: LockOwner,
  outputDir: string,
  options: RequestOptions = {},
): Promise<{ summary: BackupSummary; attempts: number }> {
  const pickUpMs = options.pickUpMs ?? 10_000;
  const timeoutMs = options.timeoutMs ?? 60 * 60_000;
  if (owner.host !== hostname()) {
    // The pid means nothing here (a shared volume, another container): never signal it.
    throw new BackupError(
      `The server using ${dataDir} runs on host ${owner.host} (pid ${owner.pid}); run the backup on that host.`,
    );
  }
  const dir = path.join(dataDir, REQUESTS_DIR);
  const listener = readJson<ListenerInfo>(path.join(dir, LISTENER_FILE));
  if (!listener || listener.pid !== owner.pid || listener.lockStartedAt !== owner.startedAt) {
    throw new BackupError(
      `The server using ${dataDir} (pid ${owner.pid}) does not take backup requests: it is still starting, or ` +
        "it is an older version. Try again in a minute; or restart it with this version; or stop it and run the backup again.",
    );
  }
  const id = randomBytes(12).toString("hex");
  const requestFile = path.join(dir, `${id}.request.json`);
  const runningFile = path.join(dir, `${id}.running.json`);
  const resultFile = path.join(dir, `${id}.result.json`);
  const request: BackupRequest = { id, outputDir, requestedAt: new Date().toISOString(), requesterPid: process.pid };
  writeJsonAtomic(requestFile, request);
  try {
    process.kill(owner.pid, "SIGUSR2");
  } catch (err) {
    unlinkQuietly(requestFile);
    if ((err as NodeJS.ErrnoException).code === "EPERM") {
      throw new BackupError(
        `Not allowed to signal the server (pid ${owner.pid}): run the backup as the user the server runs as ` +
          "(for example sudo -u pneuma npm run backup).",
      );
    }
    throw new BackupError(`The server (pid ${owner.pid}) stopped; run the backup again.`);
  }
  const started = Date.now();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (existsSync(resultFile)) {
      const answer = readJson<BackupAnswer>(resultFile);
      if (!answer) continue; // renamed into place, so complete: but retry a read that raced with it
      unlinkQuietly(resultFile);
      if (!answer.ok) throw new BackupError(`The server could not write the backup: ${answer.error}`);
      return { summary: answer.summary, attempts: answer.attempts };
    }
    const waited = Date.now() - started;
    if (!isRunning(owner.pid)) {
      unlinkQuietly(requestFile);
      unlinkQuietly(runningFile);
      throw new BackupError(`The server (pid ${owner.pid}) stopped before the backup was written; run the backup again.`);
    }
    if (waited > pickUpMs && existsSync(requestFile)) {
      unlinkQuietly(requestFile);
      throw new BackupError(`The server (pid ${owner.pid}) did not take the backup request within ${pickUpMs / 1000} s.`);
    }
    if (waited > timeoutMs) {
      throw new BackupError(
        `The server has not finished the backup after ${Math.round(timeoutMs / 60_000)} minutes; see its log.`,
      );
    }
  }
}
