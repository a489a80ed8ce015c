// `npm run bench:lighthouse`: Lighthouse (mobile preset, simulated throttling) on the production build with
// the demo content, for the home page, a category, a product, a service and the contact page. Prints the
// four category scores per page. Targets (issue 3): performance ≥ 95; accessibility, best practices and
// SEO 100. Uses Debian's Chromium (CHROMIUM_PATH to override).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startBenchServer } from "./server.js";

const server = await startBenchServer({ LOG_LEVEL: "info" });
const { baseUrl } = server;

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
  await server.stop();
}
console.log(`\nLighthouse (mobile, simulated throttling) against ${baseUrl}`);
console.table(rows);
