/** Every preset is a valid screen with a unique id, and finds what its title says on a small snapshot. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { SECTORS, type SourceId } from './catalog.ts'
import { runScreen } from './evaluate.ts'
import { PRESET_BY_ID, PRESETS } from './presets.ts'
import { snapshotFromRows } from './snapshot.ts'
import { validateSpec } from './spec.ts'

const sources = {} as Record<SourceId, { label: string; as_of: string | null }>

describe('screener presets', () => {
  it('has the named presets, unique ids, each a spec validateSpec accepts', () => {
    for (const id of [
      'gappers',
      'oversold_large_caps',
      'dividend_payers',
      'new_highs_on_volume',
      'momentum_leaders',
      'value_low_pe',
    ]) {
      assert.ok(PRESET_BY_ID.has(id), id)
    }
    assert.equal(PRESET_BY_ID.size, PRESETS.length)
    for (const p of PRESETS) {
      assert.ok(p.title && p.description, p.id)
      const r = validateSpec(p.spec)
      assert.ok('spec' in r, `${p.id}: ${JSON.stringify(r)}`)
    }
  })

  it('oversold large caps and gappers pick the rows that fit and only those', () => {
    const snap = snapshotFromRows(
      [
        {
          symbol: 'BIG',
          values: {
            type: 'stock',
            sector: SECTORS[0],
            market_cap: 5e10,
            rsi_14: 25,
            gap_pct: 1,
            relative_volume: 1,
            price: 50,
          },
        },
        {
          symbol: 'SMALL',
          values: { type: 'stock', market_cap: 5e9, rsi_14: 20, gap_pct: 6, relative_volume: 3, price: 5 },
        },
        {
          symbol: 'HOT',
          values: {
            type: 'stock',
            market_cap: 5e10,
            rsi_14: 70,
            gap_pct: 5,
            relative_volume: 1.5,
            price: 80,
          },
        },
      ],
      { as_of: '2026-11-24', built_at: '2026-11-24T22:00:00Z', sources },
    )
    const pick = (id: string) => {
      const r = validateSpec(PRESET_BY_ID.get(id)!.spec)
      assert.ok('spec' in r)
      return runScreen(snap, r.spec).rows.map((x) => x.symbol)
    }
    assert.deepEqual(pick('oversold_large_caps'), ['BIG'])
    assert.deepEqual(pick('gappers'), ['SMALL'])
  })
})
