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

/** `body` compressed in zlib's thread pool (one call, no stream). */
export function compress(body: Buffer, encoding: "gzip" | "br", effort: Effort): Promise<Buffer> {
  if (encoding === "gzip") return gzipAsync(body, { level: effort.gzipLevel });
  return brotliAsync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: effort.brotliQuality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}
