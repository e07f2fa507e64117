/**
 * The backtest replay in process, no HTTP and no database: `npx tsx bench/backtest.ts [trades] [runs]`.
 * 100,000 closed trades (default) over 10 years (2016-11-21 … 2026-11-20) of 200 symbols, held 0–30
 * calendar days, with daily closes of a seeded random walk on every trading day. Times, per run: the
 * selection, the columns, the replay marked to market each trading day, the performance statistics, the
 * equity curve and the per-trade log encoded for storage (lib/run.ts: what POST /backtest computes
 * between its reads and its write). Median and best.
 */
import {
  dayNumber,
  dayString,
  tradingDayNumbers,
} from '../src/modules/trading-intel/backtest/lib/calendar.ts'
import { runReplay, symbolsOf } from '../src/modules/trading-intel/backtest/lib/run.ts'
import { selectTrades, type SourceTrade } from '../src/modules/trading-intel/backtest/lib/select.ts'
import { alignCloses } from '../src/modules/trading-intel/backtest/prices.service.ts'
import { median } from './report.ts'

const TRADES = Number(process.argv[2] ?? 100_000)
const RUNS = Number(process.argv[3] ?? 15)
const SYMBOLS = 200
const FROM = '2016-11-21'
const TO = '2026-11-20'

let seed = 42
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31

const days = tradingDayNumbers(dayNumber(FROM), dayNumber(TO))
const symbols = Array.from({ length: SYMBOLS }, (_, i) => `S${i}`)
const closes = symbols.map(() => {
  let price = 20 + random() * 200
  return Array.from(days, (d) => {
    price *= 1 + (random() - 0.5) * 0.04
    return {
      time: `${dayString(d)}T05:00:00.000Z`,
      open: price,
      high: price,
      low: price,
      close: price,
      volume: 1,
      vwap: null,
    }
  })
})

const trades: SourceTrade[] = Array.from({ length: TRADES }, (_, id) => {
  const s = Math.floor(random() * SYMBOLS)
  const e = Math.floor(random() * (days.length - 25))
  const x = Math.min(days.length - 1, e + Math.floor(random() * 22))
  const entry = closes[s]![e]!.close
  const exit = closes[s]![x]!.close
  const quantity = 1 + Math.floor(random() * 100)
  const cost = quantity * entry
  const proceeds = quantity * exit
  return {
    id: id + 1,
    symbol: symbols[s]!,
    quantity,
    date_acquired: dayString(days[e]!),
    sold_on: dayString(days[x]!),
    proceeds,
    cost_basis: cost,
    fees: 1,
    gain_loss: proceeds - cost - 1,
  }
}).sort((a, b) => a.sold_on.localeCompare(b.sold_on) || a.id - b.id)

const aligned = closes.map((bars) => alignCloses(days, bars))

function compute() {
  const selection = selectTrades(trades, dayNumber(FROM), { needsCost: true })
  const { symbols: syms, index } = symbolsOf(selection)
  const prices = {
    closes: syms.map((s) => aligned[Number(s.slice(1))]!),
    failed: [],
    missing: [],
    capped: [],
  }
  const sizing = { kind: 'percent_of_equity', percent: 2 } as const
  return runReplay({ days, selection, symbols: syms, prices, initialCapital: 1e6, sizing, rf: 0 }, index)
}

const time = (work: () => unknown) => {
  const t = performance.now()
  work()
  return performance.now() - t
}
const fmt = (x: number) => x.toFixed(1)

const out = compute() // warm-up (JIT)
const runs = Array.from({ length: RUNS }, () => time(compute))
const calendar = time(() => tradingDayNumbers(dayNumber(FROM), dayNumber(TO)))
process.stdout.write(
  `${TRADES} trades, ${SYMBOLS} symbols, ${days.length} trading days (${FROM} … ${TO}); ` +
    `final equity ${out.summary.final_equity}, Sharpe ${out.summary.sharpe}\n` +
    `replay + metrics + curve + log: median ${fmt(median(runs))} ms, best ${fmt(Math.min(...runs))} ms over ${RUNS} runs\n` +
    `stored log: ${(out.log.byteLength / 1e6).toFixed(1)} MB of binary records\n` +
    `calendar (cached years): ${calendar.toFixed(2)} ms\n`,
)
