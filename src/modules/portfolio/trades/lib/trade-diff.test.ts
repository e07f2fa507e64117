/** Broker trades as a difference: what is inserted, rewritten and removed, and decimal spelling. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { decimal, diffTrades, type DerivedTrade, type StoredTrade } from './trade-diff.ts'

const derived = (id: string, gain: string, over: Partial<DerivedTrade> = {}): DerivedTrade => ({
  external_id: id,
  symbol: 'AAPL',
  quantity: '10',
  date_acquired: '2026-01-02',
  date_sold: '2026-02-03',
  sold_on: '2026-02-03',
  proceeds: '1500',
  cost_basis: '1000',
  fees: '0',
  gain_loss: gain,
  term: 'short',
  ...over,
})

/** As the database answers it: numerics at the column's scale. */
const stored = (id: number, t: DerivedTrade, deleted: Date | null = null): StoredTrade => ({
  ...t,
  id,
  quantity: `${t.quantity}.00000000`,
  proceeds: `${t.proceeds}.0000`,
  cost_basis: `${t.cost_basis}.0000`,
  fees: `${t.fees}.0000`,
  gain_loss: `${t.gain_loss}.0000`,
  deleted_at: deleted,
})

describe('diffTrades', () => {
  it('leaves equal rows alone whatever their decimal spelling; inserts, rewrites and removes the rest', () => {
    const same = derived('a:1', '500')
    const changed = derived('b:1', '400', { cost_basis: '1100' })
    const d = diffTrades(
      [
        stored(1, same),
        stored(2, derived('b:1', '500')),
        stored(3, derived('gone:1', '1')),
        { ...stored(4, derived('x', '0')), external_id: null },
      ],
      [same, changed, derived('new:1', '7')],
    )
    assert.deepEqual(d.insert, [derived('new:1', '7')])
    assert.deepEqual(d.update, [{ ...changed, id: 2 }])
    assert.deepEqual(d.remove, [4, 3])
  })

  it('rewrites a soft-deleted row (a recomputation makes it live again) and any changed field', () => {
    const t = derived('a:1', '500')
    assert.equal(diffTrades([stored(1, t, new Date())], [t]).update.length, 1)
    for (const over of [{ term: 'long' }, { date_acquired: '2026-01-01' }, { quantity: '10.5' }])
      assert.equal(diffTrades([stored(1, t)], [{ ...t, ...over }]).update.length, 1, JSON.stringify(over))
    assert.deepEqual(diffTrades([stored(1, t)], [t]), { insert: [], update: [], remove: [] })
  })
})

describe('decimal', () => {
  it('one spelling per number', () => {
    const cases: [string, string][] = [
      ['12.5000', '12.5'],
      ['12.5', '12.5'],
      ['100.0000', '100'],
      ['100', '100'],
      ['0.0000', '0'],
      ['-0.0000', '0'],
      ['-12.0500', '-12.05'],
      ['007.50', '7.5'],
      ['0.00000001', '0.00000001'],
    ]
    for (const [text, want] of cases) assert.equal(decimal(text), want, text)
  })
})
