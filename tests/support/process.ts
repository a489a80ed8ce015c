import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "../../server/paths";
import { copyMigratedPglite, copySeededPglite, copySeededUploads, createScratchDatabase, testDatabaseKind } from "./database";

export interface ServerProcess {
  proc: ChildProcess;
  url: string;
  output(): string;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
}

/** Runs the production server (`node server.js`, as `npm start` does after building, from BUILD_DIR) with `env`. */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const proc = spawn(process.execPath, ["server.js"], {
    cwd: PROJECT_ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      PORT: "0",
      HOST: "127.0.0.1",
      // The build the global set-up made (BUILD_DIR lets parallel runs keep their own).
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  proc.stdout.on("data", (d) => {
    out += d;
  });
  proc.stderr.on("data", (d) => {
    out += d;
  });
  const exited = new Promise<number | string>((resolve) => proc.on("exit", (code, signal) => resolve(code ?? signal ?? -1)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill("SIGKILL");
      reject(new Error(`server did not start in 90 s:\n${out}`));
    }, 90_000);
    const check = () => {
      const m = /running at http:\/\/[^:]+:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, url: `http://127.0.0.1:${m[1]}`, output: () => out, exited });
      }
    };
    proc.stdout.on("data", check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`server exited (${code}) before starting:\n${out}`), { output: out, code }));
    });
  });
}

/** Runs a command to completion, feeding `input` on stdin. */
export function run(args: string[], env: Record<string, string>, input = ""): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const proc = spawn(args[0]!, args.slice(1), {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let output = "";
    proc.stdout.on("data", (d) => {
      output += d;
    });
    proc.stderr.on("data", (d) => {
      output += d;
    });
    proc.stdin.end(input);
    proc.on("exit", (code) => resolve({ code, output }));
  });
}

/** The production server on a fresh data directory (or a scratch PostgreSQL database), its owner signed in. */
export interface SignedInServer {
  server: ServerProcess;
  /** The owner's token (the account is ADMIN from tests/support/server.ts). */
  token: string;
  /** Stops the server and removes its data. */
  stop(): Promise<void>;
}

/**
 * Starts the production server on a new data directory (or a scratch PostgreSQL database), its owner signed in. The
 * database is a copy of the run's migrated one (with the demo content already in, unless SEED_DEMO
 * is "false"), so the server does not run initdb, the migrations or the seeding itself: process.test.ts is
 * where a first start is tested.
 */
export async function startSignedInServerProcess(
  owner: { username: string; password: string },
  env: Record<string, string> = {},
): Promise<SignedInServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "pneuma-process-"));
  const seeded = env.SEED_DEMO !== "false";
  const scratch =
    testDatabaseKind() === "postgres" ? await createScratchDatabase(seeded ? { seeded } : { migrated: true }) : null;
  if (scratch && seeded) await copySeededUploads(dataDir);
  if (!scratch) await (seeded ? copySeededPglite(dataDir) : copyMigratedPglite(dataDir));
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    ADMIN_USERNAME: owner.username,
    ADMIN_PASSWORD: owner.password,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...env,
  });
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(owner),
  });
  const { token } = (await login.json()) as { token: string };
  return {
    server,
    token,
    async stop() {
      server.proc.kill("SIGTERM");
      await server.exited;
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
