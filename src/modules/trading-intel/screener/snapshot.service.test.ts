import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import pino from 'pino'
import { fixedClock } from '../../../platform/clock.ts'
import { UpstreamError } from '../../../platform/upstream-errors.ts'
import { SimulatedMarketData, type Instrument } from '../../../providers/market-data/index.ts'
import { SnapshotService, type SnapshotDeps } from './snapshot.service.ts'

const SYMBOLS = new Set(['AAPL', 'MSFT', 'KO', 'SPY'])

class CountingMarket extends SimulatedMarketData {
  builds = 0
  override async universe(): Promise<Instrument[]> {
    this.builds++
    return (await super.universe()).filter((i) => SYMBOLS.has(i.symbol))
  }
}

function service(over: Partial<SnapshotDeps> = {}) {
  const clock = fixedClock('2026-11-24T22:00:00Z') // Tuesday after the close
  const market = new CountingMarket({ clock })
  const deps: SnapshotDeps = {
    clock,
    log: pino({ level: 'silent' }),
    market,
    earnings: { name: 'none', calendar: () => Promise.resolve([]) },
    dividends: { name: 'none', exDividends: () => Promise.resolve([]) },
    ...over,
  }
  return { clock, market, snapshots: new SnapshotService(deps) }
}

describe('screener snapshot service', () => {
  it('concurrent reads share one build; a read rebuilds once the market has a newer session', async () => {
    const { clock, market, snapshots } = service()
    const [a, b] = await Promise.all([snapshots.latest(), snapshots.latest()])
    assert.equal(a, b)
    assert.equal(market.builds, 1)
    assert.equal(a.snapshot.as_of, '2026-11-24')
    clock.set('2026-11-25T13:00:00Z') // 08:00 New York: the 25th has not opened
    assert.equal(await snapshots.latest(), a)
    // Built at 17:00, in the post-market: the 24th's bars have changed since, so it is rebuilt behind.
    await snapshots.settled()
    assert.equal(market.builds, 2)
    clock.set('2026-11-25T15:00:00Z') // 10:00 New York: the session of the 25th is open
    const c = await snapshots.latest()
    assert.equal(c.snapshot.as_of, '2026-11-25')
    assert.equal(market.builds, 3)
  })

  it('in a session: a stale snapshot answers at once and is rebuilt behind; a market refresh rebuilds at most once a minute', async () => {
    const { clock, market, snapshots } = service()
    clock.set('2026-11-24T15:00:00Z') // 10:00 New York, the session is open
    snapshots.afterMarketRefresh()
    assert.equal(market.builds, 0, 'a refresh before any read builds nothing (the first read will)')
    const first = await snapshots.latest()
    assert.equal(market.builds, 1)
    clock.set('2026-11-24T15:05:00Z')
    snapshots.afterMarketRefresh()
    await snapshots.settled()
    assert.equal(market.builds, 2, 'a refresh five minutes after the build rebuilds')
    snapshots.afterMarketRefresh()
    await snapshots.settled()
    assert.equal(market.builds, 2, 'a second refresh within the minute does not')
    const rebuilt = await snapshots.latest()
    assert.notEqual(rebuilt, first)
    clock.set('2026-11-24T15:21:00Z') // 16 minutes after the last build
    assert.equal(await snapshots.latest(), rebuilt, 'the stale snapshot answers at once')
    await snapshots.settled()
    assert.equal(market.builds, 3, '…and is rebuilt behind the read')
    clock.set('2026-11-25T02:00:00Z') // 21:00 New York: the post-market has closed
    await snapshots.latest()
    await snapshots.settled()
    assert.equal(market.builds, 4, 'one rebuild after the close')
    clock.set('2026-11-25T04:00:00Z')
    await snapshots.latest()
    snapshots.afterMarketRefresh()
    await snapshots.settled()
    assert.equal(market.builds, 4, 'a snapshot built after the post-market is final until the next session')
  })

  it('confluence fills the column once computed; an upstream failure marks the source degraded', async () => {
    const { snapshots } = service({ confluence: (s) => Promise.resolve(s === 'AAPL' ? 71.5 : null) })
    const built = await snapshots.latest()
    await snapshots.settled()
    const i = built.snapshot.symbols.indexOf('AAPL')
    assert.equal(built.snapshot.numbers.get('confluence_score')![i], 71.5)
    assert.equal(built.snapshot.sources.ta_confluence.as_of, '2026-11-24')
    const failing = service({
      confluence: () => Promise.reject(new UpstreamError('timeout', 'slow', { provider: 'x' })),
    })
    const f = await failing.snapshots.latest()
    await failing.snapshots.settled()
    assert.match(f.snapshot.sources.ta_confluence.note ?? '', /^degraded/)
    assert.equal(f.snapshot.sources.ta_confluence.as_of, null)
  })

  it('a failing dividends provider → dividend yield null and the source degraded; no dividends paid → 0', async () => {
    const down = service({
      dividends: {
        name: 'down',
        exDividends: () => Promise.reject(new UpstreamError('server', 'down', { provider: 'd' })),
      },
    })
    const d = (await down.snapshots.latest()).snapshot
    assert.ok(d.numbers.get('dividend_yield')!.every((v) => Number.isNaN(v)))
    assert.equal(d.sources.dividends.as_of, null)
    const ok = (await service().snapshots.latest()).snapshot
    assert.ok(ok.numbers.get('dividend_yield')!.every((v) => v === 0))
  })

  it('P/E = price / the last four reported EPS summed; fewer than four reports → null', async () => {
    const events = [0.5, 0.6, 0.7, 0.8, 0.9].map((eps, q) => ({
      symbol: 'MSFT',
      date: `2026-0${q + 1}-15`,
      hour: null,
      quarter: q + 1,
      year: 2026,
      eps_estimate: null,
      eps_actual: eps,
      revenue_estimate: null,
      revenue_actual: null,
    }))
    const { snapshots } = service({ earnings: { name: 'fixed', calendar: () => Promise.resolve(events) } })
    const snap = (await snapshots.latest()).snapshot
    const i = snap.symbols.indexOf('MSFT')
    const price = snap.numbers.get('price')![i]!
    assert.ok(Math.abs(snap.numbers.get('pe')![i]! - price / (0.6 + 0.7 + 0.8 + 0.9)) < 1e-9)
    assert.ok(Number.isNaN(snap.numbers.get('pe')![snap.symbols.indexOf('AAPL')]!))
  })

  it('tells each rebuild listener about every build of the current snapshot; one that throws stops nothing', async () => {
    const { clock, snapshots } = service()
    const seen: string[] = []
    snapshots.onRebuilt(() => {
      throw new Error('a listener that fails')
    })
    snapshots.onRebuilt((built) => seen.push(built.snapshot.built_at))
    const a = await snapshots.latest()
    clock.advance(60 * 60_000)
    const b = await snapshots.rebuild()
    assert.deepEqual(seen, [a.snapshot.built_at, b.snapshot.built_at])
    assert.notEqual(a.snapshot.built_at, b.snapshot.built_at)
    await snapshots.asOf('2026-11-20')
    assert.equal(seen.length, 2, 'a past session’s snapshot is not a rebuild of the current one')
  })
})
