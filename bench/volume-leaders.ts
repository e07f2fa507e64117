/**
 * The volume-leaders computation in process, no HTTP: `npx tsx bench/volume-leaders.ts`.
 * A fixed clock inside a regular session (Wednesday 2026-11-18, 11:00 ET) and the simulated
 * market over the whole universe. Times the first request (cold: five past sessions to load), then
 * one request per following minute (the window moves, so the list is recomputed each time), then
 * repeated requests within a minute (the list cache), and the simulator's cost to generate one
 * symbol-day of 1-minute bars. The cache is the in-process one.
 */
import { VolumeLeadersService } from '../src/modules/market/intel/index.ts'
import { createMemoryCache } from '../src/platform/cache/index.ts'
import { fixedClock } from '../src/platform/clock.ts'
import { SimulatedMarketData } from '../src/providers/market-data/simulator/simulated.ts'
import { median } from './report.ts'

const MINUTES = Number(process.argv[2] ?? 20)
const clock = fixedClock('2026-11-18T16:00:00Z')
const market = new SimulatedMarketData({ clock })
const cache = createMemoryCache({ now: () => clock.now().getTime() })
const volumeLeaders = new VolumeLeadersService({ market, cache, clock })
const ms = async (work: () => Promise<unknown>) => {
  const t = performance.now()
  await work()
  return performance.now() - t
}
const ask = () => volumeLeaders.leaders({ window_minutes: 30, page_size: 100 })

const symbols = (await market.universe()).filter((i) => i.type !== 'index').length
const cold = await ms(ask)
const perMinute: number[] = []
for (let i = 0; i < MINUTES; i++) {
  clock.advance(60_000)
  perMinute.push(await ms(ask))
}
const hits: number[] = []
for (let i = 0; i < 200; i++) hits.push(await ms(ask))
// One symbol-day of 1-minute bars (pre, regular and post sessions), generated on a fresh
// simulator so nothing comes from its day cache: the whole universe, one past day each.
const fresh = new SimulatedMarketData({ clock })
const universe = (await fresh.universe()).map((i) => i.symbol)
const t0 = performance.now()
for (const s of universe) fresh.day(s, 500)
const perDay = (performance.now() - t0) / universe.length
const fmt = (x: number) => x.toFixed(2)
process.stdout.write(
  `${symbols} symbols, window 30 min\n` +
    `first request (cold): ${fmt(cold)} ms\n` +
    `new minute: median ${fmt(median(perMinute))} ms, max ${fmt(Math.max(...perMinute))} ms over ${MINUTES} minutes\n` +
    `same minute (list cached): median ${fmt(median(hits))} ms\n` +
    `one symbol-day of 1-minute bars generated: ${fmt(perDay * 1000)} µs (mean over ${universe.length})\n`,
)
