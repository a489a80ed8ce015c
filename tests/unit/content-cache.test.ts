import { describe, expect, it } from "vitest";
import { ContentCache } from "../../server/cache/content-cache";
import { productQueryKey, productQueryShelf } from "../../server/content/product";
import { idOrSlugKey } from "../../server/content/slugs";
import { finderKey, NO_FINDER_FILTERS } from "../../shared/content/product-finder";

const value = (chars: number) => ({ text: "x".repeat(chars - 11) }); // JSON: {"text":"…"} is `chars` long

describe("content cache bounds", () => {
  it("holds at most its estimated bytes, dropping the least recently used entries", async () => {
    const cache = new ContentCache({ enabled: true, maxBytes: 10_000 });
    for (let i = 0; i < 10; i++) await cache.read(`k${i}`, async () => value(2_000));
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBe(4); // 2,000 bytes and the key's length each
    let loads = 0;
    await cache.read("k9", async () => ++loads);
    await cache.read("k0", async () => ++loads);
    expect(loads).toBe(1); // k9 was kept, k0 was dropped
    cache.invalidate();
    expect(cache.bytes).toBe(0);
  });

  it("keeps bytes (a made PDF) as they are, counted by their size, made once for concurrent readers", async () => {
    const cache = new ContentCache({ enabled: true, maxBytes: 10_000 });
    let made = 0;
    const make = async () => {
      made++;
      return Buffer.alloc(1_500, 7);
    };
    const [a, b] = await Promise.all([cache.read("pdf", make), cache.read("pdf", make)]);
    expect(made).toBe(1);
    expect(a).toBe(b);
    expect(a.length).toBe(1_500);
    expect(cache.bytes).toBe(1_500 + "pdf".length);
  });

  it("holds at most its entries", async () => {
    const cache = new ContentCache({ enabled: true, maxEntries: 50 });
    for (let i = 0; i < 200; i++) await cache.read(`k${i}`, async () => i);
    expect(cache.size).toBe(50);
  });

  it("does not keep a value over a quarter of its bytes", async () => {
    const cache = new ContentCache({ enabled: true, maxBytes: 10_000 });
    await cache.read("small", async () => value(100));
    await cache.read("big", async () => value(2_600));
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(100 + "small".length);
  });

  it("lets no made-up key or failed read push real content out, even when full", async () => {
    const cache = new ContentCache({ enabled: true, maxEntries: 10 });
    for (let i = 0; i < 10; i++) await cache.read(`real${i}`, async () => ({ i }));
    await Promise.all(Array.from({ length: 500 }, (_, i) => cache.read(`made-up${i}`, async () => null)));
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => cache.read(`failing${i}`, () => Promise.reject(new Error("down"))).catch(() => {})),
    );
    expect(cache.size).toBe(10);
    let loads = 0;
    for (let i = 0; i < 10; i++) await cache.read(`real${i}`, async () => ++loads);
    expect(loads).toBe(0);
  });
});

describe("content cache keys", () => {
  it("gives slugs in any case one key, ids their exact key, and no key to what matches nothing", () => {
    expect(idOrSlugKey("PN-22")).toBe(idOrSlugKey("pn-22"));
    expect(idOrSlugKey("Pn-22")).toBe(idOrSlugKey("pn-22"));
    const id = "0123456789abcdef01234567";
    expect(idOrSlugKey(id)).toBe(id);
    // Upper-case hex is not an id (ids are lower case) but could be a slug: its own key, not the id's.
    expect(idOrSlugKey(id.toUpperCase())).not.toBe(idOrSlugKey(id));
    expect(idOrSlugKey(id.toUpperCase())).toBe(idOrSlugKey(id.toUpperCase().replace("ABC", "abc")));
    expect(idOrSlugKey("no such thing!")).toBeNull();
    expect(idOrSlugKey("x".repeat(200))).toBeNull();
  });

  it("gives product queries that list the same page one key", () => {
    const base = { page: 1, limit: 10 };
    expect(productQueryKey({ ...base })).toBe(productQueryKey({ limit: 10, page: 1 }));
    expect(productQueryKey({ ...base, featured: true })).not.toBe(productQueryKey({ ...base, featured: false }));
    expect(productQueryKey({ ...base, featured: false })).not.toBe(productQueryKey(base));
    // A malformed id matches nothing, whichever it is.
    expect(productQueryKey({ ...base, categoryId: "nope" })).toBe(
      productQueryKey({ ...base, subcategoryId: "NOPE", featured: true }),
    );
    const category = "0123456789abcdef01234567";
    expect(productQueryKey({ ...base, categoryId: category })).not.toBe(productQueryKey(base));
  });

  it("keys finder choices and typed numbers alike; lists with typed numbers go on the query shelf", () => {
    const base = { page: 1, limit: 10 };
    const screw = { ...NO_FINDER_FILTERS, types: ["rotary-screw" as const] };
    expect(productQueryKey({ ...base, filters: screw })).not.toBe(productQueryKey(base));
    expect(productQueryKey({ ...base, filters: NO_FINDER_FILTERS })).toBe(productQueryKey(base));
    expect(productQueryKey({ ...base, filters: { ...screw, pressureMin: 7 } })).not.toBe(
      productQueryKey({ ...base, filters: { ...screw, pressureMin: 8 } }),
    );
    expect(finderKey({ ...NO_FINDER_FILTERS, flowMax: 3 })).not.toBe(finderKey({ ...NO_FINDER_FILTERS, flowMin: 3 }));
    expect(finderKey(screw)).toBe(finderKey({ ...screw, types: ["rotary-screw"] }));
    expect(productQueryShelf({ ...base, filters: screw })).toBe("content");
    expect(productQueryShelf({ ...base, filters: { ...screw, powerMax: 30 } })).toBe("query");
  });
});

describe("the query shelf", () => {
  it("keeps typed queries apart: however many, they never push content out, and stay within their own bounds", async () => {
    const cache = new ContentCache({ enabled: true, maxEntries: 40, maxBytes: 100_000 });
    for (let i = 0; i < 10; i++) await cache.read(`real${i}`, async () => ({ i }));
    for (let i = 0; i < 500; i++) await cache.read(`search:${i}`, async () => value(500), "query");
    expect(cache.shelf("query").size).toBe(10); // a quarter of the entries by default
    expect(cache.shelf("query").bytes).toBeLessThanOrEqual(25_000);
    let loads = 0;
    for (let i = 0; i < 10; i++) await cache.read(`real${i}`, async () => ++loads);
    expect(loads).toBe(0);
    // The most recent queries are the ones kept, and a query in use stays.
    await cache.read("search:499", async () => ++loads, "query");
    expect(loads).toBe(0);
    cache.invalidate();
    expect(cache.size).toBe(0);
  });

  it("keeps what is used: the least recently used entry goes first", async () => {
    const cache = new ContentCache({ enabled: true, maxEntries: 3 });
    for (const key of ["a", "b", "c"]) await cache.read(key, async () => key);
    await cache.read("a", async () => "again");
    await cache.read("d", async () => "d");
    let loads = 0;
    await cache.read("a", async () => ++loads);
    expect(loads).toBe(0);
    await cache.read("b", async () => ++loads);
    expect(loads).toBe(1);
  });
});
