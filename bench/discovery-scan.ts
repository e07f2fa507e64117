/**
 * A discovery scan of the whole simulated universe in process, no HTTP and no database:
 * `npx tsx bench/discovery-scan.ts [rounds]`. A fixed clock inside a regular session (Friday
 * 2026-11-20, 10:00 ET). Times the daily-bar read of every symbol (cold: the simulator generates
 * them; warm: a repeated read), the ranking of each scan type on bars already read (the compute the
 * < 300 ms target is about), and a whole scan (read + rank) of each type.
 */
import { rankScan } from '../src/modules/trading-intel/discovery/lib/rank.ts'
import { SCAN_TYPES } from '../src/modules/trading-intel/discovery/lib/scans.ts'
import { Universes } from '../src/modules/trading-intel/discovery/universes.service.ts'
import { fixedClock } from '../src/platform/clock.ts'
import { SimulatedMarketData } from '../src/providers/market-data/simulator/simulated.ts'
import { median } from './report.ts'

const ROUNDS = Number(process.argv[2] ?? 20)
const clock = fixedClock('2026-11-20T15:00:00Z')
const market = new SimulatedMarketData({ clock })
const universes = new Universes({
  clock,
  market,
  freeFeed: { universe: async () => ({ symbols: [], updated_at: null }) },
  holdings: { latest: async () => [] },
})
const fmt = (x: number) => x.toFixed(2)
async function ms<T>(work: () => Promise<T> | T): Promise<[number, T]> {
  const t = performance.now()
  const out = await work()
  return [performance.now() - t, out]
}

const symbols = await universes.symbols('all', 0)
const [cold, bars] = await ms(() => universes.dailyBars(symbols))
const warm: number[] = []
for (let i = 0; i < ROUNDS; i++) warm.push((await ms(() => universes.dailyBars(symbols)))[0])
let out = `${symbols.length} symbols (universe "all"), ${bars.size} with bars, 40 daily bars each\n`
out += `read daily bars: cold ${fmt(cold)} ms, warm median ${fmt(median(warm))} ms\n`
for (const type of SCAN_TYPES) {
  const rank: number[] = []
  const whole: number[] = []
  let hits = 0
  for (let i = 0; i < ROUNDS; i++) {
    const [t, ranked] = await ms(() => rankScan(bars, type))
    rank.push(t)
    hits = ranked.length
    whole.push((await ms(async () => rankScan(await universes.dailyBars(symbols), type)))[0])
  }
  out += `${type.padEnd(9)} rank median ${fmt(median(rank))} ms, max ${fmt(Math.max(...rank))} ms; `
  out += `read + rank median ${fmt(median(whole))} ms; ${hits} hits\n`
}
process.stdout.write(out)
