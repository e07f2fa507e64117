/**
 * The deterministic simulated market (offline default): the same symbol and New York date always
 * give the same prices. Each symbol gets a reference price from a hash of its ticker and follows a
 * seeded daily random walk (about 1.5 % daily volatility) from a fixed epoch, so a portfolio's
 * value moves plausibly from day to day.
 */
import { createHash } from 'node:crypto'
import type { Clock } from '../../platform/clock.ts'
import { nyDate } from '../../platform/market-calendar.ts'
import type { MarketDataProvider, Quote } from './market-data.port.ts'

const EPOCH = Date.UTC(2020, 0, 1)
const DAY_MS = 86_400_000
const DAILY_VOL = 0.015
const SYMBOL = /^[A-Z][A-Z0-9.\-^]{0,15}$/

/** A uniform number in [0, 1) from a seed string. */
function unit(seed: string): number {
  return createHash('sha256').update(seed).digest().readUInt32BE(0) / 2 ** 32
}

/** A standard normal deviate (Box–Muller) from two seeded uniforms. */
function normal(seed: string): number {
  const u = Math.max(unit(`${seed}:a`), 1e-12)
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * unit(`${seed}:b`))
}

const round = (x: number, dp = 2) => Math.round(x * 10 ** dp) / 10 ** dp

export class SimulatedMarketData implements MarketDataProvider {
  readonly name = 'simulated'
  // Closing prices per symbol and day index, so a walk is computed once per process.
  readonly #closes = new Map<string, number[]>()

  constructor(private readonly deps: { clock: Clock; seed?: string }) {}

  /** The close of `symbol` on day `index` since the epoch. */
  close(symbol: string, index: number): number {
    let walk = this.#closes.get(symbol)
    if (!walk) {
      walk = [10 + unit(`${this.deps.seed ?? 'sextant'}:${symbol}:ref`) * 490] // reference price 10–500
      this.#closes.set(symbol, walk)
    }
    for (let i = walk.length; i <= index; i++) {
      const shock = normal(`${this.deps.seed ?? 'sextant'}:${symbol}:${i}`)
      walk.push(walk[i - 1]! * Math.exp(DAILY_VOL * shock - (DAILY_VOL * DAILY_VOL) / 2))
    }
    return walk[index]!
  }

  async quotes(symbols: string[]): Promise<Quote[]> {
    const now = this.deps.clock.now()
    const day = nyDate(now)
    const index = Math.max(1, Math.floor((Date.parse(`${day}T00:00:00Z`) - EPOCH) / DAY_MS))
    return [...new Set(symbols.map((s) => s.toUpperCase()))]
      .filter((s) => SYMBOL.test(s))
      .map((symbol) => {
        const last = round(this.close(symbol, index))
        const previous = round(this.close(symbol, index - 1))
        const halfSpread = Math.max(0.01, round(last * 0.0001)) // at least a cent each side
        return {
          symbol,
          last,
          bid: round(last - halfSpread),
          ask: round(last + halfSpread),
          volume: Math.round(200_000 + unit(`${symbol}:${day}:v`) * 5_000_000),
          previous_close: previous,
          change: round(last - previous),
          change_pct: round(((last - previous) / previous) * 100, 4),
          delayed: false,
          as_of: now.toISOString(),
        }
      })
  }
}
