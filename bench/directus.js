// Directus 11.3.5 as a peer to compare with (`npm run bench -- --peers`): installed on demand into a folder
// of its own (DIRECTUS_DIR, default <tmp>/pneuma-bench-directus, reused by later runs), started on SQLite
// with its cache on (CACHE_ENABLED=true, CACHE_STORE=memory) and its pressure limiter off (under 50 steady
// connections it would answer 503), and loaded with our demo products through its REST API: a `products`
// collection with one field per product field, our ids as its primary key, readable by the public.
// Used by bench/run.js. Only the npm registry is needed: sqlite3's install script tries GitHub for a
// prebuilt binary and falls back to building it (node-gyp with the local node headers); isolated-vm
// builds from source too. When anything fails the peer is skipped with the reason.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { EXIT_WITH_PARENT, freePort, peakMemoryMb, processCpuSeconds } from "./process.js";

const VERSION = "11.3.5";
/** Dependencies with native code: their install scripts must run (npm 11 blocks them unless allowed). */
const NATIVE = ["sqlite3", "isolated-vm", "argon2", "sharp"];

const dir = process.env.DIRECTUS_DIR || path.join(tmpdir(), "pneuma-bench-directus");
const logFile = path.join(dir, "install.log");

/**
 * This process's environment without what `npm run` adds: npm_config_local_prefix would make a nested
 * `npm install` install into this project, npm_config_allow_scripts would replace the folder's own list.
 */
function cleanEnv() {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^npm_(package|lifecycle)_/i.test(key) || /^npm_config_(local_prefix|allow_scripts)$/i.test(key)) delete env[key];
  }
  return env;
}

/** Runs a command in `dir`, its output appended to install.log; resolves with the exit code. */
function run(command, args) {
  return new Promise((resolve) => {
    const out = createWriteStream(logFile, { flags: "a" });
    out.write(`\n$ ${command} ${args.join(" ")}\n`);
    const child = spawn(command, args, { cwd: dir, env: cleanEnv(), stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on("error", (err) => {
      out.end(`${err.message}\n`);
      resolve(-1);
    });
    child.on("close", (code) => {
      out.end();
      resolve(code ?? -1);
    });
  });
}

/** npm's first error line in install.log ("npm error code ECONNREFUSED"), if any. */
function npmError() {
  try {
    return readFileSync(logFile, "utf8")
      .split("\n")
      .find((l) => l.startsWith("npm error"))
      ?.trim();
  } catch {
    return undefined;
  }
}

/** Why the installed copy cannot run (null when it can): missing, another version, or a native module. */
async function notUsable() {
  const pkg = path.join(dir, "node_modules", "directus", "package.json");
  if (!existsSync(pkg)) return "not installed";
  const version = JSON.parse(readFileSync(pkg, "utf8")).version;
  if (version !== VERSION) return `version ${version} installed, not ${VERSION}`;
  const probe = NATIVE.map((m) => `require(${JSON.stringify(m)});`).join("");
  const out = [];
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, ["-e", probe], { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
    child.stderr.on("data", (d) => out.push(d));
    child.on("close", resolve);
  });
  if (code === 0) return null;
  const message =
    Buffer.concat(out)
      .toString()
      .split("\n")
      .find((l) => /Error|Cannot find/.test(l)) ?? `exit ${code}`;
  return `a native module does not load (${message.trim().slice(0, 200)})`;
}

/** Installs Directus into `dir` unless a usable copy is there. Resolves with null, or why it could not. */
async function install() {
  if ((await notUsable()) === null) return null;
  mkdirSync(dir, { recursive: true });
  const pkgPath = path.join(dir, "package.json");
  const pkg = existsSync(pkgPath) ? JSON.parse(readFileSync(pkgPath, "utf8")) : { name: "pneuma-bench-directus", private: true };
  // What `npm install-scripts approve …` writes (npm 11); older npm runs install scripts anyway.
  pkg.allowScripts = { ...pkg.allowScripts, ...Object.fromEntries(NATIVE.map((m) => [m, true])) };
  writeFileSync(pkgPath, `${JSON.stringify(pkg, null, 2)}\n`);
  console.log(`   installing Directus ${VERSION} into ${dir} (once; a few minutes; log: ${logFile})`);
  const code = await run("npm", ["install", "--no-audit", "--no-fund", "--save-exact", `directus@${VERSION}`]);
  if (code !== 0) return `npm install failed (${npmError() ?? `exit ${code}`}; no registry access?), see ${logFile}`;
  let why = await notUsable();
  if (why !== null) {
    // Scripts skipped or a build that failed once: approve (npm ≥ 11; fails harmlessly before) and rebuild.
    await run("npm", ["install-scripts", "approve", ...NATIVE]);
    await run("npm", ["rebuild", ...NATIVE]);
    why = await notUsable();
  }
  return why === null ? null : `${why} after installing; see ${logFile}`;
}

/** Directus's CLI without the wrapper in node_modules/directus/cli.js, which first asks npm for updates. */
function cliPath() {
  return path.join(dir, "node_modules", "@directus", "api", "dist", "cli", "run.js");
}

/** Field type for Directus from our values: json for objects and arrays, else by the JavaScript type. */
function fieldType(values) {
  const present = values.filter((v) => v !== null && v !== undefined);
  if (present.some((v) => typeof v === "object")) return "json";
  if (present.length > 0 && present.every((v) => typeof v === "boolean")) return "boolean";
  if (present.length > 0 && present.every((v) => typeof v === "number")) {
    return present.every((v) => Number.isInteger(v)) ? "integer" : "float";
  }
  return "text";
}

/**
 * Installs (if needed) and starts Directus with `products` (our GET /api/product answer's items) in a
 * `products` collection. Returns { skipped } when it cannot, else the running peer; the caller calls stop().
 */
export async function startDirectus(products, { onStarted } = {}) {
  const why = await install();
  if (why) return { skipped: `Directus ${VERSION} is not available: ${why}` };

  const dataDir = mkdtempSync(path.join(tmpdir(), "pneuma-bench-directus-data-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const admin = { email: "bench@example.com", password: randomBytes(12).toString("hex") };
  const env = {
    ...cleanEnv(),
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    KEY: randomBytes(16).toString("hex"),
    SECRET: randomBytes(32).toString("hex"),
    DB_CLIENT: "sqlite3",
    DB_FILENAME: path.join(dataDir, "data.db"),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    CACHE_ENABLED: "true",
    CACHE_STORE: "memory",
    CACHE_AUTO_PURGE: "true",
    PRESSURE_LIMITER_ENABLED: "false",
    TELEMETRY: "false",
    CACHE_STATUS_HEADER: "X-Cache-Status",
    // One log line per request, as our server writes (LOG_LEVEL=info), as JSON.
    LOG_LEVEL: "info",
    LOG_STYLE: "raw",
    STORAGE_LOCATIONS: "local",
    STORAGE_LOCAL_ROOT: path.join(dataDir, "uploads"),
    EXTENSIONS_PATH: path.join(dataDir, "extensions"),
  };
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });

  const bootstrap = await new Promise((resolve) => {
    const out = [];
    const child = spawn(process.execPath, [cliPath(), "bootstrap"], { cwd: dataDir, env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (d) => out.push(d));
    child.stderr.on("data", (d) => out.push(d));
    child.on("close", (code) => resolve({ code, output: Buffer.concat(out).toString().slice(-2000) }));
  });
  if (bootstrap.code !== 0) {
    removeData();
    return { skipped: `Directus bootstrap failed (exit ${bootstrap.code}):\n${bootstrap.output}` };
  }

  const child = spawn(process.execPath, [EXIT_WITH_PARENT, cliPath(), "start"], {
    cwd: dataDir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let tail = "";
  const keep = (d) => {
    tail = (tail + d).slice(-20_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal ?? -1)));
  const onExit = () => child.kill("SIGKILL");
  process.on("exit", onExit);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    process.off("exit", onExit);
    removeData();
  };
  onStarted?.(stop);

  try {
    await waitForPing(baseUrl, exited, () => tail);
    await load(baseUrl, admin, products);
  } catch (err) {
    await stop();
    return { skipped: `Directus did not start or load: ${err instanceof Error ? err.message : err}` };
  }
  return {
    version: VERSION,
    baseUrl,
    listPath: "/items/products",
    itemPath: (id) => `/items/products/${encodeURIComponent(id)}`,
    /** One GET as the load sends it: Directus's cache status (X-Cache-Status: HIT or MISS) and encoding. */
    async probe(pathname) {
      const res = await fetch(baseUrl + pathname, { headers: { "accept-encoding": "gzip" } });
      await res.arrayBuffer();
      return { cache: res.headers.get("x-cache-status") ?? "none", encoding: res.headers.get("content-encoding") ?? "none" };
    },
    cpuSeconds: () => processCpuSeconds(child.pid),
    peakMemoryMb: () => peakMemoryMb(child.pid),
    stop,
  };
}

async function waitForPing(baseUrl, exited, output, timeoutMs = 120_000) {
  let done = false;
  void exited.then(() => {
    done = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (done) throw new Error(`it exited:\n${output().slice(-2000)}`);
    try {
      const res = await fetch(`${baseUrl}/server/ping`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer to /server/ping in ${timeoutMs / 1000} s:\n${output().slice(-2000)}`);
}

/** The products collection, a public read permission and the items, through the REST API as the admin. */
async function load(baseUrl, admin, products) {
  const call = async (method, pathname, body, token) => {
    const res = await fetch(baseUrl + pathname, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${text.slice(0, 500)}`);
    return text ? JSON.parse(text) : null;
  };
  const token = (await call("POST", "/auth/login", admin)).data.access_token;

  const keys = [...new Set(products.flatMap((p) => Object.keys(p)))].filter((k) => k !== "_id");
  const fields = [
    { field: "id", type: "string", schema: { is_primary_key: true, length: 64 }, meta: { hidden: false } },
    ...keys.map((k) => ({ field: k, type: fieldType(products.map((p) => p[k])), schema: {}, meta: {} })),
  ];
  await call("POST", "/collections", { collection: "products", schema: {}, meta: {}, fields }, token);

  // Directus 11: permissions belong to policies; the public one is named "$t:public_label".
  const policies = (await call("GET", "/policies?fields=id,name&limit=-1", undefined, token)).data;
  const publicPolicy = policies.find((p) => p.name === "$t:public_label") ?? policies.find((p) => /public/i.test(p.name));
  if (!publicPolicy) throw new Error(`no public policy among ${policies.map((p) => p.name).join(", ")}`);
  await call(
    "POST",
    "/permissions",
    { policy: publicPolicy.id, collection: "products", action: "read", fields: ["*"], permissions: {}, validation: {} },
    token,
  );

  const items = products.map(({ _id, ...rest }) => ({ id: _id, ...rest }));
  await call("POST", "/items/products", items, token);
  const check = await call("GET", "/items/products?limit=-1");
  if (check.data.length !== products.length) {
    throw new Error(`the public sees ${check.data.length} products, not ${products.length}`);
  }
}
