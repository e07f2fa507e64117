import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { decodeLog, encodeLog } from './log-codec.ts'
import { replay, type Sizing, type TradeColumns } from './replay.ts'
import { selectTrades, type SourceTrade } from './select.ts'
import { dayNumber } from './calendar.ts'

/** Trades as columns: [symbol, entry index, exit index, quantity, cost, pnl]. */
function columns(rows: [number, number, number, number, number, number][]): TradeColumns {
  const col = (i: number, T: Int32ArrayConstructor | Float64ArrayConstructor) =>
    T.from(rows.map((r) => r[i]!))
  return {
    n: rows.length,
    symbol: col(0, Int32Array) as Int32Array,
    entry: col(1, Int32Array) as Int32Array,
    exit: col(2, Int32Array) as Int32Array,
    quantity: col(3, Float64Array) as Float64Array,
    cost: col(4, Float64Array) as Float64Array,
    pnl: col(5, Float64Array) as Float64Array,
  }
}

const run = (trades: TradeColumns, closes: (Float64Array | null)[], sizing: Sizing = { kind: 'as_traded' }) =>
  replay({ days: 4, trades, closes, initialCapital: 1000, sizing })

describe('replay', () => {
  it('marks open shares at each close, realizes on exit, and marks at cost before a first close', () => {
    // Symbol 0 closes 10, 12, 11, 13; symbol 1 has no close until day 2 (NaN), then 5, 6.
    const closes = [Float64Array.of(10, 12, 11, 13), Float64Array.of(NaN, NaN, 5, 6)]
    const trades = columns([
      [0, 0, 2, 2, 20, 3], // 2 shares at 10 → day 1 worth 24 − 20 = 4, realized +3 on day 2
      [1, 0, 3, 10, 40, 20], // at cost until day 2 (10×5 − 40 = 10), realized +20 on day 3
    ])
    assert.deepEqual(Array.from(run(trades, closes).equity), [1000, 1004, 1013, 1023])
  })

  it('an unpriced symbol (null closes) is at cost throughout and counts only when realized', () => {
    const trades = columns([[0, 0, 2, 1, 100, -7]])
    assert.deepEqual(Array.from(run(trades, [null]).equity), [1000, 1000, 993, 993])
  })

  it('percent_of_equity sizes on the previous close’s equity; fixed_amount on the cost', () => {
    const closes = [Float64Array.of(10, 20, 20, 20)]
    const trades = columns([
      [0, 0, 3, 1, 10, 10], // day 0: 10 % of 1000 → k = 10, worth +100 on day 1
      [0, 2, 3, 1, 20, 0], // day 2: 10 % of day 1's 1100 = 110 → k = 5.5
    ])
    const pct = run(trades, closes, { kind: 'percent_of_equity', percent: 10 })
    assert.deepEqual(Array.from(pct.scale), [10, 5.5])
    assert.deepEqual(Array.from(run(trades, closes, { kind: 'fixed_amount', amount: 40 }).scale), [4, 2])
  })

  it('two trades of one symbol: closing one keeps the other marked', () => {
    const closes = [Float64Array.of(10, 11, 12, 13)]
    const trades = columns([
      [0, 0, 1, 1, 10, 1],
      [0, 0, 3, 1, 10, 3],
    ])
    assert.deepEqual(Array.from(run(trades, closes).equity), [1000, 1002, 1003, 1004])
  })
})

describe('selectTrades and the log codec', () => {
  const t = (id: number, symbol: string, acquired: string, sold: string, cost = 100): SourceTrade => ({
    id,
    symbol,
    quantity: 2,
    date_acquired: acquired,
    sold_on: sold,
    proceeds: 110,
    cost_basis: cost,
    fees: 1,
    gain_loss: 9,
  })

  it('counts each left-out trade under its first reason', () => {
    const sel = selectTrades(
      [
        t(1, 'A', '2026-03-02', '2026-03-05'),
        t(2, 'A', 'VARIOUS', '2026-03-05'),
        t(3, 'A', '2026-02-27', '2026-03-05'),
        t(4, 'B', '2026-03-02', '2026-03-05'),
        t(5, 'C', '2026-03-02', '2026-03-05'),
        t(6, 'A', '2026-03-05', '2026-03-05'),
        t(7, 'A', '2026-03-02', '2026-03-05', 0),
      ],
      dayNumber('2026-03-02'),
      { symbols: ['A', 'C'], excludeSymbols: ['C'], minHoldingDays: 1, needsCost: true },
    )
    assert.deepEqual(
      sel.trades.map((x) => x.id),
      [1],
    )
    assert.deepEqual(sel.excluded, {
      undated_entry: 1,
      entered_before_from: 1,
      symbol_not_included: 1,
      symbol_excluded: 1,
      holding_period: 1,
      zero_cost_basis: 1,
      before_setup_history: 0,
      setup_not_matched: 0,
    })
  })

  it('keeps a trade only when a chosen setup fired for its symbol on its entry day', () => {
    const trades = [
      t(1, 'A', '2026-03-02', '2026-03-05'), // ORB on A that day: kept
      t(2, 'B', '2026-03-02', '2026-03-05'), // a signal that day, but on A: not matched
      t(3, 'A', '2026-03-03', '2026-03-05'), // A, another day: not matched
      t(4, 'A', '2026-02-27', '2026-03-05'), // entered before the first stored signal
    ]
    const sel = selectTrades(trades, dayNumber('2026-02-01'), {
      needsCost: false,
      setups: { keys: new Set(['A|2026-03-02']), since: dayNumber('2026-03-02') },
    })
    assert.deepEqual(
      sel.trades.map((x) => x.id),
      [1],
    )
    assert.equal(sel.excluded.setup_not_matched, 2)
    assert.equal(sel.excluded.before_setup_history, 1)
  })

  it('encodes and decodes a log line with its scaled figures', () => {
    const sel = selectTrades([t(9, 'A', '2026-03-02', '2026-03-05')], dayNumber('2026-03-02'), {
      needsCost: false,
    })
    const bytes = encodeLog(sel, Int32Array.of(0), Float64Array.of(1.5), () => false)
    assert.deepEqual(decodeLog(bytes, ['A']), [
      {
        trade_id: 9,
        symbol: 'A',
        entry_date: '2026-03-02',
        exit_date: '2026-03-05',
        holding_days: 3,
        scale: 1.5,
        quantity: 3,
        entry_price: 50,
        exit_price: 55,
        cost: 150,
        proceeds: 165,
        fees: 1.5,
        pnl: 13.5,
        return_pct: 0.09,
        priced: false,
      },
    ])
    assert.deepEqual(decodeLog(bytes.subarray(0, 50), ['A']), [], 'a partial record is not read')
    // pg hands bytea back as a Buffer inside a larger pool, at an offset: decoded from its own bytes.
    const pool = Buffer.alloc(bytes.byteLength + 24, 0xff)
    pool.set(bytes, 13)
    const view = pool.subarray(13, 13 + bytes.byteLength)
    assert.deepEqual(decodeLog(view, ['A']), decodeLog(bytes, ['A']))
  })
})
