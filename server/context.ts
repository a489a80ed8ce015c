import { type ContentCache, openContentCache } from "./cache/content-cache";
import { type PageCache, pageCacheFollowing } from "./cache/page-cache";
import type { Config } from "./config";
import type { Database, DatabaseHandle } from "./db/client";
import type { ImageStore } from "./uploads/images";

/** What request handlers and loaders need: built once at start-up and passed down. */
export interface AppContext {
  config: Config;
  db: Database;
  dbKind: "pglite" | "postgres";
  images: ImageStore;
  /** Public content reads, kept until the next change (server/cache/content-cache.ts). */
  cache: ContentCache;
  /** Rendered public pages, emptied with `cache` (server/cache/page-cache.ts). */
  pages: PageCache;
}

/** The context for an opened database: the server's and the API tests' one way to build it. */
export async function createAppContext(config: Config, database: DatabaseHandle, images: ImageStore): Promise<AppContext> {
  const cache = await openContentCache(database.contentChanges, { enabled: config.contentCache });
  return {
    config,
    db: database.db,
    dbKind: database.kind,
    images,
    cache,
    pages: pageCacheFollowing(cache, config.contentCache),
  };
}
