/** Redis cache: shared by every API process, so invalidation reaches all of them. */
import type { Redis } from 'ioredis'
import { cacheOverTextStore, type Cache } from './cache.port.ts'

export interface RedisCacheOptions {
  /** Namespace of every key in Redis. Default 'sextant:'. */
  prefix?: string
  /** Whether close() also quits the connection (only when the cache created it). Default false. */
  quitOnClose?: boolean
}

/** Escapes the glob characters of a SCAN MATCH pattern, so a prefix matches literally. */
const globEscape = (s: string) => s.replace(/[*?[\]\\]/g, '\\$&')

export function createRedisCache(redis: Redis, opts: RedisCacheOptions = {}): Cache {
  const ns = opts.prefix ?? 'sextant:'
  return cacheOverTextStore({
    kind: 'redis',
    read: async (key) => (await redis.get(ns + key)) ?? undefined,
    write: async (key, json, ttlMs) => {
      await redis.set(ns + key, json, 'PX', ttlMs)
    },
    remove: async (key) => {
      await redis.unlink(ns + key)
    },
    // SCAN walks the keyspace in small steps; KEYS would block Redis for every other client.
    removePrefix: async (prefix) => {
      const match = `${globEscape(ns + prefix)}*`
      let cursor = '0'
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', match, 'COUNT', 500)
        if (keys.length) await redis.unlink(...keys)
        cursor = next
      } while (cursor !== '0')
    },
    // INCR then PEXPIRE NX in one round trip: only the first increment sets the window.
    increment: async (key, ttlMs) => {
      const results = await redis
        .multi()
        .incr(ns + key)
        .pexpire(ns + key, ttlMs, 'NX')
        .exec()
      const [err, value] = results?.[0] ?? [new Error('redis transaction aborted'), null]
      if (err) throw err
      return Number(value)
    },
    close: async () => {
      if (opts.quitOnClose) await redis.quit()
    },
  })
}
