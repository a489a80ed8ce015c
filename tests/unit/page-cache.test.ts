import { afterEach, describe, expect, it, vi } from "vitest";
import { ContentCache } from "../../server/cache/content-cache";
import { etagMatches, pageCacheFollowing } from "../../server/cache/page-cache";
import { isReadMethod, isStaffPath } from "../../server/http/caching";

describe("page cache", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps a page until the content cache is invalidated", () => {
    const content = new ContentCache({ enabled: true });
    const pages = pageCacheFollowing(content, true);
    pages.keep("/about", pages.currentGeneration, "<html>", 'W/"a"');
    expect(pages.get("/about")?.html).toBe("<html>");
    content.invalidate();
    expect(pages.get("/about")).toBeUndefined();
  });

  it("drops a page rendered from data older than a change made during its render", () => {
    const content = new ContentCache({ enabled: true });
    const pages = pageCacheFollowing(content, true);
    const renderStartedIn = pages.currentGeneration;
    content.invalidate(); // content changed while the page was rendering
    pages.keep("/about", renderStartedIn, "<old>", 'W/"a"');
    expect(pages.get("/about")).toBeUndefined();
  });

  it("forgets pages after ten minutes, and the oldest first when full", () => {
    vi.useFakeTimers();
    const content = new ContentCache({ enabled: true });
    const pages = pageCacheFollowing(content, true);
    pages.keep("/", pages.currentGeneration, "<home>", 'W/"h"');
    vi.advanceTimersByTime(10 * 60_000 + 1);
    expect(pages.get("/")).toBeUndefined();
    for (let i = 0; i < 301; i++) pages.keep(`/p${i}`, pages.currentGeneration, "<p>", 'W/"p"');
    expect(pages.size).toBe(300);
    expect(pages.get("/p0")).toBeUndefined();
    expect(pages.get("/p300")).toBeDefined();
  });

  it("matches If-None-Match lists, weak or not, and *", () => {
    expect(etagMatches('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches("*", 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });

  it("holds at most 24 million characters of HTML, dropping the oldest pages", () => {
    const content = new ContentCache({ enabled: true });
    const pages = pageCacheFollowing(content, true);
    const big = "x".repeat(2_000_000);
    for (let i = 0; i < 20; i++) pages.keep(`/big${i}`, pages.currentGeneration, big, 'W/"b"');
    expect(pages.chars).toBeLessThanOrEqual(24_000_000);
    expect(pages.size).toBe(12);
    expect(pages.get("/big0")).toBeUndefined();
    expect(pages.get("/big19")).toBeDefined();
    pages.keep("/huge", pages.currentGeneration, "x".repeat(3_000_000), 'W/"h"'); // over a tenth: not kept
    expect(pages.get("/huge")).toBeUndefined();
    content.invalidate();
    expect(pages.chars).toBe(0);
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
