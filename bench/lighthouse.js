// `npm run bench:lighthouse`: Lighthouse (mobile preset, simulated throttling) on the production build with
// the demo content, for the home page, a category, a product, a service and the contact page. Prints the
// four category scores per page. Targets (issue 3): performance ≥ 95; accessibility, best practices and
// SEO 100. Uses Debian's Chromium (CHROMIUM_PATH to override).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const build = spawnSync(process.execPath, [path.join(root, "scripts", "build-if-stale.js")], { cwd: root, stdio: "inherit" });
if (build.status !== 0) process.exit(1);

const dataDir = mkdtempSync(path.join(tmpdir(), "pneuma-lighthouse-"));
const server = spawn(process.execPath, ["server.js"], {
  cwd: root,
  env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info", RATE_LIMITS: "off" },
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

const category = (await (await fetch(`${baseUrl}/api/category`)).json()).data[0];
const product = (await (await fetch(`${baseUrl}/api/product?limit=1`)).json()).data[0];
const service = (await (await fetch(`${baseUrl}/api/service`)).json())[0];
const pages = [
  ["home", "/"],
  ["category", `/products/${category.slug}`],
  ["product", `/products/${product.categoryId.slug}/${product.slug}`],
  ["service", `/services/${service.slug}`],
  ["contact", "/contact"],
];

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
const rows = [];
try {
  for (const [name, p] of pages) {
    const result = await lighthouse(baseUrl + p, { port: chrome.port, output: "json", logLevel: "error" });
    const c = result.lhr.categories;
    const score = (k) => Math.round((c[k]?.score ?? 0) * 100);
    const failing = Object.values(result.lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
      .map((a) => a.id);
    for (const id of failing) {
      const items = result.lhr.audits[id]?.details?.items ?? [];
      if (process.env.LIGHTHOUSE_DETAILS) console.error(`${name} ${id}:`, JSON.stringify(items).slice(0, 600));
    }
    rows.push({
      page: name,
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
      "LCP ms": Math.round(result.lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
      "failed audits": failing.join(", "),
    });
  }
} finally {
  await chrome.kill();
  server.kill("SIGTERM");
  await new Promise((r) => server.on("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\nLighthouse (mobile, simulated throttling) against ${baseUrl}`);
console.table(rows);
