/**
 * The project's BigInt decimals (`src/kernel/decimal/cents.ts`) against big.js 7:
 * `npx tsx bench/money.ts [n]`.
 *
 * 1. Correctness: each case is computed by money.ts and by the straightforward big.js version
 *    of the same operation (half away from zero = big.js `roundHalfUp`, default DP 20); the
 *    table prints both and the exact answer.
 * 2. Speed, in the same run, alternating (ratios are the figures, see bench/README.md):
 *    - sum: n amounts as the database returns numeric(20,4) strings, exact sum rounded once;
 *    - figures: what the analytics do per row: each daily P&L to cents, running totals (all
 *      time, year to date), each point back to a JSON number, and the max drawdown percent;
 *    - gain: proceeds − cost − fees per imported row, as a "12.34" string.
 *    big.js is measured twice: behind money.ts's bigint-cents API (what a swap of the internals
 *    would be), and with Big values end to end (no API to keep: the lower bound).
 */
import Big from 'big.js'
import {
  centsToNumber,
  centsToString,
  gainLoss,
  roundDiv,
  sumCents,
  toCents,
} from '../src/kernel/decimal/cents.ts'
import { median } from './report.ts'

const HALF_UP = Big.roundHalfUp
const toBigInt = (b: Big) => BigInt(b.toFixed(0))
/** money.ts's operations written with big.js, same bigint-cents API. */
export const viaBig = {
  toCents: (x: string | number) => toBigInt(new Big(x).round(2, HALF_UP).times(100)),
  sumCents: (xs: Iterable<string | number>) => {
    let t = new Big(0)
    for (const x of xs) t = t.plus(x)
    return toBigInt(t.round(2, HALF_UP).times(100))
  },
  gainLoss: (p: string | number, c: string | number, f?: string | number) =>
    toBigInt(
      new Big(p)
        .minus(c)
        .minus(f ?? 0)
        .round(2, HALF_UP)
        .times(100),
    ),
  roundDiv: (n: bigint, d: bigint) => toBigInt(new Big(n.toString()).div(d.toString()).round(0, HALF_UP)),
}

type Row = { name: string; own: () => unknown; big: () => unknown; exact: string }
const CASES: Row[] = [
  { name: "toCents('0.005')", own: () => toCents('0.005'), big: () => viaBig.toCents('0.005'), exact: '1' },
  {
    name: "toCents('-0.005')",
    own: () => toCents('-0.005'),
    big: () => viaBig.toCents('-0.005'),
    exact: '-1',
  },
  {
    name: "toCents('-2.345')",
    own: () => toCents('-2.345'),
    big: () => viaBig.toCents('-2.345'),
    exact: '-235',
  },
  {
    name: "toCents('0.00499999999999999999999')",
    own: () => toCents('0.00499999999999999999999'),
    big: () => viaBig.toCents('0.00499999999999999999999'),
    exact: '0',
  },
  {
    name: 'toCents(1.005) (double 1.00499…)',
    own: () => toCents(1.005),
    big: () => viaBig.toCents(1.005),
    exact: '101',
  },
  {
    name: 'toCents(0.1 + 0.2)',
    own: () => toCents(0.1 + 0.2),
    big: () => viaBig.toCents(0.1 + 0.2),
    exact: '30',
  },
  {
    name: "toCents('12345678901234567.89')",
    own: () => toCents('12345678901234567.89'),
    big: () => viaBig.toCents('12345678901234567.89'),
    exact: '1234567890123456789',
  },
  {
    name: 'toCents(1e21)',
    own: () => toCents(1e21),
    big: () => viaBig.toCents(1e21),
    exact: '100000000000000000000000',
  },
  { name: "toCents(' +.5 ')", own: () => toCents(' +.5 '), big: () => viaBig.toCents(' +.5 '), exact: '50' },
  {
    name: "toCents('1e-401')",
    own: () => toCents('1e-401'),
    big: () => viaBig.toCents('1e-401'),
    exact: '0',
  },
  {
    name: "sumCents(100k × '0.0001')",
    own: () => sumCents(Array(100_000).fill('0.0001')),
    big: () => viaBig.sumCents(Array(100_000).fill('0.0001')),
    exact: '1000',
  },
  {
    name: "sumCents(['0.005', '0.005'])",
    own: () => sumCents(['0.005', '0.005']),
    big: () => viaBig.sumCents(['0.005', '0.005']),
    exact: '1',
  },
  {
    name: "gainLoss('10.004','5.001','0.0005')",
    own: () => gainLoss('10.004', '5.001', '0.0005'),
    big: () => viaBig.gainLoss('10.004', '5.001', '0.0005'),
    exact: '500',
  },
  { name: 'roundDiv(-5, 2)', own: () => roundDiv(-5n, 2n), big: () => viaBig.roundDiv(-5n, 2n), exact: '-3' },
  {
    name: 'roundDiv(5·10²¹ − 1, 10²²)',
    own: () => roundDiv(5n * 10n ** 21n - 1n, 10n ** 22n),
    big: () => viaBig.roundDiv(5n * 10n ** 21n - 1n, 10n ** 22n),
    exact: '0',
  },
  {
    name: 'roundDiv(-(10²⁴ + 1), 2·10²⁴)',
    own: () => roundDiv(-(10n ** 24n + 1n), 2n * 10n ** 24n),
    big: () => viaBig.roundDiv(-(10n ** 24n + 1n), 2n * 10n ** 24n),
    exact: '-1',
  },
]

function correctness(): void {
  const out = (s: string) => process.stdout.write(`${s}\n`)
  const run = (f: () => unknown) => {
    try {
      return String(f())
    } catch (e) {
      return `throws ${(e as Error).name}`
    }
  }
  out('| case | money.ts | big.js | exact |')
  out('| --- | --- | --- | --- |')
  let wrong = [0, 0]
  for (const c of CASES) {
    const [own, big] = [run(c.own), run(c.big)]
    wrong = [wrong[0]! + Number(own !== c.exact), wrong[1]! + Number(big !== c.exact)]
    const mark = (a: string) => `${a === c.exact ? '✓' : '✗'} ${a}`
    out(`| \`${c.name}\` | ${mark(own)} | ${mark(big)} | ${c.exact} |`)
  }
  out(`\n${CASES.length} cases; wrong: money.ts ${wrong[0]}, big.js ${wrong[1]}\n`)
}

// Deterministic inputs as PostgreSQL returns numeric(20,4): '-1234.5678'.
const amount = (i: number) => {
  const k = ((i * 2_654_435_761) >>> 0) % 4_500_000_0
  return ((k - 2_000_000_0) / 10_000).toFixed(4)
}

function figuresOwn(pnl: string[]): number {
  let all = 0n,
    ytd = 0n,
    peak = 0n,
    max = 0n,
    maxPeak = 0n,
    out = 0
  pnl.forEach((p, i) => {
    const c = toCents(p)
    if (i % 260 === 0) ytd = 0n
    all += c
    ytd += c
    out += centsToNumber(all) + centsToNumber(ytd)
    if (all > peak) peak = all
    if (peak - all > max) [max, maxPeak] = [peak - all, peak]
  })
  return out + (maxPeak > 0n ? Number(roundDiv(max * 10_000n, maxPeak)) / 100 : 0)
}

function figuresBigApi(pnl: string[]): number {
  let all = 0n,
    ytd = 0n,
    peak = 0n,
    max = 0n,
    maxPeak = 0n,
    out = 0
  pnl.forEach((p, i) => {
    const c = viaBig.toCents(p)
    if (i % 260 === 0) ytd = 0n
    all += c
    ytd += c
    out += centsToNumber(all) + centsToNumber(ytd)
    if (all > peak) peak = all
    if (peak - all > max) [max, maxPeak] = [peak - all, peak]
  })
  return out + (maxPeak > 0n ? Number(viaBig.roundDiv(max * 10_000n, maxPeak)) / 100 : 0)
}

function figuresBigNative(pnl: string[]): number {
  let all = new Big(0),
    ytd = new Big(0),
    peak = new Big(0),
    max = new Big(0),
    maxPeak = new Big(0),
    out = 0
  pnl.forEach((p, i) => {
    const c = new Big(p).round(2, HALF_UP)
    if (i % 260 === 0) ytd = new Big(0)
    all = all.plus(c)
    ytd = ytd.plus(c)
    out += all.toNumber() + ytd.toNumber()
    if (all.gt(peak)) peak = all
    if (peak.minus(all).gt(max)) [max, maxPeak] = [peak.minus(all), peak]
  })
  return out + (maxPeak.gt(0) ? max.times(100).div(maxPeak).round(2, HALF_UP).toNumber() : 0)
}

function speed(n: number): void {
  const xs = Array.from({ length: n }, (_, i) => amount(i))
  const gains = (gl: (p: string, c: string, f: string) => string) => {
    let len = 0
    for (let i = 0; i + 2 < n; i += 3) len += gl(xs[i]!, xs[i + 1]!, xs[i + 2]!).length
    return len
  }
  const work: Record<string, Record<string, () => unknown>> = {
    [`sum of ${n} amounts`]: {
      'money.ts': () => sumCents(xs),
      'big.js (API)': () => viaBig.sumCents(xs),
      'big.js (native)': () =>
        xs
          .reduce((t, x) => t.plus(x), new Big(0))
          .round(2, HALF_UP)
          .toFixed(2),
    },
    [`analytics figures, ${n} days`]: {
      'money.ts': () => figuresOwn(xs),
      'big.js (API)': () => figuresBigApi(xs),
      'big.js (native)': () => figuresBigNative(xs),
    },
    [`gain/loss of ${Math.floor(n / 3)} rows`]: {
      'money.ts': () => gains((p, c, f) => centsToString(gainLoss(p, c, f))),
      'big.js (API)': () => gains((p, c, f) => centsToString(viaBig.gainLoss(p, c, f))),
      'big.js (native)': () => gains((p, c, f) => new Big(p).minus(c).minus(f).round(2, HALF_UP).toFixed(2)),
    },
  }
  process.stdout.write(
    '| workload | implementation | median ms (15 runs) | ÷ money.ts |\n| --- | --- | ---: | ---: |\n',
  )
  for (const [workload, impls] of Object.entries(work)) {
    const times: Record<string, number[]> = {}
    for (let round = 0; round < 18; round++) {
      for (const [name, run] of Object.entries(impls)) {
        const t = performance.now()
        run()
        // The first 3 rounds warm the JIT and are not counted.
        if (round >= 3) (times[name] ??= []).push(performance.now() - t)
      }
    }
    const own = median(times['money.ts']!)
    for (const [name, ts] of Object.entries(times)) {
      const ms = median(ts)
      process.stdout.write(`| ${workload} | ${name} | ${ms.toFixed(1)} | ${(ms / own).toFixed(2)} |\n`)
    }
  }
}

correctness()
speed(Number(process.argv[2] ?? 100_000))
