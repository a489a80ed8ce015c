// The public pages through the shipped deploy/nginx.conf, beside nginx serving a static copy of the same
// HTML (the ceiling for this machine). Used by bench/run.js; skipped when nginx or openssl is missing.
//
// Set-up: a temporary directory holds a self-signed certificate (openssl), the cache, temp, log and pid
// files and a config that `include`s deploy/nginx.conf with only its placeholders filled in (upstream
// address, ports, certificate, cache path, build and upload roots, the headers include): the TLS,
// micro-cache and proxy settings are the shipped ones (bench/nginx-config.js writes these files;
// tests/unit/nginx-config.test.ts runs `nginx -t` on them). nginx runs in the foreground as a child process,
// as `nobody` when this runs as root, with one worker; it is stopped when the bench ends, fails or is
// interrupted.
//
// What makes the ratio (through the config ÷ static ceiling) meaningful:
// - The same bytes. The static copy is the page as fetched once through the config, stored with its gzip
//   bytes and served with gzip_static: the micro-cache stores the app's gzipped answer and nginx sends it
//   as is, so a ceiling that gzips on every request (gzip_comp_level 5, ~1 ms per page) would cost more
//   than the cache and be no ceiling. The app's response headers (CSP and the rest) are copied too.
//   Every request sends Accept-Encoding: gzip, as browsers do; "KB/resp" shows both sides match.
// - The same path otherwise: TLS as shipped (HTTP/1.1 keep-alive: neither autocannon nor wrk speaks h2),
//   same gzip/TLS settings, same access logging, one nginx worker for both.
// - Who is the bottleneck. On 2 cores nginx and the load generator share the machine, and autocannon
//   (Node, doing TLS in JS land) usually saturates its core before one nginx worker does; then both runs
//   hit the same client-bound number and the req/s ratio drifts to 1 whatever the config costs. So the
//   CPU each process used is shown, and "req per nginx CPU-s" (req/s ÷ nginx's share of a core) gives
//   nginx's own cost per request, which does not depend on who saturates first; its ratio is the
//   config's cost (cache lookup, proxy module, cache file read) relative to a plain file. wrk, when
//   installed, is used instead of autocannon: it costs far less per request, so nginx gets closer to a
//   full core and the req/s ratio means more.
import { spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { measure, wrkInstalled } from "./measure.js";
import { mainConfig, makeWorkDirs, SERVER_NAME, siteConfig, staticConfig, writeCertificate } from "./nginx-config.js";
import { freePort, processCpuSeconds } from "./process.js";

const NOBODY = 65534;

function findBinary(names) {
  for (const name of names) {
    if (spawnSync(name, ["-v"], { stdio: "ignore" }).error === undefined) return name;
  }
  return null;
}

/** GET over TLS without certificate checks; the body as received (still gzipped). */
function rawGet(port, pathname, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = https.request(
      { host: "127.0.0.1", port, path: pathname, servername: SERVER_NAME, rejectUnauthorized: false, headers, agent: false },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

async function waitForPort(port, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise((resolve) => {
      const s = net.connect(port, "127.0.0.1", () => {
        s.destroy();
        resolve(true);
      });
      s.on("error", () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on port ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** CPU seconds of an nginx master and all its children (workers, cache manager/loader). */
function nginxCpuSeconds(masterPid) {
  let total = processCpuSeconds(masterPid);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === masterPid) total += processCpuSeconds(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/**
 * Starts nginx with the shipped config in front of `app`. Returns null (and why) when nginx or openssl is
 * not installed. The caller must call stop(); an exit hook also stops nginx if the process ends first.
 */
async function startNginx({ appBaseUrl, uploadParent }) {
  const nginx = findBinary(["nginx", "/usr/sbin/nginx"]);
  if (!nginx) return { skipped: "nginx is not installed" };
  if (!findBinary(["openssl"])) return { skipped: "openssl is not installed (needed for the test certificate)" };

  const dir = mkdtempSync(path.join(tmpdir(), "pneuma-bench-nginx-"));
  makeWorkDirs(dir);
  try {
    writeCertificate(dir);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const [httpPort, httpsPort, staticPort] = [await freePort(), await freePort(), await freePort()];
  const appPort = Number(new URL(appBaseUrl).port);
  writeFileSync(path.join(dir, "pneuma.conf"), siteConfig({ appPort, httpPort, httpsPort, dir, uploadParent }));
  writeFileSync(path.join(dir, "static.conf"), "");
  const confPath = path.join(dir, "nginx.conf");
  writeFileSync(confPath, mainConfig(dir));

  // Unprivileged: as root, nginx runs as nobody, owning its directory; otherwise as this user.
  const asRoot = process.getuid?.() === 0;
  const chownAll = () => {
    if (!asRoot) return;
    const walk = (p) => {
      chownSync(p, NOBODY, NOBODY);
      for (const e of readdirSync(p, { withFileTypes: true })) {
        if (e.isDirectory()) walk(path.join(p, e.name));
        else chownSync(path.join(p, e.name), NOBODY, NOBODY);
      }
    };
    walk(dir);
  };
  const user = asRoot ? { uid: NOBODY, gid: NOBODY } : {};
  const args = ["-p", dir, "-c", confPath, "-e", path.join(dir, "logs", "error.log")];
  chownAll();
  const check = spawnSync(nginx, ["-t", "-q", ...args], { ...user, encoding: "utf8" });
  if (check.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`nginx -t failed:\n${check.stderr}${check.stdout}`);
  }

  const child = spawn(nginx, [...args, "-g", "daemon off;"], { ...user, stdio: ["ignore", "inherit", "inherit"] });
  const onExit = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  };
  process.on("exit", onExit);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGQUIT"); // graceful: flushes the buffered access logs
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    process.off("exit", onExit);
  };
  try {
    await Promise.race([
      waitForPort(httpsPort),
      new Promise((_, reject) => child.once("exit", (code) => reject(new Error(`nginx exited with ${code}`)))),
    ]);
  } catch (err) {
    await stop();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }

  return {
    nginx,
    dir,
    httpsPort,
    staticPort,
    cpuSeconds: () => nginxCpuSeconds(child.pid),
    /** Fetches each page once through the config and serves that copy from the static server. */
    async addStaticCopies(pages) {
      const copies = [];
      for (const [i, [, pathname]] of pages.entries()) {
        const res = await rawGet(httpsPort, pathname, { "Accept-Encoding": "gzip" });
        if (res.status !== 200 || res.headers["content-encoding"] !== "gzip") {
          throw new Error(`${pathname} through nginx: status ${res.status}, encoding ${res.headers["content-encoding"]}`);
        }
        const file = `page-${i}.html`;
        writeFileSync(path.join(dir, "static", file), gunzipSync(res.body));
        writeFileSync(path.join(dir, "static", `${file}.gz`), res.body);
        copies.push({ path: pathname, file, headers: res.headers });
      }
      writeFileSync(path.join(dir, "static.conf"), staticConfig({ port: staticPort, dir, pages: copies }));
      chownAll();
      const reload = spawnSync(nginx, ["-t", "-q", ...args], { ...user, encoding: "utf8" });
      if (reload.status !== 0) throw new Error(`nginx -t failed for the static server:\n${reload.stderr}`);
      child.kill("SIGHUP");
      await waitForPort(staticPort);
      // Check: the static copy answers with the very bytes the config served.
      for (const [i, [, pathname]] of pages.entries()) {
        const res = await rawGet(staticPort, pathname, { "Accept-Encoding": "gzip" });
        const expected = readFileSync(path.join(dir, "static", `page-${i}.html.gz`));
        if (res.status !== 200 || !res.body.equals(expected)) {
          throw new Error(
            `static copy of ${pathname}: status ${res.status}, ${res.body.length} bytes, expected ${expected.length}`,
          );
        }
      }
    },
    /** Upstream cache statuses per URL from the access log (after stop()). */
    cacheStatuses() {
      const counts = new Map();
      const log = existsSync(path.join(dir, "logs", "access.log"))
        ? readFileSync(path.join(dir, "logs", "access.log"), "utf8")
        : "";
      for (const line of log.split("\n")) {
        const [status, , uri] = line.split(" ");
        if (!uri) continue;
        const byStatus = counts.get(uri) ?? new Map();
        byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
        counts.set(uri, byStatus);
      }
      return counts;
    },
    errorLogTail() {
      try {
        return readFileSync(path.join(dir, "logs", "error.log"), "utf8")
          .split("\n")
          .slice(-5)
          .join("\n");
      } catch {
        return "";
      }
    },
    stop,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Each page through the config and from the static copy. `app` is the bench server behind nginx (for its
 * CPU time). Returns printable rows and ratio lines, or { skipped }.
 */
export async function benchNginx({ app, pages, seconds, connections, onStarted }) {
  const started = await startNginx({ appBaseUrl: app.baseUrl, uploadParent: app.dataDir });
  if (started.skipped) return started;
  const nginx = started;
  onStarted?.(nginx);
  const client = wrkInstalled() ? "wrk" : "autocannon";
  const rows = [];
  const ratios = [];
  try {
    await nginx.addStaticCopies(pages);
    for (const [name, pathname] of pages) {
      const figures = {};
      for (const [label, port] of [
        ["through deploy/nginx.conf", nginx.httpsPort],
        ["static copy (ceiling)", nginx.staticPort],
      ]) {
        const before = { nginx: nginx.cpuSeconds(), app: app.cpuSeconds() };
        const r = await measure(`https://127.0.0.1:${port}${pathname}`, {
          seconds,
          connections,
          client,
          servername: SERVER_NAME,
          headers: { "accept-encoding": "gzip" },
        });
        const share = (cpu) => cpu / seconds;
        const nginxShare = share(nginx.cpuSeconds() - before.nginx);
        figures[label] = { rps: r.rps, perNginxCpu: r.rps / nginxShare };
        rows.push({
          page: name,
          served: label,
          "req/s": Math.round(r.rps),
          "p50 ms": r.p50,
          "p99 ms": r.p99,
          errors: r.errors,
          "KB/resp": Number((r.bytesPerRequest / 1024).toFixed(1)),
          "nginx CPU %": Math.round(nginxShare * 100),
          "app CPU %": Math.round(share(app.cpuSeconds() - before.app) * 100),
          "client CPU %": Number.isNaN(r.clientCpuSeconds) ? "-" : Math.round(share(r.clientCpuSeconds) * 100),
          "req per nginx CPU-s": Math.round(r.rps / nginxShare),
        });
      }
      const through = figures["through deploy/nginx.conf"];
      const ceiling = figures["static copy (ceiling)"];
      ratios.push(
        `${name}: through config / static ceiling = ${(through.rps / ceiling.rps).toFixed(2)} in req/s, ` +
          `${(through.perNginxCpu / ceiling.perNginxCpu).toFixed(2)} in requests per nginx CPU-second`,
      );
    }
  } finally {
    await nginx.stop();
  }
  const cache = [];
  for (const [uri, byStatus] of nginx.cacheStatuses()) {
    if (!pages.some(([, p]) => p === uri)) continue;
    const total = [...byStatus.values()].reduce((a, b) => a + b, 0);
    const parts = [...byStatus]
      .sort((a, b) => b[1] - a[1])
      .map(([s, n]) => `${s === "-" ? "none" : s} ${((n / total) * 100).toFixed(2)}%`);
    cache.push(`${uri}: ${parts.join(", ")}`);
  }
  nginx.remove();
  return { client, rows, ratios, cache, nginx: nginx.nginx };
}
