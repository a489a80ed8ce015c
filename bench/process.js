// Helpers for bench/load.js and bench/crash.js: the production server as a child process that can be
// killed and restarted on the same data directory, a scratch PostgreSQL database, an admin login, and
// cleanup that runs even when a script fails or is interrupted.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import pg from "pg";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** As deploy/pneuma.service runs the server: bounded V8 heap, two malloc arenas (README, Memory). */
const SERVER_NODE_FLAGS = ["--max-old-space-size=192", "--max-semi-space-size=4"];
/** Node flag that makes a server stop when the bench process is killed before its cleanup runs. */
export const EXIT_WITH_PARENT = `--import=${pathToFileURL(path.join(root, "bench", "exit-with-parent.js")).href}`;
const SERVER_ENV = { MALLOC_ARENA_MAX: "2" };

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const CLOCK_TICKS = 100;

/** CPU seconds (user + system) a process has used so far, from /proc; NaN when unknown. */
/** A process's peak resident memory so far (Linux: VmHWM), in MB; NaN when it cannot be read. */
export function peakMemoryMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** A TCP port free on 127.0.0.1 right now (for a server the bench starts). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

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

/** Builds when the build is missing or older than the sources (as `npm start` does). */
export function buildIfStale() {
  const build = spawnSync(process.execPath, [path.join(root, "scripts", "build-if-stale.js")], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) throw new Error("the build failed");
}

// ---- cleanup ----------------------------------------------------------------------------------------

const cleanups = [];
const live = new Set();

/** Registers an async cleanup step; steps run newest first from runCleanups() (or on SIGINT/SIGTERM). */
export function onCleanup(fn) {
  cleanups.push(fn);
}

let cleaning = null;

/** Runs the registered cleanups once (later callers wait for the same run). */
function runCleanups() {
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      const fn = cleanups.pop();
      try {
        await fn();
      } catch (err) {
        console.error(`cleanup step failed: ${err instanceof Error ? err.message : err}`);
      }
    }
  })();
  return cleaning;
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    // Servers first (also one still starting, not yet registered), so nothing uses what is removed next.
    for (const child of live) child.kill("SIGKILL");
    void runCleanups().finally(() => process.exit(130));
  });
}
// Last resort (an exit path that skipped runCleanups): never leave a server running.
process.on("exit", () => {
  for (const child of live) child.kill("SIGKILL");
});

/** Runs `main`, then the cleanups whatever happened; exits with main's code (1 on an exception). */
export async function runMain(main) {
  let code = 1;
  try {
    code = await main();
  } catch (err) {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    code = 1;
  }
  await runCleanups();
  process.exit(code);
}

/** Removes `dir` at cleanup. */
export function removeAtCleanup(dir) {
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
}

// ---- the server process -----------------------------------------------------------------------------

/**
 * Starts `node server.js` with `env` (on top of this process's environment; a key set to undefined is
 * removed) and resolves once it prints its "running at" line. The caller owns the process: stop() or kill().
 * `script` (relative to the project) and `nodeArgs` start another server the same way (bench/ceiling.js).
 */
export async function startServer(env, { timeoutMs = 120_000, script = "server.js", nodeArgs = [] } = {}) {
  const fullEnv = { ...process.env, ...SERVER_ENV, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env };
  for (const [k, v] of Object.entries(fullEnv)) if (v === undefined) delete fullEnv[k];
  const startedAt = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, EXIT_WITH_PARENT, ...nodeArgs, script], {
    cwd: root,
    env: fullEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  live.add(child);
  // Keep only the recent output: under load the server logs one line per request.
  let tail = "";
  const keep = (d) => {
    tail = (tail + d).slice(-20_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((resolve) =>
    child.on("exit", (code, signal) => {
      live.delete(child);
      resolve(code ?? signal ?? -1);
    }),
  );

  const baseUrl = await new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the server did not start in ${timeoutMs / 1000} s:\n${tail}`));
    }, timeoutMs);
    const watch = (d) => {
      seen = (seen + d).slice(-4000);
      const m = /running at http:\/\/[^:]+:(\d+)/.exec(seen);
      if (m) {
        clearTimeout(timer);
        child.stdout.off("data", watch);
        resolve(`http://127.0.0.1:${m[1]}`);
      }
    };
    child.stdout.on("data", watch);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before starting:\n${tail}`));
    });
  });
  const listeningMs = performance.now() - startedAt;

  return {
    baseUrl,
    pid: child.pid,
    exited,
    /** Milliseconds from spawn to the "running at" line. */
    listeningMs,
    startedAt,
    output: () => tail,
    /** Peak resident memory so far (Linux: VmHWM), in MB. */
    peakMemoryMb: () => peakMemoryMb(child.pid),
    /** CPU seconds the server has used so far. */
    cpuSeconds: () => processCpuSeconds(child.pid),
    /** SIGKILL, resolved once the process is gone. */
    async kill() {
      child.kill("SIGKILL");
      return exited;
    },
    /** SIGTERM (graceful), then SIGKILL after `graceMs`. Resolves with the exit code or signal. */
    async stop(graceMs = 20_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Polls GET /api/health until it answers 200 {status:"ok"}; resolves with the time it took. */
export async function waitHealthy(baseUrl, timeoutMs = 30_000) {
  const t0 = performance.now();
  let last = "";
  while (performance.now() - t0 < timeoutMs) {
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5000) });
      const body = await res.json().catch(() => null);
      if (res.status === 200 && body?.status === "ok") return performance.now() - t0;
      last = `${res.status} ${JSON.stringify(body)}`;
    } catch (err) {
      last = String(err?.cause?.code ?? err);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`/api/health did not answer ok in ${timeoutMs / 1000} s (last: ${last})`);
}

// ---- PostgreSQL scratch database --------------------------------------------------------------------

/** Creates a fresh database next to `adminUrl`'s (the role needs CREATEDB); it is dropped at cleanup. */
export async function createScratchDatabase(adminUrl, prefix = "pneuma_bench") {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      // Not WITH (FORCE), which fails for a non-superuser while autovacuum works on the database: end this
      // role's sessions, then a plain DROP, which stops autovacuum itself (tests/support/database.ts too).
      await c.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND usename = current_user AND pid <> pg_backend_pid()",
        [name],
      );
      await c.query(`DROP DATABASE IF EXISTS ${name}`);
    } finally {
      await c.end();
    }
  };
  onCleanup(drop);
  return { name, url: url.toString() };
}

/** Hides the password in a database URL for printing. */
export function redactUrl(url) {
  const u = new URL(url);
  if (u.password) u.password = "***";
  return u.toString();
}

// ---- API helpers -------------------------------------------------------------------------------------

export async function login(baseUrl, username, password) {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  const body = await res.json().catch(() => null);
  if (res.status !== 200 || typeof body?.token !== "string") {
    throw new Error(`admin login failed: ${res.status} ${JSON.stringify(body)}`);
  }
  return body.token;
}

/** One API call as the signed-in admin; a non-2xx answer throws (the bench fails). */
export async function api(baseUrl, token, method, url, json) {
  const res = await fetch(baseUrl + url, {
    method,
    headers: { "x-auth-token": token, ...(json ? { "content-type": "application/json" } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  const text = await res.text();
  if (res.status < 200 || res.status > 299) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : null;
}

/**
 * The company's GSTIN (Tamil Nadu) and a customer in Maharashtra (IGST) with one buyer, through the API: what
 * the sales benches quote to. Returns the signed-in admin and the customer.
 */
export async function interStateCustomer(baseUrl, token, buyer) {
  await api(baseUrl, token, "PUT", "/api/settings", { gstin: "33AAKCP1998Q1ZI" });
  const me = await api(baseUrl, token, "GET", "/api/auth/me");
  const customer = await api(baseUrl, token, "POST", "/api/customers", {
    name: "Pune Forgings",
    gstin: "27AAPFU0939F1ZV",
    billingAddress: { line1: "Plot 12, MIDC Bhosari", city: "Pune", state: "Maharashtra", pincode: "411026", country: "India" },
    people: [buyer],
  });
  return { me, customer };
}

/** Every enquiry through the admin API: pages of 500, as many as X-Total-Count says. */
export async function listAllContacts(baseUrl, token) {
  const all = [];
  for (let page = 1; ; page++) {
    const query = `?limit=500&page=${page}`;
    const res = await fetch(`${baseUrl}/api/contacts${query}`, { headers: { "x-auth-token": token } });
    if (res.status !== 200) throw new Error(`GET /api/contacts${query}: ${res.status} ${await res.text()}`);
    const items = await res.json();
    all.push(...items);
    if (items.length === 0 || all.length >= Number(res.headers.get("x-total-count"))) return all;
  }
}

/** Resident memory now (Linux: VmRSS), in MB. */
export function residentMemoryMb(pid) {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  } catch {
    return Number.NaN;
  }
}

export function percentile(sortedValues, p) {
  if (sortedValues.length === 0) return Number.NaN;
  const i = Math.min(sortedValues.length - 1, Math.max(0, Math.ceil((p / 100) * sortedValues.length) - 1));
  return sortedValues[i];
}
