import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/**
 * The one way text is compressed here: kept answers and pages rendered per request (server/cache/
 * response-cache.ts) and the built assets, once at build time (vite.config.ts). Brotli in text mode.
 */

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export interface Effort {
  gzipLevel: number;
  brotliQuality: number;
}

/**
 * Brotli's window: as large as the body and no larger (10 to 24 bits). A bigger window finds nothing more in
 * a smaller body, but the encoder's memory grows with it: at the default (4 MB) every page compressed per
 * request reported megabytes of memory outside V8's heap, enough that V8 ran a full garbage collection every
 * few requests (distinct finder queries: 126 full collections in 10 s, 44 with the window fitted; 53 → 93 req/s).
 */
const brotliWindowBits = (bytes: number) => Math.min(24, Math.max(10, Math.ceil(Math.log2(bytes + 16))));

/** `body` compressed in zlib's thread pool (one call, no stream). */
export function compress(body: Buffer, encoding: "gzip" | "br", effort: Effort): Promise<Buffer> {
  if (encoding === "gzip") return gzipAsync(body, { level: effort.gzipLevel });
  return brotliAsync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: effort.brotliQuality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.length),
    },
  });
}
