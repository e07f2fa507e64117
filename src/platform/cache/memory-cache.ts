/** In-process cache (the default, offline): an LRU with per-entry TTL, bounded by count and size. */
import { LRUCache } from 'lru-cache'
import { cacheOverTextStore, type Cache } from './cache.port.ts'

export interface MemoryCacheOptions {
  /** Most entries kept; the least recently used go first. Default 10 000. */
  max?: number
  /**
   * Most bytes of keys and JSON text kept (counted as string length), least recently used first;
   * an entry larger than this is not stored. Default 256 MiB. Entries range from a few bytes to
   * ~100 KB (an AUM history), so a count alone does not bound memory.
   */
  maxBytes?: number
  /** Clock in ms for TTLs (tests). Must stay > 0: lru-cache reads a start time of 0 as "no TTL". */
  now?: () => number
}

export function createMemoryCache(opts: MemoryCacheOptions = {}): Cache {
  const now = opts.now
  const lru = new LRUCache<string, string>({
    max: opts.max ?? 10_000,
    maxSize: opts.maxBytes ?? 256 * 1024 * 1024,
    sizeCalculation: (json, key) => json.length + key.length,
    // Exact expiry: no clock value cached between reads, so an injected clock applies at once.
    ttlResolution: 0,
    ...(now ? { perf: { now } } : {}),
  })
  // Stores JSON text, not objects: copies on every read and the same Date handling as Redis.
  return cacheOverTextStore({
    kind: 'memory',
    read: async (key) => lru.get(key),
    peek: (key) => lru.get(key),
    write: async (key, json, ttlMs) => {
      lru.set(key, json, { ttl: ttlMs })
    },
    remove: async (key) => {
      lru.delete(key)
    },
    removePrefix: async (prefix) => {
      for (const key of [...lru.keys()]) if (key.startsWith(prefix)) lru.delete(key)
    },
    // Single-threaded: read-modify-write is atomic here. The remaining TTL is kept on update.
    increment: async (key, ttlMs) => {
      const current = Number(lru.get(key) ?? 0)
      const remaining = lru.getRemainingTTL(key)
      lru.set(key, String(current + 1), { ttl: current > 0 && remaining > 0 ? remaining : ttlMs })
      return current + 1
    },
    close: async () => {
      lru.clear()
    },
  })
}
