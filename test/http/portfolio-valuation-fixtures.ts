/**
 * A market the valuation tests control: fixed quotes and daily closes, instruments in several
 * currencies and countries, fixed euro reference rates per day, and dividends announced per symbol.
 */
import { fixedClock } from '../../src/platform/clock.ts'
import { UpstreamServerError } from '../../src/platform/upstream-errors.ts'
import {
  SimulatedMarketData,
  type Bar,
  type BarsQuery,
  type DividendsProvider,
  type ExDividend,
  type FxDay,
  type FxProvider,
  type Instrument,
  type ManyBarsQuery,
  type Quote,
} from '../../src/providers/market-data/index.ts'
import { recordActivities } from '../../src/modules/portfolio/activities/record.service.ts'
import type { ActivityInput } from '../../src/modules/portfolio/activities/activities.repository.ts'
import type { TestApp } from '../helpers/test-app.ts'
import { addDays } from '../../src/kernel/dates.ts'

export const NOW = '2026-11-20T15:00:00Z'
export const TODAY = '2026-11-20'
export const clock = fixedClock(NOW)

const inst = (symbol: string, name: string, over: Partial<Instrument>): Instrument => ({
  symbol,
  name,
  exchange: 'XNAS',
  type: 'stock',
  sector: 'Technology',
  industry: null,
  market_cap: null,
  currency: 'USD',
  country: 'US',
  ...over,
})

export const INSTRUMENTS: Record<string, Instrument> = {
  AAPL: inst('AAPL', 'Apple Inc.', {}),
  SAP: inst('SAP', 'SAP SE', { exchange: 'XETR', currency: 'EUR', country: 'DE' }),
  SPY: inst('SPY', 'SPDR S&P 500 ETF', { type: 'etf', sector: null, country: null }),
  KO: inst('KO', 'Coca-Cola', { sector: 'Consumer Staples' }),
  SHOP: inst('SHOP', 'Shopify', { currency: 'CAD', country: 'CA' }),
}

export const state = {
  prices: { AAPL: 190.25, SAP: 210.4, SPY: 500, KO: 60, SHOP: 100 } as Record<string, number>,
  closes: { AAPL: [180, 187.5, 190.25], SAP: [208, 212.2, 210.4], SPY: [500] } as Record<string, number[]>,
  failing: false,
  /** The dividend calendar answers an upstream error. */
  dividendsDown: false,
}

export class TestMarket extends SimulatedMarketData {
  override async quotes(symbols: string[]): Promise<Quote[]> {
    if (state.failing) throw new UpstreamServerError('down', { provider: 'test', status: 503 })
    return symbols
      .filter((s) => s in state.prices)
      .map((symbol): Quote => {
        const last = state.prices[symbol]!
        return {
          symbol,
          last,
          bid: last,
          ask: last,
          volume: 1,
          previous_close: last,
          change: 0,
          change_pct: 0,
          delayed: false,
          as_of: NOW,
        }
      })
  }

  override async bars(symbol: string, query: BarsQuery): Promise<Bar[]> {
    if (query.interval !== '1d') return super.bars(symbol, query)
    if (state.failing) throw new UpstreamServerError('down', { provider: 'test', status: 503 })
    const closes = state.closes[symbol] ?? []
    return closes.map((close, i) => ({
      time: `${addDays(TODAY, i - closes.length + 1)}T05:00:00Z`,
      open: close,
      high: close,
      low: close,
      close,
      volume: 1,
      vwap: null,
    }))
  }

  async barsMany(symbols: string[], query: ManyBarsQuery): Promise<Map<string, Bar[]>> {
    const out = new Map<string, Bar[]>()
    for (const s of symbols) {
      const b = await this.bars(s, query)
      if (b.length) out.set(s, b)
    }
    return out
  }

  override async instrument(symbol: string): Promise<Instrument | null> {
    return INSTRUMENTS[symbol] ?? super.instrument(symbol)
  }
}

/**
 * Units per 1 EUR. USD is 1.08 every day except the days in `usdOn`; GBP is not quoted, so GBP
 * has no rate (a degraded answer). CAD is 1.5 (1 CAD = 0.72 USD).
 */
export const fxState = { usdOn: {} as Record<string, string> }
export const fx: FxProvider = {
  name: 'test',
  currencies: async () => ['EUR', 'USD', 'CAD'],
  async dailyRates(from: string, to: string): Promise<FxDay[]> {
    const out: FxDay[] = []
    for (let d = from; d <= to; d = addDays(d, 1))
      out.push({ date: d, rates: { USD: fxState.usdOn[d] ?? '1.08', CAD: '1.5' } })
    return out
  },
}

export const announced: ExDividend[] = []
export const dividends: DividendsProvider = {
  name: 'test',
  async exDividends(symbols, from, to) {
    if (state.dividendsDown) throw new UpstreamServerError('down', { provider: 'test', status: 503 })
    const wanted = new Set(symbols)
    return announced
      .filter((d) => wanted.has(d.symbol) && d.ex_date >= from && d.ex_date <= to)
      .sort((a, b) => a.ex_date.localeCompare(b.ex_date) || a.symbol.localeCompare(b.symbol))
  },
}

export const market = new TestMarket({ clock })
export const providers = { market, fx, dividends }

export const activity = (
  over: Partial<ActivityInput> & Pick<ActivityInput, 'type' | 'amount' | 'activity_date'>,
): ActivityInput => ({
  symbol: null,
  quantity: null,
  price: null,
  fee: '0',
  currency: 'USD',
  source: 'manual',
  source_id: null,
  note: null,
  ...over,
})

/** Writes activities into an account of the tenant, as the ledger's writer does. */
export function record(
  t: TestApp,
  tenantId: number,
  userId: number,
  accountId: number,
  rows: ActivityInput[],
) {
  return t.c.scopes.withTenant(tenantId, (s) => recordActivities(s, accountId, rows, userId))
}

/** Sets a tenant's base currency (the settable route is another part of the product). */
export function setBase(t: TestApp, tenantId: number, currency: string) {
  return t.c.scopes.withTenant(tenantId, (s) =>
    s.db.updateTable('tenant').set({ base_currency: currency }).where('id', '=', tenantId).execute(),
  )
}
