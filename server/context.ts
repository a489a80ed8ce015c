import { SIGN_IN_SLOW_DOWN, type SignInSlowDown } from "./auth/login-throttle";
import { type ContentCache, type ContentCacheOptions, openContentCache } from "./cache/content-cache";
import { PAGE_CACHE_LIMITS } from "./cache/page-cache";
import { type ResponseCache, type ResponseCacheOptions, responseCacheFollowing } from "./cache/response-cache";
import type { Config } from "./config";
import type { Database, DatabaseHandle } from "./db/client";
import { MAIL_OFF, type Mailer, OutboxSender, type OutboxSenderOptions } from "./mail/outbox";
import { type MailTransport, smtpTransport } from "./mail/transport";
import { quotationAttachments } from "./sales/quotation-mail";
import type { ImageStore } from "./uploads/images";

/** What request handlers and loaders need: built once at start-up and passed down. */
export interface AppContext {
  config: Config;
  db: Database;
  dbKind: "pglite" | "postgres";
  images: ImageStore;
  /** Public content reads, kept until the next change (server/cache/content-cache.ts). */
  cache: ContentCache;
  /** Rendered public pages as compressed bytes, emptied with `cache` (server/cache/page-cache.ts). */
  pages: ResponseCache;
  /** Public API answers as compressed bytes, emptied with `cache` (server/cache/api-cache.ts). */
  answers: ResponseCache;
  /** The e-mail outbox's sender (started by the server); MAIL_OFF when SMTP_URL is unset. */
  mail: Mailer;
  /** How far apart an account's sign-ins are held under spread-out guessing (server/auth/login-throttle.ts). */
  signInSlowDown: SignInSlowDown;
}

export interface ContextOptions {
  /** The outbox's retry timing (tests use short delays). */
  outbox?: OutboxSenderOptions;
  /** The sign-in slow-down's timing (tests use short ones). */
  signInSlowDown?: SignInSlowDown;
  /** Another transport than SMTP_URL's (none in production). */
  mailTransport?: MailTransport;
  /** Other cache bounds than the defaults (tests fill small ones). */
  cacheLimits?: {
    content?: Omit<ContentCacheOptions, "enabled">;
    pages?: Omit<ResponseCacheOptions, "enabled">;
    answers?: Omit<ResponseCacheOptions, "enabled">;
  };
}

/** Public API answers are 1–100 KB of JSON (a product, a page of up to 100 products). */
const ANSWER_CACHE_LIMITS = { maxEntries: 1_000, maxBytes: 16_000_000 };

/** The context for an opened database: the server's and the API tests' one way to build it. */
export async function createAppContext(
  config: Config,
  database: DatabaseHandle,
  images: ImageStore,
  options: ContextOptions = {},
): Promise<AppContext> {
  const enabled = config.contentCache;
  const limits = options.cacheLimits ?? {};
  const cache = await openContentCache(database.contentChanges, { enabled, ...limits.content });
  const transport = options.mailTransport ?? (config.mail ? smtpTransport(config.mail) : null);
  return {
    config,
    db: database.db,
    dbKind: database.kind,
    images,
    cache,
    pages: responseCacheFollowing(cache, { enabled, ...(limits.pages ?? PAGE_CACHE_LIMITS) }),
    answers: responseCacheFollowing(cache, { enabled, ...(limits.answers ?? ANSWER_CACHE_LIMITS) }),
    mail: transport
      ? new OutboxSender(database.db, database.kind, transport, { makeAttachments: quotationAttachments, ...options.outbox })
      : MAIL_OFF,
    signInSlowDown: options.signInSlowDown ?? SIGN_IN_SLOW_DOWN,
  };
}
