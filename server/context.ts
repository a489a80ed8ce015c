import { type ContentCache, openContentCache } from "./cache/content-cache";
import { type PageCache, pageCacheFollowing } from "./cache/page-cache";
import type { Config } from "./config";
import type { Database, DatabaseHandle } from "./db/client";
import { MAIL_OFF, type Mailer, OutboxSender, type OutboxSenderOptions } from "./mail/outbox";
import { type MailTransport, smtpTransport } from "./mail/transport";
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
  /** The e-mail outbox's sender (started by the server); MAIL_OFF when SMTP_URL is unset. */
  mail: Mailer;
}

export interface ContextOptions {
  /** The outbox's retry timing (tests use short delays). */
  outbox?: OutboxSenderOptions;
  /** Another transport than SMTP_URL's (none in production). */
  mailTransport?: MailTransport;
}

/** The context for an opened database: the server's and the API tests' one way to build it. */
export async function createAppContext(
  config: Config,
  database: DatabaseHandle,
  images: ImageStore,
  options: ContextOptions = {},
): Promise<AppContext> {
  const cache = await openContentCache(database.contentChanges, { enabled: config.contentCache });
  const transport = options.mailTransport ?? (config.mail ? smtpTransport(config.mail) : null);
  return {
    config,
    db: database.db,
    dbKind: database.kind,
    images,
    cache,
    pages: pageCacheFollowing(cache, config.contentCache),
    mail: transport ? new OutboxSender(database.db, database.kind, transport, options.outbox) : MAIL_OFF,
  };
}
