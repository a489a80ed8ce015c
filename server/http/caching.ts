import type { ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";

/**
 * HTTP caching (see docs/decisions/008). Public pages and public API reads may be kept by a shared cache
 * (the shipped nginx micro-cache) for a second and served while one request refreshes them; browsers
 * revalidate every time (max-age=0) and get a 304 when nothing changed. Anything private or about a
 * change is never stored.
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=1, stale-while-revalidate=10";
const PRIVATE_CACHE_CONTROL = "no-store";

/** GET or HEAD: a request that only reads, so its answer may be cached. */
export const isReadMethod = (method: string) => method === "GET" || method === "HEAD";

/** The staff screens (and their data requests, /admin.data and /admin/….data): never cached. */
export const isStaffPath = (path: string) => /^\/admin(\/|\.data$|$)/i.test(path);

/**
 * A person's own pages, opened by a link we e-mailed: a buyer's quotation (/quotation/<token>, issue 32) and their
 * personal data (/privacy/request/<link>, /privacy/keep/<link>, issue 33). Anyone with the link may read it, but it
 * is private to them: never kept by a cache, and a wrong token is not counted among the site's not-found paths.
 */
export const isPrivatePath = (path: string) => /^\/(quotation|privacy\/request|privacy\/keep)\//i.test(path);

/** A request for a public page (or its data): a read outside the staff screens. */
export const isPublicPageRequest = (method: string, path: string) => isReadMethod(method) && !isStaffPath(path);

/** A request for a public page itself (its HTML), not for its data (`.data`). */
export const isPublicDocumentRequest = (method: string, path: string) =>
  isPublicPageRequest(method, path) && !path.endsWith(".data");

/** Whether the request carries a staff credential (its answer may then hold private data). */
export const hasCredentials = (req: { headers: Record<string, string | string[] | undefined> }) =>
  Boolean(req.headers["x-auth-token"] || req.headers.authorization);

/** Runs `listener` just before the status line and headers are written. */
function beforeHeaders(res: ServerResponse, listener: () => void): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    res.writeHead = writeHead;
    listener();
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
}

/**
 * The API's policy: anonymous GETs of the public content endpoints are public; everything else (writes,
 * contacts, sessions, anything sent with a token) is `no-store`. Express adds weak ETags to JSON answers
 * and answers 304 to a matching If-None-Match by itself.
 */
export function apiCaching(publicPrefixes: string[]): RequestHandler {
  const prefixes = publicPrefixes.map((p) => p.toLowerCase());
  return (req, res, next) => {
    const path = req.path.toLowerCase();
    const isPublic =
      isReadMethod(req.method) && !hasCredentials(req) && prefixes.some((p) => path === p || path.startsWith(`${p}/`));
    res.setHeader("Cache-Control", isPublic ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
    next();
  };
}

/**
 * The pages' policy: staff screens and form posts `no-store`, public pages public (app/entry.server.tsx
 * adds the ETag and answers 304, and marks server errors `no-store`). A page's own headers replace these
 * defaults (and helmet's): React Router's adapter appends each header of a page's answer, which would
 * otherwise send a second Cache-Control (the datasheet's, robots.txt's, a 500's `no-store`) or a second
 * X-Content-Type-Options beside ours. Set-Cookie and Vary keep adding.
 */
export const pageCaching: RequestHandler = (req, res, next) => {
  const shared = isPublicPageRequest(req.method, req.path) && !isPrivatePath(req.path);
  res.setHeader("Cache-Control", shared ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
  const append = res.append;
  res.append = function appendOrReplace(this: Response, field: string, value?: string[] | string) {
    const name = field.toLowerCase();
    if (name === "set-cookie" || name === "vary" || value === undefined) return append.call(this, field, value);
    return this.set(field, value);
  };
  // Only staff screens carry a nonce (server/http/security.ts), and they are neither kept nor given ETags,
  // so this is a safety net: a 304 tells the browser to reuse its copy, whose inline scripts carry that
  // copy's nonce, and sending this request's policy with it would replace the stored one and block them.
  if (res.locals.cspNonce !== undefined) {
    beforeHeaders(res, () => {
      if (res.statusCode === 304) res.removeHeader("Content-Security-Policy");
    });
  }
  next();
};

/** An answer that must never be stored (errors, private data). */
export function noStore(res: Response): void {
  res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
}
