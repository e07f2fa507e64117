/**
 * The quant kernels (`src/kernel/quant/`, ADR 0024) over a long series:
 * `npx tsx bench/quant.ts [bars] [runs]` (default 100,000 bars, 15 measured runs).
 *
 * Bars are a seeded random walk (the same on every machine). Each kernel runs 30 times unmeasured
 * (JIT), then `runs` times; the table gives the median time of one call and the time per bar. The
 * correlation row is the target case: a 26 × 26 matrix of simple daily returns over 90 calendar
 * days (62 closes per symbol), target < 2 ms, timed over batches of 100 matrices.
 */
import * as q from '../src/kernel/quant/index.ts'
import { mulberry32 } from '../src/platform/random.ts'
import { median } from './report.ts'

const BARS = Number(process.argv[2] ?? 100_000)
const RUNS = Number(process.argv[3] ?? 15)
if (!(Number.isInteger(BARS) && BARS >= 100 && Number.isInteger(RUNS) && RUNS >= 1)) {
  process.stderr.write('usage: npx tsx bench/quant.ts [bars ≥ 100] [runs ≥ 1]\n')
  process.exit(1)
}
const WARMUP = 30 // fewer left some kernels unoptimized in some runs on a loaded machine (10× slower)

/** A seeded random walk of OHLCV bars. */
function bars(n: number, seed: number) {
  const rnd = mulberry32(seed)
  const [open, high, low, close, volume] = [0, 1, 2, 3, 4].map(() => new Float64Array(n)) as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ]
  let price = 100
  for (let i = 0; i < n; i++) {
    const o = price
    price = Math.max(1, price * (1 + (rnd() - 0.5) * 0.04))
    open[i] = o
    close[i] = price
    high[i] = Math.max(o, price) * (1 + rnd() * 0.01)
    low[i] = Math.min(o, price) * (1 - rnd() * 0.01)
    volume[i] = Math.round(50_000 + rnd() * 1_000_000)
  }
  return { open, high, low, close, volume }
}

let sink = 0 // keeps results alive so the JIT cannot drop the work
function time(fn: () => unknown, reps = 1): number {
  const times: number[] = []
  for (let run = 0; run < WARMUP + RUNS; run++) {
    const t = performance.now()
    for (let r = 0; r < reps; r++) {
      const out = fn()
      sink += out instanceof Float64Array ? out[out.length - 1]! : 1
    }
    if (run >= WARMUP) times.push((performance.now() - t) / reps)
  }
  return median(times)
}

const b = bars(BARS, 24)
const { high: H, low: L, close: C, volume: V } = b
const session = Float64Array.from({ length: BARS }, (_, i) => Math.floor(i / 78)) // 78 five-minute bars a day
const days = Float64Array.from({ length: BARS }, (_, i) => Math.floor((i * 7) / 5)) // weekdays only
const returns = q.simpleReturns(C)
const pnl = returns.map((r) => r * 10_000)

const kernels: [string, () => unknown][] = [
  ['sma(close, 20)', () => q.sma(C, 20)],
  ['ema(close, 20)', () => q.ema(C, 20)],
  ['rsi(close, 14)', () => q.rsi(C, 14)],
  ['macd(close, 12, 26, 9)', () => q.macd(C).histogram],
  ['atr(h, l, c, 14)', () => q.atr(H, L, C, 14)],
  ['sessionVwap(h, l, c, v, session)', () => q.sessionVwap(H, L, C, V, session)],
  ['bollinger(close, 20, 2)', () => q.bollinger(C, 20, 2).percentB],
  ['rollingStd(close, 20)', () => q.rollingStd(C, 20)],
  ['rollingZScore(volume, 20)', () => q.rollingZScore(V, 20)],
  ['relativeVolumeSeries(volume, 5)', () => q.relativeVolumeSeries(V, 5).z],
  ['rollingMax(high, 22)', () => q.rollingMax(H, 22)],
  ['chandelier(h, l, c, 22, 3)', () => q.chandelier(H, L, C).long],
  ['simpleReturns(close)', () => q.simpleReturns(C)],
  ['equityCurveStats(days, close)', () => q.equityCurveStats(days, C)],
  ['tradeStats(pnl)', () => q.tradeStats(pnl)],
]

process.stdout.write(
  `| kernel (${BARS.toLocaleString('en-US')} bars) | median ms (${RUNS} runs) | ns/bar |\n`,
)
process.stdout.write('| --- | ---: | ---: |\n')
for (const [name, fn] of kernels) {
  const ms = time(fn)
  process.stdout.write(`| \`${name}\` | ${ms.toFixed(3)} | ${((ms * 1e6) / BARS).toFixed(1)} |\n`)
}

// 26 symbols × 90 calendar days ≈ 62 trading days of closes.
const universe = Array.from({ length: 26 }, (_, s) => bars(62, 100 + s).close)
const corr = time(() => q.correlationMatrix(universe), 100)
process.stdout.write(
  `\n| correlation | median ms per matrix (${RUNS} × 100) | target |\n| --- | ---: | ---: |\n`,
)
process.stdout.write(`| 26 × 26, simple returns, 62 closes each | ${corr.toFixed(4)} | < 2 ms |\n`)
if (!Number.isFinite(sink)) process.stderr.write('(sink)\n')
