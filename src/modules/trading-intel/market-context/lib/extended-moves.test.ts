import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Bar } from '../../../../providers/market-data/index.ts'
import { extendedMove, rankMovers, type SessionBounds } from './extended-moves.ts'

// Monday 2026-11-23 and Tuesday 2026-11-24, New York (EST = UTC−5).
const d: SessionBounds = {
  prevOpen: new Date('2026-11-23T14:30:00Z'),
  prevClose: new Date('2026-11-23T21:00:00Z'),
  preOpen: new Date('2026-11-24T09:00:00Z'),
  open: new Date('2026-11-24T14:30:00Z'),
  close: new Date('2026-11-24T21:00:00Z'),
  postClose: new Date('2026-11-25T01:00:00Z'),
}
const bar = (time: string, close: number, volume: number): Bar => ({
  time,
  open: close,
  high: close,
  low: close,
  close,
  volume,
  vwap: null,
})

describe('extendedMove', () => {
  const prev = [bar('2026-11-23T20:50:00Z', 99, 10), bar('2026-11-23T20:55:00Z', 100, 10)]
  const prevPost = [bar('2026-11-23T21:00:00Z', 120, 10)] // yesterday's post-market: not the close
  const pre = [bar('2026-11-24T09:00:00Z', 101, 300), bar('2026-11-24T14:25:00Z', 102.5, 200)]
  const regular = [bar('2026-11-24T14:30:00Z', 103, 5000), bar('2026-11-24T20:55:00Z', 104, 6000)]
  const post = [bar('2026-11-24T21:00:00Z', 103.48, 700), bar('2026-11-24T21:05:00Z', 101.4, 50)]

  it('pre-market against the previous regular close, post-market against today’s regular close', () => {
    const m = extendedMove([...prev, ...prevPost, ...pre, ...regular, ...post], d)
    assert.deepEqual(m, {
      previous_close: 100,
      pre_market: { price: 102.5, change: 2.5, change_pct: 2.5, volume: 500 },
      regular_close: 104,
      // 101.4 − 104 = −2.6 → −2.5 %
      post_market: { price: 101.4, change: -2.6, change_pct: -2.5, volume: 750 },
      move_pct: -2.5,
    })
  })

  it('before the post-market, the move is the pre-market one', () => {
    const m = extendedMove([...prev, ...pre, ...regular], d)
    assert.equal(m.post_market, null)
    assert.equal(m.move_pct, 2.5)
  })

  it('no previous close → no pre-market leg; no bars → nothing', () => {
    assert.equal(extendedMove([...pre], d).pre_market, null)
    assert.deepEqual(extendedMove([], d), {
      previous_close: null,
      pre_market: null,
      regular_close: null,
      post_market: null,
      move_pct: null,
    })
  })
})

describe('rankMovers', () => {
  it('largest absolute move first, ties by symbol, no-move symbols out', () => {
    const rows = [
      { symbol: 'B', move_pct: 1 },
      { symbol: 'C', move_pct: -3 },
      { symbol: 'A', move_pct: 1 },
      { symbol: 'D', move_pct: null },
    ]
    assert.deepEqual(
      rankMovers(rows).map((r) => r.symbol),
      ['C', 'A', 'B'],
    )
  })
})
