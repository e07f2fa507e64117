/**
 * The daily module's compute in process, no HTTP and no database: `npx tsx bench/daily.ts [rounds]`.
 * Fixed clock Monday 2026-11-23 16:30 ET (after the close). Times one end-of-day review of 50
 * holdings and 200 signals on the simulated market (daily bars read through barsOfMany, the
 * arithmetic, the market movers), the arithmetic alone on bars already read, a game plan (earnings,
 * economic calendar, index events, sector lookups) and a month of the simulated economic calendar.
 */
import { buildReview } from '../src/modules/trading-intel/daily/eod-build.service.ts'
import { GameplanService } from '../src/modules/trading-intel/daily/gameplan.service.ts'
import { reviewDates } from '../src/modules/trading-intel/daily/lib/review-date.ts'
import {
  playOut,
  positionPnl,
  type PriceBook,
  type SignalInput,
} from '../src/modules/trading-intel/daily/lib/review.ts'
import { fixedClock } from '../src/platform/clock.ts'
import { nyDate } from '../src/kernel/calendar/nyse.ts'
import { barsOfMany } from '../src/providers/market-data/bars-many.ts'
import { createSimulatedContent } from '../src/providers/market-data/simulator/content/content.ts'
import { createSimulatedDividends } from '../src/providers/market-data/simulator/content/dividends.ts'
import { createSimulatedEconomicCalendar } from '../src/providers/market-data/simulator/content/economic.ts'
import { SimulatedMarketData } from '../src/providers/market-data/simulator/simulated.ts'
import { UNIVERSE } from '../src/providers/market-data/simulator/universe.ts'
import { median } from './report.ts'

const ROUNDS = Number(process.argv[2] ?? 20)
const clock = fixedClock('2026-11-23T21:30:00Z')
const market = new SimulatedMarketData({ clock })
const economic = createSimulatedEconomicCalendar({ clock })
const earnings = createSimulatedContent({ clock, instruments: UNIVERSE })
const fmt = (x: number) => x.toFixed(2)
async function timed(work: () => Promise<unknown>): Promise<{ median: number; max: number }> {
  const ts: number[] = []
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now()
    await work()
    ts.push(performance.now() - t)
  }
  return { median: median(ts), max: Math.max(...ts) }
}

const stocks = UNIVERSE.filter((i) => i.type === 'stock').map((i) => i.symbol)
const holdings = stocks.slice(0, 50).map((symbol, i) => ({ symbol, quantity: 10 + i, market_value: 0 }))
const signals: SignalInput[] = Array.from({ length: 200 }, (_, i) => ({
  source: i % 2 ? 'intraday' : 'options_flow',
  id: i + 1,
  symbol: stocks[i % 80]!,
  kind: 'orb',
  direction: i % 3 ? 'long' : 'short',
  confidence: 0.6,
  price: i % 2 ? 100 : null,
  at: '2026-11-20T15:00:00Z',
}))
const dates = reviewDates('2026-11-20', clock.now(), 366)
const deps = { market, signals: { onDate: async () => signals } }
const input = { tenantId: 1, accountId: null, holdings, dates, now: clock.now() }

const review = await timed(() => buildReview(deps, input))
const symbols = [...new Set([...holdings.map((h) => h.symbol), ...signals.map((s) => s.symbol)])]
const start = new Date('2026-11-18T00:00:00Z')
const bars = await barsOfMany(market, symbols, {
  interval: '1d',
  start,
  end: new Date('2026-11-25T00:00:00Z'),
})
const book: PriceBook = new Map(
  [...bars].map(([s, list]) => [s, new Map(list.map((b) => [nyDate(new Date(b.time)), b]))]),
)
const arithmetic = await timed(async () => {
  positionPnl(holdings, book, dates.date, dates.previous)
  for (const s of signals) playOut(s, book, { date: dates.date, next: dates.next }, true)
})
const plan = new GameplanService({
  clock,
  market,
  earnings,
  dividends: createSimulatedDividends(UNIVERSE),
  economic,
  holdings: { latest: async () => holdings },
  sources: { intraday: async () => [], optionsFlow: async () => [], watchlist: async () => [] },
})
const gameplan = await timed(() => plan.build(1, {}))
const month = await timed(() => economic.economicCalendar('2026-12-01', '2026-12-31'))

const row = (name: string, t: { median: number; max: number }) =>
  `${name}: median ${fmt(t.median)} ms, max ${fmt(t.max)} ms\n`
process.stdout.write(
  `${ROUNDS} rounds; ${holdings.length} holdings, ${signals.length} signals over ${symbols.length} symbols\n` +
    row('eod review (bars + arithmetic + market movers)', review) +
    row('eod arithmetic only', arithmetic) +
    row('gameplan (earnings, economic, index, sectors)', gameplan) +
    row('simulated economic calendar, 31 days', month),
)
