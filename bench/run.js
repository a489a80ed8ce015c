// `npm run bench`: starts its own production server on a fresh database with demo content and prints
// requests/s and latency (p50/p99) per endpoint, then the server's peak memory. Figures only; nothing
// here passes or fails. Options: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const build = spawnSync(process.execPath, [path.join(root, "scripts", "build-if-stale.js")], { cwd: root, stdio: "inherit" });
if (build.status !== 0) process.exit(1);

const dataDir = mkdtempSync(path.join(tmpdir(), "pneuma-bench-"));
const server = spawn(process.execPath, ["server.js"], {
  cwd: root,
  env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, RATE_LIMITS: "off", LOG_LEVEL: "info" },
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

/** Peak resident memory of the server process so far (Linux: VmHWM). */
function peakMemoryMb() {
  try {
    const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return Number.NaN;
  }
}

const product = (await (await fetch(`${baseUrl}/api/product?limit=1`)).json()).data[0];
const targets = [
  ["home page", "/"],
  ["GET /api/product", "/api/product"],
  ["GET /api/category", "/api/category"],
  ["GET /api/product/{id}", `/api/product/${product._id}`],
];

const rows = [];
for (const [name, p] of targets) {
  const result = await autocannon({ url: baseUrl + p, connections, duration: seconds });
  rows.push({
    endpoint: name,
    "req/s": Math.round(result.requests.average),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    errors: result.errors + result.non2xx,
  });
}

console.log(`\n${connections} connections, ${seconds} s each, against ${baseUrl}`);
console.table(rows);
console.log(`server peak memory (RSS high-water mark): ${peakMemoryMb().toFixed(0)} MB`);

server.kill("SIGTERM");
await new Promise((r) => server.on("exit", r));
rmSync(dataDir, { recursive: true, force: true });
