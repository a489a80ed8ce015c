import { PassThrough, Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import type { KeepPage } from "../server/cache/page-cache";
import { compressForRequest, etagMatches, weakEtag } from "../server/cache/response-cache";
import { movedOrCounted } from "../server/content/not-found";
import { isPrivatePath, isPublicPageRequest } from "../server/http/caching";
import { restorePageData } from "../server/http/page-data";

export const streamTimeout = 5_000;

/**
 * Server rendering. Staff screens get the CSP nonce from the server on every inline script React Router
 * writes; public pages have no inline script and get no nonce (server/http/security.ts), so a page is the
 * same bytes for every visitor.
 *
 * Public pages are rendered whole, so they get an ETag (a hash of the page) and a matching If-None-Match
 * gets 304 with no body; a 200 page is offered to the page cache. Cache-Control comes from
 * server/http/caching.ts; a server error is never stored. Staff screens (rendered in the browser, never
 * cached) stream their shell, and so does everything for a browser that is not a public page.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  restorePageData(routerContext, loadContext.pageData);
  const nonce = loadContext.cspNonce;
  const { pathname } = new URL(request.url);
  const isPublicPage = isPublicPageRequest(request.method, pathname) && !routerContext.isSpaMode;
  // An old address (a record's former slug, a redirect staff made) moves on; any other is counted.
  if (isPublicPage && responseStatusCode === 404 && !isPrivatePath(pathname)) {
    const moved = await movedOrCounted(loadContext.app.db, request);
    if (moved) return moved;
  }
  if (isPublicPage && responseStatusCode < 500) {
    // A public page's data is all loaded (no deferred parts), so it renders in one synchronous pass: about
    // twice as fast as the stream, which encodes and copies every small chunk. If rendering fails, the
    // stream below renders it again and reports the error as before.
    let html: string | undefined;
    try {
      html = renderToString(<ServerRouter context={routerContext} url={request.url} />);
    } catch {
      html = undefined;
    }
    if (html !== undefined) {
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      const page = Buffer.from(html.startsWith("<!DOCTYPE") ? html : `<!DOCTYPE html>${html}`);
      return withEtag(request, page, responseStatusCode, responseHeaders, loadContext.keepPage);
    }
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeout: NodeJS.Timeout | undefined;
    const userAgent = request.headers.get("user-agent");
    const waitForAll = isPublicPage || (userAgent && isbot(userAgent)) || routerContext.isSpaMode;
    const readyOption: keyof RenderToPipeableStreamOptions = waitForAll ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        if (responseStatusCode >= 500) responseHeaders.set("Cache-Control", "no-store");
        if (isPublicPage && responseStatusCode < 500) {
          const done = (html: Buffer) => {
            clearTimeout(timeout);
            resolve(withEtag(request, html, responseStatusCode, responseHeaders, loadContext.keepPage));
          };
          pipe(collect(done, reject));
          return;
        }
        const body = new PassThrough();
        body.on("close", () => clearTimeout(timeout));
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    // Cleared when the page is complete: a pending timer would keep the whole render (tree, data, HTML)
    // alive for seconds after the answer left, hundreds of them under load.
    timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

/** A writable that hands over everything written to it as one buffer. */
function collect(done: (bytes: Buffer) => void, fail: (error: unknown) => void): Writable {
  const chunks: Buffer[] = [];
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    final(callback) {
      done(Buffer.concat(chunks));
      callback();
    },
    destroy(error, callback) {
      if (error) fail(error);
      callback(error);
    },
  });
}

/** Headers the cache sets itself on a kept page; the others a route added (e.g. Link preloads) are kept with it. */
const OWN_HEADERS = new Set(["content-type", "content-length", "content-encoding", "etag", "cache-control", "vary", "date"]);

/**
 * The page with its ETag, or 304 when the browser's copy (If-None-Match) is the same page. The body is
 * compressed here, in one call (server/cache/response-cache.ts), and compression() passes it on as it is.
 */
async function withEtag(
  request: Request,
  html: Buffer,
  status: number,
  headers: Headers,
  keepPage: KeepPage | undefined,
): Promise<Response> {
  const etag = weakEtag(html);
  headers.set("ETag", etag);
  // A page that sets a cookie is this visitor's own: never shared.
  if (status === 200 && keepPage && !headers.has("set-cookie")) {
    const extra: [string, string][] = [];
    headers.forEach((value, name) => {
      if (!OWN_HEADERS.has(name)) extra.push([name, value]);
    });
    keepPage(html, etag, extra);
  }
  // On a 304 too: it stands for the 200 it confirms, and a shared cache must know that one varies.
  headers.append("Vary", "Accept-Encoding");
  if (status === 200 && etagMatches(request.headers.get("if-none-match") ?? undefined, etag)) {
    headers.delete("Content-Type");
    return new Response(null, { status: 304, headers });
  }
  const { encoding, bytes } = await compressForRequest(html, request.headers.get("accept-encoding") ?? undefined);
  if (encoding !== "identity") headers.set("Content-Encoding", encoding);
  // (A Buffer's memory is an ArrayBuffer; the DOM types only accept it by that name.)
  return new Response(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.length), { status, headers });
}
