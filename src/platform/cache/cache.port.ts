/**
 * The cache port. Values are JSON data: both adapters store JSON text, so they behave alike —
 * every read returns a fresh copy (mutating it never changes the cache), and a Date stored by
 * mistake comes back as an ISO string on both engines. Callers should store plain JSON (ISO
 * strings, not Dates). The shared behaviour lives here (`cacheOverTextStore`), so the engines
 * only move text.
 */

export interface Cache {
  readonly kind: 'memory' | 'redis'
  get<T>(key: string): Promise<T | undefined>
  /** Stores JSON data for `ttlMs` (> 0, else RangeError); undefined and functions are rejected. */
  set<T>(key: string, value: T, ttlMs: number): Promise<void>
  delete(key: string): Promise<void>
  /**
   * Read-through: returns { value, hit } and computes+stores on a miss; concurrent misses of one
   * key in this process share one computation (single-flight). A rejected computation is not
   * cached. A miss returns the JSON round-tripped value, exactly what a later hit returns.
   */
  wrap<T>(key: string, ttlMs: number, compute: () => Promise<T>): Promise<{ value: T; hit: boolean }>
  /** Deletes every key with this prefix (tenant/user invalidation). */
  deletePrefix(prefix: string): Promise<void>
  /**
   * Atomically adds 1 to a counter and returns the new value; the first increment starts a window
   * of `ttlMs` after which the counter disappears (fixed-window throttles). Later increments do
   * not extend the window.
   */
  incr(key: string, ttlMs: number): Promise<number>
  close(): Promise<void>
}

/** What an engine provides: JSON text by key, with whole-millisecond TTLs. */
export interface TextStore {
  readonly kind: Cache['kind']
  read(key: string): Promise<string | undefined>
  /** The same read without a promise, for an in-process engine: a hit then costs no await. */
  peek?(key: string): string | undefined
  write(key: string, json: string, ttlMs: number): Promise<void>
  remove(key: string): Promise<void>
  removePrefix(prefix: string): Promise<void>
  increment(key: string, ttlMs: number): Promise<number>
  close(): Promise<void>
}

interface Flight {
  json: string
  hit: boolean
}

function checkTtl(ttlMs: number): number {
  if (!Number.isFinite(ttlMs) || ttlMs <= 0) throw new RangeError(`cache TTL must be > 0 ms (got ${ttlMs})`)
  // Round up so a sub-millisecond TTL never becomes 0, which engines read as "forever".
  return Math.ceil(ttlMs)
}

function encode(value: unknown): string {
  const json = JSON.stringify(value)
  if (json === undefined) throw new TypeError('cache values must be JSON data (got undefined or a function)')
  return json
}

const decode = <T>(json: string): T => JSON.parse(json) as T

/** Builds the full Cache (JSON, TTL checks, single-flight) over an engine's text store. */
export function cacheOverTextStore(store: TextStore): Cache {
  // One in-flight computation per key. delete()/deletePrefix() drop the entry, which also tells
  // that computation not to store its result (it may have read data the deleter just changed).
  const inflight = new Map<string, Promise<Flight>>()

  async function fly(key: string, ttlMs: number, compute: () => Promise<unknown>, current: () => boolean) {
    const cached = await store.read(key)
    if (cached !== undefined) return { json: cached, hit: true }
    const json = encode(await compute())
    if (current()) await store.write(key, json, ttlMs)
    return { json, hit: false }
  }

  function forget(match: (key: string) => boolean): void {
    for (const key of [...inflight.keys()]) if (match(key)) inflight.delete(key)
  }

  return {
    kind: store.kind,
    async get<T>(key: string) {
      const json = await store.read(key)
      return json === undefined ? undefined : decode<T>(json)
    },
    incr: (key, ttlMs) => store.increment(key, checkTtl(ttlMs)),
    async set<T>(key: string, value: T, ttlMs: number) {
      const ms = checkTtl(ttlMs)
      await store.write(key, encode(value), ms)
    },
    async delete(key) {
      forget((k) => k === key)
      await store.remove(key)
    },
    async wrap<T>(key: string, ttlMs: number, compute: () => Promise<T>) {
      const ms = checkTtl(ttlMs)
      // A cached value answers at once (every authenticated request reads three).
      const cached = store.peek?.(key)
      if (cached !== undefined) return { value: decode<T>(cached), hit: true }
      let flight = inflight.get(key)
      if (!flight) {
        const p: Promise<Flight> = fly(key, ms, compute, () => inflight.get(key) === p)
        const clear = () => {
          if (inflight.get(key) === p) inflight.delete(key)
        }
        p.then(clear, clear)
        inflight.set(key, p)
        flight = p
      }
      const { json, hit } = await flight
      return { value: decode<T>(json), hit }
    },
    async deletePrefix(prefix) {
      forget((k) => k.startsWith(prefix))
      await store.removePrefix(prefix)
    },
    async close() {
      inflight.clear()
      await store.close()
    },
  }
}
