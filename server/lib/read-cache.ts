import type { Database, Db } from '../db/client';

/**
 * In-process copies of what every visitor reads and almost nobody writes: the day's catalog, the
 * delivery points and slots, the settings. The database says when they change (triggers of
 * migration 0008 notify every server, see Database.onCacheInvalidation); then every copy is dropped
 * at once, whatever changed: changes are rare (an import, a dish selling out), reads are thousands
 * a minute at lunch.
 *
 * Stock is part of the copies (a dish's `sold_out`): a reservation notifies only when it flips that
 * flag, so the cart's conditional UPDATEs leave the copies alone until a dish sells out or comes
 * back. Keeping stock out and merging it per request would cost a query per read, which is what
 * the copies are here to save.
 *
 * `maxAgeMs` bounds how stale a copy can get if a notification is ever lost (a dropped
 * connection): the HTTP answers say max-age=60 anyway.
 */
export class ReadCache {
  readonly #entries = new Map<string, { value: Promise<unknown>; at: number }>();

  constructor(
    private readonly maxAgeMs = 60_000,
    /** Copies kept at most; past it every copy is dropped (keys include dates and slugs from the query string). */
    private readonly maxEntries = 2_000,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The copy under `key`, loaded once for everyone asking meanwhile. A load that fails is not kept.
   * A change landing while a load runs drops it too (invalidate clears loads in flight).
   */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.#entries.get(key);
    if (hit && this.now() - hit.at < this.maxAgeMs) return hit.value as Promise<T>;
    if (this.#entries.size >= this.maxEntries) this.#entries.clear();
    const value = load();
    const entry = { value, at: this.now() };
    this.#entries.set(key, entry);
    value.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    return value;
  }

  invalidate(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** The cache of each open database (one per app; the catalog import command and scripts have none). */
const caches = new WeakMap<Db, ReadCache>();

/** Gives `database` a cache that its change notifications clear; answers the detach function. */
export function attachReadCache(database: Database, cache = new ReadCache()): () => void {
  caches.set(database.db, cache);
  const unsubscribe = database.onCacheInvalidation(() => cache.invalidate());
  return () => {
    unsubscribe();
    if (caches.get(database.db) === cache) caches.delete(database.db);
  };
}

/**
 * `load()` through the database's cache when it has one. Only for reads of the tables migration
 * 0008 watches, and never with a transaction handle (a transaction's own uncommitted rows must not
 * become everyone's copy): a Tx has no cache, so it loads.
 */
export function cachedRead<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  const cache = caches.get(db);
  return cache ? cache.get(key, load) : load();
}
