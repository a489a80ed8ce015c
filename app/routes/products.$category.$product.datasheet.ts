import { createHash } from "node:crypto";
import { datasheetPath, renderDatasheet } from "../../server/content/datasheet";
import { readProduct, readSettings } from "../../server/content/public-reads";
import { errorFields, log } from "../../server/log";
import type { Route } from "./+types/products.$category.$product.datasheet";

/**
 * /products/{category}/{product}/datasheet.pdf (issue 14): the product's PDF datasheet. Made on the first
 * request of a day and kept (bytes) until the product, the settings or the date change: the content cache
 * is emptied by any content change, and the date is part of the key.
 */

/** Datasheets made or being made, by key: requests for one that is being made wait for it (made once). */
const kept = new Map<string, Promise<Buffer>>();
/** About 100–400 KB each: twenty stay well inside the memory budget. */
const KEEP_MAX = 20;
/** Making one holds a picture and a PDF in memory: at most two at a time, the rest wait their turn. */
const MAKING_MAX = 2;
let making = 0;
const waiting: (() => void)[] = [];

async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (making >= MAKING_MAX) await new Promise<void>((resolve) => waiting.push(resolve));
  making++;
  try {
    return await work();
  } finally {
    making--;
    waiting.shift()?.();
  }
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = context.app;
  const [product, settings] = await Promise.all([readProduct(app, params.product), readSettings(app)]);
  if (!product || product.categoryId.slug !== params.category) {
    return new Response("Product not found.\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const origin = app.config.siteUrl ?? new URL(request.url).origin;
  const pageUrl = `${origin}${datasheetPath(product).replace(/\/datasheet\.pdf$/, "")}`;
  const date = new Date();
  const day = date.toISOString().slice(0, 10);
  // The product and settings as read decide the bytes: a change to either makes a new key.
  const key = createHash("sha256")
    .update(JSON.stringify([product, settings, pageUrl, day]))
    .digest("hex");
  let pending = kept.get(key);
  if (!pending) {
    pending = oneAtATime(() => renderDatasheet({ product, settings, pageUrl, uploadDir: app.images.uploadDir, date }));
    if (kept.size >= KEEP_MAX) kept.delete(kept.keys().next().value as string);
    kept.set(key, pending);
  }
  let pdf: Buffer;
  try {
    pdf = await pending;
  } catch (err) {
    kept.delete(key);
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
      "Cache-Control": "public, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
