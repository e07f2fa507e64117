import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  holdingMovers,
  playOut,
  positionPnl,
  signalStats,
  totals,
  type PriceBook,
  type SignalInput,
} from './review.ts'

const book: PriceBook = new Map([
  [
    'A',
    new Map([
      ['d0', { open: 10, close: 10 }],
      ['d1', { open: 10, close: 11 }],
      ['d2', { open: 11, close: 9 }],
    ]),
  ],
  [
    'B',
    new Map([
      ['d0', { open: 40, close: 40 }],
      ['d1', { open: 40, close: 38 }],
    ]),
  ],
  ['C', new Map([['d1', { open: 5, close: 6 }]])], // no previous close
])
const signal = (over: Partial<SignalInput>): SignalInput => ({
  source: 'intraday',
  id: 1,
  symbol: 'A',
  kind: 'orb',
  direction: 'long',
  confidence: 0.5,
  price: 10.5,
  at: 't',
  ...over,
})
const dates = { date: 'd1', next: 'd2' }

describe('review arithmetic', () => {
  it('P&L by position, largest |P&L| first, a short losing on a rise', () => {
    const holdings = [
      { symbol: 'A', quantity: -4 },
      { symbol: 'B', quantity: 10 },
      { symbol: 'C', quantity: 1 },
    ]
    const p = positionPnl(holdings, book, 'd1', 'd0')
    assert.deepEqual(
      p.map((x) => [x.symbol, x.pnl, x.change_pct, x.market_value]),
      [
        ['B', -20, -5, 380], // 10 × (38 − 40)
        ['A', -4, 10, -44], // −4 × (11 − 10)
        ['C', null, null, 6],
      ],
    )
    assert.deepEqual(totals(p, holdings), {
      positions: 3,
      priced: 2,
      unpriced: ['C'],
      pnl: -24,
      market_value: 336, // −44 + 380
      previous_market_value: 360, // −40 + 400
      pnl_pct: -6.6667, // −24 / 360 × 100
    })
    assert.deepEqual(holdingMovers(p), {
      gainers: [{ symbol: 'A', change_pct: 10, pnl: -4 }],
      losers: [{ symbol: 'B', change_pct: -5, pnl: -20 }],
    })
  })

  it('money rounds half away from zero at the cent: 1 × 1.005 is 1.01, −1 × 1.005 is −1.01', () => {
    // Math.round(1.005 * 100) / 100 is 1 (1.005 × 100 = 100.49999999999999 in binary floating point).
    const cheap: PriceBook = new Map([
      [
        'X',
        new Map([
          ['d0', { open: 1, close: 1 }],
          ['d1', { open: 1, close: 1.005 }],
        ]),
      ],
    ])
    const [long] = positionPnl([{ symbol: 'X', quantity: 1 }], cheap, 'd1', 'd0')
    const [short] = positionPnl([{ symbol: 'X', quantity: -1 }], cheap, 'd1', 'd0')
    assert.deepEqual([long!.market_value, short!.market_value], [1.01, -1.01])
  })

  it('plays a long and a short out at the close and the next close', () => {
    const long = playOut(signal({}), book, dates, true)
    assert.deepEqual(
      [long.return_to_close, long.outcome, long.return_to_next_close, long.outcome_next],
      [0.0476, 'hit', -0.1429, 'miss'], // (11 − 10.5) / 10.5; (9 − 10.5) / 10.5
    )
    const short = playOut(signal({ direction: 'short', price: 11 }), book, dates, true)
    assert.deepEqual([short.outcome, short.return_to_next_close, short.outcome_next], ['flat', 0.1818, 'hit'])
    const pending = playOut(signal({}), book, dates, false)
    assert.deepEqual([pending.next_close, pending.outcome_next], [null, 'pending'])
  })

  it('flow readings use the open; no bars → unpriced; neutral has no direction', () => {
    const flow = playOut(
      signal({ source: 'options_flow', price: null, direction: 'short' }),
      book,
      dates,
      true,
    )
    assert.deepEqual([flow.reference_price, flow.return_to_close, flow.outcome], [10, -0.1, 'miss'])
    const none = playOut(signal({ symbol: 'Z' }), book, dates, true)
    assert.deepEqual([none.outcome, none.outcome_next], ['unpriced', 'unpriced'])
    const neutral = playOut(signal({ direction: 'neutral' }), book, dates, true)
    assert.deepEqual([neutral.return_to_close, neutral.outcome], [null, 'no_direction'])
    const stats = signalStats([flow, none, neutral, playOut(signal({}), book, dates, true)])
    assert.deepEqual(stats, {
      count: 4,
      directional: 3,
      hits: 1,
      misses: 1,
      flat: 0,
      hit_rate: 0.5,
      avg_return_to_close: -0.0262, // (−0.1 + 0.047619) / 2
      hits_next: 1, // the flow short: −(9 − 10) / 10
      misses_next: 1,
      pending_next: 0,
    })
  })
})
