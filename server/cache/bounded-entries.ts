/**
 * Where a cache keeps an entry. "content": what pages and the API name (a slug, a page number, a choice of
 * filters), a bounded set. "query": what visitors type (searches, suggestions, finder figures), endless in
 * variety; kept on a shelf of its own, so a flood of made-up queries pushes out only other queries, never
 * the content every page needs.
 */
export type Shelf = "content" | "query";

export interface EntryLimits {
  maxEntries: number;
  /** Upper bound on the bytes of all entries together (as the cache counts them). */
  maxBytes: number;
}

/** The query shelf's limits when a cache is not given its own: a quarter of the content shelf's. */
export const queryShelfLimits = (content: EntryLimits): EntryLimits => ({
  maxEntries: Math.max(1, Math.floor(content.maxEntries / 4)),
  maxBytes: Math.floor(content.maxBytes / 4),
});

/**
 * Entries within a number and a byte bound; the least recently used go first. A `get` counts as a use.
 * An entry's size may be known only later (`resize`: a read whose value has not arrived yet).
 */
export class BoundedEntries<T> {
  private readonly entries = new Map<string, { value: T; bytes: number }>();
  private totalBytes = 0;

  constructor(readonly limits: EntryLimits) {}

  /** The entry, now the most recently used. */
  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Map order is the eviction order: moved to the end.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** The entry, without counting a use. */
  peek(key: string): T | undefined {
    return this.entries.get(key)?.value;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** Keeps `value` (replacing any entry under `key`), then drops the least recently used beyond the bounds. */
  set(key: string, value: T, bytes: number): void {
    this.hold(key, value);
    this.resize(key, bytes);
  }

  /**
   * Keeps `value` whose size is not known yet (a read in flight), making no room: a read that finds nothing
   * or fails is dropped again and must not have pushed anything out. `resize` makes room once it is known.
   */
  hold(key: string, value: T): void {
    this.delete(key);
    this.entries.set(key, { value, bytes: 0 });
  }

  /** Sets the size of an entry, then drops the least recently used beyond the bounds. */
  resize(key: string, bytes: number): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.totalBytes += bytes - entry.bytes;
    entry.bytes = bytes;
    this.trim();
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.totalBytes -= entry.bytes;
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.totalBytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  private trim(): void {
    while (this.entries.size > this.limits.maxEntries || this.totalBytes > this.limits.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }
}
