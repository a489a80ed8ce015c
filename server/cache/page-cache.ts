import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import { hasCredentials, isPublicPageRequest } from "../http/caching";
import type { ContentCache } from "./content-cache";

/**
 * Rendered public pages, kept until content changes (with the content cache) and for ten minutes at most
 * (the footer's year). Rendering is most of a page view's cost once the data comes from memory.
 *
 * Every answer still gets its own CSP nonce: a page is kept with a placeholder where the nonce was, and
 * the placeholder is replaced by this request's nonce on the way out. Only complete 200 pages are kept:
 * not redirects or not-found pages, and not a page drawn with a fallback because a read failed
 * (`markPageDegraded`, called by the loaders' orFallback).
 */

const MAX_AGE_MS = 10 * 60_000;
/** Memory bound: kept pages hold at most this many characters in all (a page is 50–800 KB of HTML). */
const MAX_TOTAL_CHARS = 24_000_000;
/** Stands for the nonce in kept pages; random per process, so page content cannot contain it. */
export const NONCE_PLACEHOLDER = `nonce-placeholder-${randomBytes(12).toString("hex")}`;

interface KeptPage {
  generation: number;
  storedAt: number;
  html: string;
  etag: string;
}

/** What a page render needs to hand its result to the cache; undefined when it must not be kept. */
export type KeepPage = (htmlWithPlaceholder: string, etag: string) => void;

interface PageRequest {
  degraded: boolean;
}

const currentRequest = new AsyncLocalStorage<PageRequest>();

/** A read behind this page failed and it shows fallback content: do not keep it. */
export function markPageDegraded(): void {
  const request = currentRequest.getStore();
  if (request) request.degraded = true;
}

export class PageCache {
  private readonly pages = new Map<string, KeptPage>();
  private generation = 0;
  private totalChars = 0;

  constructor(
    readonly enabled: boolean,
    private readonly maxPages = 300,
  ) {}

  get(key: string): KeptPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (page.generation !== this.generation || Date.now() - page.storedAt > MAX_AGE_MS) {
      this.remove(key);
      return undefined;
    }
    return page;
  }

  /** Keeps a page rendered from the data of `generation`, unless content changed meanwhile. */
  keep(key: string, generation: number, html: string, etag: string): void {
    if (generation !== this.generation || html.length > MAX_TOTAL_CHARS / 10) return;
    this.remove(key); // re-inserted last: Map order is the eviction order
    this.pages.set(key, { generation, storedAt: Date.now(), html, etag });
    this.totalChars += html.length;
    while (this.pages.size > this.maxPages || this.totalChars > MAX_TOTAL_CHARS) {
      const oldest = this.pages.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.totalChars -= page.html.length;
    this.pages.delete(key);
  }

  get currentGeneration(): number {
    return this.generation;
  }

  invalidate(): void {
    this.generation++;
    this.pages.clear();
    this.totalChars = 0;
  }

  get size(): number {
    return this.pages.size;
  }

  /** Characters of HTML kept, for the memory bound. */
  get chars(): number {
    return this.totalChars;
  }
}

/** A page cache that empties whenever the content cache does. */
export function pageCacheFollowing(content: ContentCache, enabled: boolean): PageCache {
  const pages = new PageCache(enabled);
  content.onInvalidate(() => pages.invalidate());
  return pages;
}

/**
 * Before React Router: answers public GET page requests from the cache, or lets the page render and
 * offers the result to the cache (through `res.locals.keepPage`, passed on in the load context).
 * Runs after `contentFreshness`, so on PostgreSQL a change elsewhere has already emptied it.
 */
export function servePageCache(pages: PageCache, siteUrl: string | null): RequestHandler {
  return (req, res, next) => {
    const cacheable =
      pages.enabled && isPublicPageRequest(req.method, req.path) && !req.path.endsWith(".data") && !hasCredentials(req);
    if (!cacheable) return next();
    // Pages show absolute links made from SITE_URL, or else from the request's own origin.
    const origin = siteUrl ?? `${req.protocol}://${req.get("x-forwarded-host") ?? ""}|${req.get("host") ?? ""}`;
    const key = `${origin}${req.originalUrl}`;
    const page = pages.get(key);
    if (page) {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.setHeader("ETag", page.etag);
      if (etagMatches(req.headers["if-none-match"], page.etag)) {
        res.status(304).end();
        return;
      }
      res.status(200).send(page.html.replaceAll(NONCE_PLACEHOLDER, res.locals.cspNonce as string));
      return;
    }
    const generation = pages.currentGeneration;
    const request: PageRequest = { degraded: false };
    const keepPage: KeepPage = (html, etag) => {
      if (!request.degraded) pages.keep(key, generation, html, etag);
    };
    res.locals.keepPage = keepPage;
    currentRequest.run(request, next);
  };
}

/** Whether an If-None-Match header names this (weak) ETag. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === bare);
}
