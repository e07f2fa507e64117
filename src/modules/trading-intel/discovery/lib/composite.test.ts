/** Composite opportunity scores hand-computed from known scanner rows. */
import assert from 'node:assert/strict'
import { it } from 'node:test'
import { compositeScores, type ScanRow } from './composite.ts'
import type { ScanType } from './scans.ts'

const row = (symbol: string, scan_type: ScanType, score: number, universe = 'sp500'): ScanRow => ({
  symbol,
  scan_type,
  score,
  universe,
  trading_date: '2026-11-20',
})

const rows = [
  row('AAA', 'gappers', 5), // 5/10 × 20 = 10
  row('AAA', 'gappers', 3, 'free'), // a weaker hit of the same type: ignored
  row('AAA', 'volume', 2.5, 'all'), // 2.5/5 × 25 = 12.5
  row('BBB', 'momentum', 20), // capped at 1 × 25
  ...(['gappers', 'volume', 'momentum', 'reversal', 'breakout'] as const).map((t) => row('CCC', t, 1000)),
  row('DDD', 'reversal', 30), // 30/50 × 15 = 9
]

it('weights × normalized best score per scan type, plus 10 per extra scan type, capped at 100', () => {
  const out = compositeScores(rows)
  assert.deepEqual(
    out.map((o) => [o.symbol, o.score, o.signals, o.confluence_bonus]),
    [
      ['CCC', 100, 5, 40], // 110 + 40 → 100
      ['AAA', 32.5, 2, 10], // 10 + 12.5 + 10
      ['BBB', 25, 1, 0],
      ['DDD', 9, 1, 0],
    ],
  )
  const aaa = out.find((o) => o.symbol === 'AAA')!
  assert.deepEqual(aaa.components, [
    {
      scan_type: 'gappers',
      score: 5,
      normalized: 0.5,
      weight: 20,
      points: 10,
      universe: 'sp500',
      trading_date: '2026-11-20',
    },
    {
      scan_type: 'volume',
      score: 2.5,
      normalized: 0.5,
      weight: 25,
      points: 12.5,
      universe: 'all',
      trading_date: '2026-11-20',
    },
  ])
  assert.deepEqual(aaa.universes, ['all', 'free', 'sp500'])
  assert.deepEqual(aaa.scan_types, ['gappers', 'volume'])
})

it('min_signals keeps only symbols found by that many distinct scan types', () => {
  assert.deepEqual(
    compositeScores(rows, 2).map((o) => o.symbol),
    ['CCC', 'AAA'],
  )
  assert.deepEqual(compositeScores([]), [])
})
