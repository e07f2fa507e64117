/**
 * Schwab's Market Data API (docs/vendor-formats.md#schwab-market-data, `/marketdata/v1`) as pass-through reads: the vendor's
 * objects are returned as sent, only their outer shape checked (a mismatch is an
 * UpstreamProtocolError). Times stay epoch milliseconds, numbers JSON numbers.
 */
import { UpstreamNotFoundError } from '../../../platform/upstream-errors.ts'
import { segment, type SchwabHttp } from './schwab-http.ts'
import { array, object, type SchwabJson } from './schwab-wire.ts'

const BASE = '/marketdata/v1'

export interface SchwabQuoteErrors {
  invalidSymbols?: string[]
  invalidCusips?: string[]
  invalidSSIDs?: number[]
}

/** Quotes keyed by symbol; symbols the vendor does not know are listed under `errors`. */
export type SchwabQuotes = { [symbol: string]: SchwabJson | undefined } & { errors?: SchwabQuoteErrors }

export interface SchwabQuoteOptions {
  /** `quote`, `fundamental`, `extended`, `reference`, `regular` (default: all). */
  fields?: string[]
  indicative?: boolean
}

export interface SchwabPriceHistoryQuery {
  symbol: string
  periodType?: 'day' | 'month' | 'year' | 'ytd'
  period?: number
  frequencyType?: 'minute' | 'daily' | 'weekly' | 'monthly'
  frequency?: number
  startDate?: Date
  endDate?: Date
  needExtendedHoursData?: boolean
  needPreviousClose?: boolean
}

/** `{symbol, empty, candles[{open, high, low, close, volume, datetime}], previousClose?, …}`. */
export interface SchwabPriceHistory {
  candles: SchwabJson[]
  [field: string]: unknown
}

/** GET /chains parameters, named as the vendor names them (dates `yyyy-MM-dd`). */
export interface SchwabChainQuery {
  symbol: string
  contractType?: 'CALL' | 'PUT' | 'ALL'
  strikeCount?: number
  includeUnderlyingQuote?: boolean
  strategy?: string
  interval?: number
  strike?: number
  range?: string
  fromDate?: string
  toDate?: string
  volatility?: number
  underlyingPrice?: number
  interestRate?: number
  daysToExpiration?: number
  expMonth?: string
  optionType?: string
  entitlement?: string
}

/** Contracts by `"<yyyy-MM-dd>:<days>"`, then by strike (`"150.0"`): an array, usually of one. */
export type SchwabExpDateMap = Record<string, Record<string, SchwabJson[]>>

export interface SchwabOptionChain {
  callExpDateMap: SchwabExpDateMap
  putExpDateMap: SchwabExpDateMap
  [field: string]: unknown
}

export interface SchwabMoversOptions {
  sort?: 'VOLUME' | 'TRADES' | 'PERCENT_CHANGE_UP' | 'PERCENT_CHANGE_DOWN'
  /** Minimum percent change: 0, 1, 5, 10, 30 or 60. */
  frequency?: number
}

export type SchwabProjection =
  'symbol-search' | 'symbol-regex' | 'desc-search' | 'desc-regex' | 'search' | 'fundamental'

/** Market → product (EQ, EQO, IND, …) → `{date, marketType, product, isOpen, sessionHours?}`. */
export type SchwabMarketHours = Record<string, Record<string, SchwabJson>>

const objects = (v: unknown, what: string): SchwabJson[] =>
  array(v, what).map((x, i) => object(x, `${what}[${i}]`))

export async function quotes(
  api: SchwabHttp,
  token: string,
  symbols: readonly string[],
  opts: SchwabQuoteOptions = {},
): Promise<SchwabQuotes> {
  const wanted = [...new Set(symbols.map((s) => s.trim()).filter(Boolean))]
  if (wanted.length === 0) return {}
  const body = object(
    await api.get(token, `${BASE}/quotes`, {
      symbols: wanted.join(','),
      fields: opts.fields?.length ? opts.fields.join(',') : undefined,
      indicative: opts.indicative,
    }),
    'quotes',
  )
  for (const [key, entry] of Object.entries(body)) object(entry, `quotes.${key}`)
  const errors = body['errors'] as SchwabJson | undefined
  for (const k of ['invalidSymbols', 'invalidCusips', 'invalidSSIDs'])
    if (errors?.[k] != null) array(errors[k], `quotes.errors.${k}`)
  return body as SchwabQuotes
}

export async function priceHistory(
  api: SchwabHttp,
  token: string,
  q: SchwabPriceHistoryQuery,
): Promise<SchwabPriceHistory> {
  const body = object(
    await api.get(token, `${BASE}/pricehistory`, {
      ...q,
      startDate: q.startDate?.getTime(),
      endDate: q.endDate?.getTime(),
    }),
    'pricehistory',
  )
  return { ...body, candles: objects(body['candles'] ?? [], 'pricehistory.candles') }
}

function expDateMap(v: unknown, what: string): SchwabExpDateMap {
  const out: SchwabExpDateMap = {}
  for (const [expiration, strikes] of Object.entries(object(v ?? {}, what))) {
    const byStrike: Record<string, SchwabJson[]> = {}
    for (const [strike, contracts] of Object.entries(object(strikes, `${what}.${expiration}`)))
      byStrike[strike] = objects(contracts, `${what}.${expiration}.${strike}`)
    out[expiration] = byStrike
  }
  return out
}

export async function optionChain(
  api: SchwabHttp,
  token: string,
  q: SchwabChainQuery,
): Promise<SchwabOptionChain> {
  const body = object(await api.get(token, `${BASE}/chains`, { ...q }), 'chains')
  return {
    ...body,
    callExpDateMap: expDateMap(body['callExpDateMap'], 'chains.callExpDateMap'),
    putExpDateMap: expDateMap(body['putExpDateMap'], 'chains.putExpDateMap'),
  }
}

/** The top 10 movers of an index (`$DJI`, `$COMPX`, `$SPX`, `NYSE`, `NASDAQ`, `EQUITY_ALL`, …). */
export async function movers(
  api: SchwabHttp,
  token: string,
  index: string,
  opts: SchwabMoversOptions = {},
): Promise<SchwabJson[]> {
  const body = object(
    await api.get(token, `${BASE}/movers/${segment(index)}`, { sort: opts.sort, frequency: opts.frequency }),
    'movers',
  )
  return objects(body['screeners'] ?? [], 'movers.screeners')
}

export async function marketHours(
  api: SchwabHttp,
  token: string,
  markets: readonly string[],
  date?: string,
): Promise<SchwabMarketHours> {
  const body = object(
    await api.get(token, `${BASE}/markets`, { markets: markets.join(','), date }),
    'markets',
  )
  const out: SchwabMarketHours = {}
  for (const [market, products] of Object.entries(body)) {
    const byProduct: Record<string, SchwabJson> = {}
    for (const [product, hours] of Object.entries(object(products, `markets.${market}`)))
      byProduct[product] = object(hours, `markets.${market}.${product}`)
    out[market] = byProduct
  }
  return out
}

export async function instruments(
  api: SchwabHttp,
  token: string,
  symbol: string,
  projection: SchwabProjection,
): Promise<SchwabJson[]> {
  const body = object(await api.get(token, `${BASE}/instruments`, { symbol, projection }), 'instruments')
  return objects(body['instruments'] ?? [], 'instruments.instruments')
}

/** One instrument by its 9-character CUSIP (leading zeros kept); null when the vendor knows none (404). */
export async function instrumentByCusip(
  api: SchwabHttp,
  token: string,
  cusip: string,
): Promise<SchwabJson | null> {
  let body: SchwabJson
  try {
    body = object(await api.get(token, `${BASE}/instruments/${segment(cusip)}`), 'instrument')
  } catch (err) {
    if (err instanceof UpstreamNotFoundError) return null
    throw err
  }
  // Schwab's published API answers the instrument; live answers have been seen wrapped as {instruments: [it]}.
  if (!('instruments' in body)) return body
  return objects(body['instruments'], 'instrument.instruments')[0] ?? null
}
