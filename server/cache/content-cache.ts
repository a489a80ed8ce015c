import type { RequestHandler } from "express";
import type { ContentChanges } from "../db/client";
import { isReadMethod } from "../http/caching";

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
 */
export interface ContentCacheOptions {
  enabled: boolean;
  /** Upper bound on entries (keys include slugs and page numbers); the oldest go first. */
  maxEntries?: number;
}

interface Entry {
  generation: number;
  value: Promise<unknown>;
}

export class ContentCache {
  private readonly enabled: boolean;
  private readonly maxEntries: number;
  private readonly entries = new Map<string, Entry>();
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
    this.maxEntries = options.maxEntries ?? 5_000;
  }

  /** Connects the cache to the database's change signal. */
  async follow(changes: ContentChanges): Promise<void> {
    if (changes.kind === "notified") await changes.listen(() => this.invalidate());
    else this.readVersion = changes.readVersion;
  }

  /** The cached value for `key`, or the result of `load` (kept when it succeeds and is not null). */
  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const hit = this.entries.get(key);
    if (hit && hit.generation === this.generation) {
      this.hits++;
      return hit.value as Promise<T>;
    }
    this.misses++;
    const entry: Entry = { generation: this.generation, value: load().then(deepFreeze) };
    this.entries.delete(key); // re-inserted last: Map order is the eviction order
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    // A failed read is not remembered, so the next request tries the database again; nor is "not found",
    // so made-up URLs cannot push real content out.
    entry.value.then(
      (value) => {
        if (value == null) this.forget(key, entry);
      },
      () => this.forget(key, entry),
    );
    return entry.value as Promise<T>;
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
    this.entries.clear();
    for (const listener of this.invalidationListeners) listener();
  }

  /** For what is built from cached content (rendered pages): forget it together. */
  onInvalidate(listener: () => void): void {
    this.invalidationListeners.push(listener);
  }

  get size(): number {
    return this.entries.size;
  }

  private forget(key: string, entry: Entry): void {
    if (this.entries.get(key) === entry) this.entries.delete(key);
  }
}

/** Before a request reads content: makes sure the cache is not behind the database (PostgreSQL). */
export function contentFreshness(cache: ContentCache): RequestHandler {
  return async (req, _res, next) => {
    if (isReadMethod(req.method)) await cache.checkFreshness();
    next();
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
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
