import type { RequestHandler } from "express";
import type { ContentChanges } from "../db/client";
import { isReadMethod } from "../http/caching";
import { BoundedEntries, type EntryLimits, queryShelfLimits, type Shelf } from "./bounded-entries";

/**
 * What the public pages and the public API read (banners, categories, products, settings…), kept in memory.
 * Content changes a few times a day and is read on every page view, so a read costs a database round trip
 * only after a change.
 *
 * Never older than the last committed change (docs/decisions/008): every change to a content table is
 * counted by a trigger (migration 0002), whichever server, process or tool made it.
 * - PGlite (one process): the trigger's notification arrives before the writer's query returns, and
 *   empties the cache then.
 * - PostgreSQL (one or several servers): each request first reads the committed counter
 *   (`checkFreshness`); a higher number than last seen empties the cache before anything is read.
 *
 * An entry holds the read's promise, so a burst of requests after a change costs one query, not one each.
 * Values are frozen: a caller that modified one would change what every later request sees.
 *
 * Bounded by entries and by an estimate of their size (the JSON length of each value, measured once when
 * it arrives); the least recently used go first. Callers normalise their keys (server/content/public-reads.ts),
 * so URLs that mean the same read share one entry. What visitors type (searches, suggestions, finder figures)
 * is kept on the query shelf, bounded on its own (server/cache/bounded-entries.ts).
 */
export interface ContentCacheOptions {
  enabled: boolean;
  /** Upper bound on entries (keys include slugs and page numbers). */
  maxEntries?: number;
  /** Upper bound on the estimated bytes of all values; a value over a quarter of it is not kept. */
  maxBytes?: number;
  /** The query shelf's bounds; by default a quarter of the above. */
  queries?: EntryLimits;
}

interface Entry {
  generation: number;
  value: Promise<unknown>;
}

export class ContentCache {
  private readonly enabled: boolean;
  private readonly shelves: Record<Shelf, BoundedEntries<Entry>>;
  /** Bumped by every invalidation; an entry filled in an older generation is never served. */
  private generation = 0;
  /** PostgreSQL: the highest committed content version seen. */
  private version = -1;
  private readVersion: (() => Promise<number>) | null = null;
  private readonly invalidationListeners: (() => void)[] = [];
  hits = 0;
  misses = 0;

  constructor(options: ContentCacheOptions) {
    this.enabled = options.enabled;
    const content = { maxEntries: options.maxEntries ?? 5_000, maxBytes: options.maxBytes ?? 16_000_000 };
    this.shelves = {
      content: new BoundedEntries(content),
      query: new BoundedEntries(options.queries ?? queryShelfLimits(content)),
    };
  }

  /** Connects the cache to the database's change signal. */
  async follow(changes: ContentChanges): Promise<void> {
    if (changes.kind === "notified") await changes.listen(() => this.invalidate());
    else this.readVersion = changes.readVersion;
  }

  /** The cached value for `key` on `shelf`, or the result of `load` (kept when it succeeds and is not null). */
  read<T>(key: string, load: () => Promise<T>, shelf: Shelf = "content"): Promise<T> {
    if (!this.enabled) return load();
    const entries = this.shelves[shelf];
    const hit = entries.get(key);
    if (hit && hit.generation === this.generation) {
      this.hits++;
      return hit.value as Promise<T>;
    }
    this.misses++;
    const entry: Entry = { generation: this.generation, value: load().then(deepFreeze) };
    // Room is made when a value arrives, not here: a read that finds nothing (a made-up slug) or fails is
    // not remembered and must not push real content out. Reads in flight are bounded by the requests.
    entries.hold(key, entry);
    entry.value.then(
      (value) => {
        if (entries.peek(key) !== entry) return; // content changed meanwhile, or already pushed out
        const bytes = value == null ? 0 : estimateBytes(value) + key.length;
        if (value == null || bytes > entries.limits.maxBytes / 4) entries.delete(key);
        else entries.resize(key, bytes);
      },
      () => {
        if (entries.peek(key) === entry) entries.delete(key);
      },
    );
    return entry.value as Promise<T>;
  }

  /** Whether `checkFreshness` asks the database (PostgreSQL with the cache on). */
  get checksVersion(): boolean {
    return this.enabled && this.readVersion !== null;
  }

  /** PostgreSQL: empties the cache when content changed since the last look (a no-op on PGlite). */
  async checkFreshness(): Promise<void> {
    if (!this.enabled || !this.readVersion) return;
    let version: number;
    try {
      version = await this.readVersion();
    } catch {
      // Database unreachable: nothing can be vouched for. The page's own reads will report the outage.
      this.invalidate();
      return;
    }
    // Answers to concurrent checks can arrive out of order; an older number says nothing new.
    if (version > this.version) {
      this.version = version;
      this.invalidate();
    }
  }

  /** Forgets everything: content changed. */
  invalidate(): void {
    this.generation++;
    this.shelves.content.clear();
    this.shelves.query.clear();
    for (const listener of this.invalidationListeners) listener();
  }

  /** For what is built from cached content (rendered pages): forget it together. */
  onInvalidate(listener: () => void): void {
    this.invalidationListeners.push(listener);
  }

  get size(): number {
    return this.shelves.content.size + this.shelves.query.size;
  }

  /** The estimated bytes of all kept values, for the memory bound. */
  get bytes(): number {
    return this.shelves.content.bytes + this.shelves.query.bytes;
  }

  /** One shelf's entries and estimated bytes. */
  shelf(shelf: Shelf): { size: number; bytes: number } {
    return { size: this.shelves[shelf].size, bytes: this.shelves[shelf].bytes };
  }
}

/** Before a request reads content: makes sure the cache is not behind the database (PostgreSQL). */
export function contentFreshness(cache: ContentCache): RequestHandler {
  return (req, _res, next) => {
    // PGlite (notified of changes) has nothing to check: go on at once, not a promise later.
    if (!isReadMethod(req.method) || !cache.checksVersion) return next();
    void cache.checkFreshness().then(() => next());
  };
}

/** About what a value costs to keep: its JSON length (text for strings, size for bytes), measured once per read. */
function estimateBytes(value: unknown): number {
  if (typeof value === "string") return value.length;
  if (ArrayBuffer.isView(value)) return value.byteLength;
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return 1_000; // not JSON (none of our reads); counted as a small value
  }
}

function deepFreeze<T>(value: T): T {
  // Bytes (a made PDF) cannot be frozen; they are handed out only to be sent.
  if (value && typeof value === "object" && !ArrayBuffer.isView(value) && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The server's content cache, following `changes` (PGlite notifications or PostgreSQL's version row). */
export async function openContentCache(changes: ContentChanges, options: ContentCacheOptions): Promise<ContentCache> {
  const cache = new ContentCache(options);
  await cache.follow(changes);
  return cache;
}
