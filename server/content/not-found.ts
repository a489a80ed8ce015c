import { count, desc, sql } from "drizzle-orm";
import { type NotFoundPath, PATH_MAX } from "../../shared/schemas/redirects";
import type { Database } from "../db/client";
import { notFoundPaths } from "../db/schema";
import { errorFields, log } from "../log";
import { redirectFor } from "./redirects";

/**
 * Public paths that answered 404, for the Not found screen (docs/decisions/025): the path without its query
 * string (it can hold personal data), a count, when last, and the referring site's host only. Counted by
 * app/entry.server.tsx for GET and HEAD page requests, so not the API, uploads or built assets.
 *
 * A flood of made-up paths costs one upsert each; every TRIM_EVERY new paths (per process and database) the
 * table is cut back to the NOT_FOUND_KEEP most recently seen.
 */
export const NOT_FOUND_KEEP = 1000;
const TRIM_EVERY = 100;
/** The Not found screen lists this many, most counted first. */
const NOT_FOUND_LISTED = 200;

const newPaths = new WeakMap<Database, number>();

/** The host of a Referer header (lower case), or "" when there is none or it is not a web address. */
function referrerHost(referer: string | null | undefined): string {
  if (!referer) return "";
  try {
    const url = new URL(referer);
    return url.protocol === "http:" || url.protocol === "https:" ? url.host.toLowerCase().slice(0, 200) : "";
  } catch {
    return "";
  }
}

/**
 * A public page request (GET or HEAD) that found nothing: a 301 to where it moved (an old slug, a staff
 * redirect; query kept), or null after counting it (not waited for: a 404 is not slowed by the write).
 */
export async function movedOrCounted(db: Database, request: Request): Promise<Response | null> {
  const url = new URL(request.url);
  const target = await redirectFor(db, url);
  if (target !== null) return new Response(null, { status: 301, headers: { Location: target } });
  countNotFound(db, url.pathname, referrerHost(request.headers.get("referer"))).catch((err) =>
    log.error("could not count a page not found", errorFields(err)),
  );
  return null;
}

export async function countNotFound(db: Database, path: string, referrer: string): Promise<void> {
  if (path.length > PATH_MAX) return;
  const [row] = await db
    .insert(notFoundPaths)
    .values({ path, referrerHost: referrer })
    .onConflictDoUpdate({
      target: notFoundPaths.path,
      set: {
        hits: sql`${notFoundPaths.hits} + 1`,
        lastSeenAt: sql`now()`,
        // The latest referring host; a visit without one keeps the one known.
        referrerHost: sql`coalesce(nullif(excluded.referrer_host, ''), ${notFoundPaths.referrerHost})`,
      },
    })
    .returning({ hits: notFoundPaths.hits });
  if (row?.hits !== 1) return;
  const added = (newPaths.get(db) ?? 0) + 1;
  newPaths.set(db, added % TRIM_EVERY);
  if (added >= TRIM_EVERY) await trimNotFound(db);
}

/** Keeps the NOT_FOUND_KEEP most recently seen paths. */
async function trimNotFound(db: Database): Promise<void> {
  await db.execute(
    sql`DELETE FROM not_found_paths WHERE path IN (SELECT path FROM not_found_paths ORDER BY last_seen_at DESC, path OFFSET ${NOT_FOUND_KEEP})`,
  );
}

/** GET /api/not-found: the most counted paths first (then the latest), and how many are kept in all (X-Total-Count). */
export async function listNotFound(db: Database): Promise<{ items: NotFoundPath[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notFoundPaths)
      .orderBy(desc(notFoundPaths.hits), desc(notFoundPaths.lastSeenAt), notFoundPaths.path)
      .limit(NOT_FOUND_LISTED),
    db.select({ n: count() }).from(notFoundPaths),
  ]);
  return {
    items: rows.map((r) => ({
      path: r.path,
      hits: r.hits,
      lastSeenAt: r.lastSeenAt.toISOString(),
      referrerHost: r.referrerHost,
    })),
    total: total?.n ?? 0,
  };
}
