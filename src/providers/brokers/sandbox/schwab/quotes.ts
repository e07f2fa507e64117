/**
 * GET /marketdata/v1/quotes entries (docs/vendor-formats.md#schwab-market-data) built from the market's quotes: `quote`,
 * `reference`, `regular`, `extended` and `fundamental` sub-objects, times in epoch milliseconds.
 * What the market does not give (sizes, day range, 52-week range, fundamentals) is derived
 * deterministically per symbol, so repeated calls agree.
 */
import type { Quote } from '../../../market-data/market-data.port.ts'
import { mulberry32 } from '../../../../platform/random.ts'
import { round } from '../decimal.ts'
import { seedOf } from '../universe.ts'
import type { CatalogEntry } from './catalog.ts'
import { cusipOf, exchangeCode, instrumentIdOf } from './ids.ts'

export const QUOTE_FIELDS = ['quote', 'fundamental', 'extended', 'reference', 'regular'] as const
type Json = Record<string, unknown>

/** The figures of a quote Schwab reports, completed where the market's quote is silent. */
export interface QuoteFigures {
  last: number
  bid: number
  ask: number
  close: number
  change: number
  pct: number
  open: number
  high: number
  low: number
  volume: number
  time: number
  high52: number
  low52: number
}

/** Half the spread of a closing quote: a basis point of the price, at least a cent. */
const closingHalfSpread = (last: number): number => Math.max(0.01, round(last * 0.0001, 2))

export function figuresOf(q: Quote, now: number): QuoteFigures {
  const rng = mulberry32(seedOf(`schwab:quote:${q.symbol}`))
  const close = q.previous_close > 0 ? q.previous_close : round(q.last - q.change, 2)
  const change = round(q.last - close, 4)
  const open = round(close + change * (0.2 + 0.4 * rng()), 2)
  const time = Date.parse(q.as_of)
  return {
    last: q.last,
    // Outside the session the market data has no bid or ask; Schwab still shows the closing quote's.
    bid: q.bid === null ? round(q.last - closingHalfSpread(q.last), 2) : q.bid > 0 ? q.bid : q.last,
    ask: q.ask === null ? round(q.last + closingHalfSpread(q.last), 2) : q.ask > 0 ? q.ask : q.last,
    close,
    change,
    pct: close ? round((change / close) * 100, 4) : 0,
    open,
    high: round(Math.max(open, q.last) * (1 + 0.004 * rng()), 2),
    low: round(Math.min(open, q.last) * (1 - 0.004 * rng()), 2),
    volume: Math.max(0, Math.round(q.volume)),
    time: Number.isFinite(time) ? time : now,
    high52: round(Math.max(q.last, close) * (1.05 + 0.3 * rng()), 2),
    low52: round(Math.min(q.last, close) * (0.6 + 0.3 * rng()), 2),
  }
}

/** Deterministic fundamentals: funds pay a yield but have no earnings. */
export function fundamentalOf(symbol: string, f: QuoteFigures, type: CatalogEntry['type']): Json {
  const rng = mulberry32(seedOf(`schwab:fundamental:${symbol}`))
  const fund = type !== 'stock'
  const divYield = round(rng() * (fund ? 2 : 3), 2)
  const divAmount = round((f.last * divYield) / 100, 2)
  const eps = fund ? 0 : round(f.last / (12 + rng() * 30), 2)
  return {
    avg10DaysVolume: Math.round(f.volume * (0.9 + 0.2 * rng())),
    avg1YearVolume: Math.round(f.volume * (0.8 + 0.4 * rng())),
    divAmount,
    divFreq: divAmount > 0 ? 4 : 0,
    divPayAmount: round(divAmount / 4, 4),
    divYield,
    eps,
    fundLeverageFactor: 0,
    peRatio: eps > 0 ? round(f.last / eps, 2) : 0,
  }
}

function quoteObject(f: QuoteFigures, rng: () => number): Json {
  const size = () => 100 * (1 + Math.floor(rng() * 9))
  return {
    '52WeekHigh': f.high52,
    '52WeekLow': f.low52,
    askMICId: 'XNAS',
    askPrice: f.ask,
    askSize: size(),
    askTime: f.time,
    bidMICId: 'XNAS',
    bidPrice: f.bid,
    bidSize: size(),
    bidTime: f.time,
    closePrice: f.close,
    highPrice: f.high,
    lastMICId: 'XNAS',
    lastPrice: f.last,
    lastSize: size(),
    lowPrice: f.low,
    mark: f.last,
    markChange: f.change,
    markPercentChange: f.pct,
    netChange: f.change,
    netPercentChange: f.pct,
    openPrice: f.open,
    postMarketChange: 0,
    postMarketPercentChange: 0,
    quoteTime: f.time,
    securityStatus: 'Normal',
    totalVolume: f.volume,
    tradeTime: f.time,
    volatility: round(0.01 + rng() * 0.04, 4),
  }
}

export function quoteEntry(q: Quote, info: CatalogEntry, fields: ReadonlySet<string>, now: number): Json {
  const symbol = q.symbol.toUpperCase()
  const f = figuresOf(q, now)
  const rng = mulberry32(seedOf(`schwab:sizes:${symbol}:${f.time}`))
  const exchange = exchangeCode(info.exchange, symbol)
  const entry: Json = {
    assetMainType: info.type === 'index' ? 'INDEX' : 'EQUITY',
    ...(info.type === 'index'
      ? {}
      : { assetSubType: info.type === 'stock' ? 'COE' : 'ETF', quoteType: 'NBBO' }),
    realtime: !q.delayed,
    ssid: instrumentIdOf(symbol),
    symbol,
  }
  if (fields.has('quote')) entry['quote'] = quoteObject(f, rng)
  if (fields.has('reference'))
    entry['reference'] = {
      cusip: cusipOf(symbol),
      description: info.name,
      exchange: exchange.code,
      exchangeName: exchange.name,
      isHardToBorrow: false,
      isShortable: true,
      htbRate: 0,
    }
  if (fields.has('regular'))
    entry['regular'] = {
      regularMarketLastPrice: f.last,
      regularMarketLastSize: 100,
      regularMarketNetChange: f.change,
      regularMarketPercentChange: f.pct,
      regularMarketTradeTime: f.time,
    }
  if (fields.has('extended'))
    entry['extended'] = {
      askPrice: 0,
      askSize: 0,
      bidPrice: 0,
      bidSize: 0,
      lastPrice: 0,
      lastSize: 0,
      mark: 0,
      quoteTime: 0,
      totalVolume: 0,
      tradeTime: 0,
    }
  if (fields.has('fundamental')) entry['fundamental'] = fundamentalOf(symbol, f, info.type)
  return entry
}
