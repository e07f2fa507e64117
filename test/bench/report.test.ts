import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Measurement } from '../../bench/load.ts'
import { median, renderReport, roundRatios } from '../../bench/report.ts'

const m = (scenario: string, rps: number, p99 = 10): Measurement => ({
  scenario,
  connections: 50,
  requestsPerSecond: rps,
  p50Ms: 5,
  p99Ms: p99,
  maxMs: p99 * 2,
  non2xx: 0,
  errors: 0,
  statusCodes: { 200: 1 },
})

describe('bench report', () => {
  it('median: middle value, the mean of the middle two, NaN for none', () => {
    assert.equal(median([3, 1, 2]), 2)
    assert.equal(median([4, 1, 3, 2]), 2.5)
    assert.ok(Number.isNaN(median([])))
  })

  it('ratios are taken within each round, then their median is reported with the range', () => {
    // The machine slowed down in round 2: req/s halved for both, the ratio did not.
    const rounds = [
      [m('tenant-read', 3000, 20), m('ceiling', 6000), m('hello', 30000)],
      [m('tenant-read', 1500, 40), m('ceiling', 3000), m('hello', 15000)],
      [m('tenant-read', 2800, 30), m('ceiling', 4000), m('hello', 28000)],
    ]
    assert.deepEqual(roundRatios(rounds, 'tenant-read', 'ceiling'), [0.5, 0.5, 0.7])
    const table = renderReport(
      { engine: 'PGlite', date: new Date('2026-11-25T15:00:00Z'), duration: 8, warmup: 10 },
      rounds,
      'ceiling',
      'hello',
    )
    const row = table.split('\n').find((l) => l.startsWith('| tenant-read'))
    // median req/s 2,800; median p99 30; max of max 80; ÷ ceiling median 0.50, range 0.50–0.70
    assert.equal(row, '| tenant-read | 50 | 2,800 | 5.00 | 30.00 | 80.0 | 0 | 0 | 0.50 | 0.10 | 0.50–0.70 |')
    assert.match(table, /8 s per scenario \(after a 10 s warm-up\) · 3 rounds, scenarios in turn/)
  })

  it('one round keeps the single-run table (no range column)', () => {
    const table = renderReport(
      { engine: 'PGlite', date: new Date(), duration: 8, warmup: 3 },
      [[m('tenant-read', 3000), m('ceiling', 6000), m('hello', 30000)]],
      'ceiling',
      'hello',
    )
    assert.match(
      table,
      /\| tenant-read \| 50 \| 3,000 \| 5\.00 \| 10\.00 \| 20\.0 \| 0 \| 0 \| 0\.50 \| 0\.10 \|$/m,
    )
    assert.doesNotMatch(table, /range/)
  })
})
