import { AsyncLocalStorage } from "node:async_hooks";
import type { RequestHandler } from "express";
import { FINDER_PARAMETERS } from "../../shared/content/product-finder";
import { hasCredentials, isPrivatePath, isPublicDocumentRequest } from "../http/caching";
import type { Shelf } from "./bounded-entries";
import { type ResponseCache, type ResponseCacheOptions, sendKept } from "./response-cache";

/**
 * Rendered public pages, kept as final bytes (server/cache/response-cache.ts) until content changes (with
 * the content cache) and for ten minutes at most (the footer's year). Rendering is most of a page view's
 * cost once the data comes from memory. Public pages carry no inline script and so no CSP nonce: every
 * visitor gets the same bytes.
 *
 * Only complete 200 pages are kept: not redirects or not-found pages, and not a page drawn with a fallback
 * because a read failed (`markPageDegraded`, called by the loaders' orFallback). Search and finder pages with
 * what visitors typed are kept on the query shelf: a quarter of these bounds again, apart from the rest.
 */
export const PAGE_CACHE_LIMITS = {
  maxEntries: 300,
  /** All variants of all pages (a page is 50–800 KB of HTML; compressed variants add 15–25%). */
  maxBytes: 24_000_000,
  maxAgeMs: 10 * 60_000,
} satisfies Omit<ResponseCacheOptions, "enabled">;

/**
 * The query parameters public pages read (contact: service; category: type, page; quote: product). A URL
 * with any other parameter is rendered but not kept, so made-up query strings cannot push real pages out.
 */
const PAGE_QUERY_PARAMETERS = new Set(["service", "type", "page", "product"]);

/**
 * Pages whose parameters are what visitors type: the search (free text) and the finder (figures). They are
 * kept on the cache's query shelf, bounded on its own, so they push out only each other.
 */
const QUERY_PAGES: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["/search", new Set(["q", "exact"])],
  ["/finder", new Set(FINDER_PARAMETERS)],
]);

export interface PageKey {
  key: string;
  shelf: Shelf;
}
/** What a page render needs to hand its result to the cache; undefined when it must not be kept. */
export type KeepPage = (html: Buffer, etag: string, headers: [string, string][]) => void;

interface PageRequest {
  degraded: boolean;
}

const currentRequest = new AsyncLocalStorage<PageRequest>();

/** A read behind this page failed and it shows fallback content: do not keep it. */
export function markPageDegraded(): void {
  const request = currentRequest.getStore();
  if (request) request.degraded = true;
}

/**
 * The page-cache key of a URL (path and query) and its shelf, or null when it must not be kept. Parameters
 * are sorted (stably: repeated ones keep their order), since pages read them by name: `?page=2&type=x` and
 * `?type=x&page=2` are one page. The path is kept as sent.
 */
export function pageKey(url: string): PageKey | null {
  const question = url.indexOf("?");
  const path = question === -1 ? url : url.slice(0, question);
  const queryParameters = QUERY_PAGES.get(path);
  const shelf: Shelf = queryParameters && question !== -1 ? "query" : "content";
  if (question === -1) return { key: url, shelf };
  const allowed = queryParameters ?? PAGE_QUERY_PARAMETERS;
  const params = new URLSearchParams(url.slice(question + 1));
  for (const name of params.keys()) if (!allowed.has(name)) return null;
  params.sort();
  const query = params.toString();
  return { key: query === "" ? path : `${path}?${query}`, shelf };
}

/**
 * Before React Router: answers public GET page requests from the cache, or lets the page render and
 * offers the result to the cache (through `res.locals.keepPage`, passed on in the load context).
 * Runs after `contentFreshness`, so on PostgreSQL a change elsewhere has already emptied it.
 */
export function servePageCache(pages: ResponseCache, siteUrl: string | null): RequestHandler {
  return (req, res, next) => {
    const cacheable =
      pages.enabled && isPublicDocumentRequest(req.method, req.path) && !isPrivatePath(req.path) && !hasCredentials(req);
    if (!cacheable) return next();
    const url = pageKey(req.originalUrl);
    if (url === null) return next();
    // Pages show absolute links made from SITE_URL, or else from the request's own origin.
    const origin = siteUrl ?? `${req.protocol}://${req.get("x-forwarded-host") ?? ""}|${req.get("host") ?? ""}`;
    const key = `${origin}${url.key}`;
    const page = pages.get(key, url.shelf);
    if (page) return sendKept(req, res, page);
    const generation = pages.currentGeneration;
    const request: PageRequest = { degraded: false };
    const keepPage: KeepPage = (html, etag, headers) => {
      if (!request.degraded) pages.keep(key, generation, html, "text/html; charset=utf-8", etag, headers, url.shelf);
    };
    res.locals.keepPage = keepPage;
    currentRequest.run(request, next);
  };
}
