import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";
import { isStaffPath } from "./caching";

const DIRECTIVES = {
  defaultSrc: ["'self'"],
  // 'inline-speculation-rules': the public pages' prefetch rules (app/enhance/prefetch.ts), JSON the
  // browser reads and never runs.
  scriptSrc: ["'self'", "'inline-speculation-rules'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "https:"],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

/**
 * Security headers for every response. Scripts run only from our origin, so injected markup cannot run
 * script. Public pages carry no inline script (one external enhancement script), so their policy is the
 * same fixed header on every answer and a kept page can be sent as is. The staff screens are React
 * Router's hydrated app, whose inline scripts carry this request's nonce: only they get one (drawing it
 * costs, and a nonce on a public page would make every answer different).
 */
export function securityHeaders(options: { dev: boolean }): RequestHandler[] {
  const nonce: RequestHandler = (req, res, next) => {
    if (isStaffPath(req.path)) res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  };
  // Vite's dev client injects inline scripts and a websocket: no policy in development.
  const fixedPolicy = helmet.contentSecurityPolicy({ useDefaults: false, directives: DIRECTIVES });
  const noncePolicy = helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: {
      ...DIRECTIVES,
      scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`],
    },
  });
  const policy: RequestHandler = (req, res, next) =>
    res.locals.cspNonce === undefined ? fixedPolicy(req, res, next) : noncePolicy(req, res, next);
  const headers = helmet({
    contentSecurityPolicy: false, // above
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // HSTS only when the request really came over TLS (directly or via a trusted proxy); see below.
    strictTransportSecurity: false,
    xFrameOptions: { action: "deny" },
  });
  const extra: RequestHandler = (req, res, next) => {
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
  return options.dev ? [nonce, headers, extra] : [nonce, policy, headers, extra];
}
