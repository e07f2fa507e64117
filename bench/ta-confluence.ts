/**
 * Technical-analysis confluence in process, no HTTP: `npx tsx bench/ta-confluence.ts [runs]`.
 * On the deterministic simulator (clock fixed at 2026-11-24 16:00 New York), with the three layers
 * (structure, price action, ICT with its zones), times:
 * - the full analysis of one symbol and timeframe: every installed layer's score + momentum + volume +
 *   the confluence combination, on the 1d history (260 bars; target < 20 ms);
 * - a pattern backtest over 10 years of daily bars (2520): occurrences + forward returns, for every
 *   pattern of every installed layer (target < 50 ms each; the slowest is reported);
 * - the portfolio dashboard over 20 holdings, warm (the bars already generated once; target < 300 ms).
 *   Holdings come from a stub (the real call is one indexed read of the tenant's latest snapshots).
 * Reports the median and the best run.
 */
import { TimeframeBars } from '../src/modules/market/market-data/index.ts'
import { analyse } from '../src/modules/ta/ta-confluence/lib/analysis.ts'
import { DashboardService } from '../src/modules/ta/ta-confluence/dashboard.service.ts'
import { TaLayers } from '../src/modules/ta/ta-confluence/lib/layers.ts'
import { backtest } from '../src/modules/ta/ta-confluence/lib/backtest.ts'
import { BACKTEST_DAILY_BARS } from '../src/modules/ta/ta-confluence/ta.service.ts'
import { withZones } from '../src/modules/ta/ta-confluence/lib/ict-zones.ts'
import { ictLayer } from '../src/modules/ta/ta-ict/index.ts'
import { layer as priceActionLayer } from '../src/modules/ta/ta-price-action/index.ts'
import { structureLayer } from '../src/modules/ta/ta-structure/index.ts'
import type { RequestScope } from '../src/platform/auth/scope.ts'
import { fixedClock } from '../src/platform/clock.ts'
import { SimulatedMarketData } from '../src/providers/market-data/index.ts'
import { median } from './report.ts'

const RUNS = Number(process.argv[2] ?? 15)
const clock = fixedClock('2026-11-24T21:00:00Z')
const market = new SimulatedMarketData({ clock })
const timeframes = new TimeframeBars({ market })
const installed = [structureLayer, priceActionLayer, withZones(ictLayer)]
const layers = new TaLayers(installed)
const SYMBOLS = ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL', 'META', 'TSLA', 'JPM', 'V', 'XOM'].concat([
  'KO',
  'PEP',
  'WMT',
  'JNJ',
  'PG',
  'HD',
  'BAC',
  'DIS',
  'NFLX',
  'INTC',
])

async function timeRuns(work: () => unknown): Promise<number[]> {
  await work() // warm-up (JIT, generated bars)
  const out: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now()
    await work()
    out.push(performance.now() - t)
  }
  return out
}
const fmt = (xs: number[]) => `median ${median(xs).toFixed(2)} ms, best ${Math.min(...xs).toFixed(2)} ms`

const daily = await timeframes.read('AAPL', '1d')
const full = await timeRuns(() => analyse(layers, daily))

const tenYears = await timeframes.read('AAPL', '1d', { bars: BACKTEST_DAILY_BARS })
let slowest = { id: '', runs: [0] }
for (const layer of installed) {
  for (const p of layer.patterns) {
    const runs = await timeRuns(() => backtest(tenYears, layer.occurrences(tenYears, p.id)))
    if (median(runs) > median(slowest.runs)) slowest = { id: `${layer.layer}/${p.id}`, runs }
  }
}

const holdings = {
  latest: async () => SYMBOLS.map((symbol) => ({ symbol, quantity: 10, market_value: 1000 })),
}
const dashboard = new DashboardService({ layers, timeframes, holdings: holdings as never })
const scope = { tenantId: 1, userId: 1, role: 'user', plan: 'free', via: 'bearer' } satisfies RequestScope
const dash = await timeRuns(() => dashboard.portfolio(scope, {}))

process.stdout.write(
  `layers installed: ${[...layers.names()].join(', ')}\n` +
    `full analysis, 1 symbol, 1d (${daily.length} bars): ${fmt(full)} over ${RUNS} runs\n` +
    `pattern backtest, ${tenYears.length} daily bars, slowest pattern ${slowest.id}: ${fmt(slowest.runs)}\n` +
    `dashboard, ${SYMBOLS.length} holdings, warm: ${fmt(dash)}\n`,
)
