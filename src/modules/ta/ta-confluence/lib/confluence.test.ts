import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'
import { combine, momentum, volume, type ComponentInput } from './confluence.ts'

const near = (a: number | null, b: number) => assert.ok(a !== null && Math.abs(a - b) < 1e-6, `${a} vs ${b}`)
const c = (layer: ComponentInput['layer'], score: number | null): ComponentInput => ({
  layer,
  score,
  evidence: {},
})
const vector = (ict: number | null) => [
  c('structure', 1),
  c('ict', ict),
  c('price_action', 0.8),
  c('momentum', (58 - 50) / 50),
  c('volume', -0.5),
]

describe('confluence', () => {
  it('the confluence vector: 0.684000, display 84.2, agreement 0.9, bullish', () => {
    const r = combine(vector(1))
    near(r.score, 0.684)
    near(r.display, 84.2)
    near(r.agreement, 0.9)
    assert.equal(r.bias, 'bullish')
    assert.deepEqual(r.dropped, [])
  })

  it('without ICT the weights renormalise: 0.578667 / 78.933333 (a null is dropped, not 0)', () => {
    const r = combine(vector(null))
    near(r.score, 0.578667)
    near(r.display, 78.933333)
    near(r.agreement, 0.65 / 0.75)
    assert.deepEqual(r.dropped, ['ict'])
    const ict = r.components.find((x) => x.layer === 'ict')!
    assert.deepEqual([ict.used, ict.effective_weight], [false, 0])
    near(r.components[0]!.effective_weight, 0.4)
    // counting the missing layer as 0 would give 0.434: it must not
    assert.notEqual(Math.round(r.score! * 1000), 434)
  })

  it('bias thresholds at exactly ±0.2; nothing available → all null', () => {
    assert.equal(combine([c('structure', 0.2)]).bias, 'bullish')
    assert.equal(combine([c('structure', -0.2)]).bias, 'bearish')
    assert.equal(combine([c('structure', 0.19)]).bias, 'neutral')
    const none = combine([c('structure', null), c('volume', null)])
    assert.deepEqual([none.score, none.display, none.bias, none.agreement], [null, null, null, null])
    assert.deepEqual(none.dropped, ['structure', 'volume'])
  })
})

const bar = (open: number, close: number, vol: number): Bar => ({
  time: '2026-01-02T05:00:00.000Z',
  open,
  high: Math.max(open, close),
  low: Math.min(open, close),
  close,
  volume: vol,
  vwap: null,
})

describe('momentum and volume components', () => {
  it('momentum: only gains → RSI 100 → +1; too few bars or flat → null', () => {
    const up = Array.from({ length: 15 }, (_, i) => bar(100 + i, 100 + i, 1))
    assert.equal(momentum(up).score, 1)
    assert.equal(momentum(up.slice(1)).score, null)
    assert.equal(momentum(Array.from({ length: 30 }, () => bar(5, 5, 1))).score, null)
  })

  it('volume: RVOL 1.5 on an up bar → +0.5; 3 on a down bar → −1; 0.5 on an up bar → −0.5', () => {
    const base = Array.from({ length: 20 }, () => bar(10, 10, 100))
    near(volume([...base, bar(10, 11, 150)]).score, 0.5)
    assert.equal(volume([...base, bar(11, 10, 300)]).score, -1)
    near(volume([...base, bar(10, 11, 50)]).score, -0.5)
    assert.equal(volume([...base, bar(10, 10, 300)]).score, 0)
    assert.equal(volume(base).score, null)
  })
})
