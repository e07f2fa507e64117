/**
 * Natural batching (group commit) for writes that cost per statement more than per row: the items
 * of one key that arrive while the key's previous flush is running are written by the next flush,
 * together. A lone item is flushed on the next microtask (no timer, so no added latency when the
 * service is quiet); under load each flush takes what queued behind the one before, up to `max`.
 * One flush per key runs at a time, so a key's items are written in arrival order.
 *
 * `flush` answers one outcome per item, in the items' order: an item may fail alone. A flush that
 * throws fails every item of its batch with that error.
 */

export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown }

interface Waiting<I, O> {
  item: I
  resolve: (value: O) => void
  reject: (error: unknown) => void
}

interface Lane<I, O> {
  queue: Waiting<I, O>[]
  running: boolean
}

export class Batcher<K, I, O> {
  readonly #lanes = new Map<K, Lane<I, O>>()

  constructor(
    private readonly flush: (key: K, items: I[]) => Promise<Outcome<O>[]>,
    private readonly max = 50,
  ) {}

  /** The item's outcome, once the flush that took it has run. */
  add(key: K, item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      let lane = this.#lanes.get(key)
      if (!lane) {
        lane = { queue: [], running: false }
        this.#lanes.set(key, lane)
      }
      lane.queue.push({ item, resolve, reject })
      if (!lane.running) {
        lane.running = true
        // Items added in this same turn join the first batch.
        queueMicrotask(() => void this.#drain(key, lane))
      }
    })
  }

  async #drain(key: K, lane: Lane<I, O>): Promise<void> {
    while (lane.queue.length) {
      const batch = lane.queue.splice(0, this.max)
      let outcomes: Outcome<O>[]
      try {
        outcomes = await this.flush(
          key,
          batch.map((w) => w.item),
        )
        if (outcomes.length !== batch.length)
          throw new Error(`batch flush answered ${outcomes.length} outcomes for ${batch.length} items`)
      } catch (error) {
        outcomes = batch.map(() => ({ ok: false, error }))
      }
      batch.forEach((w, i) => {
        const o = outcomes[i]!
        if (o.ok) w.resolve(o.value)
        else w.reject(o.error)
      })
    }
    lane.running = false
    this.#lanes.delete(key)
  }
}

/** Each item alone through `f`, its outcome kept (the fallback of a batch that failed as a whole). */
export function eachAlone<I, O>(
  items: readonly I[],
  f: (item: I, index: number) => Promise<O>,
): Promise<Outcome<O>[]> {
  return Promise.all(
    items.map((item, i) =>
      f(item, i).then(
        (value): Outcome<O> => ({ ok: true, value }),
        (error: unknown): Outcome<O> => ({ ok: false, error }),
      ),
    ),
  )
}
