/** Shared setup of the watchlist HTTP tests: a simulated market that can be made to fail. */
import { fixedClock } from '../../src/platform/clock.ts'
import { UpstreamServerError } from '../../src/platform/upstream-errors.ts'
import {
  SimulatedMarketData,
  type Bar,
  type BarsQuery,
  type Quote,
} from '../../src/providers/market-data/index.ts'
import type { Client } from '../helpers/test-app.ts'
import { json, type Body } from '../helpers/assertions.ts'

// Tuesday 2026-11-24, 12:00 New York: the regular session is open.
export const clock = fixedClock('2026-11-24T17:00:00Z')

/** The simulated market; `failing` makes quotes and bars throw like a vendor outage. */
export class SwitchableMarket extends SimulatedMarketData {
  failing = false
  override async quotes(symbols: string[]): Promise<Quote[]> {
    if (this.failing) throw new UpstreamServerError('down', { provider: 'test', status: 503 })
    return super.quotes(symbols)
  }
  override async bars(symbol: string, query: BarsQuery): Promise<Bar[]> {
    if (this.failing) throw new UpstreamServerError('down', { provider: 'test', status: 503 })
    return super.bars(symbol, query)
  }
}

/** The test's own path through the market data: another instance on the same clock. */
export const reference = new SimulatedMarketData({ clock })

export async function add(u: Client, symbol: string, list_name?: string): Promise<Body> {
  const res = await u.post('/api/watchlists/items', { symbol, ...(list_name ? { list_name } : {}) })
  if (res.statusCode !== 201) throw new Error(`add ${symbol}: ${res.statusCode} ${res.body}`)
  return json(res.body)
}

export async function items(u: Client, list = 'default'): Promise<Body> {
  const res = await u.get(`/api/watchlists/items?list_name=${encodeURIComponent(list)}`)
  if (res.statusCode !== 200) throw new Error(`items: ${res.statusCode} ${res.body}`)
  return json(res.body)
}

export const symbolsOf = (b: Body): string[] => (b.items as Body[]).map((i) => i.symbol as string)
