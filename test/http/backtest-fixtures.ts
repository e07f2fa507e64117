/** Shared by the backtest tests: a market whose daily closes the test sets, and trade helpers. */
import { UpstreamServerError } from '../../src/platform/upstream-errors.ts'
import { SimulatedMarketData, type Bar, type BarsQuery } from '../../src/providers/market-data/index.ts'
import type { Client } from '../helpers/test-app.ts'
import { json } from '../helpers/assertions.ts'

/** Per symbol: [YYYY-MM-DD, close] pairs, ascending, or 'fail' (the read throws an upstream error). */
export type Daily = Record<string, [string, number][] | 'fail'>

/**
 * The hand-worked week, Mon 2026-03-02 … Fri 03-06, of the replay tests: ZZAA every day, ZZBB with no
 * bar on 03-04 (the 19 of 03-03 carries).
 */
export const HAND_WEEK: Daily = {
  ZZAA: [
    ['2026-03-02', 50],
    ['2026-03-03', 52],
    ['2026-03-04', 51],
    ['2026-03-05', 55],
    ['2026-03-06', 54],
  ],
  ZZBB: [
    ['2026-03-02', 20],
    ['2026-03-03', 19],
    ['2026-03-05', 18],
    ['2026-03-06', 21],
  ],
}

/** The simulated market, with the daily bars of `daily` for the symbols it names. */
export class PriceMarket extends SimulatedMarketData {
  readonly daily: Daily = {}
  calls = 0

  override async bars(symbol: string, query: BarsQuery): Promise<Bar[]> {
    const d = this.daily[symbol]
    if (d === undefined) return super.bars(symbol, query)
    this.calls++
    if (d === 'fail') throw new UpstreamServerError('bars down', { provider: 'test', status: 503 })
    const start = query.start?.getTime() ?? -Infinity
    const end = query.end?.getTime() ?? Infinity
    return d
      .map(([date, close]) => ({
        time: `${date}T05:00:00.000Z`, // New York midnight (winter)
        open: close,
        high: close,
        low: close,
        close,
        volume: 1000,
        vwap: null,
      }))
      .filter((b) => Date.parse(b.time) >= start && Date.parse(b.time) <= end)
  }
}

export async function manualAccount(u: Client, name = 'Replay'): Promise<number> {
  const res = await u.post('/api/accounts', { name, broker_type: 'manual' })
  if (res.statusCode !== 201) throw new Error(res.body)
  return json(res.body).id as number
}

export interface TradeIn {
  symbol: string
  quantity: number
  date_acquired: string
  date_sold: string
  proceeds: number
  cost_basis: number
  fees?: number
  gain_loss?: number
}

export async function addTrade(u: Client, account_id: number, t: TradeIn): Promise<number> {
  const res = await u.post('/api/brokers/manual/transactions', { account_id, allow_unlisted: true, ...t })
  if (res.statusCode !== 201) throw new Error(res.body)
  return json(res.body).transaction_id as number
}

export const backtest = (u: Client, body: Record<string, unknown>) =>
  u.post('/api/trading-intel/backtest', { strategy: 'replay', initial_capital: 10_000, ...body })

/** |a − b| ≤ tol for each named figure. */
export function near(actual: number | null, expected: number, tol = 1e-6, what = ''): void {
  if (actual === null || Math.abs(actual - expected) > tol) {
    throw new Error(`${what}: expected ${expected} ± ${tol}, got ${actual}`)
  }
}

/** `n` one-share trades of ZZLG in a new account, sold on consecutive June 2025 days, gain i each. */
export async function manyTrades(u: Client, n: number, account?: number): Promise<number[]> {
  const account_id = account ?? (await manualAccount(u))
  const ids: number[] = []
  for (let i = 0; i < n; i++) {
    const day = String(2 + (i % 28)).padStart(2, '0')
    ids.push(
      await addTrade(u, account_id, {
        symbol: 'ZZLG',
        quantity: 1,
        date_acquired: '2025-06-02',
        date_sold: `2025-06-${day}`,
        proceeds: 100 + i,
        cost_basis: 100,
      }),
    )
  }
  return ids
}
