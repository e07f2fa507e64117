/**
 * The intraday detector pipeline in process, no HTTP: `npx tsx bench/intraday-detect.ts [symbols] [runs]`.
 * 500 symbols × one regular session of 1-minute bars (390) with five previous sessions for the
 * volume baselines, built deterministically (a seeded random walk with a U-shaped volume curve).
 * Times, per run over every symbol: the indicator columns (VWAP, RSI 14, MACD 12/26/9 from the quant
 * kernels) and all four detectors (target: < 250 ms), and separately the split of a fetched
 * window (previous sessions included) into the detectors' input. Reports the median and the best run.
 */
import { indicatorColumns } from '../src/modules/trading-intel/intraday/lib/indicators.ts'
import { DEFAULT_PARAMS } from '../src/modules/trading-intel/intraday/lib/params.ts'
import { runDetectors } from '../src/modules/trading-intel/intraday/lib/pipeline.ts'
import {
  planSession,
  splitWindow,
  toSessionBars,
  type TimedBar,
} from '../src/modules/trading-intel/intraday/lib/sessions.ts'
import { DETECTORS } from '../src/modules/trading-intel/intraday/lib/types.ts'
import { median } from './report.ts'

const SYMBOLS = Number(process.argv[2] ?? 500)
const RUNS = Number(process.argv[3] ?? 15)
const plan = planSession('2026-11-20', 'REGULAR', DEFAULT_PARAMS.spike_lookback_sessions)
const sessions = [...plan.baseline].reverse().concat(plan.today) // oldest first; includes the previous day

let seed = 42
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31

function symbolWindow(): TimedBar[] {
  const bars: TimedBar[] = []
  let price = 20 + random() * 200
  for (const s of sessions) {
    price *= 1 + (random() - 0.5) * 0.06 // overnight gap up to ±3 %
    for (let m = 0; m < 390; m++) {
      const open = price
      price *= 1 + (random() - 0.5) * 0.004
      const u = 1 + 3 * ((m - 195) / 195) ** 2 // U-shaped intraday volume
      const spike = random() < 0.003 ? 6 : 1
      bars.push({
        t: s.start + m * 60_000,
        open,
        high: Math.max(open, price) * (1 + random() * 0.001),
        low: Math.min(open, price) * (1 - random() * 0.001),
        close: price,
        volume: Math.round(10_000 * u * spike * (0.7 + random() * 0.6)),
      })
    }
  }
  return bars
}

const windows = Array.from({ length: SYMBOLS }, symbolWindow)
const inputs = windows.map((w) => {
  const { today, input } = splitWindow(w, plan)
  return { input, bars: toSessionBars(today) }
})

function detectAll(): number {
  let signals = 0
  for (const { input, bars } of inputs) {
    const col = indicatorColumns(bars)
    signals += runDetectors({ ...input, bars, vwap: col.vwap }, DETECTORS, DEFAULT_PARAMS).length
  }
  return signals
}

const time = (work: () => unknown) => {
  const t = performance.now()
  work()
  return performance.now() - t
}

const signals = detectAll() // warm-up (JIT), and the count
const compute = Array.from({ length: RUNS }, () => time(detectAll))
const split = Array.from({ length: RUNS }, () => time(() => windows.forEach((w) => splitWindow(w, plan))))
const fmt = (x: number) => x.toFixed(1)
process.stdout.write(
  `${SYMBOLS} symbols × ${inputs[0]!.bars.time.length} one-minute bars (+ ${sessions.length - 1} previous sessions), ` +
    `${signals} signals\n` +
    `indicators + four detectors: median ${fmt(median(compute))} ms, best ${fmt(Math.min(...compute))} ms over ${RUNS} runs\n` +
    `splitting the fetched windows: median ${fmt(median(split))} ms\n`,
)
