// The JavaScript a first visit to a page loads, gzip -9 per file, summed. Used by bench/run.js.
//
// From the HTML: <script src>, <link rel="modulepreload"> and the module URLs the inline module scripts
// import (React Router inlines its manifest and imports the route modules and entry.client from one
// inline <script type="module">), then, recursively, every module those statically import (`import … from
// "./x.js"`, `import "./x.js"`). Dynamic import() inside the chunks is not followed: it loads later, on
// navigation. Then, when Chromium is installed, the same page in headless Chromium (playwright-core),
// recording every script response until the network is idle, as a check that the list is complete.
import { existsSync } from "node:fs";
import { gzipSync } from "node:zlib";

const STATIC_IMPORT = /(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"']+\.m?js)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+\.m?js)["']\s*\)/g;

const gzip9 = (buf) => gzipSync(buf, { level: 9 }).length;
/** Only React's development build prints this; a build made with NODE_ENV≠production ships it. */
const DEVELOPMENT_REACT = /Download the React DevTools/;

function attributes(tag) {
  const attrs = {};
  for (const m of tag.matchAll(/([\w-]+)(?:=(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    attrs[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? "";
  }
  return attrs;
}

/** Script URLs the HTML itself names (absolute, same origin or not). */
function scriptUrlsInHtml(html, pageUrl) {
  const urls = new Set();
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const a = attributes(m[0]);
    if (a.rel?.split(/\s+/).includes("modulepreload") && a.href) urls.add(new URL(a.href, pageUrl).href);
  }
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const a = attributes(`<x ${m[1]}>`);
    if (a.src) urls.add(new URL(a.src, pageUrl).href);
    else if (a.type === "module") {
      // The first visit runs this inline script: its static imports and its top-level import() both load.
      for (const re of [STATIC_IMPORT, DYNAMIC_IMPORT]) {
        for (const i of m[2].matchAll(re)) urls.add(new URL(i[1], pageUrl).href);
      }
    }
  }
  return urls;
}

/** The page's JavaScript from its HTML and the modules' static imports. */
async function firstVisitScripts(pageUrl) {
  const html = await (await fetch(pageUrl)).text();
  const queue = [...scriptUrlsInHtml(html, pageUrl)];
  const files = new Map();
  while (queue.length > 0) {
    const url = queue.shift();
    if (files.has(url)) continue;
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    files.set(url, { bytes: body.length, gzip9: gzip9(body), development: DEVELOPMENT_REACT.test(body.toString("latin1")) });
    for (const m of body.toString("utf8").matchAll(STATIC_IMPORT)) {
      const next = new URL(m[1], url).href;
      if (!files.has(next)) queue.push(next);
    }
  }
  return files;
}

/**
 * The scripts headless Chromium loads for the page (until the network is idle), with their gzip -9 size
 * and the bytes actually transferred (the server's own compression). Null when Chromium is missing.
 */
async function chromiumScripts(pageUrl) {
  const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(executablePath)) return null;
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath, args: ["--no-sandbox"] });
  try {
    const page = await browser.newPage();
    const pending = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      pending.push(
        (async () => {
          const body = await response.body();
          const sizes = await response.request().sizes();
          return [response.url(), { bytes: body.length, gzip9: gzip9(body), transferred: sizes.responseBodySize }];
        })(),
      );
    });
    // Not "networkidle": React Router's route discovery (/__manifest) may keep a request open. Wait for
    // the load event, then until no script has been requested for a second (at most 15 s).
    await page.goto(pageUrl, { waitUntil: "load" });
    const deadline = Date.now() + 15_000;
    let seen = -1;
    while (seen !== pending.length && Date.now() < deadline) {
      seen = pending.length;
      await page.waitForTimeout(1000);
    }
    return new Map(await Promise.all(pending));
  } finally {
    await browser.close();
  }
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

/** Printable lines: the total, the target, and how Chromium's list compares. */
export async function jsSizeReport(baseUrl, pathname = "/", targetKb = 110) {
  const pageUrl = baseUrl + pathname;
  const files = await firstVisitScripts(pageUrl);
  const sum = (map, key) => [...map.values()].reduce((s, f) => s + f[key], 0);
  const lines = [
    `JavaScript of a first visit to ${pathname}: ${kb(sum(files, "gzip9"))} KB gzip -9 (${files.size} files, ` +
      `${kb(sum(files, "bytes"))} KB uncompressed); target ≤ ${targetKb} KB`,
  ];
  // Per file, largest first: React and React Router land in the entry.client and jsx-runtime chunks.
  const byFile = [...files].sort((a, b) => b[1].gzip9 - a[1].gzip9);
  lines.push(`  per file: ${byFile.map(([u, f]) => `${u.slice(u.lastIndexOf("/") + 1)} ${kb(f.gzip9)}`).join(", ")}`);
  if ([...files.values()].some((f) => f.development)) {
    lines.push("  NOTE: these are React's development files: build/ was built with NODE_ENV other than production");
  }
  let seen;
  try {
    seen = await chromiumScripts(pageUrl);
  } catch (err) {
    lines.push(`  Chromium check failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (seen) {
    const extra = [...seen.keys()].filter((u) => !files.has(u));
    const unused = [...files.keys()].filter((u) => !seen.has(u));
    lines.push(
      `  Chromium loaded ${seen.size} scripts: ${kb(sum(seen, "gzip9"))} KB gzip -9, ${kb(sum(seen, "transferred"))} KB ` +
        `transferred as the server compressed them; ${extra.length === 0 && unused.length === 0 ? "same files as above" : "differences below"}`,
    );
    for (const u of extra) lines.push(`  also loaded by Chromium: ${u} (${kb(seen.get(u).gzip9)} KB)`);
    for (const u of unused) lines.push(`  listed but not loaded by Chromium: ${u}`);
  } else if (seen === null) {
    lines.push("  (Chromium not found: set CHROMIUM_PATH to check the list in a browser)");
  }
  return lines;
}
