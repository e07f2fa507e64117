/**
 * GET /marketdata/v1/chains answers (docs/vendor-formats.md#schwab-market-data) from the market's option chains: one call per
 * expiration in the window (at most 12), contracts filtered by type, strike, range and count, then
 * nested `callExpDateMap["yyyy-MM-dd:dte"]["150.0"] = [contract]`. Volatility and greeks are implied
 * from each contract's mark (Black–Scholes), or from the ANALYTICAL inputs when given.
 */
import { DAY_MS } from '../../../../kernel/dates.ts'
import { DateTime } from 'luxon'
import type { OptionChain, OptionContract, Quote } from '../../../market-data/market-data.port.ts'
import { round } from '../decimal.ts'
import { ZONE } from '../history.ts'
import type { CatalogEntry, SchwabMarket } from './catalog.ts'
import type { ChainQuery } from './chain-query.ts'
import { greeks, impliedVol } from './option-math.ts'
import { figuresOf } from './quotes.ts'

type Json = Record<string, unknown>
const MAX_EXPIRATIONS = 12
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC']

/** Strike keys as Schwab writes them: "150.0", "152.5". */
export const strikeKey = (k: number): string => (Number.isInteger(k) ? k.toFixed(1) : String(k))

/** The OCC symbol with its root padded to six characters, as Schwab spells it: "AAPL  250117C00150000". */
export const schwabOptionSymbol = (occ: string): string =>
  `${occ.slice(0, -15).padEnd(6, ' ')}${occ.slice(-15)}`

const thirdFriday = (d: DateTime) => d.weekday === 5 && d.day >= 15 && d.day <= 21

interface Pricing {
  spot: number
  rate: number
  now: number
  today: DateTime
  volatility: number | undefined
}

export const daysTo = (expiration: string, today: DateTime): number =>
  Math.max(0, Math.round(DateTime.fromISO(expiration, { zone: ZONE }).diff(today, 'days').days))

function contractJson(c: OptionContract, p: Pricing): Json {
  const call = c.type === 'call'
  const close = DateTime.fromISO(c.expiration, { zone: ZONE }).set({ hour: 16 })
  const bid = c.bid ?? 0
  const ask = c.ask ?? 0
  const mark = bid > 0 || ask > 0 ? round((bid + ask) / 2, 2) : (c.last ?? 0)
  const last = c.last ?? mark
  const input = {
    call,
    spot: p.spot,
    strike: c.strike,
    years: (close.toMillis() - p.now) / (365 * DAY_MS),
    rate: p.rate,
  }
  const sigma = p.volatility ?? impliedVol(input, mark)
  const g = greeks(input, sigma)
  const intrinsic = round(Math.max(0, call ? p.spot - c.strike : c.strike - p.spot), 2)
  const root = c.symbol.slice(0, -15)
  return {
    putCall: call ? 'CALL' : 'PUT',
    symbol: schwabOptionSymbol(c.symbol),
    description: `${root} ${close.toFormat('MM/dd/yyyy')} ${c.strike.toFixed(2)} ${call ? 'C' : 'P'}`,
    exchangeName: 'OPR',
    bidPrice: bid,
    askPrice: ask,
    lastPrice: last,
    markPrice: mark,
    bidSize: bid > 0 ? 10 : 0,
    askSize: ask > 0 ? 10 : 0,
    lastSize: 0,
    highPrice: last,
    lowPrice: last,
    openPrice: 0,
    closePrice: last,
    totalVolume: c.volume ?? 0,
    tradeTimeInLong: p.now,
    quoteTimeInLong: p.now,
    netChange: 0,
    volatility: round(sigma * 100, 3),
    delta: round(g.delta, 3),
    gamma: round(g.gamma, 3),
    theta: round(g.theta, 3),
    vega: round(g.vega, 3),
    rho: round(g.rho, 3),
    timeValue: round(Math.max(0, mark - intrinsic), 2),
    openInterest: c.open_interest ?? 0,
    isInTheMoney: intrinsic > 0,
    theoreticalOptionValue: mark,
    theoreticalVolatility: 29,
    isMini: false,
    isNonStandard: false,
    optionDeliverablesList: [
      { symbol: c.underlying, assetType: 'STOCK', deliverableUnits: 100, currencyType: 'USD' },
    ],
    strikePrice: c.strike,
    expirationDate: close.toUTC().toISO()?.replace('Z', '+00:00'),
    daysToExpiration: daysTo(c.expiration, p.today),
    expirationType: thirdFriday(close) ? 'S' : 'W',
    lastTradingDay: close.toMillis(),
    multiplier: 100,
    settlementType: 'P',
    deliverableNote: '',
    percentChange: 0,
    markChange: 0,
    markPercentChange: 0,
    intrinsicValue: intrinsic,
    isPennyPilot: true,
    optionRoot: root,
  }
}

/** Contracts the query keeps, given the underlying price. */
function keep(q: ChainQuery, spot: number, contracts: OptionContract[]): OptionContract[] {
  const near = (c: OptionContract) => Math.abs(c.strike - spot) <= spot * 0.05
  const itm = (c: OptionContract) => (c.type === 'call' ? c.strike < spot : c.strike > spot)
  const inRange: Record<string, (c: OptionContract) => boolean> = {
    ITM: itm,
    OTM: (c) => !itm(c),
    NTM: near,
    SNK: near,
    SAK: (c) => c.strike > spot,
    SBK: (c) => c.strike < spot,
  }
  const kept = contracts.filter(
    (c) =>
      q.optionType !== 'NS' &&
      (q.contractType === 'ALL' || c.type === q.contractType.toLowerCase()) &&
      (q.strike === undefined || c.strike === q.strike) &&
      (inRange[q.range] ?? (() => true))(c),
  )
  if (q.strikeCount === undefined) return kept
  const count = q.strikeCount
  const groups = new Map<string, OptionContract[]>()
  for (const c of kept)
    groups.set(`${c.expiration}:${c.type}`, [...(groups.get(`${c.expiration}:${c.type}`) ?? []), c])
  return [...groups.values()].flatMap((g) =>
    g.sort((a, b) => Math.abs(a.strike - spot) - Math.abs(b.strike - spot)).slice(0, count),
  )
}

function nest(contracts: OptionContract[], p: Pricing, type: 'call' | 'put') {
  const map: Record<string, Record<string, Json[]>> = {}
  const sorted = contracts
    .filter((c) => c.type === type)
    .sort((a, b) => a.expiration.localeCompare(b.expiration) || a.strike - b.strike)
  for (const c of sorted) {
    const byStrike = (map[`${c.expiration}:${daysTo(c.expiration, p.today)}`] ??= {})
    ;(byStrike[strikeKey(c.strike)] ??= []).push(contractJson(c, p))
  }
  return map
}

function underlyingJson(quote: Quote, info: CatalogEntry | undefined, now: number): Json {
  const f = figuresOf(quote, now)
  return {
    symbol: quote.symbol,
    description: info?.name ?? quote.symbol,
    change: f.change,
    percentChange: f.pct,
    close: f.close,
    quoteTime: f.time,
    tradeTime: f.time,
    bid: f.bid,
    ask: f.ask,
    last: f.last,
    mark: f.last,
    markChange: f.change,
    markPercentChange: f.pct,
    bidSize: 100,
    askSize: 100,
    highPrice: f.high,
    lowPrice: f.low,
    openPrice: f.open,
    totalVolume: f.volume,
    exchangeName: info?.exchange ?? 'NYSE',
    fiftyTwoWeekHigh: f.high52,
    fiftyTwoWeekLow: f.low52,
    delayed: quote.delayed,
  }
}

/** The expirations the query's dates and month select, at most 12. */
function expirationsOf(q: ChainQuery, all: readonly string[]): string[] {
  return all
    .filter((e) => (!q.from || e >= q.from) && (!q.to || e <= q.to))
    .filter((e) => q.expMonth === 'ALL' || MONTHS[Number(e.slice(5, 7)) - 1] === q.expMonth)
    .slice(0, MAX_EXPIRATIONS)
}

export interface ChainInput {
  market: SchwabMarket
  quote: Quote | undefined
  info: CatalogEntry | undefined
  now: number
}

export async function optionChain(input: ChainInput, q: ChainQuery): Promise<Json> {
  const first: OptionChain = await input.market.optionChain(q.symbol)
  const spot = q.underlyingPrice ?? input.quote?.last
  const expirations = expirationsOf(q, first.expirations)
  const base = {
    symbol: q.symbol,
    strategy: q.strategy,
    interval: 0,
    isIndex: false,
    isDelayed: input.quote?.delayed ?? false,
  }
  if (spot === undefined || first.expirations.length === 0)
    return { ...base, status: 'FAILED', underlying: null, callExpDateMap: {}, putExpDateMap: {} }
  const nearest = first.contracts[0]?.expiration
  const chains = await Promise.all(
    expirations.map((e) =>
      e === nearest ? Promise.resolve(first) : input.market.optionChain(q.symbol, { expiration: e }),
    ),
  )
  const contracts = keep(
    q,
    spot,
    chains.flatMap((c) => c.contracts),
  )
  const today = DateTime.fromMillis(input.now, { zone: ZONE }).startOf('day')
  const rate = (q.interestRate ?? 4.5) / 100
  const p: Pricing = { spot, rate, now: input.now, today, volatility: q.volatility && q.volatility / 100 }
  return {
    ...base,
    status: 'SUCCESS',
    underlying:
      q.includeUnderlying && input.quote ? underlyingJson(input.quote, input.info, input.now) : null,
    daysToExpiration: 0,
    interestRate: round(rate * 100, 3),
    underlyingPrice: spot,
    volatility: q.volatility ?? 29,
    numberOfContracts: contracts.length,
    assetMainType: 'EQUITY',
    assetSubType: input.info?.type === 'stock' ? 'COE' : 'ETF',
    isChainTruncated: false,
    callExpDateMap: nest(contracts, p, 'call'),
    putExpDateMap: nest(contracts, p, 'put'),
  }
}
