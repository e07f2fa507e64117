/**
 * The performance series (`src/modules/portfolio/performance/lib/`) at its target size:
 * `npx tsx bench/performance.ts [activities] [runs]` (default 50,000 activities, 30 measured runs).
 *
 * Ten years of NYSE trading days (2016-01-04 … 2025-12-31, 2,515 days), five accounts (three
 * broker accounts read back from their activities before their first snapshot, two manual ones
 * with weekly snapshots, one of them in EUR and archived), 50 symbols (10 quoted in EUR), seeded
 * random closes and rates, 500 capital flows, and the activities spread over the accounts. Each
 * run is `valueSeries` (shares, cash, values, flows, the TWR chain) plus the statistics and the
 * drawdown, after 10 unmeasured runs (JIT). The reference row, measured in the same run, is the
 * same activities through the decimal-string effect functions alone (`toCents(cashEffect(a))`):
 * what the series would pay per activity without its linear coefficients.
 */
import { tradingDaysBetween } from '../src/kernel/calendar/nyse.ts'
import { toCents } from '../src/kernel/decimal/cents.ts'
import { cashEffect } from '../src/modules/portfolio/activities/lib/effects.ts'
import type { ActivityType } from '../src/modules/portfolio/portfolio.tables.ts'
import { maxDrawdown, stats } from '../src/modules/portfolio/performance/lib/returns.ts'
import {
  valueSeries,
  type AccountIn,
  type ActivityLine,
} from '../src/modules/portfolio/performance/lib/series.ts'
import { mulberry32 } from '../src/platform/random.ts'
import { median } from './report.ts'

const ACTIVITIES = Number(process.argv[2] ?? 50_000)
const RUNS = Number(process.argv[3] ?? 30)
const rnd = mulberry32(27)
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!
const days = tradingDaysBetween('2016-01-04', '2025-12-31')
const symbols = Array.from({ length: 50 }, (_, i) => `S${i}`)
const currencyOf = new Map(symbols.map((s, i) => [s, i < 10 ? 'EUR' : 'USD']))
const closes = new Map(
  symbols.map((s) => {
    let p = 20 + 200 * rnd()
    return [s, Float64Array.from(days, () => (p *= 1 + (rnd() - 0.5) / 25))]
  }),
)
let eur = 1.1
const eurRates = Float64Array.from(days, () => (eur *= 1 + (rnd() - 0.5) / 200))
const rates = new Map([
  ['USD', Float64Array.from(days, () => 1)],
  ['EUR', eurRates],
])
const TYPES: ActivityType[] = [
  'BUY',
  'BUY',
  'SELL',
  'DIVIDEND',
  'DEPOSIT',
  'WITHDRAWAL',
  'FEE',
  'TRANSFER_IN',
]

function account(id: number, count: number): AccountIn {
  const activities: ActivityLine[] = Array.from({ length: count }, () => {
    const type = pick(TYPES)
    const cashOnly = type === 'DEPOSIT' || type === 'WITHDRAWAL' || type === 'FEE'
    return {
      date: pick(days),
      type,
      symbol: cashOnly ? null : pick(symbols),
      quantity: cashOnly ? null : String(1 + Math.floor(rnd() * 50)),
      amount: (rnd() * 20_000).toFixed(4),
      fee: pick(['0.0000', '1.0000', '4.9500']),
      currency: id === 4 ? 'EUR' : 'USD',
    }
  }).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
  const broker = id < 3
  const snapDays = broker
    ? days.slice(1500).filter((_, i) => i % 5 === 0)
    : days.filter((_, i) => i % 5 === 0)
  const held = symbols.filter(() => rnd() < 0.4)
  return {
    id,
    readBack: broker,
    archivedOn: id === 4 ? days[2400]! : null,
    historyStart: days[0]!,
    snapshots: snapDays.flatMap((date) =>
      held.map((symbol) => ({ date, symbol, quantity: Math.floor(rnd() * 500) })),
    ),
    activities,
    cashAnchors: broker
      ? days.slice(1500).map((date) => ({ date, currency: 'USD', cents: BigInt(Math.floor(rnd() * 1e8)) }))
      : [],
  }
}

const accounts = [0, 1, 2, 3, 4].map((id) => account(id, Math.floor(ACTIVITIES / 5)))
const flows = Array.from({ length: 500 }, () => ({
  account_id: pick([0, 1, 2, 3, 4, null]),
  date: pick(days),
  currency: 'USD',
  amount: (rnd() * 50_000 - 10_000).toFixed(2),
}))
const input = {
  days,
  accounts,
  flows,
  market: { closes, currencyOf, rates },
  rateOn: (c: string) => (c === 'USD' ? 1 : 1.1),
}
const all = accounts.flatMap((a) => a.activities)

function series() {
  const out = valueSeries(input)
  return [stats(out.total.returns, 0.02), maxDrawdown(out.total.index)]
}
function reference() {
  let c = 0n
  for (const a of all) c += toCents(cashEffect(a))
  return c
}

function time(fn: () => unknown): number[] {
  for (let i = 0; i < 10; i++) fn()
  const ms: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now()
    fn()
    ms.push(performance.now() - t0)
  }
  return ms.sort((a, b) => a - b)
}

const s = time(series)
const r = time(reference)
const snapshots = accounts.reduce((n, a) => n + a.snapshots.length, 0)
const p = (xs: number[], q: number) => xs[Math.floor(q * (xs.length - 1))]!.toFixed(1)
process.stdout.write(
  `${days.length} days, ${all.length} activities, ${snapshots} snapshot rows, ${RUNS} runs\n\n` +
    `| work | p50 ms | p99 ms | ÷ reference (p50) |\n| --- | --- | --- | --- |\n` +
    `| value series + TWR + statistics | ${p(s, 0.5)} | ${p(s, 0.99)} | ${(median(s) / median(r)).toFixed(2)} |\n` +
    `| reference: decimal cash effects alone | ${p(r, 0.5)} | ${p(r, 0.99)} | 1 |\n`,
)
