import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { mainConfig, makeWorkDirs, siteConfig, staticConfig, writeCertificate } from "../../bench/nginx-config.js";

/**
 * `nginx -t` on the shipped deploy/nginx.conf (with deploy/nginx-proxy-headers.conf) and on the config
 * `npm run bench` generates from it, so that neither can break unseen. Runs whenever nginx is installed
 * (CI installs it); openssl makes the self-signed certificate nginx -t loads. nginx -t binds the listen
 * addresses, so the copies listen on free loopback ports; everything else under a temporary directory.
 */
const root = path.resolve(import.meta.dirname, "../..");

function found(command: string, args: string[]): boolean {
  return spawnSync(command, args, { stdio: "ignore" }).error === undefined;
}
// Debian puts nginx in /usr/sbin, which is not on every user's PATH.
const nginx = ["nginx", "/usr/sbin/nginx"].find((c) => found(c, ["-v"]));
const skipReason = !nginx
  ? "nginx is not installed"
  : !found("openssl", ["version"])
    ? "openssl is not installed (it makes the test certificate)"
    : null;
const title = (name: string) => (skipReason ? `${name} (skipped: ${skipReason})` : name);

function freePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, host, () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function ipv6Loopback(): Promise<boolean> {
  try {
    await freePort("::1");
    return true;
  } catch {
    return false;
  }
}

/** Replaces `from` in `text`, failing when it is not there (the shipped file changed: update this test). */
function swap(text: string, from: string | RegExp, to: string): string {
  const next = text.replace(from, to);
  if (next === text) throw new Error(`deploy/nginx.conf no longer contains ${from}; update this test`);
  return next;
}

/** `nginx -t` on dir/nginx.conf, everything (pid, logs, temp files) under dir. */
function nginxTest(dir: string) {
  const r = spawnSync(nginx!, ["-t", "-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "logs", "error.log")], {
    encoding: "utf8",
  });
  return { status: r.status, output: `${r.stderr}${r.stdout}` };
}

let dir = "";
function workDir(): string {
  dir = mkdtempSync(path.join(tmpdir(), "pneuma-nginx-test-"));
  makeWorkDirs(dir);
  writeCertificate(dir);
  return dir;
}
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = "";
});

describe("nginx configuration", () => {
  it.skipIf(skipReason)(title("nginx -t accepts deploy/nginx.conf as shipped, only its paths and ports replaced"), async () => {
    const d = workDir();
    let conf = readFileSync(path.join(root, "deploy", "nginx.conf"), "utf8");
    // What the file asks to adjust (certificate, build root, parent of UPLOAD_DIR), the cache directory,
    // and the include of the proxy headers at this checkout's path.
    conf = swap(conf, "/etc/ssl/certs/pneuma.crt", path.join(d, "tls.crt"));
    conf = swap(conf, "/etc/ssl/private/pneuma.key", path.join(d, "tls.key"));
    conf = swap(conf, "/srv/pneuma/app/build/client", path.join(root, "build", "client"));
    conf = swap(conf, "/srv/pneuma/public", path.join(d, "data"));
    conf = swap(conf, "/var/cache/nginx/pneuma", path.join(d, "cache"));
    conf = swap(
      conf,
      /\/srv\/pneuma\/app\/deploy\/nginx-proxy-headers\.conf/g,
      path.join(root, "deploy", "nginx-proxy-headers.conf"),
    );
    // Each shipped port becomes a free loopback port (IPv6 lines dropped where IPv6 is off); the rest of
    // each listen line (ssl http2) stays. The upstream (127.0.0.1:3000) stays: nginx -t does not connect.
    const ports = new Map<string, number>();
    for (const m of conf.matchAll(/^\s*listen (?:\[::\]:)?(\d+)\b/gm)) {
      if (!ports.has(m[1]!)) ports.set(m[1]!, await freePort());
    }
    expect([...ports.keys()].sort()).toEqual(["443", "80"]);
    const v6 = await ipv6Loopback();
    conf = conf.replace(
      /^(\s*listen )(\[::\]:)?(\d+)\b(.*)$/gm,
      (_, lead: string, ipv6: string | undefined, port: string, rest: string) => {
        const free = ports.get(port);
        if (ipv6) return v6 ? `${lead}[::1]:${free}${rest}` : "";
        return `${lead}127.0.0.1:${free}${rest}`;
      },
    );
    writeFileSync(path.join(d, "pneuma.conf"), conf);
    writeFileSync(path.join(d, "static.conf"), "");
    writeFileSync(path.join(d, "nginx.conf"), mainConfig(d));

    const { status, output } = nginxTest(d);
    expect(status, output).toBe(0);
    expect(output).toMatch(/test is successful/);
  });

  it.skipIf(skipReason)(
    title("nginx -t accepts the config npm run bench generates (shipped config and static copy)"),
    async () => {
      const d = workDir();
      const [httpPort, httpsPort, staticPort] = [await freePort(), await freePort(), await freePort()];
      writeFileSync(
        path.join(d, "pneuma.conf"),
        siteConfig({ appPort: 3999, httpPort, httpsPort, dir: d, uploadParent: path.join(d, "data") }),
      );
      // As bench/nginx.js writes it after fetching each page once: the stored copies and the app's headers.
      writeFileSync(path.join(d, "static", "page-0.html"), "<!doctype html><title>x</title>");
      const headers = {
        "content-type": "text/html; charset=utf-8",
        "content-encoding": "gzip",
        vary: "Accept-Encoding",
        "cache-control": "public, max-age=0, s-maxage=1, stale-while-revalidate=10",
        "content-security-policy": "default-src 'self'; img-src 'self' data:",
        "x-content-type-options": "nosniff",
      };
      const pages = [
        { path: "/", file: "page-0.html", headers },
        { path: "/products", file: "page-1.html", headers },
      ];
      const staticConf = staticConfig({ port: staticPort, dir: d, pages });
      expect(staticConf.match(/^\s*gzip_static on;$/gm)).toHaveLength(1);
      writeFileSync(path.join(d, "static.conf"), staticConf);
      writeFileSync(path.join(d, "nginx.conf"), mainConfig(d));

      const { status, output } = nginxTest(d);
      expect(status, output).toBe(0);
      expect(output).toMatch(/test is successful/);
    },
  );
});
