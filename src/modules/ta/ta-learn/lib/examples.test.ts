import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { readExample } from './examples.ts'
import { F1, S2, toBars } from './lib.fixture.ts'

const S2_OPTS = { l: 2, r: 2 }

describe('worked example readings', () => {
  it('reads the S2 dealing range: EQ 10.35, long OTE [9.799, 10.122], close 9.35 at −0.026316', () => {
    const r = readExample('range', S2, S2_OPTS)
    assert.deepEqual(r.values, {
      lo: 9.4,
      hi: 11.3,
      eq: 10.35,
      position: -0.026316,
      zone: 'discount',
      leg: 'up',
      ote_low: 9.799,
      ote_high: 10.122,
    })
    assert.deepEqual(
      r.points.map((p) => [p.label, p.time, p.price]),
      [
        ['range low', S2[5]!.time, 9.4],
        ['range high', S2[9]!.time, 11.3],
      ],
    )
  })

  it('reads the S2 trend and the latest break', () => {
    assert.equal(readExample('trend', S2, S2_OPTS).values.last_high_label, 'HH')
    assert.deepEqual(readExample('breaks', S2, S2_OPTS).values, {
      event: 'choch',
      direction: 'bearish',
      level: 9.4,
      close: 9.35,
    })
  })

  it('reads the latest candle: the hammer vector', () => {
    const r = readExample('candle', toBars([20.1], [20.3], [19.0], [20.25]))
    assert.equal(r.values.body, 0.15)
    assert.equal(r.values.lower, 1.1)
    assert.equal(r.values.upper, 0.05)
    assert.equal(r.values.body_to_range, 0.115385)
    assert.equal(r.values.doji, false)
  })

  it('reads the latest F1 gap (the bearish one at bar 4, unmitigated)', () => {
    const r = readExample('fvg', F1)
    assert.deepEqual(r.values, {
      direction: 'bearish',
      top: 103,
      bottom: 102.6,
      ce: 102.8,
      mitigated_at: null,
      ce_at: null,
      filled_at: null,
    })
  })

  it('reads a touched F1 gap as ta-ict does: the bullish one at bar 1, mitigated at bar 4', () => {
    const bars = F1.slice(0, 5) // the bearish gap at bar 4 needs bar 5 to be known
    const r = readExample('fvg', bars)
    assert.deepEqual(r.values, {
      direction: 'bullish',
      top: 102,
      bottom: 101,
      ce: 101.5,
      mitigated_at: bars[4]!.time,
      ce_at: null,
      filled_at: null,
    })
  })

  it('compares the latest volume with the prior bars’ average', () => {
    const v = [100, 100, 100, 100, 320]
    const bars = toBars([1, 1, 1, 1, 1], [2, 2, 2, 2, 2], [0.5, 0.5, 0.5, 0.5, 0.5], [1, 1, 1, 1, 1], v)
    assert.deepEqual(readExample('volume', bars).values, {
      volume: 320,
      average: 100,
      ratio: 3.2,
      climactic: true,
    })
  })

  it('answers "none found" instead of failing on too few bars', () => {
    assert.equal(readExample('range', S2.slice(0, 4), S2_OPTS).values.eq, null)
    assert.equal(readExample('breaks', S2.slice(0, 4), S2_OPTS).values.event, null)
  })
})
