import { asc, desc, eq, sql } from "drizzle-orm";
import type { ManualRedirect, OldAddress, RedirectInput, SluggedKind } from "../../shared/schemas/redirects";
import { type Actor, recordActivity } from "../activity/log";
import { type Database, inTransaction, queryRows } from "../db/client";
import { notFoundPaths, oldSlugs, redirects } from "../db/schema";
import { badRequest, notFound } from "../http/errors";
import { slugOf } from "./slugs";

/**
 * Old addresses keep working (docs/decisions/025). A record's slug change leaves its old slug in old_slugs (a
 * database trigger, migration 0020); staff add redirects from the Not found screen. Both are looked up only
 * when a public page found nothing (app/entry.server.tsx, the datasheet), so pages that exist cost nothing.
 *
 * An old slug points at the record, not at a slug: it always leads to the record's CURRENT address, so chains
 * collapse and loops cannot exist; a trashed record's old addresses lead nowhere (404). The content tables are
 * named in SQL here (their names are fixed by the migrations): this module reads only their id and slug.
 */

const TABLE_OF: Record<SluggedKind, string> = { product: "products", category: "categories", service: "services" };

/** The current slug of the record that had `slug`, by an old_slugs row; null when there is none (or it was deleted). */
async function currentSlug(db: Database, kind: "category" | "service", slug: string): Promise<string | null> {
  const [row] = await queryRows<{ slug: string }>(
    db,
    sql`SELECT r.slug FROM old_slugs o JOIN ${sql.raw(TABLE_OF[kind])} r ON r.id = o.record_id
        WHERE o.kind = ${kind} AND o.slug = ${slug} LIMIT 1`,
  );
  return row?.slug ?? null;
}

/**
 * A product's current address from a URL whose product slug and category slug are each current or old (a
 * category renamed moves its products' pages too). A current slug is matched first: a record that took a
 * slug again wins (the trigger also drops the old row then).
 */
async function currentProductPath(db: Database, categorySlug: string, productSlug: string): Promise<string | null> {
  const [row] = await queryRows<{ product: string; category: string }>(
    db,
    sql`SELECT p.slug AS product, c.slug AS category FROM products p JOIN categories c ON c.id = p.category_id
        WHERE (p.slug = ${productSlug} OR p.id IN (SELECT record_id FROM old_slugs WHERE kind = 'product' AND slug = ${productSlug}))
          AND (c.slug = ${categorySlug} OR c.id IN (SELECT record_id FROM old_slugs WHERE kind = 'category' AND slug = ${categorySlug}))
        ORDER BY (p.slug = ${productSlug}) DESC LIMIT 1`,
  );
  return row ? `/products/${row.category}/${row.product}` : null;
}

/** Where an old product, category or service address (page or datasheet) leads now, or null. */
async function oldSlugTarget(db: Database, pathname: string): Promise<string | null> {
  const [, section, rawFirst, rawSecond, third, ...rest] = pathname.split("/");
  // "" for a part that cannot be a slug (nothing can have it).
  const first = rawFirst === undefined ? undefined : (slugOf(rawFirst) ?? "");
  const second = rawSecond === undefined ? undefined : (slugOf(rawSecond) ?? "");
  if (rest.length > 0 || !first) return null;
  if (section === "services" && second === undefined) {
    const slug = await currentSlug(db, "service", first);
    return slug && `/services/${slug}`;
  }
  if (section !== "products") return null;
  if (second === undefined) {
    const slug = await currentSlug(db, "category", first);
    return slug && `/products/${slug}`;
  }
  if (!second || (third !== undefined && third !== "datasheet.pdf")) return null;
  const page = await currentProductPath(db, first, second);
  return page && (third ? `${page}/${third}` : page);
}

/**
 * Where a public path that found nothing should send the visitor (301), with the request's query kept, or
 * null for a real 404. Staff's redirects first, then old slugs.
 */
export async function redirectFor(db: Database, url: URL): Promise<string | null> {
  const path = url.pathname;
  if (path.length > 500) return null;
  const [manual] = await db.select({ to: redirects.toPath }).from(redirects).where(eq(redirects.fromPath, path)).limit(1);
  const target = manual?.to ?? (await oldSlugTarget(db, path));
  return target === null || target === path ? null : `${target}${url.search}`;
}

/** GET /api/old-addresses: the old slugs of one record, newest first, as the public paths they make. */
export async function listOldAddresses(db: Database, kind: SluggedKind, recordId: string): Promise<OldAddress[]> {
  const rows = await db
    .select()
    .from(oldSlugs)
    .where(sql`${oldSlugs.kind} = ${kind} AND ${oldSlugs.recordId} = ${recordId}`)
    .orderBy(desc(oldSlugs.createdAt), asc(oldSlugs.slug));
  if (rows.length === 0) return [];
  let prefix = kind === "service" ? "/services/" : "/products/";
  if (kind === "product") {
    const [product] = await queryRows<{ category: string }>(
      db,
      sql`SELECT c.slug AS category FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id = ${recordId}`,
    );
    prefix = `/products/${product?.category ?? "…"}/`;
  }
  return rows.map((r) => ({ _id: r.id, slug: r.slug, path: prefix + r.slug, createdAt: r.createdAt.toISOString() }));
}

/** DELETE /api/old-addresses/:id: the old address answers 404 from now on. */
export async function removeOldAddress(db: Database, actor: Actor, id: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx.delete(oldSlugs).where(eq(oldSlugs.id, id)).returning();
    if (!row) throw notFound("That old address does not exist.");
    await recordActivity(tx, actor, {
      action: "delete",
      entityType: "redirect",
      entityId: row.id,
      entityLabel: row.slug,
      detail: `Old address of a ${row.kind}`,
    });
  });
}

const toManual = (r: typeof redirects.$inferSelect): ManualRedirect => ({
  _id: r.id,
  from: r.fromPath,
  to: r.toPath,
  createdAt: r.createdAt.toISOString(),
});

/** GET /api/redirects: staff's redirects, by path. */
export async function listRedirects(db: Database): Promise<ManualRedirect[]> {
  return (await db.select().from(redirects).orderBy(asc(redirects.fromPath))).map(toManual);
}

/**
 * POST /api/redirects: `from` answers 301 to `to` (replacing a redirect `from` had). Chains collapse both ways
 * (a target that redirects is followed; redirects to `from` now go straight to the target), so every redirect
 * is one hop and one that would lead back to `from` is refused. The path leaves the Not found list.
 */
export async function saveRedirect(db: Database, actor: Actor, input: RedirectInput): Promise<ManualRedirect> {
  return inTransaction(db, async (tx) => {
    const [onward] = await tx.select().from(redirects).where(eq(redirects.fromPath, input.to)).limit(1);
    const to = onward?.toPath ?? input.to;
    if (to === input.from) {
      throw badRequest(`A redirect from ${input.from} to ${input.to} would lead back to ${input.from}: choose another page.`, [
        { path: "to", message: "This page leads back to the address being redirected." },
      ]);
    }
    const [saved] = await tx
      .insert(redirects)
      .values({ fromPath: input.from, toPath: to })
      .onConflictDoUpdate({ target: redirects.fromPath, set: { toPath: to, createdAt: new Date() } })
      .returning();
    await tx.update(redirects).set({ toPath: to }).where(eq(redirects.toPath, input.from));
    await tx.delete(notFoundPaths).where(eq(notFoundPaths.path, input.from));
    await recordActivity(tx, actor, {
      action: "create",
      entityType: "redirect",
      entityId: saved!.id,
      entityLabel: input.from,
      detail: `Redirects to ${to}`,
    });
    return toManual(saved!);
  });
}

/** DELETE /api/redirects/:id. */
export async function removeRedirect(db: Database, actor: Actor, id: string): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx.delete(redirects).where(eq(redirects.id, id)).returning();
    if (!row) throw notFound("That redirect does not exist.");
    await recordActivity(tx, actor, {
      action: "delete",
      entityType: "redirect",
      entityId: row.id,
      entityLabel: row.fromPath,
      detail: `Redirected to ${row.toPath}`,
    });
  });
}
