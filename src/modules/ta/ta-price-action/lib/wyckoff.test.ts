/** Wyckoff vector W1: events, intermediate values, phases, confidence; the mirrored distribution; counter-examples. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'
import { W1 } from './vectors.fixture.ts'
import { findWyckoff } from './wyckoff.ts'

const near = (a: number | null | undefined, b: number) =>
  assert.ok(a != null && Math.abs(a - b) < 1e-6, `${a} vs ${b}`)
const at = (s: { events: { event: string; index: number; confirmed: number }[] }) =>
  Object.fromEntries(s.events.map((e) => [e.event, [e.index, e.confirmed]]))

describe('Wyckoff accumulation (W1)', () => {
  const [s, ...more] = findWyckoff(W1).accumulation
  it('PS=10, SC=13, AR=16, ST=19, Spring=24, SOS=28, LPS=29 (AR confirmed at 19, LPS at 30)', () => {
    assert.equal(more.length, 0)
    assert.deepEqual(at(s!), {
      PS: [10, 13],
      SC: [13, 13],
      AR: [16, 19],
      ST: [19, 19],
      Spring: [24, 24],
      SOS: [28, 28],
      LPS: [29, 30],
    })
  })
  it('avgR 0.765, avgV 107, SC close position 0.714286, support 23.6, resistance 27.05', () => {
    near(s!.climax?.avg_range, 0.765)
    near(s!.climax?.avg_volume, 107)
    near(s!.events.find((e) => e.event === 'SC')!.values.close_position, 0.714286)
    assert.deepEqual([s!.support, s!.resistance], [23.6, 27.05])
  })
  it('phases A 10–19, B 20–23, C 24, D 28–29, E from 30 to the last bar; complete with confidence 1', () => {
    assert.deepEqual(
      s!.phases.map((p) => [p.phase, p.from, p.to]),
      [
        ['A', 10, 19],
        ['B', 20, 23],
        ['C', 24, 24],
        ['D', 28, 29],
        ['E', 30, 31],
      ],
    )
    assert.deepEqual([s!.status, s!.phase, s!.confidence], ['complete', 'E', 1])
  })
  it('causal: on the first 25 bars the Spring is the last event, phase C, confidence 0.7, no LPS', () => {
    const [p] = findWyckoff(W1.slice(0, 25)).accumulation
    assert.deepEqual(Object.keys(at(p!)), ['PS', 'SC', 'AR', 'ST', 'Spring'])
    assert.deepEqual([p!.status, p!.phase, p!.confidence], ['in_progress', 'C', 0.7])
    const [q] = findWyckoff(W1.slice(0, 30)).accumulation // LPS at 29 needs bar 30's higher close
    assert.deepEqual([q!.phase, at(q!).LPS], ['D', undefined])
  })
  it('no distribution in W1', () => assert.deepEqual(findWyckoff(W1).distribution, []))
})

describe('Wyckoff distribution (W1 mirrored: price → 60 − price)', () => {
  const mirrored: Bar[] = W1.map((b) => ({
    ...b,
    open: 60 - b.open,
    high: 60 - b.low,
    low: 60 - b.high,
    close: 60 - b.close,
  }))
  it('PSY=10, BC=13, AR=16, ST=19, UTAD=24, SOW=28, LPSY=29; resistance 36.4, support 32.95', () => {
    const w = findWyckoff(mirrored)
    assert.deepEqual(w.accumulation, [])
    const [d] = w.distribution
    assert.deepEqual(at(d!), {
      PSY: [10, 13],
      BC: [13, 13],
      AR: [16, 19],
      ST: [19, 19],
      UTAD: [24, 24],
      SOW: [28, 28],
      LPSY: [29, 30],
    })
    near(d!.resistance, 36.4)
    near(d!.support, 32.95)
    near(d!.events.find((e) => e.event === 'BC')!.values.low, 36.4) // the BC high, sign restored
  })
})

describe('counter-examples', () => {
  it('SC volume 200 (< 2·107) → no climax, nothing', () => {
    const bars = W1.map((b, i) => (i === 13 ? { ...b, volume: 200 } : b))
    assert.deepEqual(findWyckoff(bars).accumulation, [])
  })
  it('a close below support − avgR(SC) before the SOS fails the schematic', () => {
    const bars = W1.map((b, i) => (i === 21 ? { ...b, low: 22.5, close: 22.7 } : b))
    const [s] = findWyckoff(bars).accumulation
    assert.equal(s!.status, 'failed')
    assert.deepEqual(Object.keys(at(s!)), ['PS', 'SC', 'AR', 'ST'])
  })
  it('fewer than 11 bars: no climax can be tested', () => {
    assert.deepEqual(findWyckoff(W1.slice(0, 10)), { accumulation: [], distribution: [] })
  })
})
