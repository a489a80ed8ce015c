import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { PUBLIC_CACHE_CONTROL } from "../http/caching";
import { compress, type Effort } from "../http/compress";
import { errorFields, log } from "../log";
import { BoundedEntries, type EntryLimits, queryShelfLimits, type Shelf } from "./bounded-entries";
import type { ContentCache } from "./content-cache";

/**
 * Complete public answers (rendered pages, public API reads) kept as the bytes that go on the wire: the
 * body as is, gzipped and brotli-compressed, with its ETag. A hit is a header lookup and one write: no
 * rendering, no serialising, no compressing per request (docs/decisions/008).
 *
 * An answer is compressed once, in zlib's thread pool, after the request that produced it has been
 * answered; it is kept only if content did not change meanwhile (the generation it was built from is
 * still current). Emptied with the content cache; bounded by entries and by the bytes of all variants, the
 * least recently used going first. Answers to what visitors type (searches, finder figures) are kept on the
 * query shelf, bounded on its own (server/cache/bounded-entries.ts), and compressed at the per-request
 * levels: most are never asked for again, and a flood of them must not cost a slow compression each.
 */

/** Once per kept answer, so the better ratios are worth it: brotli 10 is ~20% smaller than gzip on our pages for ~20 ms (11 takes ~70 ms for 2% more). */
const KEPT_EFFORT: Effort = { gzipLevel: 9, brotliQuality: 10 };
/** Per request, as the compression() middleware does. */
const PER_REQUEST_EFFORT: Effort = { gzipLevel: 6, brotliQuality: 4 };

type Encoding = "br" | "gzip" | "identity";

/**
 * A body's per-request compressions while the body lives: a page kept on the query shelf is compressed at
 * the per-request levels too, and shares the one made for its own request instead of making it twice.
 */
const perRequest = new WeakMap<Buffer, Map<"gzip" | "br", Promise<Buffer>>>();
function compressPerRequest(body: Buffer, encoding: "gzip" | "br"): Promise<Buffer> {
  const made = perRequest.get(body) ?? new Map<"gzip" | "br", Promise<Buffer>>();
  perRequest.set(body, made);
  const bytes = made.get(encoding) ?? compress(body, encoding, PER_REQUEST_EFFORT);
  made.set(encoding, bytes);
  return bytes;
}

interface KeptAnswer {
  etag: string;
  contentType: string;
  /** Response headers the answer carried besides the ones set here (e.g. a page's Link preloads). */
  headers: readonly (readonly [string, string])[];
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** All variants and the key: what the byte bound counts. */
  bytes: number;
  generation: number;
  storedAt: number;
}

export interface ResponseCacheOptions {
  enabled: boolean;
  maxEntries: number;
  /** Bound on the bytes of every kept variant together; an answer over a tenth of it is not kept. */
  maxBytes: number;
  /** Forget an answer after this long even if content did not change (pages show the year). */
  maxAgeMs?: number;
  /** The query shelf's bounds; by default a quarter of the above. */
  queries?: EntryLimits;
}

export class ResponseCache {
  readonly enabled: boolean;
  private readonly options: ResponseCacheOptions;
  private readonly shelves: Record<Shelf, BoundedEntries<KeptAnswer>>;
  /** Keys being compressed, with their generation: a burst of misses compresses an answer once. */
  private readonly compressing = new Map<string, number>();
  private readonly inFlight = new Set<Promise<void>>();
  private generation = 0;
  hits = 0;

  constructor(options: ResponseCacheOptions) {
    this.enabled = options.enabled;
    this.options = options;
    this.shelves = {
      content: new BoundedEntries(options),
      query: new BoundedEntries(options.queries ?? queryShelfLimits(options)),
    };
  }

  get(key: string, shelf: Shelf = "content"): KeptAnswer | undefined {
    const answers = this.shelves[shelf];
    const answer = answers.get(key);
    if (!answer) return undefined;
    const { maxAgeMs } = this.options;
    if (answer.generation !== this.generation || (maxAgeMs !== undefined && Date.now() - answer.storedAt > maxAgeMs)) {
      answers.delete(key);
      return undefined;
    }
    this.hits++;
    return answer;
  }

  /**
   * Compresses `body` (in the background) and keeps it under `key` on `shelf`, unless content changed since
   * `generation` (the one the answer was built from) or the same key is already being compressed.
   */
  keep(
    key: string,
    generation: number,
    body: Buffer,
    contentType: string,
    etag: string,
    headers: KeptAnswer["headers"] = [],
    shelf: Shelf = "content",
  ): void {
    const answers = this.shelves[shelf];
    if (!this.enabled || generation !== this.generation || body.length > answers.limits.maxBytes / 10) return;
    const compressingKey = `${shelf}:${key}`;
    if (this.compressing.get(compressingKey) === generation || answers.has(key)) return;
    this.compressing.set(compressingKey, generation);
    const squeeze = (encoding: "gzip" | "br") =>
      shelf === "content" ? compress(body, encoding, KEPT_EFFORT) : compressPerRequest(body, encoding);
    const work = Promise.all([squeeze("gzip"), squeeze("br")]).then(
      ([gzipped, brotli]) => {
        if (generation !== this.generation) return; // content changed while compressing
        const bytes = body.length + gzipped.length + brotli.length + key.length;
        const answer = {
          etag,
          contentType,
          headers,
          identity: body,
          gzip: gzipped,
          br: brotli,
          bytes,
          generation,
          storedAt: Date.now(),
        };
        answers.set(key, answer, bytes);
      },
      (err: unknown) => log.warn("could not compress an answer for the cache", errorFields(err)),
    );
    const settled = work.finally(() => {
      if (this.compressing.get(compressingKey) === generation) this.compressing.delete(compressingKey);
      this.inFlight.delete(settled);
    });
    this.inFlight.add(settled);
  }

  get currentGeneration(): number {
    return this.generation;
  }

  invalidate(): void {
    this.generation++;
    this.shelves.content.clear();
    this.shelves.query.clear();
    this.compressing.clear();
  }

  /** Resolves when every answer being compressed is kept or dropped (for tests). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }

  get size(): number {
    return this.shelves.content.size + this.shelves.query.size;
  }

  /** Bytes of every kept variant, for the memory bound. */
  get bytes(): number {
    return this.shelves.content.bytes + this.shelves.query.bytes;
  }

  /** One shelf's answers and bytes. */
  shelf(shelf: Shelf): { size: number; bytes: number } {
    return { size: this.shelves[shelf].size, bytes: this.shelves[shelf].bytes };
  }
}

/** A response cache that empties whenever the content cache does. */
export function responseCacheFollowing(content: ContentCache, options: ResponseCacheOptions): ResponseCache {
  const cache = new ResponseCache(options);
  content.onInvalidate(() => cache.invalidate());
  return cache;
}

/**
 * Sends a kept answer: the variant the client accepts (brotli, else gzip, else as is), or 304 when its
 * If-None-Match names the ETag. Headers and bytes only (mounted before compression(), server/app.ts).
 */
export function sendKept(req: IncomingMessage, res: ServerResponse, answer: KeptAnswer): void {
  res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("ETag", answer.etag);
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  if (isFresh(req, answer.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  const body = encoding === "br" ? answer.br : encoding === "gzip" ? answer.gzip : answer.identity;
  res.statusCode = 200;
  res.setHeader("Content-Type", answer.contentType);
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** As Express decides (the `fresh` package): a matching If-None-Match, unless the request says no-cache. */
function isFresh(req: IncomingMessage, etag: string): boolean {
  const ifNoneMatch = req.headers["if-none-match"];
  if (!ifNoneMatch) return false;
  const cacheControl = req.headers["cache-control"];
  if (cacheControl && /(?:^|,)\s*no-cache\s*(?:,|$)/i.test(cacheControl)) return false;
  return etagMatches(ifNoneMatch, etag);
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

/** A weak ETag for a body: one for all its encodings (they are the same content). */
export function weakEtag(body: Buffer): string {
  return `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/**
 * A freshly rendered answer compressed for this request, in one call to zlib's thread pool instead of the
 * compression() middleware's stream (a transform, its buffers and several writes per answer: most of what
 * an uncached page's compression cost the main thread), at compression()'s levels.
 */
export async function compressForRequest(
  body: Buffer,
  acceptEncoding: string | undefined,
): Promise<{ encoding: Encoding; bytes: Buffer }> {
  const encoding = preferredEncoding(acceptEncoding);
  return { encoding, bytes: encoding === "identity" ? body : await compressPerRequest(body, encoding) };
}

/** Browsers send a handful of distinct Accept-Encoding values; each is parsed once. */
const encodingChoices = new Map<string, Encoding>();

/** The encoding to send: the accepted one with the highest q, brotli before gzip before none on a tie. */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding {
  if (typeof acceptEncoding !== "string" || acceptEncoding === "") return "identity";
  const known = encodingChoices.get(acceptEncoding);
  if (known) return known;
  let br: number | undefined;
  let gzipQ: number | undefined;
  let any: number | undefined;
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.split(";");
    let q = 1;
    for (const param of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (m) q = Number(m[1]) || 0;
    }
    const coding = name.trim().toLowerCase();
    if (coding === "br") br = q;
    else if (coding === "gzip" || coding === "x-gzip") gzipQ = q;
    else if (coding === "*") any = q;
  }
  const brQ = br ?? any ?? 0;
  const gzQ = gzipQ ?? any ?? 0;
  const choice: Encoding = brQ > 0 && brQ >= gzQ ? "br" : gzQ > 0 ? "gzip" : "identity";
  if (encodingChoices.size >= 100) encodingChoices.clear(); // unusual values from odd clients: stay small
  encodingChoices.set(acceptEncoding, choice);
  return choice;
}
