import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import compression from "compression";
import express, { type Express, type RequestHandler } from "express";
import { apiRouter } from "./api/router";
import { contentFreshness } from "./cache/content-cache";
import { servePageCache } from "./cache/page-cache";
import { preferredEncoding } from "./cache/response-cache";
import { findAttachmentTitle } from "./content/product";
import type { AppContext } from "./context";
import { pageCaching } from "./http/caching";
import { refuseCrossSiteWrites } from "./http/cross-site";
import { errorHandler } from "./http/errors";
import { refuseMalformedHost, refuseUnanswerablePageRequests } from "./http/malformed";
import { renderQueue } from "./http/render-queue";
import { requestLog } from "./http/request-log";
import { securityHeaders } from "./http/security";
import { attachmentDisposition } from "./uploads/attachments";

const UPLOAD_NAME = /^\/[a-f0-9]{32}\.\d{1,5}x\d{1,5}(\.w\d{1,5})?\.webp$/;
/** Product attachments (shared/content/product-attachments.ts). */
const ATTACHMENT_NAME = /^\/[a-f0-9]{32}\.pdf$/;

export interface AppOptions {
  /** Serves built browser assets (production) or Vite's dev middleware. */
  assets?: RequestHandler;
  /** Renders every page that is not API or a file: React Router. */
  pages?: RequestHandler;
}

/** The whole HTTP surface: API, uploads, assets, pages — in that order. */
export function createApp(ctx: AppContext, options: AppOptions = {}): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", ctx.config.trustProxy);
  app.set("query parser", "simple");

  app.use(requestLog);
  app.use(securityHeaders({ dev: ctx.config.dev }));
  app.use(refuseMalformedHost);
  app.use(refuseCrossSiteWrites(ctx.config.siteUrl));
  // Compression is mounted in each branch after its cache (the API router, pages below, built assets):
  // kept pages and API answers are sent already compressed and skip it altogether. No request passes
  // two compression() layers.

  // Public reads come from the content cache; on PostgreSQL it first checks nothing changed elsewhere.
  const freshContent = contentFreshness(ctx.cache);
  app.use("/api", freshContent, apiRouter(ctx));

  // Uploads: only names we generate, never executable in the browser. Images are always WebP (we
  // re-encoded them); attachments are PDF files, always sent as a download named after their title, so no
  // PDF is ever shown inline from our origin (the title comes from the product that has the file).
  app.use(
    "/uploads",
    async (req, res, next) => {
      const image = UPLOAD_NAME.test(req.path);
      if (!image && !ATTACHMENT_NAME.test(req.path)) {
        res.status(404).type("text/plain").send("Not found");
        return;
      }
      res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
      if (image) res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
      else res.locals.downloadTitle = (await findAttachmentTitle(ctx.db, `/uploads${req.path}`)) ?? "attachment";
      next();
    },
    express.static(ctx.config.uploadDir, {
      immutable: true,
      maxAge: "365d",
      index: false,
      dotfiles: "deny",
      fallthrough: true,
      setHeaders: (res, file) => {
        if (!file.endsWith(".pdf")) {
          res.setHeader("Content-Type", "image/webp");
          return;
        }
        res.setHeader("Content-Type", "application/pdf");
        res.setHeader("Content-Disposition", attachmentDisposition(String(res.locals.downloadTitle ?? "attachment")));
      },
    }),
    (_req, res) => {
      res.status(404).type("text/plain").send("Not found");
    },
  );

  if (options.assets) app.use(options.assets);
  if (options.pages) {
    const pageCache = servePageCache(ctx.pages, ctx.config.siteUrl);
    app.use(
      refuseUnanswerablePageRequests,
      pageCaching,
      freshContent,
      pageCache,
      renderQueue(ctx.config.renderConcurrency),
      compression(),
      options.pages,
    );
  }
  // Whatever a page, file or asset handler throws: the error shape and a JSON log line, never Express's
  // default (an HTML page, and a stack trace printed outside the log).
  app.use(errorHandler);
  return app;
}

/**
 * Production assets from `react-router build`: hashed files cached for a year, the rest for an hour.
 * Only paths under the build's own top-level names reach the disk (a page request would otherwise cost a
 * file-system lookup), and a missing file is a 404 here (past this, pages add their own compression).
 * Text files come with a brotli and a gzip copy made at build time (vite.config.ts): those are sent as
 * they are, in the encoding the browser prefers; anything else is compressed as it is sent.
 */
export function builtAssets(clientDir: string): RequestHandler {
  const router = express.Router();
  router.use(compression());
  router.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "365d", index: false, fallthrough: false }),
  );
  router.use(express.static(clientDir, { maxAge: "1h", index: false, fallthrough: false }));
  const builtNames = new Set(existsSync(clientDir) ? readdirSync(clientDir) : []);
  const precompressed = precompressedFiles(clientDir);
  return (req, res, next) => {
    if (!builtNames.has(req.path.split("/", 2)[1] ?? "")) {
      next();
      return;
    }
    if ((req.method === "GET" || req.method === "HEAD") && precompressed.has(req.path)) {
      res.vary("Accept-Encoding");
      const encoding = preferredEncoding(req.headers["accept-encoding"]);
      if (encoding !== "identity") {
        // The copy's own type would be "application/octet-stream"; static() keeps a type already set.
        res.type(path.extname(req.path));
        res.setHeader("Content-Encoding", encoding);
        const query = req.url.indexOf("?");
        const suffix = encoding === "br" ? ".br" : ".gz";
        req.url = query < 0 ? req.url + suffix : req.url.slice(0, query) + suffix + req.url.slice(query);
      }
    }
    router(req, res, next);
  };
}

/** The URL paths of built files that have both a `.br` and a `.gz` copy beside them. */
function precompressedFiles(clientDir: string): Set<string> {
  if (!existsSync(clientDir)) return new Set();
  const names = new Set(
    readdirSync(clientDir, { recursive: true, encoding: "utf8" }).map((name) => name.split(path.sep).join("/")),
  );
  const paths = new Set<string>();
  for (const name of names) {
    if (name.endsWith(".br") && names.has(`${name.slice(0, -3)}.gz`)) paths.add(`/${name.slice(0, -3)}`);
  }
  return paths;
}
