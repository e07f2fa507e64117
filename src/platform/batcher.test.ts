import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Batcher, eachAlone, type Outcome } from './batcher.ts'

/** A flush that records its batches and answers each item doubled, or fails the items asked to. */
function recording(opts: { failItem?: number; failBatch?: boolean; hold?: Promise<void> } = {}) {
  const batches: Array<[string, number[]]> = []
  const flush = async (key: string, items: number[]): Promise<Outcome<number>[]> => {
    batches.push([key, [...items]])
    await opts.hold
    if (opts.failBatch) throw new Error('batch failed')
    return items.map((i) =>
      i === opts.failItem ? { ok: false, error: new Error(`item ${i}`) } : { ok: true, value: i * 2 },
    )
  }
  return { batches, flush }
}

describe('Batcher', () => {
  it('flushes a lone item at once, and items added in the same turn together', async () => {
    const r = recording()
    const b = new Batcher(r.flush)
    assert.equal(await b.add('t', 1), 2)
    assert.deepEqual(await Promise.all([b.add('t', 2), b.add('t', 3)]), [4, 6])
    assert.deepEqual(r.batches, [
      ['t', [1]],
      ['t', [2, 3]],
    ])
  })

  it('puts what arrives during a flush into the next one, in order, and keys apart', async () => {
    let release!: () => void
    const hold = new Promise<void>((resolve) => (release = resolve))
    const r = recording({ hold })
    const b = new Batcher(r.flush)
    const first = b.add('a', 1)
    await new Promise((resolve) => setImmediate(resolve)) // the first flush is running
    const later = [b.add('a', 2), b.add('a', 3), b.add('b', 9)]
    release()
    assert.deepEqual(await Promise.all([first, ...later]), [2, 4, 6, 18])
    assert.deepEqual(r.batches, [
      ['a', [1]],
      ['b', [9]],
      ['a', [2, 3]],
    ])
  })

  it('takes at most `max` items per flush', async () => {
    const r = recording()
    const b = new Batcher(r.flush, 2)
    await Promise.all([1, 2, 3, 4, 5].map((i) => b.add('t', i)))
    assert.deepEqual(
      r.batches.map(([, items]) => items),
      [[1, 2], [3, 4], [5]],
    )
  })

  it('fails only the item whose outcome failed', async () => {
    const b = new Batcher(recording({ failItem: 2 }).flush)
    const settled = await Promise.allSettled([b.add('t', 1), b.add('t', 2), b.add('t', 3)])
    assert.deepEqual(
      settled.map((s) => s.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    )
    assert.match(String((settled[1] as PromiseRejectedResult).reason), /item 2/)
  })

  it('fails every item of a flush that throws, and keeps serving the key afterwards', async () => {
    const failing = new Batcher(recording({ failBatch: true }).flush)
    const settled = await Promise.allSettled([failing.add('t', 1), failing.add('t', 2)])
    assert.ok(settled.every((s) => s.status === 'rejected'))
    const wrong = new Batcher<string, number, number>(async () => [])
    await assert.rejects(wrong.add('t', 1), /0 outcomes for 1 items/)
    let calls = 0
    const once = new Batcher<string, number, number>(async (_key, items) => {
      if (++calls === 1) throw new Error('first flush fails')
      return items.map((value) => ({ ok: true, value }))
    })
    await assert.rejects(once.add('t', 1), /first flush fails/)
    assert.equal(await once.add('t', 5), 5)
  })
})

describe('eachAlone', () => {
  it('keeps each item’s outcome, in order, with its index', async () => {
    const out = await eachAlone([1, 2, 3], async (x, i) => {
      if (x === 2) throw new Error('two')
      return x * 10 + i
    })
    assert.deepEqual(out[0], { ok: true, value: 10 })
    assert.equal(out[1]!.ok, false)
    assert.deepEqual(out[2], { ok: true, value: 32 })
  })
})
