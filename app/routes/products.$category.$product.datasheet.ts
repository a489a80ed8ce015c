import { readProduct, readSettings } from "../../server/content/public-reads";
import { redirectFor } from "../../server/content/redirects";
import { errorFields, log } from "../../server/log";
import { renderPdf } from "../../server/pdf/off-thread";
import { productPath } from "../../shared/lib/product-paths";
import type { Route } from "./+types/products.$category.$product.datasheet";

/**
 * /products/{category}/{product}/datasheet.pdf (issue 14): the product's PDF datasheet. Made on the first
 * request of a day and kept, as bytes, in the content cache: requests for one being made wait for it, and
 * any content change (the product, the settings) empties the cache; the day is part of the key. It is made
 * on the PDF thread (server/pdf/off-thread.ts).
 */

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = context.app;
  const [product, settings] = await Promise.all([readProduct(app, params.product), readSettings(app)]);
  if (!product || product.categoryId.slug !== params.category) {
    // A former address of the product or its category (server/content/redirects.ts) moves on.
    const moved = await redirectFor(app.db, new URL(request.url));
    if (moved) return new Response(null, { status: 301, headers: { Location: moved } });
    return new Response("Product not found.\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const origin = app.config.siteUrl ?? new URL(request.url).origin;
  const pageUrl = `${origin}${productPath(product.categoryId.slug, product.slug)}`;
  const date = new Date();
  // The day as printed on the sheet (India time).
  const day = date.toLocaleDateString("en-CA", { timeZone: "Asia/Kolkata" });
  // The origin is in the key only when SITE_URL is unset (then each Host gets its own QR code and footer).
  const key = `datasheet:${product._id}:${day}${app.config.siteUrl ? "" : `:${origin}`}`;
  let pdf: Buffer;
  try {
    pdf = await app.cache.read(key, () =>
      renderPdf({ kind: "datasheet", input: { product, settings, pageUrl, uploadDir: app.images.uploadDir, date } }),
    );
  } catch (err) {
    log.error("could not make a datasheet", { product: product.slug, ...errorFields(err) });
    return new Response("The datasheet could not be made right now. Please try again later.\n", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60" },
    });
  }
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${product.slug}-datasheet.pdf"`,
      "Content-Length": String(pdf.length),
      // Replaces the pages' default (server/http/caching.ts); X-Content-Type-Options comes with every answer.
      "Cache-Control": "public, max-age=300",
    },
  });
}
