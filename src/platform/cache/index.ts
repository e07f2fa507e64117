/** The cache: the port, both adapters, and `createCache`, which picks one from the configuration. */
import { Redis } from 'ioredis'
import type { Config } from '../config.ts'
import type { Cache } from './cache.port.ts'
import { createMemoryCache } from './memory-cache.ts'
import { createRedisCache } from './redis-cache.ts'

export type { Cache } from './cache.port.ts'
export { createMemoryCache, type MemoryCacheOptions } from './memory-cache.ts'
export { createRedisCache, type RedisCacheOptions } from './redis-cache.ts'

/**
 * Redis when REDIS_URL is set, else memory. A given `redis` connection stays the caller's to
 * close; without one, the cache opens its own and closes it in close().
 */
export function createCache(
  config: Pick<Config, 'REDIS_URL' | 'REDIS_PREFIX'> & Partial<Pick<Config, 'CACHE_MEMORY_MB'>>,
  redis?: Redis,
): Cache {
  if (!config.REDIS_URL) return createMemoryCache({ maxBytes: (config.CACHE_MEMORY_MB ?? 256) * 1024 * 1024 })
  const prefix = `${config.REDIS_PREFIX}cache:`
  if (redis) return createRedisCache(redis, { prefix })
  return createRedisCache(new Redis(config.REDIS_URL), { prefix, quitOnClose: true })
}
