// The production server the benchmarks measure: built if stale, started on a fresh data directory (so the
// demo content is loaded), on a free port, with rate limits off. Shared by bench/*.js.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

export async function startBenchServer(extraEnv = {}) {
  const build = spawnSync(process.execPath, [path.join(root, "scripts", "build-if-stale.js")], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(1);
  const dataDir = mkdtempSync(path.join(tmpdir(), "pneuma-bench-"));
  const server = spawn(process.execPath, ["server.js"], {
    cwd: root,
    // LOG_LEVEL info: the "running at" line is how we learn the port.
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, RATE_LIMITS: "off", LOG_LEVEL: "info", ...extraEnv },
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
  });
  // From here on the server logs one line per request; drop them.
  server.stdout.removeAllListeners("data");
  server.stdout.resume();

  return {
    baseUrl,
    /** Peak resident memory of the server so far (Linux: VmHWM), in MB. */
    peakMemoryMb() {
      try {
        const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
        return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
      } catch {
        return Number.NaN;
      }
    },
    async stop() {
      server.removeAllListeners("exit");
      const exited = new Promise((r) => server.on("exit", r));
      server.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
