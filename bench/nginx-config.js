// The nginx configuration bench/nginx.js runs (its reasons are explained there): the shipped
// deploy/nginx.conf with its placeholders filled in, a static server beside it and the main file that
// includes both, plus the working directory and self-signed certificate they point at. Kept apart from
// bench/nginx.js (no load generator, no process hooks) so that tests/unit/nginx-config.test.ts can run
// `nginx -t` on exactly what the bench generates.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const SERVER_NAME = "www.example.com";
const TEMP_KINDS = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"];

/** The directories the configs below point into (cache, logs, static copies, nginx's temp files). */
export function makeWorkDirs(dir) {
  for (const d of ["cache", "logs", "static", ...TEMP_KINDS.map((t) => `temp/${t}`)]) {
    mkdirSync(path.join(dir, d), { recursive: true });
  }
}

/** A self-signed certificate for SERVER_NAME as dir/tls.crt and dir/tls.key (needs openssl). */
export function writeCertificate(dir) {
  const cert = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "2",
      "-subj",
      `/CN=${SERVER_NAME}`,
      "-keyout",
      path.join(dir, "tls.key"),
      "-out",
      path.join(dir, "tls.crt"),
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  if (cert.status !== 0) {
    throw new Error(`openssl could not make a test certificate: ${cert.error?.message ?? cert.stderr}`);
  }
}

/** Replaces `from` (a string or regex) in `text` and fails when it is not there: the shipped file changed. */
function fill(text, from, to) {
  const next = text.replace(from, to);
  if (next === text) throw new Error(`deploy/nginx.conf: placeholder ${from} not found; update bench/nginx-config.js`);
  return next;
}

/** deploy/nginx.conf with its placeholders filled in for this run. */
export function siteConfig({ appPort, httpPort, httpsPort, dir, uploadParent }) {
  let conf = readFileSync(path.join(root, "deploy", "nginx.conf"), "utf8");
  conf = fill(conf, /server 127\.0\.0\.1:3000\b/, `server 127.0.0.1:${appPort}`);
  conf = fill(conf, "/var/cache/nginx/pneuma", path.join(dir, "cache"));
  conf = fill(conf, /^\s*listen \[::\]:\d+.*$/gm, ""); // IPv6 may be off here
  conf = fill(conf, /listen 80;/, `listen 127.0.0.1:${httpPort};`);
  conf = fill(conf, /listen 443 ssl http2;/, `listen 127.0.0.1:${httpsPort} ssl http2;`);
  conf = fill(conf, "/etc/ssl/certs/pneuma.crt", path.join(dir, "tls.crt"));
  conf = fill(conf, "/etc/ssl/private/pneuma.key", path.join(dir, "tls.key"));
  conf = fill(conf, "/srv/pneuma/app/build/client", path.join(root, process.env.BUILD_DIR || "build", "client"));
  conf = fill(conf, "/srv/pneuma/public", uploadParent);
  conf = fill(
    conf,
    /\/srv\/pneuma\/app\/deploy\/nginx-proxy-headers\.conf/g,
    path.join(root, "deploy", "nginx-proxy-headers.conf"),
  );
  return conf;
}

/**
 * The shipped config's gzip lines, so the static server compresses (or not) exactly like it. Not
 * gzip_static: the shipped file turns it on for /assets/ only, and the static server turns it on itself
 * (it serves the stored gzip copies); nginx refuses the directive twice in one block.
 */
function shippedGzipLines() {
  const conf = readFileSync(path.join(root, "deploy", "nginx.conf"), "utf8");
  return (conf.match(/^\s*gzip\w* [^\n]*;$/gm) ?? []).map((l) => l.trim()).filter((l) => !/^gzip_static\b/.test(l));
}

const NOT_COPIED = new Set([
  "date",
  "server",
  "connection",
  "keep-alive",
  "content-length",
  "content-type",
  "content-encoding",
  "transfer-encoding",
  "vary",
  "x-cache-status",
  "etag",
  "last-modified",
]);

/**
 * The static server (the ceiling): each page's stored copy (`file` and `file`.gz in dir/static) at its
 * path, with the response headers the app sent for the first page.
 * @param {{ port: number, dir: string, pages: { path: string, file: string, headers: Record<string, string | string[] | undefined> }[] }} options
 */
export function staticConfig({ port, dir, pages }) {
  const headers = [];
  for (const [name, value] of Object.entries(pages[0]?.headers ?? {})) {
    const v = Array.isArray(value) ? value.join(", ") : String(value);
    if (NOT_COPIED.has(name) || v.includes("$") || v.includes('"')) continue;
    headers.push(`    add_header ${name} "${v}" always;`);
  }
  const locations = pages.map((p) => `    location = ${p.path} { try_files /${p.file} =404; }`);
  return `server {
    listen 127.0.0.1:${port} ssl http2;
    server_name static.bench;
    ssl_certificate     ${path.join(dir, "tls.crt")};
    ssl_certificate_key ${path.join(dir, "tls.key")};
    ssl_protocols TLSv1.2 TLSv1.3;
    ssl_session_cache shared:bench_static_tls:10m;
    ssl_session_timeout 1d;
    server_tokens off;
    ${shippedGzipLines().join("\n    ")}
    gzip_static on;
    charset utf-8;
    root ${path.join(dir, "static")};
    access_log ${path.join(dir, "logs", "static.log")} bench buffer=64k;
${headers.join("\n")}
${locations.join("\n")}
}
`;
}

/** The main file: one worker, everything under dir, including dir/pneuma.conf and dir/static.conf. */
export function mainConfig(dir) {
  const mime = existsSync("/etc/nginx/mime.types")
    ? "include /etc/nginx/mime.types;"
    : "types { text/html html; application/javascript js; text/css css; }";
  const temp = TEMP_KINDS.map((t) => `    ${t}_temp_path ${path.join(dir, "temp", t)};`).join("\n");
  return `worker_processes 1;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "logs", "error.log")} warn;
events { worker_connections 4096; }
http {
    ${mime}
    default_type application/octet-stream;
    sendfile on;
    tcp_nopush on;
${temp}
    log_format bench '$upstream_cache_status $status $request_uri';
    access_log ${path.join(dir, "logs", "access.log")} bench buffer=64k;
    include ${path.join(dir, "pneuma.conf")};
    include ${path.join(dir, "static.conf")};
}
`;
}
