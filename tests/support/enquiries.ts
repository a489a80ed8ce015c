import { vi } from "vitest";
import { categories, products } from "../../server/db/content-tables";
import type { TestServer } from "./server";

/** A category with products, written straight into the test server's database (quotes need products). */
export async function seedProducts(
  s: TestServer,
  names: string[],
  category = { name: "Rotary Screw Compressors", slug: "rotary-screw" },
): Promise<{ _id: string; name: string; slug: string; url: string }[]> {
  const [cat] = await s.ctx.db
    .insert(categories)
    .values({ name: category.name, slug: category.slug })
    .onConflictDoUpdate({ target: categories.slug, set: { name: category.name } })
    .returning();
  const rows = await s.ctx.db
    .insert(products)
    .values(
      names.map((name) => ({
        categoryId: cat!.id,
        name,
        slug: name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-|-$/g, ""),
        shortDescription: `${name}, short`,
        fullDescription: `${name}, in full`,
      })),
    )
    .returning();
  return rows.map((r) => ({ _id: r.id, name: r.name, slug: r.slug, url: `/products/${cat!.slug}/${r.slug}` }));
}

export const buyer = (overrides: Record<string, unknown> = {}) => ({
  name: "Ravi Kumar",
  email: "ravi@example.com",
  phone: "+91 98765 43210",
  company: "Kumar Textiles",
  message: "Please quote with delivery to Coimbatore.",
  flow: "250 cfm",
  pressure: "7.5 bar",
  hoursPerDay: 16,
  application: "Spinning mill",
  ...overrides,
});

/**
 * Polls `check` (vi.waitFor, every 100 ms) until it returns a value (not undefined), or fails after
 * `timeoutMs`: a bound on a failure, not a wait.
 */
export function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 60_000, what = "condition"): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await check();
      if (value === undefined) throw new Error(`timed out waiting for ${what}`);
      return value;
    },
    { timeout: timeoutMs, interval: 100 },
  );
}
