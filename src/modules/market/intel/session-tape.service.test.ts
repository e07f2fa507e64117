/**
 * SessionTape against windowStats over the same bars read whole: as the window moves minute by
 * minute and the tape only appends, its figures must stay those of a fresh read of the window —
 * with minutes that have no bar, bars without a vendor vwap, and concurrent callers.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { tradingDay } from '../../../kernel/calendar/nyse.ts'
import type { Bar, BarsQuery, MarketDataProvider } from '../../../providers/market-data/index.ts'
import { windowStats } from './lib/window-stats.ts'
import { SessionTape } from './session-tape.service.ts'

const DATE = '2026-11-18'
const OPEN = tradingDay(DATE)!.open.getTime()
const MINUTE = 60_000

// Minute k of the session: no bar every 7th minute; no vwap every 5th; prices and volumes vary.
function barAt(k: number): Bar | null {
  if (k % 7 === 3) return null
  const close = 100 + Math.sin(k / 9) * 3 + k * 0.01
  return {
    time: new Date(OPEN + k * MINUTE).toISOString(),
    open: close - 0.05,
    high: close + 0.1,
    low: close - 0.1,
    close: Math.round(close * 100) / 100,
    volume: 1_000 + ((k * 7919) % 5_000),
    vwap: k % 5 === 0 ? null : Math.round((close - 0.02) * 10_000) / 10_000,
  }
}

function provider(reads: BarsQuery[]): MarketDataProvider {
  return {
    async bars(_symbol: string, q: BarsQuery) {
      reads.push(q)
      const out: Bar[] = []
      for (let k = 0; k < 390; k++) {
        const t = OPEN + k * MINUTE
        const bar = barAt(k)
        if (bar && t >= q.start!.getTime() && t <= q.end!.getTime()) out.push(bar)
      }
      return out
    },
  } as unknown as MarketDataProvider
}

const reference = (from: number, to: number) =>
  windowStats(
    Array.from({ length: to - from }, (_, i) => barAt(from + i)).filter((b): b is Bar => b !== null),
  )

describe('SessionTape', () => {
  it('matches a fresh read of the window at every minute, reading each minute once', async () => {
    const reads: BarsQuery[] = []
    const tape = new SessionTape(provider(reads))
    for (let to = 1; to <= 390; to++) {
      const from = Math.max(0, to - 30)
      assert.deepEqual(await tape.stats('X', DATE, from, to), reference(from, to), `window [${from}, ${to})`)
    }
    assert.equal(reads.length, 390, 'one read per new minute')
    const minutesRead = reads.reduce((n, q) => n + (q.end!.getTime() + 1 - q.start!.getTime()) / MINUTE, 0)
    assert.equal(minutesRead, 390, 'no minute is read twice')
  })

  it('a window of only bar-less minutes is null; a jump ahead reads the gap in one go', async () => {
    const reads: BarsQuery[] = []
    const tape = new SessionTape(provider(reads))
    assert.equal(await tape.stats('X', DATE, 3, 4), null)
    assert.deepEqual(await tape.stats('X', DATE, 100, 200), reference(100, 200))
    assert.equal(reads.length, 2)
    assert.deepEqual(await tape.stats('X', DATE, 0, 50), reference(0, 50), 'an earlier window reads nothing')
    assert.equal(reads.length, 2)
  })

  it('concurrent callers share the reads and see the same figures', async () => {
    const reads: BarsQuery[] = []
    const tape = new SessionTape(provider(reads))
    const answers = await Promise.all([60, 120, 60, 90].map((to) => tape.stats('X', DATE, to - 30, to)))
    assert.deepEqual(answers, [reference(30, 60), reference(90, 120), reference(30, 60), reference(60, 90)])
    const minutesRead = reads.reduce((n, q) => n + (q.end!.getTime() + 1 - q.start!.getTime()) / MINUTE, 0)
    assert.equal(minutesRead, 120)
  })

  it('a failed read is retried by the next request', async () => {
    let fail = true
    const inner = provider([])
    const tape = new SessionTape({
      async bars(symbol: string, q: BarsQuery) {
        if (fail) throw new Error('upstream down')
        return inner.bars(symbol, q)
      },
    } as unknown as MarketDataProvider)
    await assert.rejects(tape.stats('X', DATE, 0, 30), /upstream down/)
    fail = false
    assert.deepEqual(await tape.stats('X', DATE, 0, 30), reference(0, 30))
  })

  it('a non-trading day has no figures', async () => {
    const tape = new SessionTape(provider([]))
    assert.equal(await tape.stats('X', '2026-11-21', 0, 30), null)
  })
})
