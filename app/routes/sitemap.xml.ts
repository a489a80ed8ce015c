import { asc, desc, eq } from "drizzle-orm";
import type { Database } from "../../server/db/client";
import { categories, products, services } from "../../server/db/content-tables";
import { errorFields, log } from "../../server/log";
import type { Route } from "./+types/sitemap.xml";

/** The pages that always exist. */
const STATIC_PATHS = [
  "/",
  "/about",
  "/products",
  "/services",
  "/contact",
  "/tools",
  "/tools/air-leak-cost",
  "/tools/fixed-vs-variable-speed",
  "/tools/sizing",
];

interface SitemapEntry {
  path: string;
  lastmod?: Date;
}

function xmlEscape(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[c]};`);
}

/**
 * Every public URL, absolute (SITE_URL, else this request's origin): the fixed pages, every category,
 * product and service by slug, with the record's last change. Three queries however many products there are.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.app;
  const origin = config.siteUrl ?? new URL(request.url).origin;
  let body: string;
  try {
    // The XML itself is kept, with a placeholder for the origin (taken from the request's Host when
    // SITE_URL is unset, so it must not be a cache key): with 10,000 products it is 2 MB to build.
    const xml = await context.app.cache.read("sitemap.xml", async () => sitemapXml(await readSitemapEntries(db)));
    body = xml.replaceAll(ORIGIN, xmlEscape(origin));
  } catch (err) {
    log.error("could not build the sitemap", errorFields(err));
    // A crawler retries later instead of dropping every URL a partial sitemap would leave out.
    return new Response("The sitemap is not available right now. Please try again later.\n", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "300" },
    });
  }
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}

/** Fixed pages, then categories, products and services in their display order. */
async function readSitemapEntries(db: Database): Promise<SitemapEntry[]> {
  const [categoryRows, productRows, serviceRows] = await Promise.all([
    db
      .select({ slug: categories.slug, updatedAt: categories.updatedAt })
      .from(categories)
      .orderBy(asc(categories.position), desc(categories.createdAt), desc(categories.id)),
    db
      .select({ slug: products.slug, categorySlug: categories.slug, updatedAt: products.updatedAt })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .orderBy(
        asc(categories.position),
        desc(categories.createdAt),
        desc(categories.id),
        asc(products.position),
        desc(products.createdAt),
        desc(products.id),
      ),
    db
      .select({ slug: services.slug, updatedAt: services.updatedAt })
      .from(services)
      .orderBy(asc(services.position), desc(services.createdAt), desc(services.id)),
  ]);
  return [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...categoryRows.map((c) => ({ path: `/products/${c.slug}`, lastmod: c.updatedAt })),
    ...productRows.map((p) => ({ path: `/products/${p.categorySlug}/${p.slug}`, lastmod: p.updatedAt })),
    ...serviceRows.map((s) => ({ path: `/services/${s.slug}`, lastmod: s.updatedAt })),
  ];
}

/** Stands for the site's origin in the kept XML; cannot occur in an escaped path. */
const ORIGIN = "\u0001origin\u0001";

function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const loc = `  <url>\n    <loc>${ORIGIN}${xmlEscape(e.path)}</loc>\n`;
    const lastmod = e.lastmod ? `    <lastmod>${xmlEscape(new Date(e.lastmod).toISOString())}</lastmod>\n` : "";
    return `${loc}${lastmod}  </url>\n`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("")}</urlset>\n`;
}
