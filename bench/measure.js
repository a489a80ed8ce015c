// One load run against one URL: requests/s, latency p50/p99 and failed requests, with autocannon (in this
// process) or, for `client: "wrk"`, the wrk binary (C, far cheaper per request than a Node client; used by
// bench/nginx.js when it is installed). Used by bench/run.js, bench/nginx.js.
import { spawn, spawnSync } from "node:child_process";
import autocannon from "autocannon";

/** Whether the wrk load generator is on PATH. */
export function wrkInstalled() {
  return spawnSync("wrk", ["--version"], { stdio: "ignore" }).error === undefined;
}

/**
 * `nextPath`: a new path (and query) for every request, on `url`'s host: what a bot sending made-up queries
 * does (autocannon only: with wrk it would need a Lua script, so such a run uses autocannon).
 * @param {string} url
 * @param {{ seconds: number, connections: number, headers?: Record<string, string>, servername?: string,
 *   client?: "autocannon" | "wrk", nextPath?: () => string }} options
 * @returns {Promise<{ rps: number, p50: number, p99: number, errors: number, completed: number, bytesPerRequest: number,
 *   clientCpuSeconds: number }>} latencies in ms; bytes as received (headers included); clientCpuSeconds is NaN for wrk.
 */
export async function measure(url, options) {
  return options.client === "wrk" && !options.nextPath ? measureWithWrk(url, options) : measureWithAutocannon(url, options);
}

async function measureWithAutocannon(url, { seconds, connections, headers = {}, servername, nextPath }) {
  const before = process.cpuUsage();
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers,
    ...(servername ? { servername } : {}),
    ...(nextPath ? { requests: [{ setupRequest: (req) => ({ ...req, path: nextPath() }) }] } : {}),
  });
  const used = process.cpuUsage(before);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    completed: result.requests.total,
    bytesPerRequest: result.throughput.average / result.requests.average,
    clientCpuSeconds: (used.user + used.system) / 1e6,
  };
}

async function measureWithWrk(url, { seconds, connections, headers = {} }) {
  const args = ["-t", "1", "-c", String(connections), "-d", `${seconds}s`, "--latency"];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}: ${v}`);
  args.push(url);
  const out = await new Promise((resolve, reject) => {
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "inherit"] });
    let text = "";
    child.stdout.on("data", (d) => {
      text += d;
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}`))));
  });
  return { ...parseWrkOutput(out), clientCpuSeconds: Number.NaN };
}

/** wrk's text report → figures (latencies in ms). */
function parseWrkOutput(text) {
  const ms = (value, unit) => Number(value) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit] ?? Number.NaN);
  const percentile = (p) => {
    const m = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, "m").exec(text);
    return m ? ms(m[1], m[2]) : Number.NaN;
  };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(text)?.[1] ?? 0);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? Number.NaN);
  const transfer = /Transfer\/sec:\s+([\d.]+)(B|KB|MB|GB)/.exec(text);
  const bytesPerSecond = transfer ? Number(transfer[1]) * 1024 ** ["B", "KB", "MB", "GB"].indexOf(transfer[2]) : Number.NaN;
  return {
    rps,
    completed: Number(/(\d+) requests in /.exec(text)?.[1] ?? Number.NaN),
    p50: percentile(50),
    p99: percentile(99),
    errors: non2xx + (socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
    bytesPerRequest: bytesPerSecond / rps,
  };
}

/**
 * Latency of the URL alone (one request at a time): the median of up to `count` sequential requests within
 * about `seconds`. Under load p50 is mostly queueing (connections ÷ req/s); this is the page's own time.
 */
export async function latencyAlone(url, { headers = {}, count = 25, seconds = 3 } = {}) {
  const times = [];
  const deadline = performance.now() + seconds * 1000;
  while (times.length < count && (times.length < 3 || performance.now() < deadline)) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}
