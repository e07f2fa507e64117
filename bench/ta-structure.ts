/**
 * The market-structure layer in process, no HTTP and no database: `npx tsx bench/ta-structure.ts [runs]`.
 * A fixed clock (Tuesday 2026-11-24, 10:00 ET) on the simulated market. Times (1) the full structure
 * analysis of one symbol on its 260 daily bars (swings, labels, trend, BOS/CHoCH, wire form) and the
 * layer's score (target for all layers + confluence: < 20 ms), (2) every pattern's
 * occurrences over the same bars, and (3) GET /structure/portfolio's service over 20 holdings, cold
 * (the simulator generates the bars) and warm (a repeated call; target < 300 ms warm).
 */
import { TimeframeBars } from '../src/modules/market/market-data/timeframes.service.ts'
import { analyzeStructure, optionsFor } from '../src/modules/ta/ta-structure/lib/analyze.ts'
import { STRUCTURE_PATTERNS, structureLayer } from '../src/modules/ta/ta-structure/lib/layer.ts'
import { StructureService } from '../src/modules/ta/ta-structure/structure.service.ts'
import { fixedClock } from '../src/platform/clock.ts'
import type { RequestScope } from '../src/platform/auth/scope.ts'
import { SimulatedMarketData } from '../src/providers/market-data/simulator/simulated.ts'
import { UNIVERSE } from '../src/providers/market-data/simulator/universe.ts'
import { median } from './report.ts'

const RUNS = Number(process.argv[2] ?? 50)
const clock = fixedClock('2026-11-24T15:00:00Z')
const market = new SimulatedMarketData({ clock })
const timeframes = new TimeframeBars({ market })
const held = UNIVERSE.filter((i) => i.type === 'stock')
  .slice(0, 20)
  .map((i, k) => ({ symbol: i.symbol, quantity: 10, market_value: 10_000 - k }))
const service = new StructureService({ timeframes, holdings: { latest: async () => held } })
const scope = { tenantId: 1, userId: 1, role: 'user' } as unknown as RequestScope

const fmt = (x: number) => x.toFixed(3)
async function ms(work: () => unknown): Promise<number> {
  const t = performance.now()
  await work()
  return performance.now() - t
}

const bars = await timeframes.read('AAPL', '1d')
const analysis: number[] = []
const score: number[] = []
const occurrences: number[] = []
for (let i = 0; i < RUNS; i++) {
  analysis.push(await ms(() => analyzeStructure(bars, optionsFor('1d'))))
  score.push(await ms(() => structureLayer.score(bars)))
  occurrences.push(await ms(() => STRUCTURE_PATTERNS.map((p) => structureLayer.occurrences(bars, p.id))))
}
const a = analyzeStructure(bars, optionsFor('1d'))
const cold = await ms(() => service.portfolio(scope))
const warm: number[] = []
for (let i = 0; i < Math.min(RUNS, 20); i++) warm.push(await ms(() => service.portfolio(scope)))

let out = `AAPL 1d: ${bars.length} bars, ${a.swings.length} swings, ${a.events.length} BOS/CHoCH, trend ${a.trend}\n`
out += `analyzeStructure: median ${fmt(median(analysis))} ms, max ${fmt(Math.max(...analysis))} ms\n`
out += `layer.score: median ${fmt(median(score))} ms\n`
out += `occurrences of all ${STRUCTURE_PATTERNS.length} patterns: median ${fmt(median(occurrences))} ms\n`
out += `portfolio service, 20 holdings: cold ${fmt(cold)} ms, warm median ${fmt(median(warm))} ms, max ${fmt(Math.max(...warm))} ms\n`
process.stdout.write(out)
