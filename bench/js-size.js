// The JavaScript a first visit to each page loads, gzip -9 per file, summed; and each page's HTML size.
// Used by bench/run.js.
//
// Two ways, the first checking the second:
//  - Chromium (when installed; CHROMIUM_PATH, default /usr/bin/chromium, driven by playwright-core): the
//    page in a fresh browser context (empty cache, as a first visit), every script response recorded from
//    the navigation until the load event and then until no script has been requested for a second (at
//    most 15 s). This is the figure: what a browser really loads, dynamic import() included.
//  - From the HTML: <script src>, <link rel="modulepreload"> and the module URLs inline module scripts
//    import (React Router inlines its manifest and imports the route modules and entry.client), then,
//    recursively, every module those statically import. Dynamic import() inside the files is not followed.
// Besides: the HTML's raw and gzip size (as the server sent it and at gzip -9), the bytes of inline script
// it runs (not JSON-LD, speculation rules or other data blocks), and whether React or React Router's
// client code is among the files.
import { existsSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { gunzipSync, gzipSync } from "node:zlib";

const STATIC_IMPORT = /(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"']+\.m?js)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+\.m?js)["']\s*\)/g;
/** <script type> values that run as script; anything else (ld+json, speculationrules, importmap) is data. */
const SCRIPT_TYPES = new Set(["", "module", "text/javascript", "application/javascript"]);

const gzip9 = (buf) => gzipSync(buf, { level: 9 }).length;
/** Only React's development build prints this; a build made with NODE_ENV≠production ships it. */
const DEVELOPMENT_REACT = /Download the React DevTools/;
/** React's element symbol (React 19 and earlier) and React Router's browser globals. */
const REACT = /react\.transitional\.element|Symbol\.for\(["']react\.element["']\)/;
const REACT_ROUTER = /__reactRouter(Context|Manifest|RouteModules)/;

function attributes(tag) {
  const attrs = {};
  for (const m of tag.matchAll(/([\w-]+)(?:=(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    attrs[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? "";
  }
  return attrs;
}

/** Script URLs the HTML names (absolute) and the bytes of inline script it runs. */
function scriptsInHtml(html, pageUrl) {
  const urls = new Set();
  let inlineBytes = 0;
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const a = attributes(m[0]);
    if (a.rel?.split(/\s+/).includes("modulepreload") && a.href) urls.add(new URL(a.href, pageUrl).href);
  }
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const a = attributes(`<x ${m[1]}>`);
    if (!SCRIPT_TYPES.has((a.type ?? "").toLowerCase())) continue;
    if (a.src) {
      urls.add(new URL(a.src, pageUrl).href);
      continue;
    }
    inlineBytes += Buffer.byteLength(m[2]);
    if (a.type === "module") {
      // The first visit runs this inline script: its static imports and its top-level import() both load.
      for (const re of [STATIC_IMPORT, DYNAMIC_IMPORT]) {
        for (const i of m[2].matchAll(re)) urls.add(new URL(i[1], pageUrl).href);
      }
    }
  }
  return { urls, inlineBytes };
}

/** GET with Accept-Encoding: gzip, the body as sent (not decompressed). */
function rawGet(url) {
  return new Promise((resolve, reject) => {
    const client = url.startsWith("https:") ? https : http;
    const req = client.get(url, { headers: { "accept-encoding": "gzip" }, agent: false }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

/** One file's figures, with what it tells about React. */
function fileFigures(body) {
  const text = body.toString("latin1");
  return {
    bytes: body.length,
    gzip9: gzip9(body),
    react: REACT.test(text),
    reactRouter: REACT_ROUTER.test(text),
    development: DEVELOPMENT_REACT.test(text),
  };
}

/** The page's HTML figures and its JavaScript from the HTML and the modules' static imports. */
async function fromHtml(pageUrl) {
  const res = await rawGet(pageUrl);
  if (res.status !== 200) throw new Error(`${pageUrl}: ${res.status}`);
  const gzipped = res.headers["content-encoding"] === "gzip";
  const raw = gzipped ? gunzipSync(res.body) : res.body;
  const { urls, inlineBytes } = scriptsInHtml(raw.toString("utf8"), pageUrl);
  const queue = [...urls];
  const files = new Map();
  while (queue.length > 0) {
    const url = queue.shift();
    if (files.has(url)) continue;
    const file = await fetch(url);
    if (!file.ok) throw new Error(`${url}: ${file.status}`);
    const body = Buffer.from(await file.arrayBuffer());
    files.set(url, fileFigures(body));
    for (const m of body.toString("utf8").matchAll(STATIC_IMPORT)) {
      const next = new URL(m[1], url).href;
      if (!files.has(next)) queue.push(next);
    }
  }
  const html = { raw: raw.length, served: res.body.length, servedGzip: gzipped, gzip9: gzip9(raw), inlineScript: inlineBytes };
  return { html, files };
}

/** Headless Chromium, or null when it is not installed. */
async function launchChromium() {
  const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(executablePath)) return null;
  const { chromium } = await import("playwright-core");
  return chromium.launch({ executablePath, args: ["--no-sandbox"] });
}

/** The scripts Chromium loads for the page in a fresh context (a first visit), with their figures. */
async function chromiumScripts(browser, pageUrl) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const pending = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      pending.push(
        response.body().then(
          (body) => [response.url(), fileFigures(body)],
          () => [response.url(), null], // no body (a redirect, or the page moved on)
        ),
      );
    });
    // Not "networkidle": a request may stay open (React Router's route discovery). The load event, then
    // until no script has been requested for a second (at most 15 s).
    await page.goto(pageUrl, { waitUntil: "load" });
    const deadline = Date.now() + 15_000;
    let seen = -1;
    while (seen !== pending.length && Date.now() < deadline) {
      seen = pending.length;
      await page.waitForTimeout(1000);
    }
    return new Map((await Promise.all(pending)).filter(([, f]) => f !== null));
  } finally {
    await context.close();
  }
}

const kb = (bytes) => Number((bytes / 1024).toFixed(1));
const sum = (map, key) => [...map.values()].reduce((s, f) => s + f[key], 0);
const shortName = (url) => url.slice(url.lastIndexOf("/") + 1);

/**
 * Every page of `pages` ([{ name, path, admin }], bench/pages.js). Returns { rows } for console.table,
 * `notes` (lines: where the two lists differ, development builds, a Chromium that failed), `byPage`
 * (name → { kb, html, admin }) for the summary, and `source` (which list the "KB gzip" column is).
 */
export async function jsSizes(baseUrl, pages, goalKb) {
  const notes = [];
  let browser = null;
  try {
    browser = await launchChromium();
    if (browser === null) notes.push("Chromium not found (set CHROMIUM_PATH): figures from the HTML and static imports only");
  } catch (err) {
    notes.push(`Chromium did not start (${err instanceof Error ? err.message : err}): figures from the HTML only`);
  }
  const rows = [];
  const byPage = new Map();
  try {
    for (const page of pages) {
      const pageUrl = baseUrl + page.path;
      const { html, files } = await fromHtml(pageUrl);
      let seen = null;
      if (browser) {
        try {
          seen = await chromiumScripts(browser, pageUrl);
        } catch (err) {
          notes.push(`${page.name}: Chromium failed (${err instanceof Error ? err.message : err})`);
        }
      }
      const loaded = seen ?? files;
      const total = kb(sum(loaded, "gzip9"));
      const all = [...loaded.values(), ...files.values()];
      const verdict = page.admin ? "for the record" : total <= goalKb ? "meets" : `over by ${(total - goalKb).toFixed(1)} KB`;
      const libraries = [all.some((f) => f.react) && "React", all.some((f) => f.reactRouter) && "React Router"];
      rows.push({
        page: page.name,
        path: page.path.length > 42 ? `${page.path.slice(0, 41)}…` : page.path,
        files: loaded.size,
        "KB gzip": total,
        goal: page.admin ? "-" : `≤ ${goalKb}`,
        verdict,
        "HTML-list KB": kb(sum(files, "gzip9")),
        "React code": libraries.filter(Boolean).join(", ") || "none",
        "inline script KB": kb(html.inlineScript),
        "HTML KB gzip": kb(html.servedGzip ? html.served : html.gzip9),
      });
      byPage.set(page.name, { kb: total, html, admin: page.admin });
      if (seen) {
        const extra = [...seen.keys()].filter((u) => !files.has(u)).map(shortName);
        const unused = [...files.keys()].filter((u) => !seen.has(u)).map(shortName);
        if (extra.length) notes.push(`${page.name}: Chromium also loaded ${extra.join(", ")} (not in the HTML's list)`);
        if (unused.length) notes.push(`${page.name}: listed from the HTML but not loaded by Chromium: ${unused.join(", ")}`);
      }
      if (all.some((f) => f.development)) {
        notes.push(`${page.name}: React's development files: the build was made with NODE_ENV other than production`);
      }
    }
  } finally {
    await browser?.close();
  }
  const source = browser ? "what Chromium loaded (fresh context each page), gzip -9 per file" : "from the HTML, gzip -9 per file";
  return { rows, notes, byPage, source };
}
