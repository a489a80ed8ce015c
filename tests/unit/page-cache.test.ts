import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ContentCache } from "../../server/cache/content-cache";
import { PAGE_CACHE_LIMITS, pageKey } from "../../server/cache/page-cache";
import { etagMatches, preferredEncoding, responseCacheFollowing } from "../../server/cache/response-cache";
import { isReadMethod, isStaffPath } from "../../server/http/caching";

const html = (text: string) => Buffer.from(text);

function pageCache() {
  const content = new ContentCache({ enabled: true });
  const pages = responseCacheFollowing(content, { enabled: true, ...PAGE_CACHE_LIMITS });
  return { content, pages };
}

describe("page cache", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps a page as bytes, gzipped and brotli-compressed, until the content cache is invalidated", async () => {
    const { content, pages } = pageCache();
    const body = html(`<html>${"é page ".repeat(500)}</html>`);
    pages.keep("/about", pages.currentGeneration, body, "text/html; charset=utf-8", 'W/"a"', [["link", "</x.css>"]]);
    expect(pages.get("/about")).toBeUndefined(); // still compressing: the next request renders
    await pages.idle();
    const kept = pages.get("/about");
    expect(kept?.identity.equals(body)).toBe(true);
    expect(gunzipSync(kept!.gzip).equals(body)).toBe(true);
    expect(brotliDecompressSync(kept!.br).equals(body)).toBe(true);
    expect(kept!.br.length).toBeLessThan(kept!.gzip.length);
    expect(kept!.headers).toEqual([["link", "</x.css>"]]);
    expect(pages.bytes).toBe(body.length + kept!.gzip.length + kept!.br.length + "/about".length);
    content.invalidate();
    expect(pages.get("/about")).toBeUndefined();
    expect(pages.bytes).toBe(0);
  });

  it("drops a page rendered from data older than a change made during its render or its compression", async () => {
    const { content, pages } = pageCache();
    const renderStartedIn = pages.currentGeneration;
    content.invalidate(); // content changed while the page was rendering
    pages.keep("/about", renderStartedIn, html("<old>"), "text/html", 'W/"a"');
    pages.keep("/", pages.currentGeneration, html("<old home>"), "text/html", 'W/"h"');
    content.invalidate(); // … or while it was being compressed
    await pages.idle();
    expect(pages.get("/about")).toBeUndefined();
    expect(pages.get("/")).toBeUndefined();
    expect(pages.size).toBe(0);
  });

  it("forgets pages after ten minutes, and the least recently used first when full", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { pages } = pageCache();
    pages.keep("/", pages.currentGeneration, html("<home>"), "text/html", 'W/"h"');
    await pages.idle();
    expect(pages.get("/")).toBeDefined();
    vi.advanceTimersByTime(10 * 60_000 + 1);
    expect(pages.get("/")).toBeUndefined();
    for (let i = 0; i < 301; i++) {
      pages.keep(`/p${i}`, pages.currentGeneration, html("<p>"), "text/html", 'W/"p"');
      await pages.idle();
      if (i === 150) expect(pages.get("/p0")).toBeDefined(); // used: now the most recent
    }
    expect(pages.size).toBe(300);
    expect(pages.get("/p0")).toBeDefined();
    expect(pages.get("/p1")).toBeUndefined();
    expect(pages.get("/p300")).toBeDefined();
  });

  it("holds at most its bytes of all variants, dropping the oldest pages, and does not keep a page over a tenth of it", async () => {
    expect(PAGE_CACHE_LIMITS.maxBytes).toBe(24_000_000);
    const content = new ContentCache({ enabled: true });
    const pages = responseCacheFollowing(content, { enabled: true, maxEntries: 300, maxBytes: 1_000_000 });
    // Random text compresses little, so every variant weighs about as much as the page.
    const noise = (n: number) => Buffer.from(Array.from({ length: n }, () => Math.random().toString(36).slice(2, 3)).join(""));
    for (let i = 0; i < 12; i++) {
      pages.keep(`/big${i}`, pages.currentGeneration, noise(60_000), "text/html", 'W/"b"');
      await pages.idle(); // one at a time: pages are kept in the order their compression ends
    }
    expect(pages.bytes).toBeLessThanOrEqual(1_000_000);
    expect(pages.size).toBeLessThan(12);
    expect(pages.get("/big0")).toBeUndefined();
    expect(pages.get("/big11")).toBeDefined();
    pages.keep("/huge", pages.currentGeneration, noise(100_001), "text/html", 'W/"h"');
    await pages.idle();
    expect(pages.get("/huge")).toBeUndefined();
    content.invalidate();
    expect(pages.bytes).toBe(0);
  });

  it("compresses a burst of the same page once", async () => {
    const { pages } = pageCache();
    const generation = pages.currentGeneration;
    pages.keep("/", generation, html("<first>"), "text/html", 'W/"1"');
    pages.keep("/", generation, html("<second>"), "text/html", 'W/"2"');
    await pages.idle();
    expect(pages.get("/")?.etag).toBe('W/"1"');
  });

  it("keys a URL by its path and its sorted known parameters, and keeps no URL with others", () => {
    const key = (url: string) => pageKey(url)?.key ?? null;
    expect(pageKey("/about")).toEqual({ key: "/about", shelf: "content" });
    expect(key("/about?")).toBe("/about");
    expect(key("/products/screw?type=oil-free&page=2")).toBe("/products/screw?page=2&type=oil-free");
    expect(key("/products/screw?page=2&type=oil-free")).toBe("/products/screw?page=2&type=oil-free");
    expect(key("/contact?service=repair%20work")).toBe(key("/contact?service=repair+work"));
    // Repeated parameters keep their order (the quote page lists its products in that order).
    expect(key("/quote?product=b&product=a")).toBe("/quote?product=b&product=a");
    expect(pageKey("/?utm_source=mail")).toBeNull();
    expect(pageKey("/quote?product=a&q=x")).toBeNull();
  });

  it("keys what visitors type (the search, the finder) on the query shelf, with nothing else", () => {
    expect(pageKey("/search?q=screw+compressor")).toEqual({ key: "/search?q=screw+compressor", shelf: "query" });
    expect(pageKey("/search?exact=1&q=drier")).toEqual({ key: "/search?exact=1&q=drier", shelf: "query" });
    expect(pageKey("/finder?pressureMin=7&flowMin=100&flowUnit=cfm")).toEqual({
      key: "/finder?flowMin=100&flowUnit=cfm&pressureMin=7",
      shelf: "query",
    });
    expect(pageKey("/search")).toEqual({ key: "/search", shelf: "content" });
    expect(pageKey("/finder")).toEqual({ key: "/finder", shelf: "content" });
    expect(pageKey("/search?q=x&utm_source=mail")).toBeNull();
    expect(pageKey("/finder?flowMin=1&page=2")).toBeNull();
  });

  it("keeps query answers on their own shelf: a flood of them never pushes a page out", async () => {
    const { pages } = pageCache();
    pages.keep("/", pages.currentGeneration, html("<home>"), "text/html", 'W/"h"');
    await pages.idle();
    for (let i = 0; i < 200; i++) {
      pages.keep(`/search?q=${i}`, pages.currentGeneration, html(`<results ${i}>`), "text/html", `W/"${i}"`, [], "query");
      await pages.idle();
    }
    expect(pages.get("/")).toBeDefined();
    expect(pages.shelf("query").size).toBe(PAGE_CACHE_LIMITS.maxEntries / 4);
    expect(pages.get("/search?q=199", "query")).toBeDefined();
    expect(pages.get("/search?q=0", "query")).toBeUndefined();
    // Shelves are apart: a query answer is not found as a page.
    expect(pages.get("/search?q=199")).toBeUndefined();
  });

  it("matches If-None-Match lists, weak or not, and *", () => {
    expect(etagMatches('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches("*", 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });

  it("sends brotli when accepted, else gzip, else the bytes as they are", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip, deflate, br")).toBe("br");
    expect(preferredEncoding("gzip")).toBe("gzip");
    expect(preferredEncoding("deflate, gzip;q=0.8")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip")).toBe("gzip");
    expect(preferredEncoding("gzip;q=1, br;q=0.5")).toBe("gzip");
    expect(preferredEncoding("*")).toBe("br");
    expect(preferredEncoding("*;q=0, identity")).toBe("identity");
    expect(preferredEncoding("deflate")).toBe("identity");
    expect(preferredEncoding("identity")).toBe("identity");
    expect(preferredEncoding("")).toBe("identity");
    expect(preferredEncoding(undefined)).toBe("identity");
  });
});

describe("which requests may be cached", () => {
  it("treats /admin, its sub-paths and their data requests as staff screens, and nothing else", () => {
    for (const p of ["/admin", "/Admin/", "/admin/banner", "/admin.data", "/admin/products.data"]) {
      expect(isStaffPath(p), p).toBe(true);
    }
    for (const p of ["/", "/administrator", "/products/admin", "/about.data", "/admins"]) {
      expect(isStaffPath(p), p).toBe(false);
    }
    expect(isReadMethod("GET") && isReadMethod("HEAD")).toBe(true);
    expect(isReadMethod("POST")).toBe(false);
  });
});
