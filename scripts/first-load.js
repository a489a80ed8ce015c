// The JavaScript a first visit to a page loads, from the page's HTML and the build's files: every
// <script src>, <link rel="modulepreload"> and module an inline module script imports, then every module
// those statically import (followed through the files in build/client), each gzip -9. Reading the HTML
// rather than React Router's manifest: a page that does not hydrate (the public pages, the staff sign-in)
// loads only its own script, while the manifest lists React Router's entry for every route.
// Used by tests/api/sign-in-first-load.test.ts (the staff sign-in's budget, docs/decisions/027). bench/js-size.js
// measures every page the same way over HTTP, and checks it against what Chromium loads.
//
//   node scripts/first-load.js <build dir> <page URL of a running server on that build>
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const STATIC_IMPORT = /(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"']+\.m?js)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+\.m?js)["']\s*\)/g;
/** <script type> values that run as script; anything else (ld+json, speculationrules, importmap) is data. */
const SCRIPT_TYPES = new Set(["", "module", "text/javascript", "application/javascript"]);

function attributes(tag) {
  const attrs = {};
  for (const m of tag.matchAll(/([\w-]+)(?:=(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    attrs[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? "";
  }
  return attrs;
}

/** The same-site script paths (e.g. /assets/main-x.js) the HTML loads or preloads. */
function scriptsInHtml(html) {
  const paths = new Set();
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const a = attributes(m[0]);
    if (a.rel?.split(/\s+/).includes("modulepreload") && a.href) paths.add(a.href);
  }
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const a = attributes(`<x ${m[1]}>`);
    if (!SCRIPT_TYPES.has((a.type ?? "").toLowerCase())) continue;
    if (a.src) paths.add(a.src);
    // React Router's inline module script imports the entry and the route modules.
    else if (a.type === "module")
      for (const re of [STATIC_IMPORT, DYNAMIC_IMPORT]) for (const i of m[2].matchAll(re)) paths.add(i[1]);
  }
  return [...paths];
}

/** [{ file, gzip }]: the scripts of `html` and what they statically import, read from `clientDir` (build/client). */
export function firstLoad(html, clientDir) {
  const files = new Map();
  const queue = scriptsInHtml(html).map((p) => new URL(p, "http://page.invalid/").pathname);
  while (queue.length > 0) {
    const file = queue.shift();
    if (files.has(file)) continue;
    const body = readFileSync(path.join(clientDir, file));
    files.set(file, gzipSync(body, { level: 9 }).length);
    for (const m of body.toString("utf8").matchAll(STATIC_IMPORT)) {
      queue.push(new URL(m[1], `http://page.invalid${file}`).pathname);
    }
  }
  return [...files].map(([file, gzip]) => ({ file, gzip }));
}

export const totalKb = (files) => Number((files.reduce((sum, f) => sum + f.gzip, 0) / 1024).toFixed(1));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [buildDir, pageUrl] = process.argv.slice(2);
  const res = await fetch(pageUrl);
  const files = firstLoad(await res.text(), path.join(buildDir, "client"));
  for (const f of files) console.log((f.gzip / 1024).toFixed(1).padStart(7), f.file);
  console.log(`total gzip KB: ${totalKb(files)} (${pageUrl}, ${res.status})`);
}
