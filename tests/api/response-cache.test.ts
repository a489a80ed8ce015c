import type { RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KeepPage } from "../../server/cache/page-cache";
import { weakEtag } from "../../server/cache/response-cache";
import { readSettings } from "../../server/content/public-reads";
import { png } from "../support/content-api";
import { type RawAnswer, rawRequest } from "../support/raw-http";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Kept answers (issue 13): public API reads and rendered pages are kept as bytes (as is, gzip, brotli)
 * with their ETag and sent as such; both caches and the content cache stay within their bounds however
 * many URLs are asked for, and URLs that mean the same share one entry.
 */

const PUBLIC = "public, max-age=0, s-maxage=1, stale-while-revalidate=10";
/** Small bounds (a quarter of what they were), so that a few hundred requests go well past each of them. */
const LIMITS = {
  content: { maxEntries: 75, maxBytes: 75_000 },
  answers: { maxEntries: 25, maxBytes: 50_000 },
  pages: { maxEntries: 20, maxBytes: 160_000 },
};

/**
 * Stands in for React Router (its real pages are checked in process.test.ts and the browser tests): a
 * public page shows the company name and its URL, and is offered to the page cache as entry.server does.
 */
const fakePages: RequestHandler = async (req, res) => {
  if (req.path.startsWith("/missing")) {
    res.status(404).type("html").send("<p>Not found</p>");
    return;
  }
  const settings = await readSettings(s.ctx);
  const html = Buffer.from(
    `<!doctype html><title>${settings.companyName}</title><p>${req.path}</p>${"<p>filler</p>".repeat(300)}`,
  );
  const etag = weakEtag(html);
  (res.locals.keepPage as KeepPage | undefined)?.(html, etag, [["link", "</assets/site.css>; rel=preload; as=style"]]);
  res.setHeader("ETag", etag);
  res.type("html").send(html);
};

let s: TestServer;
let token: string;
let productId: string;
beforeAll(async () => {
  s = await startTestServer({}, { context: { cacheLimits: LIMITS }, pages: fakePages });
  token = await s.login();
  const category = await s.request("POST", "/api/category", { token, json: { name: "Screw compressors" } });
  const form = new FormData();
  form.set("name", "PN-22");
  form.set("categoryId", category.body.data._id);
  form.set("shortDescription", "A compressor.");
  form.set("fullDescription", "A compressor kept as bytes.");
  form.set("mainImage", await png());
  const product = await s.request("POST", "/api/product", { token, form });
  expect(product.status, product.text).toBe(201);
  productId = product.body.data._id;
  expect(product.body.data.slug).toBe("pn-22");
});
afterAll(async () => {
  await s.close();
});

type Raw = RawAnswer;

/** A GET whose body is not decompressed by the client (fetch would), so the bytes sent can be checked. */
function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return rawRequest(`${s.url}${path}`, headers, method);
}

/** Asks once (a miss: rendered or read, then compressed in the background) and waits until it is kept. */
async function warm(path: string): Promise<Raw> {
  const first = await get(path, { "accept-encoding": "identity" });
  await Promise.all([s.ctx.answers.idle(), s.ctx.pages.idle()]);
  return first;
}

/** The same answer in every encoding, sent from the cache (as bytes with a length), with the same ETag. */
async function expectKeptInEveryEncoding(path: string, cache: "answers" | "pages"): Promise<Buffer> {
  const first = await warm(path);
  expect(first.status, path).toBe(200);
  const hits = s.ctx[cache].hits;
  const answers = {
    br: await get(path, { "accept-encoding": "gzip, deflate, br, zstd" }),
    gzip: await get(path, { "accept-encoding": "gzip, deflate" }),
    identity: await get(path, { "accept-encoding": "identity" }),
    none: await get(path),
  };
  expect(s.ctx[cache].hits - hits, path).toBe(4);
  for (const [encoding, res] of Object.entries(answers)) {
    const label = `${path} ${encoding}`;
    expect(res.status, label).toBe(200);
    expect(res.headers["content-encoding"], label).toBe(encoding === "br" || encoding === "gzip" ? encoding : undefined);
    expect(res.headers["content-length"], label).toBe(String(res.bytes.length));
    expect(res.headers.vary, label).toMatch(/accept-encoding/i);
    expect(res.headers["cache-control"], label).toBe(PUBLIC);
    expect(res.headers.etag, label).toBe(first.headers.etag);
    expect(res.body.equals(first.body), label).toBe(true);
  }
  if (first.body.length > 1_000) {
    expect(answers.br.bytes.length, path).toBeLessThan(answers.gzip.bytes.length);
    expect(answers.gzip.bytes.length, path).toBeLessThan(answers.identity.bytes.length);
  }
  return first.body;
}

describe("public API answers kept as bytes", () => {
  it("sends each public read from the cache, byte-identical in brotli, gzip and as is", async () => {
    for (const path of ["/api/product", `/api/product/${productId}`, "/api/product/pn-22", "/api/category", "/api/settings"]) {
      const body = await expectKeptInEveryEncoding(path, "answers");
      expect(() => JSON.parse(body.toString())).not.toThrow();
    }
    const res = await get("/api/product/pn-22", { "accept-encoding": "br" });
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(JSON.parse(res.body.toString()).name).toBe("PN-22");
  });

  it("answers 304 to a matching If-None-Match, from the cache, and HEAD with the length only", async () => {
    const path = `/api/product/${productId}`;
    const { headers } = await warm(path);
    const hits = s.ctx.answers.hits;
    const again = await get(path, { "if-none-match": headers.etag as string, "accept-encoding": "gzip" });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.headers.etag).toBe(headers.etag);
    // A request that asks for a full answer gets one (as Express does).
    expect((await get(path, { "if-none-match": headers.etag as string, "cache-control": "no-cache" })).status).toBe(200);
    const head = await get(path, { "accept-encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
    expect(head.bytes.length).toBe(0);
    expect(s.ctx.answers.hits - hits).toBe(3);
  });

  it("shows a change at once, in every encoding", async () => {
    const path = "/api/product/PN-22";
    await warm(path);
    const renamed = await s.request("PUT", `/api/product/${productId}`, { token, json: { name: "PN-22 Plus" } });
    expect(renamed.status, renamed.text).toBe(200);
    for (const encoding of ["br", "gzip", "identity"]) {
      const res = await get(path, { "accept-encoding": encoding });
      expect(JSON.parse(res.body.toString()).name, encoding).toBe("PN-22 Plus");
    }
    await s.ctx.answers.idle();
    const kept = await get(path, { "accept-encoding": "br" });
    expect(JSON.parse(kept.body.toString()).name).toBe("PN-22 Plus");
  });

  it("keeps nothing asked with a token, not found, or refused", async () => {
    s.ctx.cache.invalidate();
    const withToken = await s.request("GET", "/api/product", { token });
    expect(withToken.headers.get("cache-control")).toBe("no-store");
    expect((await get("/api/product/no-such-product")).status).toBe(404);
    expect((await get("/api/product?page=0")).status).toBe(400);
    expect((await get("/api/product?limit=1&limit=2")).status).toBe(400);
    expect((await get("/api/settings/security")).status).toBe(401);
    await s.ctx.answers.idle();
    expect(s.ctx.answers.size).toBe(0);
  });
});

/** Asks for every path, `parallel` at a time, and returns the statuses seen. */
async function flood(paths: string[], parallel = 16): Promise<Set<number>> {
  const statuses = new Set<number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < paths.length) {
        const path = paths[next++]!;
        statuses.add((await get(path, { "accept-encoding": "gzip" })).status);
      }
    }),
  );
  await Promise.all([s.ctx.answers.idle(), s.ctx.pages.idle()]);
  return statuses;
}

const randomCase = (text: string) => [...text].map((c) => (Math.random() < 0.5 ? c.toUpperCase() : c.toLowerCase())).join("");
const randomText = () => Math.random().toString(36).slice(2);

describe("key flooding", () => {
  it("gives URLs that mean the same answer one entry in the answer cache and one in the content cache", async () => {
    const equivalents: [string, string[]][] = [
      [
        "slug in any case",
        Array.from({ length: 100 }, () => `/API/Product/${randomCase("pn-22")}${Math.random() < 0.5 ? "/" : ""}`),
      ],
      [
        "limit and page written differently, in any order, with unknown parameters",
        Array.from({ length: 100 }, (_, i) => {
          const params = [
            ["limit", ["10", "010", "10.0", "1e1", " 10"][i % 5]!],
            ...(i % 3 === 0 ? [] : [["page", ["1", "01", "1.0"][i % 3]!]]),
            [`utm_${randomText()}`, randomText()],
          ];
          if (i % 2) params.reverse();
          return `/api/product?${params.map(([k, v]) => `${k}=${encodeURIComponent(v!)}`).join("&")}`;
        }),
      ],
      ["random query strings on a list", Array.from({ length: 100 }, () => `/api/category?${randomText()}=${randomText()}`)],
    ];
    for (const [label, paths] of equivalents) {
      s.ctx.cache.invalidate();
      expect(await flood(paths), label).toEqual(new Set([200]));
      expect(s.ctx.answers.size, label).toBe(1);
      expect(s.ctx.cache.size, label).toBe(1);
    }
  });

  it("keeps nothing for made-up slugs and ids", async () => {
    s.ctx.cache.invalidate();
    const paths = Array.from({ length: 150 }, (_, i) =>
      i % 2 ? `/api/product/made-up-${randomText()}` : `/api/category/${"0123456789abcdef".repeat(2).slice(0, 24)}?n=${i}`,
    );
    expect(await flood(paths)).toEqual(new Set([404]));
    expect(s.ctx.answers.size).toBe(0);
    expect(s.ctx.cache.size).toBe(0);
  });

  it("stays within its entries and bytes however many distinct answers are asked for", async () => {
    s.ctx.cache.invalidate();
    // 380 URLs, 350 distinct answers: pages of one product (empty beyond the first), filters, a slug in any case.
    const paths = [
      ...Array.from({ length: 300 }, (_, i) => `/api/product?limit=${(i % 25) + 1}&page=${Math.floor(i / 25) + 1}`),
      ...Array.from({ length: 50 }, (_, i) => `/api/product?featured=${i % 2 ? "true" : "no"}&page=${i + 1}`),
      ...Array.from({ length: 30 }, () => `/api/product/${randomCase("pn-22")}?${randomText()}`),
    ];
    expect(await flood(paths)).toEqual(new Set([200]));
    expect(s.ctx.answers.size).toBeGreaterThan(0);
    expect(s.ctx.answers.size).toBeLessThanOrEqual(LIMITS.answers.maxEntries);
    expect(s.ctx.answers.bytes).toBeLessThanOrEqual(LIMITS.answers.maxBytes);
    expect(s.ctx.cache.size).toBeLessThanOrEqual(LIMITS.content.maxEntries);
    expect(s.ctx.cache.bytes).toBeLessThanOrEqual(LIMITS.content.maxBytes);
    // Still answering from the cache and right afterwards.
    const answer = await get("/api/product?limit=100");
    expect(JSON.parse(answer.body.toString()).data.map((p: { name: string }) => p.name)).toEqual(["PN-22 Plus"]);
  });

  it("bounds the page cache too, keeps pages with reordered or unknown query parameters once or not at all, searches apart", async () => {
    s.ctx.cache.invalidate();
    const reordered = Array.from({ length: 60 }, (_, i) =>
      i % 2 ? "/products/screw?type=oil-free&page=2" : "/products/screw?page=2&type=oil-free",
    );
    expect(await flood(reordered)).toEqual(new Set([200]));
    expect(s.ctx.pages.size).toBe(1);
    const unknown = Array.from({ length: 100 }, () => `/about?${randomText()}=${randomText()}`);
    const search = Array.from({ length: 40 }, () => `/search?q=${randomText()}`);
    const missing = Array.from({ length: 40 }, () => `/missing/${randomText()}`);
    expect(await flood([...unknown, ...search, ...missing])).toEqual(new Set([200, 404]));
    // Made-up parameters are not kept; searches (what visitors type) are, on the query shelf and within its
    // own bounds, so they push no page out.
    expect(s.ctx.pages.shelf("content").size).toBe(1);
    expect(s.ctx.pages.shelf("query").size).toBeGreaterThan(0);
    expect(s.ctx.pages.shelf("query").size).toBeLessThanOrEqual(Math.floor(LIMITS.pages.maxEntries / 4));
    expect(s.ctx.pages.shelf("query").bytes).toBeLessThanOrEqual(LIMITS.pages.maxBytes / 4);
    const hits = s.ctx.pages.hits;
    expect((await get("/products/screw?type=oil-free&page=2")).status).toBe(200);
    expect(s.ctx.pages.hits).toBe(hits + 1);
    const distinct = Array.from({ length: 200 }, (_, i) => `/products/p${i}?page=${i % 7}`);
    expect(await flood(distinct)).toEqual(new Set([200]));
    expect(s.ctx.pages.shelf("content").size).toBeLessThanOrEqual(LIMITS.pages.maxEntries);
    expect(s.ctx.pages.shelf("content").bytes).toBeLessThanOrEqual(LIMITS.pages.maxBytes);
    expect(s.ctx.pages.shelf("content").size).toBeGreaterThan(10);
  });
});

describe("pages kept as bytes", () => {
  it("sends a kept page byte-identical in every encoding, with the headers the render set", async () => {
    s.ctx.cache.invalidate();
    await expectKeptInEveryEncoding("/about", "pages");
    const res = await get("/about", { "accept-encoding": "br" });
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers.link).toBe("</assets/site.css>; rel=preload; as=style");
    const etag = res.headers.etag as string;
    expect((await get("/about", { "if-none-match": etag })).status).toBe(304);
  });

  it("gives public pages a fixed policy without a nonce, and staff screens a new nonce each time", async () => {
    const policies = [(await get("/about")).headers, (await get("/")).headers].map((h) => h["content-security-policy"]);
    for (const csp of policies) {
      expect(csp).toMatch(/script-src 'self'/);
      expect(csp).not.toContain("nonce-");
    }
    expect(policies[0]).toBe(policies[1]);
    const nonce = async () =>
      /'nonce-([A-Za-z0-9+/=]{24})'/.exec(String((await get("/admin/login")).headers["content-security-policy"]))?.[1];
    const first = await nonce();
    expect(first).toBeTruthy();
    expect(await nonce()).not.toBe(first);
  });

  it("shows a change at once", async () => {
    await warm("/about");
    const before = (await readSettings(s.ctx)).companyName;
    expect((await get("/about", { "accept-encoding": "br" })).body.toString()).toContain(`<title>${before}`);
    const saved = await s.request("PUT", "/api/settings", { token, json: { companyName: "Kept Bytes Air" } });
    expect(saved.status, saved.text).toBe(200);
    for (const encoding of ["br", "gzip", "identity"]) {
      expect((await get("/about", { "accept-encoding": encoding })).body.toString(), encoding).toContain("<title>Kept Bytes Air");
    }
  });
});
