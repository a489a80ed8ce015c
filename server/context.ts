import type { ContentCache } from "./cache/content-cache";
import type { PageCache } from "./cache/page-cache";
import type { Config } from "./config";
import type { Database } from "./db/client";
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
