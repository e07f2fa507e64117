/** Stop vector D1: ATR stop, chandelier raw and ratcheted, distances. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Bar } from '../../../../providers/market-data/index.ts'
import { d1Bars } from './d1.fixture.ts'
import { stopLevels, type StopParams } from './stops.ts'

const params: StopParams = {
  method: 'atr',
  atrPeriod: 14,
  multiplier: 2,
  chandelierPeriod: 22,
  chandelierMultiplier: 3,
  percent: null,
  trailing: true,
}
const bars: Bar[] = d1Bars('2026-09-01')
const near = (a: number | null, b: number, tol = 1e-6) =>
  assert.ok(a !== null && Math.abs(a - b) <= tol, `${a} vs ${b}`)

describe('stop levels (D1)', () => {
  it('ATR stop from entry C[39] = 101.73, k = 2: long 97.390050, short 106.069950', () => {
    const long = stopLevels(
      { symbol: 'X', quantity: 10, entry_price: 101.73, entry_date: null },
      bars,
      params,
    )
    near(long.atr, 2.169975)
    near(long.atr_stop, 97.39005)
    near(long.stop, 97.39005)
    assert.equal(long.last_close, 101.73)
    near(long.distance_pct, 4.26615, 1e-4) // (101.73 − 97.39005) / 101.73, 4 decimals
    near(long.at_risk, 43.4)
    assert.equal(long.triggered, false)
    const short = stopLevels(
      { symbol: 'X', quantity: -10, entry_price: 101.73, entry_date: null },
      bars,
      params,
    )
    near(short.atr_stop, 106.06995)
    assert.equal(short.side, 'short')
  })

  it('chandelier: ATR22 2.272645, HH 103.02, LL 94.28, long 96.202065, short 101.097935', () => {
    const p = { ...params, method: 'chandelier' as const, trailing: false }
    const long = stopLevels({ symbol: 'X', quantity: 1, entry_price: 100, entry_date: null }, bars, p)
    near(long.chandelier.atr, 2.272645)
    assert.equal(long.chandelier.highest_high, 103.02)
    assert.equal(long.chandelier.lowest_low, 94.28)
    near(long.chandelier.raw, 96.202065)
    near(long.stop, 96.202065)
    const short = stopLevels({ symbol: 'X', quantity: -1, entry_price: 100, entry_date: null }, bars, p)
    near(short.chandelier.raw, 101.097935)
  })

  it('ratcheted from bar 30 the chandelier stays at 96.316800', () => {
    const p = { ...params, method: 'chandelier' as const }
    const entryDate = bars[30]!.time.slice(0, 10)
    const long = stopLevels({ symbol: 'X', quantity: 1, entry_price: 95.45, entry_date: entryDate }, bars, p)
    near(long.chandelier.trailing, 96.3168)
    near(long.stop, 96.3168)
    assert.equal(long.chandelier.trailing_from, entryDate)
  })

  it('percent stop, fixed and trailing from the best close; too few bars → nulls', () => {
    const p = { ...params, method: 'percent' as const, percent: 5, trailing: false }
    near(stopLevels({ symbol: 'X', quantity: 1, entry_price: 100, entry_date: null }, bars, p).stop, 95)
    const trailing = stopLevels({ symbol: 'X', quantity: 1, entry_price: 100, entry_date: null }, bars, {
      ...p,
      trailing: true,
    })
    near(trailing.stop, 104.39 * 0.95)
    const few = stopLevels(
      { symbol: 'X', quantity: 1, entry_price: 100, entry_date: null },
      bars.slice(0, 10),
      params,
    )
    assert.equal(few.atr, null)
    assert.equal(few.stop, null)
    assert.equal(few.at_risk, null)
  })
})
