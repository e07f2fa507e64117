/**
 * Alert evaluation against a quote tick: `npx tsx bench/alerts.bench.ts [rounds]` (default 200).
 * 10,000 rules (price above/below, % move either/up/down, and 200 watchlist rules of 25 members)
 * over a 2,000-symbol universe, indexed by symbol once (lib/engine.ts `RuleIndex`); then a tick
 * carrying every symbol's price and day change is evaluated `rounds` times after 20 unmeasured
 * ones: build time, p50/p99 of one evaluation, and how many rules held.
 */
import { RuleIndex, type QuoteRule, type Tick } from '../src/modules/engagement/alerts/lib/engine.ts'

const ROUNDS = Number(process.argv[2] ?? 200)
const RULES = 10_000
const SYMBOLS = Array.from({ length: 2000 }, (_, i) => `S${i.toString(36).toUpperCase()}`)

/** A deterministic pseudo-random stream (mulberry32), so every run sees the same rules and tick. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const rnd = random(42)
const price = (i: number) => 10 + (i % 500) + (i % 100) / 100

const rules: QuoteRule[] = []
for (let id = 1; id <= RULES; id++) {
  const s = Math.floor(rnd() * SYMBOLS.length)
  const kind = id % 5
  if (id <= 200)
    rules.push({
      id,
      type: 'watchlist_move',
      symbols: Array.from({ length: 25 }, () => SYMBOLS[Math.floor(rnd() * SYMBOLS.length)]!),
      level: '3',
      direction: 'either',
    })
  else if (kind < 2)
    rules.push({
      id,
      type: kind === 0 ? 'price_above' : 'price_below',
      symbols: [SYMBOLS[s]!],
      level: (price(s) * (0.95 + rnd() * 0.1)).toFixed(2),
    })
  else
    rules.push({
      id,
      type: 'percent_move',
      symbols: [SYMBOLS[s]!],
      level: (0.5 + rnd() * 4).toFixed(2),
      direction: (['either', 'up', 'down'] as const)[kind - 2],
    })
}
const tick: Tick[] = SYMBOLS.map((symbol, i) => ({
  symbol,
  price: price(i) * (0.97 + rnd() * 0.06),
  changePct: Number(((rnd() - 0.5) * 10).toFixed(4)),
}))

const t0 = performance.now()
const index = new RuleIndex(rules)
const built = performance.now() - t0
const times: number[] = []
let held = 0
let touched = 0
for (let i = 0; i < ROUNDS + 20; i++) {
  const a = performance.now()
  const out = index.evaluate(tick)
  const ms = performance.now() - a
  if (i >= 20) times.push(ms)
  touched = out.length
  held = out.filter((o) => o.holds).length
}
times.sort((a, b) => a - b)
const at = (q: number) => times[Math.floor(q * (times.length - 1))]!
console.log(
  '| rules | symbols in the tick | index built ms | evaluate p50 ms | evaluate p99 ms | rules evaluated | held |',
)
console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
console.log(
  `| ${RULES} | ${tick.length} | ${built.toFixed(1)} | ${at(0.5).toFixed(2)} | ${at(0.99).toFixed(2)} | ${touched} | ${held} |`,
)
