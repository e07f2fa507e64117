/** Shared by the risk tests: a market whose daily bars and prices the test sets, holdings, tokens. */
import { UpstreamServerError } from '../../src/platform/upstream-errors.ts'
import {
  SimulatedMarketData,
  type Bar,
  type BarsQuery,
  type Quote,
} from '../../src/providers/market-data/index.ts'
import type { Client, TestApp } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'

export { bearer } from './options-flow-fixtures.ts'

/** The simulated market (instruments), with the daily bars and last prices the test sets. */
export class RiskMarket extends SimulatedMarketData {
  readonly daily: Record<string, Bar[]> = {}
  readonly prices: Record<string, number> = {}
  failing = false

  override async bars(symbol: string, query: BarsQuery): Promise<Bar[]> {
    if (this.failing) throw new UpstreamServerError('bars down', { provider: 'test', status: 503 })
    if (query.interval !== '1d') return super.bars(symbol, query)
    const from = query.start?.getTime() ?? -Infinity
    const to = query.end?.getTime() ?? Infinity
    const all = (this.daily[symbol] ?? []).filter((b) => {
      const t = Date.parse(b.time)
      return t >= from && t <= to
    })
    return query.limit ? all.slice(-query.limit) : all
  }

  override async quotes(symbols: string[]): Promise<Quote[]> {
    if (this.failing) throw new UpstreamServerError('quotes down', { provider: 'test', status: 503 })
    return symbols.flatMap((symbol) => {
      const last = this.prices[symbol]
      if (last === undefined) return []
      return [
        {
          symbol,
          last,
          bid: last,
          ask: last,
          volume: 0,
          previous_close: last,
          change: 0,
          change_pct: 0,
          delayed: false,
          as_of: new Date(0).toISOString(),
        },
      ]
    })
  }
}

/** Daily bars (high = low = close) on the given New York dates; a NaN close leaves that day out. */
export function closeBars(dates: readonly string[], closes: readonly number[]): Bar[] {
  return dates.flatMap((d, i) => {
    const c = closes[i]!
    if (Number.isNaN(c)) return []
    return [{ time: `${d}T05:00:00.000Z`, open: c, high: c, low: c, close: c, volume: 1000, vwap: null }]
  })
}

/** The `n` weekdays ending on `last` (inclusive), ascending. */
export function weekdaysUntil(last: string, n: number): string[] {
  const out: string[] = []
  const d = new Date(`${last}T00:00:00Z`)
  while (out.length < n) {
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.unshift(d.toISOString().slice(0, 10))
    d.setUTCDate(d.getUTCDate() - 1)
  }
  return out
}

/** Closes from simple returns: c0, c0·(1+r1), … */
export const fromReturns = (c0: number, returns: readonly number[]) =>
  returns.reduce((cs, r) => [...cs, cs[cs.length - 1]! * (1 + r)], [c0])

/** A deterministic pseudo-random walk of `n` closes (a small LCG; independent of the app's random). */
export function walk(seed: number, n: number, start = 100): number[] {
  let s = seed
  const rets = Array.from({ length: n - 1 }, () => {
    s = (s * 1103515245 + 12345) % 2 ** 31
    return (s / 2 ** 31 - 0.5) * 0.04
  })
  return fromReturns(start, rets)
}

/** A manual account holding `positions` (market value = cost basis at entry); its id. */
export async function holdings(
  u: Client,
  positions: { symbol: string; quantity: number; value: number }[],
  headers: Record<string, string> = {},
): Promise<number> {
  const res = await u.post('/api/accounts', { name: `Risk ${Math.random()}`, broker_type: 'manual' }, headers)
  const account = json(res.body).id as number
  for (const p of positions) {
    const r = await u.post(
      '/api/brokers/manual/positions',
      {
        account_id: account,
        symbol: p.symbol,
        quantity: p.quantity,
        cost_basis: p.value,
        allow_unlisted: true,
      },
      headers,
    )
    if (r.statusCode !== 201) throw new Error(`position: ${r.statusCode} ${r.body}`)
  }
  return account
}

export type { TestApp }
