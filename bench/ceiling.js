// The ceiling of this stack, for bench/run.js: Express with the project's own security headers
// (server/http/security.ts) and request log (server/http/request-log.ts), as server/app.ts mounts them,
// and two routes: GET /gzip-10k sends a fixed buffer of 10 KB of gzip (Content-Encoding: gzip, with its
// ETag), GET /hello sends "hello". Nothing else runs per request, so a cached answer of ours can at best
// approach /gzip-10k. Run by bench/process.js's startServer with `--import tsx` (the server code is
// TypeScript); PORT, HOST, LOG_LEVEL and TRUST_PROXY as for the app; prints "running at http://…:port".
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import express from "express";
import { requestLog } from "../server/http/request-log.ts";
import { securityHeaders } from "../server/http/security.ts";
import { log, setLogLevel } from "../server/log.ts";

const TARGET = 10 * 1024;

/**
 * HTML-like text whose gzip -9 is at most TARGET bytes and within a few bytes of it: a deterministic
 * pseudo-random run of words and markup (compresses about 4:1, like a page), cut to size by bisection.
 */
function fixedGzip() {
  const words = ['<div class="card">', "</div>", '<a href="/products/', '">', "</a>", "compressor", "air", "dryer", "filter"];
  words.push("pressure", "bar", "litre", "motor", "kW", "service", "industrial", "screw", "piston", "tank", "valve", "\n");
  let seed = 20261124;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed;
  };
  let text = "";
  while (text.length < 200_000) {
    const w = words[next() % words.length];
    text += next() % 5 === 0 ? `${w}${next() % 10000} ` : `${w} `;
  }
  const source = Buffer.from(text);
  let lo = 0;
  let hi = source.length;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (gzipSync(source.subarray(0, mid), { level: 9 }).length <= TARGET) lo = mid;
    else hi = mid;
  }
  return { raw: lo, gzip: gzipSync(source.subarray(0, lo), { level: 9 }) };
}

/** TRUST_PROXY as server/config.ts reads it (false, a hop count, or addresses and names; never true). */
function trustProxy(value = "") {
  const s = value.trim();
  if (s === "" || s.toLowerCase() === "false") return false;
  if (s.toLowerCase() === "true") throw new Error("TRUST_PROXY=true is refused (as by the app): give a hop count or addresses.");
  return /^\d+$/.test(s) ? Number(s) : s;
}

const levels = new Set(["debug", "info", "warn", "error", "silent"]);
if (levels.has(process.env.LOG_LEVEL)) setLogLevel(process.env.LOG_LEVEL);

const body = fixedGzip();
const etag = `"${createHash("sha1").update(body.gzip).digest("base64url")}"`;

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", trustProxy(process.env.TRUST_PROXY));
app.set("query parser", "simple");
app.use(requestLog);
app.use(securityHeaders({ dev: false }));
app.get("/gzip-10k", (_req, res) => {
  res.set({
    "Content-Type": "text/html; charset=utf-8",
    "Content-Encoding": "gzip",
    Vary: "Accept-Encoding",
    "Cache-Control": "public, max-age=0, s-maxage=1",
    ETag: etag,
  });
  res.send(body.gzip);
});
app.get("/hello", (_req, res) => {
  res.send("hello");
});

const server = app.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? "127.0.0.1", () => {
  server.keepAliveTimeout = 65_000; // as server/main.ts
  const { port } = server.address();
  log.info(`bench ceiling is running at http://127.0.0.1:${port}`, { gzipBytes: body.gzip.length, rawBytes: body.raw });
});
process.once("SIGTERM", () => server.close(() => process.exit(0)));
