import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { Redis } from 'ioredis'
import { createCache, createMemoryCache, createRedisCache, type Cache } from './cache/index.ts'

interface Harness {
  cache: Cache
  /** Lets `ms` pass for TTL purposes (fake clock on memory, a real wait on Redis). */
  elapse(ms: number): Promise<void>
}

function deferred<T>() {
  let resolve!: (v: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

/** The behaviour every adapter must share. */
function contract(harness: () => Harness): void {
  it('gets, sets and deletes', async () => {
    const { cache } = harness()
    assert.equal(await cache.get('k:missing'), undefined)
    await cache.set('k:1', { a: 1, list: [1, 'two', null], nested: { ok: true } }, 60_000)
    assert.deepEqual(await cache.get('k:1'), { a: 1, list: [1, 'two', null], nested: { ok: true } })
    await cache.set('k:1', 'replaced', 60_000)
    assert.equal(await cache.get<string>('k:1'), 'replaced')
    await cache.set('k:falsy', 0, 60_000)
    assert.equal(await cache.get('k:falsy'), 0)
    await cache.delete('k:1')
    assert.equal(await cache.get('k:1'), undefined)
    await cache.delete('k:never-set') // no error
  })

  it('expires entries after their TTL', async () => {
    const { cache, elapse } = harness()
    await cache.set('ttl:short', 'x', 50)
    await cache.set('ttl:long', 'y', 60_000)
    await elapse(150)
    assert.equal(await cache.get('ttl:short'), undefined)
    assert.equal(await cache.get('ttl:long'), 'y')
  })

  it('rejects a TTL that is not > 0', async () => {
    const { cache } = harness()
    for (const ttl of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      await assert.rejects(cache.set('bad:ttl', 1, ttl), RangeError)
      await assert.rejects(
        cache.wrap('bad:ttl', ttl, async () => 1),
        RangeError,
      )
    }
    assert.equal(await cache.get('bad:ttl'), undefined)
  })

  it('counts atomically in a fixed window that later increments do not extend', async () => {
    const { cache, elapse } = harness()
    const results = await Promise.all(Array.from({ length: 10 }, () => cache.incr('ctr:a', 100)))
    assert.deepEqual(
      [...results].sort((x, y) => x - y),
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    )
    await elapse(60)
    assert.equal(await cache.incr('ctr:a', 100), 11)
    await elapse(60) // 120 ms after the first increment: the window is over
    assert.equal(await cache.incr('ctr:a', 100), 1)
    assert.equal(await cache.incr('ctr:b', 100), 1)
  })

  it('rejects values that are not JSON data', async () => {
    const { cache } = harness()
    await assert.rejects(cache.set('bad:value', undefined, 1000), TypeError)
  })

  it('wrap reports a miss, then a hit', async () => {
    const { cache } = harness()
    let calls = 0
    const compute = async () => ({ n: ++calls })
    assert.deepEqual(await cache.wrap('w:1', 60_000, compute), { value: { n: 1 }, hit: false })
    assert.deepEqual(await cache.wrap('w:1', 60_000, compute), { value: { n: 1 }, hit: true })
    assert.equal(calls, 1)
    assert.deepEqual(await cache.get('w:1'), { n: 1 })
  })

  it('wrap shares one computation between concurrent misses (single-flight)', async () => {
    const { cache } = harness()
    let calls = 0
    const gate = deferred<void>()
    const compute = async () => {
      calls++
      await gate.promise
      return { v: 'shared' }
    }
    const a = cache.wrap('sf:1', 60_000, compute)
    const b = cache.wrap('sf:1', 60_000, compute)
    gate.resolve()
    const [ra, rb] = await Promise.all([a, b])
    assert.equal(calls, 1)
    assert.deepEqual(ra, { value: { v: 'shared' }, hit: false })
    assert.deepEqual(rb, { value: { v: 'shared' }, hit: false })
    assert.notEqual(ra.value, rb.value, 'each caller gets its own copy')
  })

  it('does not cache a rejected computation', async () => {
    const { cache } = harness()
    let calls = 0
    const failing = async (): Promise<number> => {
      calls++
      throw new Error('boom')
    }
    const [a, b] = await Promise.allSettled([
      cache.wrap('rej:1', 60_000, failing),
      cache.wrap('rej:1', 60_000, failing),
    ])
    assert.equal(a.status, 'rejected')
    assert.equal(b.status, 'rejected')
    assert.equal(calls, 1)
    assert.equal(await cache.get('rej:1'), undefined)
    assert.deepEqual(await cache.wrap('rej:1', 60_000, async () => 42), { value: 42, hit: false })
    assert.deepEqual(await cache.wrap('rej:1', 60_000, async () => 43), { value: 42, hit: true })
  })

  it('does not store a computation that a delete overtook', async () => {
    const { cache } = harness()
    const gate = deferred<void>()
    const stale = cache.wrap('race:1', 60_000, async () => {
      await gate.promise
      return 'old'
    })
    await sleep(5) // let the wrap read the (empty) cache and start computing
    await cache.delete('race:1')
    gate.resolve()
    assert.deepEqual(await stale, { value: 'old', hit: false })
    assert.equal(await cache.get('race:1'), undefined)
    assert.deepEqual(await cache.wrap('race:1', 60_000, async () => 'new'), { value: 'new', hit: false })
  })

  it('deletePrefix removes only keys with that prefix', async () => {
    const { cache } = harness()
    const keys = ['t:1:a', 't:1:b', 't:10:a', 't:2:a', 'x:t:1:a', 'g*:a', 'gx:a', 'g?:a']
    for (const key of keys) await cache.set(key, key, 60_000)
    await cache.deletePrefix('t:1:')
    await cache.deletePrefix('g*') // glob characters are literal
    const left = []
    for (const key of keys) if ((await cache.get(key)) !== undefined) left.push(key)
    assert.deepEqual(left, ['t:10:a', 't:2:a', 'x:t:1:a', 'gx:a', 'g?:a'])
  })

  it('returns copies: mutating a value never changes the cache', async () => {
    const { cache } = harness()
    const original = { list: [1, 2], inner: { n: 1 } }
    await cache.set('copy:1', original, 60_000)
    original.list.push(3)
    const got = await cache.get<typeof original>('copy:1')
    assert.ok(got)
    got.inner.n = 99
    got.list.length = 0
    assert.deepEqual(await cache.get('copy:1'), { list: [1, 2], inner: { n: 1 } })

    const miss = await cache.wrap('copy:2', 60_000, async () => ({ n: 1 }))
    miss.value.n = 2
    const hit = await cache.wrap('copy:2', 60_000, async () => ({ n: 3 }))
    assert.deepEqual(hit, { value: { n: 1 }, hit: true })
  })

  it('returns a Date as its ISO string (callers must store plain JSON)', async () => {
    const { cache } = harness()
    const at = new Date('2024-03-01T12:34:56.789Z')
    await cache.set('date:1', { at }, 60_000)
    assert.deepEqual(await cache.get('date:1'), { at: '2024-03-01T12:34:56.789Z' })
    const miss = await cache.wrap('date:2', 60_000, async () => at)
    assert.deepEqual(miss, { value: '2024-03-01T12:34:56.789Z', hit: false })
  })
}

describe('memory cache', () => {
  let t = 1_000
  const harness = (): Harness => ({
    cache: createMemoryCache({ now: () => t }),
    elapse: async (ms) => {
      t += ms
    },
  })

  it('has kind memory', () => assert.equal(harness().cache.kind, 'memory'))
  contract(harness)

  it('keeps an entry until its TTL has fully passed', async () => {
    let now = 5_000
    const cache = createMemoryCache({ now: () => now })
    await cache.set('k', 'v', 1000)
    now += 1000
    assert.equal(await cache.get('k'), 'v')
    now += 1
    assert.equal(await cache.get('k'), undefined)
  })

  it('evicts the least recently used entry beyond max', async () => {
    const cache = createMemoryCache({ max: 2 })
    await cache.set('a', 1, 60_000)
    await cache.set('b', 2, 60_000)
    await cache.get('a')
    await cache.set('c', 3, 60_000)
    assert.equal(await cache.get('b'), undefined)
    assert.equal(await cache.get('a'), 1)
    assert.equal(await cache.get('c'), 3)
  })

  it('evicts by size beyond maxBytes (key + JSON length) and never stores an entry larger than it', async () => {
    // Each entry is 1 (key) + 102 (a quoted 100-character string) = 103; 250 bytes hold two.
    const cache = createMemoryCache({ maxBytes: 250 })
    const big = (c: string) => c.repeat(100)
    await cache.set('a', big('a'), 60_000)
    await cache.set('b', big('b'), 60_000)
    await cache.set('c', big('c'), 60_000)
    assert.equal(await cache.get('a'), undefined, 'the oldest went to make room')
    assert.equal(await cache.get('b'), big('b'))
    assert.equal(await cache.get('c'), big('c'))
    await cache.set('d', 'x'.repeat(300), 60_000)
    assert.equal(await cache.get('d'), undefined)
    assert.equal(await cache.get('c'), big('c'), 'an oversized entry evicts nothing')
  })
})

describe('redis cache', { skip: !process.env.REDIS_URL }, () => {
  const prefix = `sextant-test:${process.pid}:${randomUUID()}:`
  let redis: Redis | undefined
  let cache: Cache | undefined

  before(() => {
    if (!process.env.REDIS_URL) return
    redis = new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: 1 })
    cache = createRedisCache(redis, { prefix })
  })
  after(async () => {
    if (!redis || !cache) return
    await cache.deletePrefix('')
    await cache.close()
    assert.deepEqual(await redis.keys(`${prefix}*`), [], 'test keys cleaned up')
    await redis.quit()
  })

  const harness = (): Harness => {
    assert.ok(cache)
    return { cache, elapse: (ms) => sleep(ms) }
  }

  it('has kind redis and namespaces its keys', async () => {
    const { cache } = harness()
    assert.equal(cache.kind, 'redis')
    await cache.set('ns', 1, 60_000)
    assert.equal(await redis?.get(`${prefix}ns`), '1')
    const ttl = await redis?.pttl(`${prefix}ns`)
    assert.ok(ttl !== undefined && ttl > 0 && ttl <= 60_000)
  })
  contract(harness)
})

describe('createCache', () => {
  it('uses memory when REDIS_URL is unset', async () => {
    const cache = createCache({ REDIS_PREFIX: 'sextant:' })
    assert.equal(cache.kind, 'memory')
    await cache.close()
  })

  it('uses Redis when REDIS_URL is set', async () => {
    const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true })
    const cache = createCache({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_PREFIX: 'sextant:' }, redis)
    assert.equal(cache.kind, 'redis')
    await cache.close() // the caller's connection stays the caller's to close
    redis.disconnect()
  })
})
