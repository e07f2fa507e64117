/** The premium/discount, liquidity and killzone vectors through the pure lib; the layer's score and causal occurrences. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { analyzeIct } from './analyze.ts'
import { killzonesAt } from './killzones.ts'
import { ictLayer } from './layer.ts'
import { liquidityPools, pipOf } from './liquidity.ts'
import { premiumDiscount } from './premium-discount.ts'
import { ictScore } from './score.ts'
import { swings } from './swings.ts'
import { F1, liquiditySeries, S2 } from './vectors.fixture.ts'

const close = (a: number, b: number) => assert.ok(Math.abs(a - b) < 1e-6, `${a} ≉ ${b}`)

describe('premium/discount and OTE', () => {
  const pd = premiumDiscount(S2, swings(S2, 2))!
  it('S2: lo 9.4 (bar 5), hi 11.3 (bar 9), EQ 10.35, long OTE [9.799, 10.122], 70.5 % 9.9605, 0.618 10.1258', () => {
    assert.deepEqual(
      [pd.low.index, pd.low.price, pd.high.index, pd.high.price, pd.leg],
      [5, 9.4, 9, 11.3, 'up'],
    )
    close(pd.equilibrium, 10.35)
    close(pd.ote.long.bottom, 9.799)
    close(pd.ote.long.top, 10.122)
    close(pd.ote.long.sweet, 9.9605)
    close(pd.ote.long.fib_618, 10.1258)
    close(pd.ote.short.bottom, 10.578)
    close(pd.ote.short.top, 10.901)
  })
  it('S2: bars 10 and 11 enter the long OTE; positions 0.473684, 0.315789, −0.026316 (below the range)', () => {
    assert.deepEqual(
      pd.ote_entries.map((b) => b.index),
      [10, 11],
    )
    const pos = pd.bars_since_range.map((b) => [b.index, b.zone, b.outside])
    assert.deepEqual(pos, [
      [10, 'discount', null],
      [11, 'discount', null],
      [12, 'discount', 'below'],
    ])
    close(pd.bars_since_range[0]!.position, 0.473684)
    close(pd.bars_since_range[1]!.position, 0.315789)
    close(pd.last.position, -0.026316)
  })
  it('no range without a confirmed swing high and low', () => {
    assert.equal(premiumDiscount(S2.slice(0, 6), swings(S2.slice(0, 6), 2)), null)
  })
})

describe('liquidity', () => {
  const bars = liquiditySeries()
  it('pip 0.05; the pool [50.00, 50.04, 50.02] at 50.02, sweep level 50.05, not swept; 49.80 is left out', () => {
    close(pipOf(bars), 0.05)
    const pools = liquidityPools(bars, swings(bars, 2))
    assert.equal(pools.length, 1)
    const p = pools[0]!
    assert.deepEqual(
      p.members.map((m) => [m.index, m.price]),
      [
        [3, 50.0],
        [9, 50.04],
        [22, 50.02],
      ],
    )
    close(p.level, 50.02)
    close(p.sweep_level, 50.05)
    assert.deepEqual([p.kind, p.side, p.swept, p.confirmed], ['equal_highs', 'buy_side', null, 11])
  })
  it('a later high ≥ 50.05 sweeps it (bearish); members after the sweep do not join', () => {
    const swept = liquiditySeries()
    swept[12] = { ...swept[12]!, high: 50.1 } // a pivot too, but 0.1 from 50.00: not a member
    const p = liquidityPools(swept, swings(swept, 2))[0]!
    assert.equal(p.swept?.index, 12)
    assert.deepEqual(
      p.members.map((m) => m.index),
      [3, 9],
    )
    assert.deepEqual([p.swept?.high, p.sweep_direction], [50.1, 'bearish'])
  })
  it('counter-example: a single swing high is no pool', () => {
    const one = liquiditySeries()
    for (const i of [9, 15, 22]) one[i] = { ...one[i]!, high: 49.0 }
    assert.deepEqual(liquidityPools(one, swings(one, 2)), [])
  })
})

describe('killzones (America/New_York with DST)', () => {
  it('09:45 ET is New York AM in winter (14:45Z) and in summer (13:45Z)', () => {
    assert.deepEqual(killzonesAt('2026-01-15T14:45:00Z'), ['new_york_am'])
    assert.deepEqual(killzonesAt('2026-07-15T13:45:00Z'), ['new_york_am'])
    assert.deepEqual(killzonesAt('2026-07-15T14:45:00Z'), ['new_york_am', 'london_close', 'silver_bullet_am'])
  })
  it('11:00 UTC is 07:00 EDT (no window) but 06:00 EST; 07:00Z in winter is 02:00 EST = London open', () => {
    assert.deepEqual(killzonesAt('2026-07-15T11:00:00Z'), [])
    assert.deepEqual(killzonesAt('2026-01-15T07:00:00Z'), ['london_open'])
    assert.deepEqual(killzonesAt('2026-01-16T01:30:00Z'), ['asian'])
    assert.deepEqual(killzonesAt('2026-01-15T21:00:00Z'), [])
  })
})

describe('the ICT layer (layer score, causal occurrences)', () => {
  it('S2 at L = R = 2: below the range (discount) with the latest live zone the bearish OB → graded 0.5·1 + 0.5·(−1) = 0', () => {
    const s = ictScore(analyzeIct(S2, { swingLR: 2 }))
    assert.equal(s.score, 0)
    assert.equal(s.evidence['rule'], 'graded')
  })
  it('S2 up to bar 11: discount 0.315789 but the latest live zone is the bearish FVG at 10 → 0.5·0.368421 − 0.5', () => {
    const s = ictScore(analyzeIct(S2.slice(0, 12), { swingLR: 2 }))
    close(s.score!, -0.315789)
    assert.equal(s.evidence['zone_term'], -1)
  })
  it('the same with bar 10 an up candle (no bearish FVG): discount + the live bullish OB → +1', () => {
    const bars = S2.slice(0, 12)
    bars[10] = { ...bars[10]!, open: 10.2 }
    const s = ictScore(analyzeIct(bars, { swingLR: 2 }))
    assert.equal(s.score, 1)
    assert.equal(s.evidence['rule'], 'discount_and_bullish_zone')
  })
  it('no dealing range → null; the catalog ids; an unknown pattern → []', () => {
    assert.equal(ictLayer.score(F1).score, null)
    assert.deepEqual(
      ictLayer.patterns.map((p) => p.id),
      ['fvg', 'order_block', 'breaker', 'liquidity_sweep'],
    )
    assert.deepEqual(ictLayer.occurrences(S2, 'nope'), [])
    assert.deepEqual(ictLayer.occurrences(F1, 'fvg'), [
      { index: 2, direction: 'bullish' },
      { index: 5, direction: 'bearish' },
    ])
  })
  it('causal: every prefix reports the same earlier occurrences', () => {
    const series = [...S2, ...F1.map((b, i) => ({ ...b, time: `2026-03-04T${10 + i}:00:00.000Z` }))]
    for (const id of ictLayer.patterns.map((p) => p.id)) {
      const full = ictLayer.occurrences(series, id)
      for (let n = 1; n <= series.length; n++) {
        const pre = ictLayer.occurrences(series.slice(0, n), id)
        assert.deepEqual(
          pre,
          full.filter((o) => o.index < n),
          `${id} at ${n}`,
        )
      }
    }
  })
})
