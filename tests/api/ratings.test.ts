import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readProductReviews } from "../../server/content/public-reads";
import { queryRows } from "../../server/db/client";
import { expectValidation, UNKNOWN_ID } from "../support/content-api";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Honest ratings (issue 30): a product's rating comes only from testimonials that name it and carry stars.
 * Staff can no longer type a rating or a review count into a product; old versions that had them still
 * show and restore.
 */

let s: TestServer;
let token: string;
let categoryId: string;

beforeAll(async () => {
  s = await startTestServer({ RATE_LIMITS: "off" });
  token = await s.login();
  const cat = await s.request("POST", "/api/category", { json: { name: "Reciprocating" }, token });
  if (cat.status !== 201) throw new Error(cat.text);
  categoryId = cat.body.data._id;
});

afterAll(async () => {
  await s?.close();
});

let counter = 0;
async function createProduct(extra: Record<string, unknown> = {}) {
  const res = await s.request("POST", "/api/product", {
    json: {
      categoryId,
      name: `PN-RC ${++counter}`,
      shortDescription: "A piston compressor.",
      fullDescription: "Two stages.",
      mainImage: "https://example.com/p.jpg",
      ...extra,
    },
    token,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { _id: string; slug: string } & Record<string, unknown>;
}

const testimonialFields = (extra: Record<string, unknown>) => ({
  name: "R. Kumar",
  feedback: "Runs all day.",
  image: "https://example.com/t.jpg",
  ...extra,
});

async function createTestimonial(extra: Record<string, unknown>) {
  const res = await s.request("POST", "/api/testimonial", { json: testimonialFields(extra), token });
  expect(res.status, res.text).toBe(201);
  return res.body as { _id: string; productId: string | null; star: string | null };
}

const testimonialCount = async () =>
  (await queryRows<{ n: number }>(s.ctx.db, sql`SELECT count(*)::int AS n FROM testimonials`))[0]!.n;

describe("a product's rating comes from testimonials only", () => {
  it("products have no typed rating or review count: sent ones are ignored, answers and the table have none", async () => {
    const p = await createProduct({ rating: "4.6", reviewCount: "22" });
    expect(p).not.toHaveProperty("rating");
    expect(p).not.toHaveProperty("reviewCount");
    const read = await s.request("GET", `/api/product/${p.slug}`);
    expect(read.body).not.toHaveProperty("rating");
    expect(read.body).not.toHaveProperty("reviewCount");
    const columns = await queryRows<{ column_name: string }>(
      s.ctx.db,
      sql`SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'products'`,
    );
    expect(columns.map((c) => c.column_name)).not.toEqual(expect.arrayContaining(["rating"]));
    expect(columns.map((c) => c.column_name)).not.toContain("review_count");
  });

  it("a testimonial names the product it is about (or none), and can be moved to another or to none", async () => {
    const [a, b] = [await createProduct(), await createProduct()];
    const t = await createTestimonial({ star: "5", productId: a._id });
    expect(t.productId).toBe(a._id);
    expect((await s.request("GET", `/api/testimonial/${t._id}`)).body.productId).toBe(a._id);
    const moved = await s.request("PUT", `/api/testimonial/${t._id}`, { json: { productId: b._id }, token });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.productId).toBe(b._id);
    // A change of another field keeps the product.
    const renamed = await s.request("PUT", `/api/testimonial/${t._id}`, { json: { name: "R. Kumar, Salem" }, token });
    expect(renamed.body.productId).toBe(b._id);
    const cleared = await s.request("PUT", `/api/testimonial/${t._id}`, { json: { productId: "" }, token });
    expect(cleared.body.productId).toBeNull();
    expect((await createTestimonial({})).productId).toBeNull();
  });

  it.each([
    ["names no product", UNKNOWN_ID],
    ["is not an id", "pn-rc-1"],
  ])("a productId that %s → 400 naming productId; nothing stored or changed", async (_, productId) => {
    const before = await testimonialCount();
    const res = await s.request("POST", "/api/testimonial", { json: testimonialFields({ star: "4", productId }), token });
    expectValidation(res, ["productId"]);
    expect(await testimonialCount()).toBe(before);
    const p = await createProduct();
    const t = await createTestimonial({ productId: p._id });
    expectValidation(await s.request("PUT", `/api/testimonial/${t._id}`, { json: { productId }, token }), ["productId"]);
    expect((await s.request("GET", `/api/testimonial/${t._id}`)).body.productId).toBe(p._id);
  });

  it("a product's reviews are the testimonials about it, in their order; a new one shows at once", async () => {
    // As a page's request does: on PostgreSQL each request first asks whether content changed (PGlite is told).
    const reviewsOf = async (id: string) => {
      await s.ctx.cache.checkFreshness();
      return readProductReviews(s.ctx, id);
    };
    const p = await createProduct();
    const other = await createProduct();
    expect(await reviewsOf(p._id)).toEqual([]);
    const first = await createTestimonial({ star: "4", productId: p._id, position: "1" });
    await createTestimonial({ star: "5", productId: other._id });
    await createTestimonial({ star: "5" });
    expect((await reviewsOf(p._id)).map((t) => t._id)).toEqual([first._id]);
    const second = await createTestimonial({ star: "5", productId: p._id, position: "0" });
    const unrated = await createTestimonial({ productId: p._id, position: "2" });
    const reviews = await reviewsOf(p._id);
    expect(reviews.map((t) => [t._id, t.star])).toEqual([
      [second._id, "5"],
      [first._id, "4"],
      [unrated._id, null],
    ]);
  });

  it("deleting a product keeps its testimonials, then about no product", async () => {
    const p = await createProduct();
    const t = await createTestimonial({ star: "5", productId: p._id });
    expect((await s.request("DELETE", `/api/product/${p._id}`, { token })).status).toBe(200);
    expect((await s.request("GET", `/api/testimonial/${t._id}`)).body).toMatchObject({ _id: t._id, productId: null, star: "5" });
  });
});

describe("history from before ratings came from testimonials", () => {
  it("a product version holding a typed rating and review count still shows, compares and restores", async () => {
    const p = await createProduct();
    const changed = await s.request("PUT", `/api/product/${p._id}`, { json: { shortDescription: "Changed." }, token });
    expect(changed.status, changed.text).toBe(200);
    // The first version as it was stored before: the columns in its rows, the fields in its view.
    await s.ctx.db.execute(sql`
      UPDATE revisions
      SET rows = jsonb_set(rows, '{products,0}', (rows -> 'products' -> 0) || '{"rating": 4.6, "review_count": 22}'::jsonb),
          view = view || '{"rating": 4.6, "reviewCount": 22}'::jsonb
      WHERE content_type = 'product' AND record_id = ${p._id} AND action = 'create'`);
    const versions = await s.request("GET", `/api/product/${p._id}/revisions`, { token });
    expect(versions.status, versions.text).toBe(200);
    const old = versions.body.find((v: { action: string }) => v.action === "create");
    const detail = await s.request("GET", `/api/product/${p._id}/revisions/${old._id}`, { token });
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.data).toMatchObject({ rating: 4.6, reviewCount: 22 });
    expect(detail.body.changes).toEqual(
      expect.arrayContaining([
        { field: "rating", label: "Rating", revision: 4.6, current: null },
        { field: "reviewCount", label: "Review count", revision: 22, current: null },
      ]),
    );
    const restored = await s.request("POST", `/api/product/${p._id}/revisions/${old._id}/restore`, { token });
    expect(restored.status, restored.text).toBe(200);
    const now = (await s.request("GET", `/api/product/${p._id}`)).body;
    expect(now.shortDescription).toBe("A piston compressor.");
    expect(now).not.toHaveProperty("rating");
  });
});
