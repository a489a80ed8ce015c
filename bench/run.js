// `npm run bench`: starts its own production server on a fresh database with demo content and prints, in
// one run (figures only; nothing here passes or fails):
//  1. requests/s and latency p50/p99 for the home page, a product page (/products/{category}/{product}) and
//     the API reads; then the two pages again with the in-process content cache off (CONTENT_CACHE=off, the
//     server restarted on the same data) and the warm-cache / uncached ratio;
//  2. the server's peak memory (RSS high-water mark) under that load;
//  3. when nginx is installed: the two pages through deploy/nginx.conf (TLS, micro-cache) beside nginx
//     serving a static copy of the same HTML (the ceiling), and their ratio (bench/nginx.js explains
//     what makes it meaningful on a small machine);
//  4. the gzip -9 size of the JavaScript a first visit to the home page loads, against the 110 KB target
//     (bench/js-size.js; the list is checked in Chromium when installed);
//  5. with `npm run bench -- --catalogue=10k` (or BENCH_CATALOGUE=10k): the catalogue pages (home, /products,
//     a category page, a product page, /sitemap.xml, the admin product list as the admin screen asks for
//     it) on the demo data, then again after 10,000 generated products in 200 categories were added
//     (bench/catalogue-seed.ts; the seeding time is printed), side by side.
// Every request sends Accept-Encoding: gzip, as browsers do, so the server's compression is part of the cost.
// Options: BENCH_SECONDS (default 10 per measurement), BENCH_CONNECTIONS (default 50), --catalogue=N or
// BENCH_CATALOGUE=N (products, e.g. 10k; 50 to a category). Servers and nginx are stopped at the end, on
// failure and on Ctrl-C.
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import os from "node:os";
import { adminToken, catalogueOption, cataloguePages, seedCatalogue } from "./catalogue.js";
import { jsSizeReport } from "./js-size.js";
import { latencyAlone, measure } from "./measure.js";
import { benchNginx } from "./nginx.js";
import { onCleanup, runMain } from "./process.js";
import { startBenchServer } from "./server.js";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const catalogue = catalogueOption(process.argv.slice(2), process.env.BENCH_CATALOGUE);
const GZIP = { "accept-encoding": "gzip" };
const admin = { username: "bench-admin", password: randomBytes(12).toString("hex") };
// As deployed behind nginx (deploy/nginx.conf); without a proxy in front it changes nothing.
const serverEnv = { ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password, TRUST_PROXY: "loopback" };
/** The default (cache on), whatever the caller's environment says. */
const CACHE_ON = { CONTENT_CACHE: undefined };

// ---- servers and cleanup -----------------------------------------------------------------------------

/** One server at a time, restarted on the same data directory (seeded once, removed at the end). */
let server = null;
let dataDir = null;
async function startServer(env) {
  server = await startBenchServer({ ...serverEnv, ...env }, dataDir ? { dataDir } : {});
  dataDir = server.dataDir;
  return server;
}
async function stopServer() {
  const s = server;
  server = null;
  await s?.stop({ keepData: true });
}
onCleanup(async () => {
  await stopServer();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

// ---- measuring -----------------------------------------------------------------------------------------

/**
 * Waits until the server is idle: a slow page leaves requests running in the server after the load
 * generator stopped (React Router finishes a render whose client left), and they would eat into the
 * next measurement.
 */
async function settle() {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const before = server.cpuSeconds();
    await new Promise((r) => setTimeout(r, 250));
    if (!(server.cpuSeconds() - before > 0.05) || Date.now() > deadline) return; // under 20% of a core
  }
}

async function run(baseUrl, pathname, headers = {}) {
  await settle();
  await fetch(baseUrl + pathname, { headers: { ...GZIP, ...headers } }).then((r) => r.arrayBuffer()); // warm-up
  return measure(baseUrl + pathname, { seconds, connections, headers: { ...GZIP, ...headers } });
}
const rps = (r) => Math.round(r.rps);
/** p50/p99, or "> N s" when no request finished inside the measurement (a very slow page). */
const ms = (r, key) => (r.completed > 0 ? r[key] : `> ${seconds} s`);
const ratio = (a, b) => Number((a / b).toFixed(2));
const machine = () => `${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}`;

async function main() {
  console.log(`bench: ${connections} connections, ${seconds} s per measurement; ${machine()} at the start`);

  // The first start seeds the demo content (rendering pictures with sharp: a memory peak of its own); the
  // measured servers are restarts on that data.
  await startServer(CACHE_ON);
  const firstStartPeak = server.peakMemoryMb();
  const product = (await (await fetch(`${server.baseUrl}/api/product?limit=1`)).json()).data[0];
  const pages = [
    ["home page", "/"],
    ["product page", `/products/${product.categoryId.slug}/${product.slug}`],
  ];
  const targets = [
    ...pages,
    ["GET /api/product", "/api/product"],
    ["GET /api/category", "/api/category"],
    ["GET /api/product/{id}", `/api/product/${product._id}`],
  ];

  // 1. Uncached first, then warm (cache on).
  await stopServer();
  await startServer({ CONTENT_CACHE: "off" });
  const uncached = new Map();
  for (const [name, p] of pages) uncached.set(name, await run(server.baseUrl, p));
  const uncachedPeak = server.peakMemoryMb();
  await stopServer();

  await startServer(CACHE_ON);
  const warm = new Map();
  for (const [name, p] of targets) warm.set(name, await run(server.baseUrl, p));
  const warmPeak = server.peakMemoryMb();

  console.log(`\n1. Direct to the app (${server.baseUrl}), content cache on (warm)`);
  console.table(
    targets.map(([name, p]) => {
      const r = warm.get(name);
      return { endpoint: name, path: p, "req/s": rps(r), "p50 ms": ms(r, "p50"), "p99 ms": ms(r, "p99"), errors: r.errors };
    }),
  );
  console.log("   content cache: warm vs off (CONTENT_CACHE=off, same data)");
  console.table(
    pages.map(([name]) => {
      const w = warm.get(name);
      const u = uncached.get(name);
      return {
        page: name,
        "warm req/s": rps(w),
        "uncached req/s": rps(u),
        "warm / uncached": ratio(w.rps, u.rps),
        "warm p50 ms": ms(w, "p50"),
        "uncached p50 ms": ms(u, "p50"),
        "uncached p99 ms": ms(u, "p99"),
        "uncached errors": u.errors,
      };
    }),
  );

  // 2.
  console.log(
    `\n2. Server peak memory (RSS high-water mark) under that load: ${warmPeak.toFixed(0)} MB (cache on), ` +
      `${uncachedPeak.toFixed(0)} MB (cache off); first start with demo seeding: ${firstStartPeak.toFixed(0)} MB`,
  );

  // 3.
  const ng = await benchNginx({
    app: server,
    pages,
    seconds,
    connections,
    onStarted: (nginx) =>
      onCleanup(async () => {
        await nginx.stop();
        nginx.remove();
      }),
  });
  if (ng.skipped) {
    console.log(`\n3. nginx: ${ng.skipped}; skipped.`);
  } else {
    console.log(
      `\n3. Through deploy/nginx.conf (${ng.nginx}, 1 worker, TLS, HTTP/1.1 keep-alive) vs a static copy; load: ${ng.client}`,
    );
    console.table(ng.rows);
    for (const line of ng.ratios) console.log(`   ${line}`);
    for (const line of ng.cache) console.log(`   micro-cache, ${line}`);
  }

  // 4.
  console.log("\n4.", (await jsSizeReport(server.baseUrl, "/")).join("\n   "));

  // 5.
  if (catalogue) await benchCatalogue();
  console.log(`\nbench done; ${machine()} at the end`);
  return 0;
}

/** Under load (as section 1), then alone: one request at a time, the page's own latency. */
async function runCatalogue(baseUrl, page) {
  const loaded = await run(baseUrl, page.path, page.headers);
  await settle();
  const alone = await latencyAlone(baseUrl + page.path, { headers: { ...GZIP, ...page.headers } });
  return { ...loaded, alone };
}

async function benchCatalogue() {
  const demo = await cataloguePages(server.baseUrl, await adminToken(server.baseUrl, admin.username, admin.password));
  const before = new Map();
  for (const page of demo.pages) before.set(page.key, await runCatalogue(server.baseUrl, page));
  await stopServer();

  const started = performance.now();
  const seeded = await seedCatalogue(dataDir, catalogue);
  const seedMs = performance.now() - started;
  const restarted = performance.now();
  await startServer(CACHE_ON);
  const restartMs = performance.now() - restarted;
  const big = await cataloguePages(server.baseUrl, await adminToken(server.baseUrl, admin.username, admin.password), demo);
  const after = new Map();
  for (const page of big.pages) after.set(page.key, await runCatalogue(server.baseUrl, page));

  console.log(
    `\n5. Catalogue scale (${catalogue.label}): seeded ${seeded.products} products, ${seeded.categories} categories, ` +
      `${seeded.subcategories} subcategories in ${(seedMs / 1000).toFixed(1)} s (inserts ${(seeded.ms / 1000).toFixed(1)} s ` +
      `incl. opening the database; server restart ${(restartMs / 1000).toFixed(1)} s). ` +
      `Demo: ${demo.total} products in ${demo.categoryCount} categories; now ${big.total} in ${big.categoryCount}.`,
  );
  console.table(
    big.pages.map((page) => {
      const d = before.get(page.key);
      const b = after.get(page.key);
      return {
        page: page.label,
        path: page.path.length > 60 ? `${page.path.slice(0, 57)}…` : page.path,
        "demo req/s": d ? rps(d) : "-",
        "demo p50 ms": d ? ms(d, "p50") : "-",
        "demo alone ms": d ? Math.round(d.alone) : "-",
        [`${catalogue.label} req/s`]: rps(b),
        [`${catalogue.label} p50 ms`]: ms(b, "p50"),
        [`${catalogue.label} p99 ms`]: ms(b, "p99"),
        [`${catalogue.label} alone ms`]: Math.round(b.alone),
        "errors (demo / big)": `${d ? d.errors : "-"} / ${b.errors}`,
      };
    }),
  );
  console.log(
    `   p50/p99: under ${connections} connections (mostly queueing, ≈ connections ÷ req/s); ` +
      `"alone": median of sequential requests, the page's own time`,
  );
  console.log(`   server peak memory with the ${catalogue.label} catalogue: ${server.peakMemoryMb().toFixed(0)} MB`);
}

await runMain(main);
