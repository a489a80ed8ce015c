import type { RequestHandler } from "express";
import { sendError } from "./errors";

/**
 * Requests no page or endpoint can answer, refused in the error shape before they reach code that would
 * fail on them (React Router builds a URL from the host and a fetch Request from the method, and both
 * throw), so they get a 4xx that is never cached instead of a 500.
 */

/** A DNS name (letters, digits, - . _) or a bracketed IPv6 address, with an optional port. */
const HOST = /^(?:[a-z0-9_.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * `Host` (or `X-Forwarded-Host` from a trusted proxy) must name a host: `a b`, `[x` or `a<b` cannot be
 * part of a URL. A request without one (HTTP/1.0; Node answers HTTP/1.1 ones 400 itself) may still reach
 * the API; pages need one (below).
 */
export const refuseMalformedHost: RequestHandler = (req, res, next) => {
  const host = req.host;
  if (host !== undefined && !(HOST.test(host) && URL.canParse(`http://${host}/`))) {
    sendError(res, 400, "The request's Host header is not a valid host name.");
    return;
  }
  next();
};

/** What the pages answer: reads, and the form posts of their actions. */
const PAGE_METHODS = ["GET", "HEAD", "POST"];

/** Any other method on a page (TRACE, PUT, OPTIONS…) is 405 with the methods pages do answer; a page needs a host. */
export const refuseUnanswerablePageRequests: RequestHandler = (req, res, next) => {
  if (!PAGE_METHODS.includes(req.method)) {
    res.setHeader("Allow", PAGE_METHODS.join(", "));
    sendError(res, 405, `Pages answer only ${PAGE_METHODS.join(", ")}; ${req.method} is not one of them.`);
    return;
  }
  if (req.host === undefined) {
    sendError(res, 400, "The request has no Host header.");
    return;
  }
  next();
};
