/**
 * GET /marketdata/v1/instruments and /instruments/{cusip} (docs/vendor-formats.md#schwab-market-data): search the sandbox's
 * universe (and, for exact symbol searches, any symbol the market knows) by symbol or description,
 * exactly or by regular expression; `fundamental` adds the fundamental object.
 */
import type { Quote } from '../../../market-data/market-data.port.ts'
import { round } from '../decimal.ts'
import type { CatalogEntry } from './catalog.ts'
import { cusipOf } from './ids.ts'
import { figuresOf, fundamentalOf } from './quotes.ts'
import { csv } from './wire.ts'

export const PROJECTIONS = [
  'symbol-search',
  'symbol-regex',
  'desc-search',
  'desc-regex',
  'search',
  'fundamental',
]

const assetTypeOf = (e: CatalogEntry) =>
  e.type === 'index' ? 'INDEX' : e.type === 'stock' ? 'EQUITY' : 'ETF'

export function instrumentJson(e: CatalogEntry): Record<string, unknown> {
  return {
    cusip: cusipOf(e.symbol),
    symbol: e.symbol,
    description: e.name,
    exchange: e.exchange,
    assetType: assetTypeOf(e),
  }
}

/** The instruments' fundamental object: the quote's fundamentals plus ranges and ratios. */
export function fundamentalJson(e: CatalogEntry, quote: Quote, now: number): Record<string, unknown> {
  const f = figuresOf(quote, now)
  const base = fundamentalOf(e.symbol, f, e.type)
  const eps = Number(base['eps'])
  return {
    symbol: e.symbol,
    high52: f.high52,
    low52: f.low52,
    dividendAmount: base['divAmount'],
    dividendYield: base['divYield'],
    peRatio: base['peRatio'],
    eps,
    epsTTM: eps,
    pbRatio: e.type === 'stock' ? round(2 + (f.last % 7), 2) : 0,
    beta: round(0.6 + (f.last % 9) / 10, 2),
    avg10DaysVolume: base['avg10DaysVolume'],
    avg1YearVolume: base['avg1YearVolume'],
    vol1DayAvg: f.volume,
    dividendFreq: base['divFreq'],
  }
}

/**
 * Which symbols a search selects: exact symbols (a comma list) for symbol-search, search and
 * fundamental; otherwise a regular expression or text matched against the universe. A string is the
 * 400 message (an invalid regular expression).
 */
export function searchSymbols(
  projection: string,
  term: string,
  universe: ReadonlyMap<string, CatalogEntry>,
): string[] | string {
  if (projection === 'symbol-search' || projection === 'search' || projection === 'fundamental')
    return csv(term).map((s) => s.toUpperCase())
  if (projection === 'desc-search') {
    const t = term.toLowerCase()
    return [...universe.values()].filter((e) => e.name.toLowerCase().includes(t)).map((e) => e.symbol)
  }
  let re: RegExp
  try {
    re = projection === 'desc-regex' ? new RegExp(term, 'i') : new RegExp(`^(?:${term})$`)
  } catch {
    return `symbol is not a valid regular expression for ${projection}`
  }
  return [...universe.values()]
    .filter((e) => re.test(projection === 'desc-regex' ? e.name : e.symbol))
    .map((e) => e.symbol)
}
