import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, type SignedInServer, startSignedInServerProcess } from "../support/process";
import { type RawAnswer, rawRequest } from "../support/raw-http";
import { ADMIN } from "../support/server";

/**
 * The real pages of the production server, kept as bytes (issue 13): a public page has no CSP nonce, so a
 * kept page is sent as is, in brotli, gzip or uncompressed, and is the page a render gives. The bounds and
 * key normalisation are checked in response-cache.test.ts; here, what React Router's pages make of it.
 */

let running: SignedInServer;
let server: ServerProcess;
beforeAll(async () => {
  running = await startSignedInServerProcess(ADMIN, { LOG_LEVEL: "info" });
  server = running.server;
});
afterAll(() => running?.stop());

type Raw = RawAnswer;

/** A GET whose body is not decompressed by the client, so the bytes sent can be checked. */
function get(pathname: string, headers: Record<string, string> = {}): Promise<Raw> {
  return rawRequest(`${server.url}${pathname}`, headers);
}

/** Renders the page once, then waits until it is sent from the cache (as bytes, with their length; a render is streamed). */
async function warm(pathname: string): Promise<Raw> {
  const rendered = await get(pathname);
  expect(rendered.status, pathname).toBe(200);
  // Kept once compressed, in the background: asked again until an answer has a length (the bound: a failure).
  const keptLength = async () => (await get(pathname, { "accept-encoding": "br" })).headers["content-length"];
  await expect.poll(keptLength, { timeout: 10_000, interval: 20, message: `${pathname} was not kept` }).toBeDefined();
  return rendered;
}

async function expectKept(pathname: string): Promise<void> {
  const rendered = await warm(pathname);
  for (const [encoding, accept] of [
    ["br", "gzip, deflate, br, zstd"],
    ["gzip", "gzip, deflate"],
    [undefined, "identity"],
  ] as const) {
    const res = await get(pathname, { "accept-encoding": accept });
    const label = `${pathname} ${accept}`;
    expect(res.status, label).toBe(200);
    expect(res.headers["content-encoding"], label).toBe(encoding);
    expect(res.headers["content-length"], label).toBe(String(res.bytes.length));
    expect(res.headers.vary, label).toMatch(/accept-encoding/i);
    expect(res.headers["cache-control"], label).toBe("public, max-age=0, s-maxage=1, stale-while-revalidate=10");
    expect(res.headers["content-type"], label).toBe("text/html; charset=utf-8");
    expect(res.headers.etag, label).toBe(rendered.headers.etag);
    expect(res.body.equals(rendered.body), `${label}: the kept page is the rendered one`).toBe(true);
  }
}

describe("real pages kept as bytes", () => {
  it("keeps the home page and a product page, byte-identical in every encoding, with no CSP nonce", async () => {
    const products = JSON.parse((await get("/api/product?limit=1")).body.toString()).data;
    const product = `/products/${products[0].categoryId.slug}/${products[0].slug}`;
    for (const pathname of ["/", product, "/about"]) {
      await expectKept(pathname);
      const res = await get(pathname, { "accept-encoding": "br" });
      expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
      expect(res.headers["content-security-policy"]).not.toContain("nonce-");
      expect(res.body.toString()).not.toMatch(/nonce="[^"]/);
    }
  });

  it("compresses a page rendered for the request in the encoding it accepts (a URL that is not kept)", async () => {
    // An unknown query parameter: rendered every time, never kept (server/cache/page-cache.ts).
    const pathname = "/about?utm_source=test";
    const plain = await get(pathname, { "accept-encoding": "identity" });
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toContain("</html>");
    for (const [encoding, accept] of [
      ["br", "gzip, deflate, br, zstd"],
      ["gzip", "gzip, deflate"],
    ] as const) {
      const res = await get(pathname, { "accept-encoding": accept });
      expect(res.status, accept).toBe(200);
      expect(res.headers["content-encoding"], accept).toBe(encoding);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(res.headers.etag, accept).toBe(plain.headers.etag);
      expect(res.bytes.length, accept).toBeLessThan(plain.body.length / 3);
      expect(res.body.equals(plain.body), `${accept}: the same page, decompressed`).toBe(true);
    }
  });

  it("sends the page's script and stylesheet as compressed at build time, in the encoding asked for", async () => {
    const html = (await get("/", { "accept-encoding": "identity" })).body.toString();
    const script = /<script type="module" async="" src="(\/assets\/main-[\w-]+\.js)"/.exec(html)?.[1];
    const stylesheet = /<link[^>]* rel="stylesheet" href="(\/assets\/root-[\w-]+\.css)"/.exec(html)?.[1];
    expect(script, "the home page names its script").toBeTruthy();
    expect(stylesheet, "the home page names its stylesheet").toBeTruthy();
    for (const [pathname, type] of [
      [script, "text/javascript; charset=utf-8"],
      [stylesheet, "text/css; charset=utf-8"],
    ] as const) {
      const plain = await get(pathname as string, { "accept-encoding": "identity" });
      expect(plain.status, pathname).toBe(200);
      expect(plain.headers["content-encoding"], pathname).toBeUndefined();
      expect(plain.headers["content-type"], pathname).toBe(type);
      for (const [encoding, accept] of [
        ["br", "gzip, deflate, br, zstd"],
        ["gzip", "gzip, deflate"],
      ] as const) {
        const label = `${pathname} ${accept}`;
        const res = await get(pathname as string, { "accept-encoding": accept });
        expect(res.status, label).toBe(200);
        expect(res.headers["content-encoding"], label).toBe(encoding);
        expect(res.headers["content-type"], label).toBe(type);
        expect(res.headers.vary, label).toMatch(/accept-encoding/i);
        expect(res.headers["cache-control"], label).toBe("public, max-age=31536000, immutable");
        // A file sent as it is has its length; compression() on the fly would stream it without one.
        expect(res.headers["content-length"], label).toBe(String(res.bytes.length));
        expect(res.body.equals(plain.body), `${label}: the same file, decompressed`).toBe(true);
      }
    }
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const rendered = await warm("/about");
    const again = await get("/about", { "if-none-match": rendered.headers.etag as string, "accept-encoding": "br" });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.headers.vary).toMatch(/Accept-Encoding/);
  });

  it("says Vary: Accept-Encoding on a 304 of a page rendered anew (one never kept) too", async () => {
    // A parameter no page reads: rendered every time, never kept (server/cache/page-cache.ts).
    const rendered = await get("/about?from=newsletter", { "accept-encoding": "br" });
    expect(rendered.headers["content-length"]).toBeUndefined();
    const again = await get("/about?from=newsletter", { "if-none-match": rendered.headers.etag as string });
    expect(again.status).toBe(304);
    expect(again.headers.vary).toMatch(/Accept-Encoding/);
  });

  it("gives staff screens a nonce and no-store", async () => {
    const res = await get("/admin/login");
    expect(res.headers["content-security-policy"]).toMatch(/'nonce-[A-Za-z0-9+/=]{24}'/);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("shows a change at once", async () => {
    await warm("/");
    const { token } = running;
    const saved = await fetch(`${server.url}/api/settings`, {
      method: "PUT",
      headers: { "content-type": "application/json", "x-auth-token": token },
      body: JSON.stringify({ companyName: "Bytes Kept Air" }),
    });
    expect(saved.status).toBe(200);
    for (const accept of ["br", "gzip", "identity"]) {
      expect((await get("/", { "accept-encoding": accept })).body.toString(), accept).toContain("Bytes Kept Air");
    }
    await warm("/");
    expect((await get("/", { "accept-encoding": "br" })).body.toString()).toContain("Bytes Kept Air");
  });
});
