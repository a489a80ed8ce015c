// The production server the benchmarks measure: built if stale, started on a fresh data directory (so the
// demo content is loaded), on a free port, with rate limits off. Shared by bench/*.js.
// `startBenchServer(extraEnv, { dataDir })` reuses a data directory a previous server left (stop({ keepData })),
// e.g. to restart with other settings or after bench/catalogue.js added products. An env value of
// `undefined` removes that variable from the server's environment.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const CLOCK_TICKS = 100;

/** As deploy/pneuma.service runs the server: bounded V8 heap, two malloc arenas (README, Memory). */
export const SERVER_NODE_FLAGS = ["--max-old-space-size=192", "--max-semi-space-size=8"];
export const SERVER_ENV = { MALLOC_ARENA_MAX: "2" };

/** CPU seconds (user + system) a process has used so far, from /proc; NaN when unknown. */
export function processCpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces; fields after its closing parenthesis are fixed.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS; // utime, stime
  } catch {
    return Number.NaN;
  }
}

export async function startBenchServer(extraEnv = {}, options = {}) {
  // NODE_ENV=production: a build made under NODE_ENV=test or development bundles React's development files.
  const build = spawnSync(process.execPath, [path.join(root, "scripts", "build-if-stale.js")], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (build.status !== 0) process.exit(1);
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "pneuma-bench-"));
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server.js"], {
    cwd: root,
    // LOG_LEVEL info: the "running at" line is how we learn the port.
    env: {
      ...process.env,
      ...SERVER_ENV,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      RATE_LIMITS: "off",
      LOG_LEVEL: "info",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const baseUrl = await new Promise((resolve, reject) => {
    let out = "";
    server.stdout.on("data", (d) => {
      out += d;
      const m = /running at http:\/\/[^:]+:(\d+)/.exec(out);
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    });
    server.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  }).catch((err) => {
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  // From here on the server logs one line per request; drop them.
  server.stdout.removeAllListeners("data");
  server.stdout.resume();

  return {
    baseUrl,
    dataDir,
    pid: server.pid,
    /** Peak resident memory of the server so far (Linux: VmHWM), in MB. */
    peakMemoryMb() {
      try {
        const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
        return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
      } catch {
        return Number.NaN;
      }
    },
    /** CPU seconds the server has used so far. */
    cpuSeconds: () => processCpuSeconds(server.pid),
    /** Stops the server (SIGTERM, waits for it); the data directory is removed unless `keepData`. */
    async stop({ keepData = false } = {}) {
      server.removeAllListeners("exit");
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((r) => server.on("exit", r));
        server.kill("SIGTERM");
        await exited;
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
