/**
 * GET /marketdata/v1/movers/{index} (docs/vendor-formats.md#schwab-market-data): the top 10 of the sandbox's symbols that belong
 * to the index, from the market's quotes. `totalVolume` is the index's volume and `marketShare` a
 * symbol's percentage of it; `netPercentChange` is a fraction (as community fixtures of live data
 * show), `frequency` the minimum absolute percentage change.
 */
import type { Quote } from '../../../market-data/market-data.port.ts'
import { round } from '../decimal.ts'
import { seedOf } from '../universe.ts'
import type { CatalogEntry } from './catalog.ts'
import { figuresOf } from './quotes.ts'

const DOW = new Set(
  'AAPL MSFT NVDA AMZN JPM V UNH JNJ PG HD KO MRK CVX CRM DIS MCD NKE CSCO AMGN WMT IBM GS CAT BA HON MMM TRV AXP VZ SHW'.split(
    ' ',
  ),
)
const isStock = (e: CatalogEntry) => e.type === 'stock'
const listedOn = (name: string) => (e: CatalogEntry) => isStock(e) && e.exchange.toUpperCase() === name

export const INDICES: Readonly<Record<string, (e: CatalogEntry) => boolean>> = {
  $DJI: (e) => DOW.has(e.symbol),
  $COMPX: listedOn('NASDAQ'),
  $SPX: isStock,
  NYSE: listedOn('NYSE'),
  NASDAQ: listedOn('NASDAQ'),
  OTCBB: () => false,
  INDEX_ALL: isStock,
  EQUITY_ALL: (e) => e.type !== 'index',
  OPTION_ALL: () => false,
  OPTION_PUT: () => false,
  OPTION_CALL: () => false,
}
export const SORTS = ['VOLUME', 'TRADES', 'PERCENT_CHANGE_UP', 'PERCENT_CHANGE_DOWN'] as const
export const FREQUENCIES = [0, 1, 5, 10, 30, 60] as const

interface Row {
  symbol: string
  description: string
  lastPrice: number
  netChange: number
  pct: number
  volume: number
  trades: number
}

export function movers(
  quotes: readonly Quote[],
  entries: ReadonlyMap<string, CatalogEntry>,
  q: { index: string; sort: (typeof SORTS)[number]; frequency: number; now: number },
): Record<string, unknown> {
  const member = INDICES[q.index] ?? (() => false)
  const rows: Row[] = quotes.flatMap((quote) => {
    const e = entries.get(quote.symbol)
    if (!e || !member(e)) return []
    const f = figuresOf(quote, q.now)
    const trades = Math.round(f.volume / (80 + (seedOf(`schwab:trade-size:${e.symbol}`) % 100)))
    const row = { symbol: e.symbol, description: e.name, lastPrice: f.last, netChange: f.change, pct: f.pct }
    return [{ ...row, volume: f.volume, trades }]
  })
  const totalVolume = rows.reduce((s, r) => s + r.volume, 0)
  const ranked = rows
    .filter((r) => Math.abs(r.pct) >= q.frequency)
    .filter((r) =>
      q.sort === 'PERCENT_CHANGE_UP' ? r.pct > 0 : q.sort === 'PERCENT_CHANGE_DOWN' ? r.pct < 0 : true,
    )
    .sort((a, b) => {
      if (q.sort === 'TRADES') return b.trades - a.trades
      if (q.sort === 'PERCENT_CHANGE_UP') return b.pct - a.pct
      if (q.sort === 'PERCENT_CHANGE_DOWN') return a.pct - b.pct
      return b.volume - a.volume
    })
    .slice(0, 10)
  const screeners = ranked.map((r) => ({
    symbol: r.symbol,
    description: r.description,
    lastPrice: r.lastPrice,
    netChange: r.netChange,
    netPercentChange: round(r.pct / 100, 6),
    volume: r.volume,
    totalVolume,
    trades: r.trades,
    marketShare: totalVolume ? round((r.volume / totalVolume) * 100, 2) : 0,
    direction: r.netChange >= 0 ? 'up' : 'down',
  }))
  return { screeners }
}
