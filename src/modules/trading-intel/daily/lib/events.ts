/**
 * Market events of the game plan and their portfolio relevance, pure:
 * - `held`: the event's symbol is held (any account in scope);
 * - `watched`: the symbol is on the discovery watchlist (scored opportunities not held — there are
 *   no user watchlists yet);
 * - `sector_exposure`: the symbol is not held but its sector (instrument metadata) is the sector
 *   of a held position.
 * Company events (earnings, ex-dividend) without any tag are left out; market-wide events (index,
 * economic) carry no tag and are always listed.
 */
import type { EarningsEvent, EconomicEvent, ExDividend } from '../../../../providers/market-data/index.ts'
import type { MarketEvent, Relevance } from '../gameplan.schemas.ts'
import type { IndexEvent } from './index-events.ts'

export interface Exposure {
  held: Set<string>
  watched: Set<string>
  heldSectors: Set<string>
  sectorOf: Map<string, string | null>
}

export function relevanceOf(symbol: string, x: Exposure): Relevance[] {
  const tags: Relevance[] = []
  if (x.held.has(symbol)) tags.push('held')
  if (x.watched.has(symbol)) tags.push('watched')
  const sector = x.sectorOf.get(symbol)
  if (!x.held.has(symbol) && sector && x.heldSectors.has(sector)) tags.push('sector_exposure')
  return tags
}

const HOURS: Record<string, string> = {
  bmo: 'before the open',
  amc: 'after the close',
  dmh: 'during market hours',
}

export function earningsEvents(rows: EarningsEvent[], x: Exposure): MarketEvent[] {
  return rows.flatMap((e) => {
    const relevance = relevanceOf(e.symbol, x)
    if (!relevance.length) return []
    const when = e.hour ? ` (${HOURS[e.hour]})` : ''
    return [
      {
        date: e.date,
        time: null,
        type: 'earnings' as const,
        title: `${e.symbol} Q${e.quarter} ${e.year} earnings${when}`,
        symbol: e.symbol,
        sector: x.sectorOf.get(e.symbol) ?? null,
        impact: relevance.includes('held') ? ('high' as const) : ('medium' as const),
        relevance,
        details: { hour: e.hour, eps_estimate: e.eps_estimate, revenue_estimate: e.revenue_estimate },
      },
    ]
  })
}

/** Ex-dividend dates (asked for held and watched symbols only); held ones are medium impact. */
export function exDividendEvents(rows: ExDividend[], x: Exposure): MarketEvent[] {
  return rows.flatMap((d) => {
    const relevance = relevanceOf(d.symbol, x)
    if (!relevance.length) return []
    return [
      {
        date: d.ex_date,
        time: null,
        type: 'ex_dividend' as const,
        title: `${d.symbol} ex-dividend ${d.amount.toFixed(2)} ${d.currency}`,
        symbol: d.symbol,
        sector: x.sectorOf.get(d.symbol) ?? null,
        impact: relevance.includes('held') ? ('medium' as const) : ('low' as const),
        relevance,
        details: { amount: d.amount, currency: d.currency, pay_date: d.pay_date },
      },
    ]
  })
}

export function economicEvents(rows: EconomicEvent[], nyDateOf: (iso: string) => string): MarketEvent[] {
  return rows.map((e) => ({
    date: nyDateOf(e.time),
    time: e.time,
    type: 'economic' as const,
    title: `${e.country} ${e.event}`,
    symbol: null,
    sector: null,
    impact: e.impact,
    relevance: [],
    details: {
      country: e.country,
      actual: e.actual,
      estimate: e.estimate,
      previous: e.previous,
      unit: e.unit,
    },
  }))
}

const INDEX_IMPACT = {
  monthly_opex: 'medium',
  quad_witching: 'high',
  russell_reconstitution: 'high',
} as const

export function indexMarketEvents(rows: IndexEvent[]): MarketEvent[] {
  return rows.map((e) => ({
    date: e.date,
    time: null,
    type: 'index' as const,
    title: e.title,
    symbol: null,
    sector: null,
    impact: INDEX_IMPACT[e.kind],
    relevance: [],
    details: { kind: e.kind, shifted_from: e.shifted_from },
  }))
}

const TYPE_ORDER = { economic: 0, index: 1, earnings: 2, ex_dividend: 3 } as const

/** Timed events first (by instant), then untimed ones. */
const byTime = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1

/** By date, then release time (timed first), then type, then symbol. */
export function sortEvents(xs: MarketEvent[]): MarketEvent[] {
  return xs.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      byTime(a.time, b.time) ||
      TYPE_ORDER[a.type] - TYPE_ORDER[b.type] ||
      (a.symbol ?? '').localeCompare(b.symbol ?? '') ||
      a.title.localeCompare(b.title),
  )
}
