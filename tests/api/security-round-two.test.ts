import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../support/enquiries";
import { type ServerProcess, type SignedInServer, startServerProcess, startSignedInServerProcess } from "../support/process";
import { ADMIN, startTestServer, type TestServer } from "../support/server";

/**
 * Issue 29, the second security review: start-up refuses settings that would let a request choose e-mail
 * links (SMTP_URL without SITE_URL) or its own address (TRUST_PROXY=true); writes from other sites are
 * refused; the enquiry notification addresses are for staff only; malformed requests (an unknown method,
 * a Host that is no host, a date that does not exist) answer 4xx in the error shape, never cached, with
 * nothing but JSON lines in the log.
 */

const SITE_URL = "https://www.pneuma.example";
const EVIL = "https://evil.example";

/** The error shape, never stored by a cache. */
function expectErrorShape(status: number, headers: Headers | http.IncomingHttpHeaders, body: unknown, expected: number) {
  expect(status).toBe(expected);
  const get = (name: string) => (headers instanceof Headers ? headers.get(name) : headers[name]);
  expect(get("content-type")).toContain("application/json");
  expect(get("cache-control")).toBe("no-store");
  const { message, error } = body as { message: string; error: string };
  expect(typeof message).toBe("string");
  expect(message.length).toBeGreaterThan(10);
  expect(error).toBe(message);
}

describe("start-up refusals", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "pneuma-refusals-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The server's exit code and everything it printed, when it must not start. */
  async function refusal(env: Record<string, string>): Promise<{ code: unknown; output: string }> {
    const started = await startServerProcess({ DATA_DIR: dataDir, ...env }).then(
      (server) => server,
      (err: { code?: unknown; output?: string }) => ({ code: err.code, output: err.output ?? "" }),
    );
    if ("proc" in started) {
      started.proc.kill("SIGTERM");
      await started.exited;
      throw new Error("the server started");
    }
    return started;
  }

  it("refuses SMTP_URL without SITE_URL, naming SITE_URL in words", async () => {
    const { code, output } = await refusal({ SMTP_URL: "smtp://127.0.0.1:2525", MAIL_FROM: "website@pneuma.example" });
    expect(code).toBe(1);
    expect(output).toContain("SITE_URL must be set when SMTP_URL is");
    expect(output).not.toMatch(/^\s+at /m); // a message, not a stack trace
  });

  it("refuses TRUST_PROXY=true, asking for a hop count or the proxies' addresses", async () => {
    const { code, output } = await refusal({ TRUST_PROXY: "true" });
    expect(code).toBe(1);
    expect(output).toContain("TRUST_PROXY=true would let any client choose its own address");
    expect(output).toContain("(1 for one nginx)");
    expect(output).toContain("loopback");
    expect(output).not.toMatch(/^\s+at /m);
  });
});

describe("the API", () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startTestServer({ SITE_URL, RATE_LIMITS: "off" });
    token = await s.login();
  });
  afterAll(async () => {
    await s?.close();
  });

  const message = (subject: string) =>
    new URLSearchParams({ name: "Ravi", email: "ravi@example.com", subject, message: "Please call me back." });
  const enquiries = async () => Number((await s.request("GET", "/api/contacts", { token })).headers.get("x-total-count"));

  describe("writes from other sites", () => {
    it("refuses a form post whose Origin is another site, or Sec-Fetch-Site: cross-site (403, nothing stored)", async () => {
      const before = await enquiries();
      const quote = new FormData();
      for (const [k, v] of Object.entries({ name: "Ravi", email: "ravi@example.com", message: "Quote please" })) quote.set(k, v);
      for (const [path, body, headers] of [
        ["/api/contacts", message("from evil").toString(), { origin: EVIL }],
        ["/api/contacts", message("from a frame").toString(), { origin: "null" }],
        ["/api/contacts", message("fetch metadata").toString(), { "sec-fetch-site": "cross-site" }],
        ["/api/contacts", message("sibling port").toString(), { origin: `${s.url.replace(/\d+$/, "1")}` }],
        ["/api/quotes", quote, { origin: EVIL, "sec-fetch-site": "cross-site" }],
      ] as const) {
        const res = await fetch(s.url + path, { method: "POST", headers, body });
        expectErrorShape(res.status, res.headers, await res.json(), 403);
      }
      expect(await enquiries()).toBe(before);
    });

    it("refuses staff writes from other sites too, even with a valid token", async () => {
      const before = (await s.request("GET", "/api/settings", { token })).body;
      const put = await s.request("PUT", "/api/settings", {
        token,
        json: { companyName: "Hijacked" },
        headers: { origin: EVIL },
      });
      expectErrorShape(put.status, put.headers, put.body, 403);
      const del = await s.request("DELETE", "/api/contacts/anything", { token, headers: { "sec-fetch-site": "cross-site" } });
      expectErrorShape(del.status, del.headers, del.body, 403);
      expect((await s.request("GET", "/api/settings", { token })).body).toEqual(before);
    });

    it("lets through writes from our own pages (SITE_URL or the host reached), server clients, and reads", async () => {
      const before = await enquiries();
      const allowed: Record<string, string>[] = [
        {},
        { origin: SITE_URL, "sec-fetch-site": "same-origin" },
        { origin: s.url, "sec-fetch-site": "same-origin" },
        { "sec-fetch-site": "same-site" },
        { "sec-fetch-site": "none" },
      ];
      for (const headers of allowed) {
        const res = await fetch(`${s.url}/api/contacts`, { method: "POST", headers, body: message("hello") });
        expect(res.status, JSON.stringify(headers)).toBe(201);
      }
      expect(await enquiries()).toBe(before + 5);
      expect(
        (await s.request("GET", "/api/settings", { headers: { origin: EVIL, "sec-fetch-site": "cross-site" } })).status,
      ).toBe(200);
    });
  });

  describe("date filters", () => {
    const LISTS = ["/api/contacts", "/api/contacts/export.csv", "/api/activity"];

    it("answer a day that does not exist, or a year the database cannot hold, with 400 (not 500, not a cut-off CSV)", async () => {
      for (const list of LISTS) {
        for (const day of ["0000-01-01", "2026-02-31", "2026-13-01", "0999-12-31", "1899-12-31", "2026-1-1"]) {
          for (const field of ["from", "to"]) {
            const res = await s.request("GET", `${list}?${field}=${day}`, { token });
            const what = `${list}?${field}=${day}`;
            expect(res.status, what).toBe(400);
            expectErrorShape(res.status, res.headers, res.body, 400);
            expect(res.body.message, what).toContain(field === "from" ? "From must be" : "To must be");
          }
        }
      }
    });

    it("take every real day from 1900 to 9999", async () => {
      const before = await enquiries();
      for (const list of LISTS) {
        const res = await s.request("GET", `${list}?from=1900-01-01&to=9999-12-31`, { token });
        expect(res.status, `${list}: ${res.text.slice(0, 200)}`).toBe(200);
        if (list === "/api/contacts") expect(Number(res.headers.get("x-total-count"))).toBe(before);
        if (list.endsWith(".csv")) expect(res.text.trim().split("\r\n")).toHaveLength(before + 1);
      }
      expect((await s.request("GET", "/api/contacts?from=2028-02-29&to=2028-02-29", { token })).status).toBe(200);
    });
  });
});

describe("pages, on the production server", () => {
  let server: ServerProcess;
  let token: string;
  let running: SignedInServer;
  beforeAll(async () => {
    running = await startSignedInServerProcess(ADMIN);
    ({ server, token } = running);
  });
  afterAll(() => running?.stop());

  /** A request exactly as written (a Host no HTTP client would send), and the answer as it came. */
  function rawExchange(request: string): Promise<{ status: number; headers: [string, string][]; body: string }> {
    const { port } = new URL(server.url);
    return new Promise((resolve, reject) => {
      // Written, not ended: a half-closed socket may lose a slower answer. "Connection: close" ends it.
      const socket = net.connect(Number(port), "127.0.0.1", () => socket.write(request));
      const chunks: Buffer[] = [];
      socket.on("data", (c: Buffer) => chunks.push(c));
      socket.on("error", reject);
      socket.on("close", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        const [head = "", body = ""] = text.split("\r\n\r\n", 2);
        const [statusLine = "", ...lines] = head.split("\r\n");
        const headers = lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]);
        resolve({ status: Number(statusLine.split(" ")[1]), headers: headers as [string, string][], body });
      });
    });
  }

  /** Sends `method` with node:http (fetch() refuses TRACE). */
  function withMethod(method: string, p: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
    return new Promise((resolve, reject) => {
      const req = http.request(`${server.url}${p}`, { method, agent: false }, (res) => {
        let body = "";
        res.on("data", (c) => {
          body += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on("error", reject);
      req.end();
    });
  }

  it("answer a method they do not know (TRACE …) with 405 and Allow, and a Host that is no host (or none) with 400", async () => {
    const printedBefore = server.output().length;
    for (const [method, p] of [
      ["TRACE", "/"],
      ["TRACE", "/contact"],
      ["PROPFIND", "/products"],
      ["OPTIONS", "/about"],
      ["PUT", "/contact"],
    ]) {
      const res = await withMethod(method!, p!);
      expect(res.status, `${method} ${p}`).toBe(405);
      expect(res.headers.allow).toBe("GET, HEAD, POST");
      expectErrorShape(res.status, res.headers, JSON.parse(res.body), 405);
    }
    for (const host of ["a b", "[x", "a<b", "example.com:99999", "a/b"]) {
      for (const p of ["/", "/contact.data", "/api/settings"]) {
        const res = await rawExchange(`GET ${p} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
        const what = `Host: ${host} on ${p}`;
        expect(res.status, what).toBe(400);
        const cacheControl = res.headers.filter(([name]) => name === "cache-control").map(([, v]) => v);
        expect(cacheControl, what).toEqual(["no-store"]);
        expect(res.headers.find(([name]) => name === "content-type")?.[1], what).toContain("application/json");
        expect(JSON.parse(res.body).message, what).toBe("The request's Host header is not a valid host name.");
      }
    }
    // HTTP/1.0 may leave out the Host, but a page is not made without one.
    const noHost = await rawExchange("GET /about HTTP/1.0\r\n\r\n");
    expect(noHost.status).toBe(400);
    expect(JSON.parse(noHost.body).message).toBe("The request has no Host header.");
    // The log has a line for each (21 requests), and nothing but JSON lines: no stack trace printed beside it.
    const printed = await eventually(async () => {
      const text = server.output().slice(printedBefore);
      return (text.match(/"msg":"request"/g) ?? []).length >= 21 ? text : undefined;
    });
    for (const line of printed.split("\n").filter((l) => l.trim() !== "")) {
      expect(() => JSON.parse(line), line).not.toThrow();
    }
    expect(printed).not.toContain('"status":500');
  });

  it("still answer a proper Host and the methods they know", async () => {
    const res = await rawExchange(`GET /about HTTP/1.1\r\nHost: localhost:3000\r\nConnection: close\r\n\r\n`);
    expect(res.status).toBe(200);
    expect((await withMethod("HEAD", "/about")).status).toBe(200);
  });

  it("show the public company details, but never the enquiry notification addresses, in a page or its data", async () => {
    const saved = await fetch(`${server.url}/api/settings`, {
      method: "PUT",
      headers: { "content-type": "application/json", "x-auth-token": token },
      body: JSON.stringify({
        notifications: { quotes: ["private-quotes@pneuma.example"], services: [], messages: ["private-inbox@pneuma.example"] },
        emails: [{ label: "Sales", value: "sales@pneuma.example" }],
      }),
    });
    expect(saved.status).toBe(200);
    for (const p of ["/contact.data", "/_root.data", "/contact", "/quote.data", "/"]) {
      const text = await (await fetch(server.url + p)).text();
      expect(text, p).toContain("sales@pneuma.example");
      expect(text, p).not.toContain("private-");
    }
  });

  it("refuse a form post from another site (403), as the API does, storing nothing", async () => {
    const count = async () =>
      Number((await fetch(`${server.url}/api/contacts`, { headers: { "x-auth-token": token } })).headers.get("x-total-count"));
    const before = await count();
    const form = new URLSearchParams({ name: "Ravi", email: "ravi@example.com", subject: "Hi", message: "Cross-site" });
    const crossSite: Record<string, string>[] = [{ origin: EVIL }, { "sec-fetch-site": "cross-site" }, { origin: "null" }];
    for (const headers of crossSite) {
      const res = await fetch(`${server.url}/contact`, { method: "POST", headers, body: form });
      expectErrorShape(res.status, res.headers, await res.json(), 403);
    }
    expect(await count()).toBe(before);
  });
});
