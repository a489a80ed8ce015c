import { createHash } from "node:crypto";
import { PassThrough, Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { etagMatches, type KeepPage, NONCE_PLACEHOLDER } from "../server/cache/page-cache";
import { isPublicPageRequest } from "../server/http/caching";

export const streamTimeout = 5_000;

/**
 * Server rendering, with the CSP nonce from the server on every inline script React Router writes.
 *
 * Public pages are rendered whole, so they get an ETag (a hash of the page without its nonce) and a
 * matching If-None-Match gets 304 with no body. Cache-Control comes from server/http/caching.ts; a server
 * error is never stored. Staff screens (rendered in the browser, never cached) stream their shell, and
 * so does everything for a browser that is not a public page.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const { pathname } = new URL(request.url);
  const isPublicPage = isPublicPageRequest(request.method, pathname) && !routerContext.isSpaMode;
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
          const done = (html: string) => {
            clearTimeout(timeout);
            resolve(withEtag(request, html, nonce, responseStatusCode, responseHeaders, loadContext.keepPage));
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

/** A writable that hands over everything written to it as one string. */
function collect(done: (text: string) => void, fail: (error: unknown) => void): Writable {
  const chunks: Buffer[] = [];
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    final(callback) {
      done(Buffer.concat(chunks).toString("utf8"));
      callback();
    },
    destroy(error, callback) {
      if (error) fail(error);
      callback(error);
    },
  });
}

/** The page with its ETag, or 304 when the browser's copy (If-None-Match) is the same page. */
function withEtag(
  request: Request,
  html: string,
  nonce: string,
  status: number,
  headers: Headers,
  keepPage: KeepPage | undefined,
): Response {
  // The nonce differs on every request; the page it guards does not.
  const withPlaceholder = html.replaceAll(nonce, NONCE_PLACEHOLDER);
  const etag = `W/"${createHash("sha256").update(withPlaceholder).digest("base64url").slice(0, 27)}"`;
  headers.set("ETag", etag);
  if (status === 200) keepPage?.(withPlaceholder, etag);
  if (status === 200 && etagMatches(request.headers.get("if-none-match") ?? undefined, etag)) {
    headers.delete("Content-Type");
    return new Response(null, { status: 304, headers });
  }
  return new Response(html, { status, headers });
}
