/** runScreen on a hand-made snapshot: every operator, null semantics, crosses, groups, sort and paging. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { SourceId } from './catalog.ts'
import { fieldsUsed, runScreen } from './evaluate.ts'
import { snapshotFromRows, type SnapshotRowInput } from './snapshot.ts'
import { validateSpec, type Condition, type Group, type ScreenSpec } from './spec.ts'

const sources = Object.fromEntries(
  [
    'instrument',
    'daily_bars',
    'earnings',
    'dividends',
    'intraday',
    'options_flow',
    'discovery',
    'ta_confluence',
    'portfolio',
  ].map((s) => [s, { label: s, as_of: '2026-11-24' }]),
) as Record<SourceId, { label: string; as_of: string | null }>

// prettier-ignore
const ROWS: SnapshotRowInput[] = [
  { symbol: 'AAA', values: { type: 'stock', sector: 'Energy', price: 10, sma_200: 9, pe: 12, market_cap: 5e9, intraday_setup: 'orb' }, previous: { price: 8, sma_200: 9 } },
  { symbol: 'BBB', values: { type: 'stock', sector: 'Utilities', price: 20, sma_200: 21, pe: null, market_cap: 2e10 }, previous: { price: 22, sma_200: 21 } },
  { symbol: 'CCC', values: { type: 'etf', sector: null, price: 30, sma_200: 25, pe: 30, market_cap: null }, previous: { price: 24, sma_200: 25 } },
  { symbol: 'DDD', values: { type: 'stock', sector: 'Energy', price: null, sma_200: 5, pe: 12, market_cap: 5e9 }, previous: { price: 4, sma_200: 5 } },
  { symbol: 'EEE', values: { type: 'stock', sector: 'Financials', price: 9, sma_200: 9, pe: 8, market_cap: 1e9 }, previous: { price: null, sma_200: 9 } },
]
const SNAP = snapshotFromRows(ROWS, { as_of: '2026-11-24', built_at: '2026-11-24T22:00:00Z', sources })

function run(filters: Group, rest: Partial<ScreenSpec> = {}, overlay?: Map<string, Float64Array>) {
  const r = validateSpec({ filters, ...rest })
  assert.ok('spec' in r, JSON.stringify(r))
  return runScreen(SNAP, r.spec, overlay)
}
const symbols = (c: Condition | Group) => run('field' in c ? { all: [c] } : c).rows.map((r) => r.symbol)

describe('runScreen operators', () => {
  it('compares numbers; a null on either side never matches, neq included', () => {
    assert.deepEqual(symbols({ field: 'price', op: 'gt', value: 10 }), ['BBB', 'CCC'])
    assert.deepEqual(symbols({ field: 'price', op: 'gte', value: 10 }), ['AAA', 'BBB', 'CCC'])
    assert.deepEqual(symbols({ field: 'price', op: 'lt', value: 10 }), ['EEE'])
    assert.deepEqual(symbols({ field: 'price', op: 'lte', value: 10 }), ['AAA', 'EEE'])
    assert.deepEqual(symbols({ field: 'price', op: 'eq', value: 20 }), ['BBB'])
    assert.deepEqual(symbols({ field: 'price', op: 'neq', value: 20 }), ['AAA', 'CCC', 'EEE'])
    assert.deepEqual(symbols({ field: 'pe', op: 'neq', value: 12 }), ['CCC', 'EEE'])
    assert.deepEqual(symbols({ field: 'price', op: 'is_null' }), ['DDD'])
    assert.deepEqual(symbols({ field: 'price', op: 'not_null' }), ['AAA', 'BBB', 'CCC', 'EEE'])
  })

  it('between is inclusive at both ends; in/not_in on numbers and text skip nulls', () => {
    assert.deepEqual(symbols({ field: 'price', op: 'between', value: [9, 20] }), ['AAA', 'BBB', 'EEE'])
    assert.deepEqual(symbols({ field: 'pe', op: 'in', value: [12, 8] }), ['AAA', 'DDD', 'EEE'])
    assert.deepEqual(symbols({ field: 'pe', op: 'not_in', value: [12] }), ['CCC', 'EEE'])
    assert.deepEqual(symbols({ field: 'sector', op: 'in', value: ['Energy', 'Utilities'] }), [
      'AAA',
      'BBB',
      'DDD',
    ])
    assert.deepEqual(symbols({ field: 'sector', op: 'not_in', value: ['Energy'] }), ['BBB', 'EEE'])
    assert.deepEqual(symbols({ field: 'sector', op: 'neq', value: 'Energy' }), ['BBB', 'EEE'])
    assert.deepEqual(symbols({ field: 'sector', op: 'is_null' }), ['CCC'])
    assert.deepEqual(symbols({ field: 'intraday_setup', op: 'eq', value: 'orb' }), ['AAA'])
  })

  it('compares against another field, scaled by times', () => {
    assert.deepEqual(symbols({ field: 'price', op: 'gt', value: { field: 'sma_200' } }), ['AAA', 'CCC'])
    assert.deepEqual(symbols({ field: 'price', op: 'gt', value: { field: 'sma_200', times: 1.15 } }), ['CCC'])
    assert.deepEqual(symbols({ field: 'price', op: 'eq', value: { field: 'sma_200' } }), ['EEE'])
    assert.deepEqual(
      symbols({ field: 'price', op: 'between', value: [{ field: 'sma_200', times: 0.9 }, 20] }),
      ['AAA', 'BBB', 'EEE'],
    )
  })

  it('crosses use the previous session: at or below before, above now (and the mirror)', () => {
    assert.deepEqual(symbols({ field: 'price', op: 'crosses_above', value: { field: 'sma_200' } }), [
      'AAA',
      'CCC',
    ])
    assert.deepEqual(symbols({ field: 'price', op: 'crosses_below', value: { field: 'sma_200' } }), ['BBB'])
    assert.deepEqual(symbols({ field: 'price', op: 'crosses_above', value: 9 }), ['AAA'])
    assert.deepEqual(symbols({ field: 'price', op: 'crosses_above', value: 25 }), ['CCC'])
  })

  it('nests any and all groups', () => {
    const g: Group = {
      any: [
        {
          all: [
            { field: 'sector', op: 'eq', value: 'Energy' },
            { field: 'price', op: 'not_null' },
          ],
        },
        {
          all: [
            { field: 'pe', op: 'lt', value: 10 },
            { any: [{ field: 'market_cap', op: 'lt', value: '2B' }] },
          ],
        },
      ],
    }
    assert.deepEqual(symbols(g), ['AAA', 'EEE'])
    assert.deepEqual(symbols({ all: [] }), ['AAA', 'BBB', 'CCC', 'DDD', 'EEE'])
    assert.deepEqual(symbols({ any: [] }), [])
  })

  it('reads portfolio fields from the overlay, and a missing column is all null', () => {
    const held = new Map([['held', Float64Array.from([1, 0, NaN, 1, 0])]])
    assert.deepEqual(
      run({ all: [{ field: 'held', op: 'eq', value: true }] }, {}, held).rows.map((r) => r.symbol),
      ['AAA', 'DDD'],
    )
    assert.deepEqual(
      run({ all: [{ field: 'held', op: 'neq', value: true }] }, {}, held).rows.map((r) => r.symbol),
      ['BBB', 'EEE'],
    )
    assert.deepEqual(symbols({ field: 'held', op: 'is_null' }), ['AAA', 'BBB', 'CCC', 'DDD', 'EEE'])
  })

  it('universe keeps stocks or funds', () => {
    assert.deepEqual(
      run({ all: [] }, { universe: 'funds' }).rows.map((r) => r.symbol),
      ['CCC'],
    )
    assert.equal(run({ all: [] }, { universe: 'stocks' }).total, 4)
  })
})

describe('runScreen results', () => {
  it('sorts nulls last in both directions, then by symbol', () => {
    const asc = run({ all: [] }, { sort: [{ field: 'pe', dir: 'asc' }] }).rows.map((r) => r.symbol)
    assert.deepEqual(asc, ['EEE', 'AAA', 'DDD', 'CCC', 'BBB'])
    const desc = run({ all: [] }, { sort: [{ field: 'pe', dir: 'desc' }] }).rows.map((r) => r.symbol)
    assert.deepEqual(desc, ['CCC', 'AAA', 'DDD', 'EEE', 'BBB'])
    const text = run(
      { all: [] },
      {
        sort: [
          { field: 'sector', dir: 'desc' },
          { field: 'price', dir: 'desc' },
        ],
      },
    )
    assert.deepEqual(
      text.rows.map((r) => r.symbol),
      ['BBB', 'EEE', 'AAA', 'DDD', 'CCC'],
    )
  })

  it('pages with limit and offset after sorting, and total counts every match', () => {
    const r = run({ all: [] }, { sort: [{ field: 'price', dir: 'desc' }], limit: 2, offset: 1 })
    assert.equal(r.total, 5)
    assert.deepEqual(
      r.rows.map((x) => x.symbol),
      ['BBB', 'AAA'],
    )
    assert.deepEqual(run({ all: [] }, { offset: 5 }).rows, [])
  })

  it('returns the requested columns and, as why, every field the filters used (right-hand ones too)', () => {
    const r = run(
      {
        all: [
          { field: 'price', op: 'gt', value: { field: 'sma_200', times: 1.15 } },
          { any: [{ field: 'sector', op: 'is_null' }] },
        ],
      },
      { columns: ['symbol', 'pe', 'market_cap'] },
    )
    assert.deepEqual(r.rows, [
      {
        symbol: 'CCC',
        values: { symbol: 'CCC', pe: 30, market_cap: null },
        why: { price: 30, sma_200: 25, sector: null },
      },
    ])
    assert.deepEqual(
      fieldsUsed({ all: [{ field: 'rsi_14', op: 'between', value: [{ field: 'sma_20' }, 70] }] }),
      ['rsi_14', 'sma_20'],
    )
  })
})

describe('snapshotFromRows', () => {
  it('stores numbers as typed columns with NaN for null, booleans as 1/0, text as is', () => {
    assert.deepEqual([...SNAP.numbers.get('pe')!], [12, NaN, 30, 12, 8])
    assert.deepEqual(SNAP.strings.get('sector'), ['Energy', 'Utilities', null, 'Energy', 'Financials'])
    assert.deepEqual([...SNAP.previous.get('price')!], [8, 22, 24, 4, NaN])
    assert.equal(SNAP.previous.has('pe'), false)
    assert.throws(
      () =>
        snapshotFromRows([{ symbol: 'X', values: { price: 'ten' } }], { as_of: '', built_at: '', sources }),
      /X\.price/,
    )
  })
})
