import { AsyncLocalStorage } from "node:async_hooks";
import type { RequestHandler } from "express";
import { hasCredentials, isPublicDocumentRequest } from "../http/caching";
import { type ResponseCache, type ResponseCacheOptions, sendKept } from "./response-cache";

/**
 * Rendered public pages, kept as final bytes (server/cache/response-cache.ts) until content changes (with
 * the content cache) and for ten minutes at most (the footer's year). Rendering is most of a page view's
 * cost once the data comes from memory. Public pages carry no inline script and so no CSP nonce: every
 * visitor gets the same bytes.
 *
 * Only complete 200 pages are kept: not redirects or not-found pages, and not a page drawn with a fallback
 * because a read failed (`markPageDegraded`, called by the loaders' orFallback).
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
 * `q` (search, quote suggestions) is free text: those pages are not kept either.
 */
const PAGE_QUERY_PARAMETERS = new Set(["service", "type", "page", "product"]);

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
 * The page-cache key of a URL (path and query), or null when it must not be kept. Parameters are sorted
 * (stably: repeated ones keep their order), since pages read them by name: `?page=2&type=x` and
 * `?type=x&page=2` are one page. The path is kept as sent.
 */
export function pageKey(url: string): string | null {
  const question = url.indexOf("?");
  if (question === -1) return url;
  const path = url.slice(0, question);
  const params = new URLSearchParams(url.slice(question + 1));
  for (const name of params.keys()) if (!PAGE_QUERY_PARAMETERS.has(name)) return null;
  params.sort();
  const query = params.toString();
  return query === "" ? path : `${path}?${query}`;
}

/**
 * Before React Router: answers public GET page requests from the cache, or lets the page render and
 * offers the result to the cache (through `res.locals.keepPage`, passed on in the load context).
 * Runs after `contentFreshness`, so on PostgreSQL a change elsewhere has already emptied it.
 */
export function servePageCache(pages: ResponseCache, siteUrl: string | null): RequestHandler {
  return (req, res, next) => {
    const cacheable = pages.enabled && isPublicDocumentRequest(req.method, req.path) && !hasCredentials(req);
    if (!cacheable) return next();
    const url = pageKey(req.originalUrl);
    if (url === null) return next();
    // Pages show absolute links made from SITE_URL, or else from the request's own origin.
    const origin = siteUrl ?? `${req.protocol}://${req.get("x-forwarded-host") ?? ""}|${req.get("host") ?? ""}`;
    const key = `${origin}${url}`;
    const page = pages.get(key);
    if (page) return sendKept(req, res, page);
    const generation = pages.currentGeneration;
    const request: PageRequest = { degraded: false };
    const keepPage: KeepPage = (html, etag, headers) => {
      if (!request.degraded) pages.keep(key, generation, html, "text/html; charset=utf-8", etag, headers);
    };
    res.locals.keepPage = keepPage;
    currentRequest.run(request, next);
  };
}
