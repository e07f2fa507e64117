/**
 * The pre-market game plan: the tenant's recent signals (intraday, options flow, discovery
 * watchlist — read through those modules' APIs) and the market events of the plan window tagged
 * with portfolio relevance (lib/events.ts). Each provider section degrades on its own: a failing
 * earnings or economic-calendar provider marks that section `degraded` with a reason, never a 500.
 */
import { effectiveTenant, type RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import { mapLimit } from '../../../platform/concurrency.ts'
import { isTradingDay, nextTradingDay, nyDate } from '../../../kernel/calendar/nyse.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import type {
  DividendsProvider,
  EarningsProvider,
  EconomicCalendarProvider,
  MarketDataProvider,
} from '../../../providers/market-data/index.ts'
import type { FeedRow } from '../../../platform/feed-row.ts'
import type { HoldingsService } from '../../portfolio/index.ts'
import type { Gameplan, GameplanQuery, MarketEvent, Section } from './gameplan.schemas.ts'
import {
  earningsEvents,
  economicEvents,
  exDividendEvents,
  indexMarketEvents,
  sortEvents,
  type Exposure,
} from './lib/events.ts'
import { indexEvents } from './lib/index-events.ts'
import { closed } from './lib/review-date.ts'

/** The plan day and the following trading days: five sessions of events. */
export const WINDOW_TRADING_DAYS = 5
/** Signals of the last 24 hours, at most this many of each source. */
export const SIGNAL_HOURS = 24
export const MAX_PLAN_SIGNALS = 20
export const MAX_PLAN_OPPORTUNITIES = 10
/** Held symbols the plan considers (largest |market value| first). */
export const MAX_PLAN_HOLDINGS = 50
const INSTRUMENT_CONCURRENCY = 8
/** Economic releases listed, the earliest first (a vendor's all-country week can run to hundreds). */
export const MAX_PLAN_ECONOMIC = 100
/** Instrument lookups for sectors: held and watched symbols first, then the window's earnings. */
export const MAX_SECTOR_LOOKUPS = 200

export interface PlanSources {
  intraday(tenantId: number, since: Date, limit: number): Promise<FeedRow[]>
  optionsFlow(tenantId: number, since: Date, limit: number): Promise<FeedRow[]>
  watchlist(
    tenantId: number,
    limit: number,
  ): Promise<{ symbol: string; score: number; scan_types: string[] }[]>
}

export interface GameplanDeps {
  clock: Clock
  market: MarketDataProvider
  earnings: EarningsProvider
  dividends: DividendsProvider
  economic: EconomicCalendarProvider
  holdings: Pick<HoldingsService, 'latest'>
  sources: PlanSources
}

const ok = (count: number): Section => ({ status: 'ok', reason: null, count })
const degraded = (what: string, e: { kind: string }): Section => ({
  status: 'degraded',
  reason: `${what} unavailable (upstream ${e.kind})`,
  count: 0,
})

/** Today when its session has not closed yet, else the next trading day. */
export function planDate(now: Date): string {
  const today = nyDate(now)
  return isTradingDay(today) && !closed(today, now) ? today : nextTradingDay(today)
}

export function planWindow(from: string): string[] {
  const days = [from]
  while (days.length < WINDOW_TRADING_DAYS) days.push(nextTradingDay(days[days.length - 1]!))
  return days
}

/** A provider call whose upstream failure becomes a degraded section. */
async function section<T>(
  what: string,
  call: () => Promise<T>,
): Promise<{ value: T | null; section: Section }> {
  try {
    return { value: await call(), section: ok(0) }
  } catch (e) {
    if (!isUpstreamError(e)) throw e
    return { value: null, section: degraded(what, e) }
  }
}

const iso = (r: FeedRow) => ({ ...r, created_at: r.created_at.toISOString() })

export class GameplanService {
  constructor(private readonly deps: GameplanDeps) {}

  get(scope: RequestScope, q: GameplanQuery): Promise<Gameplan> {
    const tenantId = effectiveTenant(scope, q.tenant_id)
    return this.build(tenantId, q.account_id === undefined ? {} : { accountId: q.account_id })
  }

  /** The plan (the contract with briefing): same object as GET /gameplan answers. */
  async build(tenantId: number, opts: { accountId?: number }): Promise<Gameplan> {
    const now = this.deps.clock.now()
    const days = planWindow(planDate(now))
    const [from, to] = [days[0]!, days[days.length - 1]!]
    const held = await this.deps.holdings.latest(tenantId, { ...opts, limit: MAX_PLAN_HOLDINGS })
    const since = new Date(now.getTime() - SIGNAL_HOURS * 3_600_000)
    const { sources } = this.deps
    const [intraday, flow, watch] = await Promise.all([
      sources.intraday(tenantId, since, MAX_PLAN_SIGNALS),
      sources.optionsFlow(tenantId, since, MAX_PLAN_SIGNALS),
      sources.watchlist(tenantId, MAX_PLAN_OPPORTUNITIES),
    ])
    const { events, sections, exposure } = await this.marketEvents(from, to, held, watch)
    sections.signals = ok(intraday.length + flow.length + watch.length)
    return {
      plan_date: from,
      generated_at: now.toISOString(),
      account_id: opts.accountId ?? null,
      window: { from, to, trading_days: days },
      holdings: {
        count: held.length,
        symbols: held.map((h) => h.symbol),
        sectors: [...exposure.heldSectors].sort(),
      },
      signals: {
        since: since.toISOString(),
        intraday: intraday.map(iso),
        options_flow: flow.map(iso),
        opportunities: watch,
      },
      events,
      sections,
      degraded: Object.values(sections).some((s) => s.status === 'degraded'),
    }
  }

  /** The window's events by relevance, each provider section on its own (degraded on failure). */
  private async marketEvents(
    from: string,
    to: string,
    held: { symbol: string }[],
    watch: { symbol: string }[],
  ): Promise<{ events: MarketEvent[]; sections: Gameplan['sections']; exposure: Exposure }> {
    const own = [...new Set([...held.map((h) => h.symbol), ...watch.map((w) => w.symbol)])]
    const earnings = await section('earnings calendar', () => this.deps.earnings.calendar(from, to))
    const dividends = await section('ex-dividend dates', () => this.deps.dividends.exDividends(own, from, to))
    const economic = await section('economic calendar', () => this.deps.economic.economicCalendar(from, to))
    const exposure = await this.exposure(held, watch, [
      ...own,
      ...(earnings.value ?? []).map((e) => e.symbol),
    ])
    const events: MarketEvent[] = [
      ...earningsEvents(earnings.value ?? [], exposure),
      ...exDividendEvents(dividends.value ?? [], exposure),
      ...economicEvents((economic.value ?? []).slice(0, MAX_PLAN_ECONOMIC), (t) => nyDate(new Date(t))),
      ...indexMarketEvents(indexEvents(from, to)),
    ]
    const count = (type: MarketEvent['type']) => events.filter((e) => e.type === type).length
    const sections = {
      signals: ok(0),
      earnings: earnings.value ? ok(count('earnings')) : earnings.section,
      ex_dividend: dividends.value ? ok(count('ex_dividend')) : dividends.section,
      index: ok(count('index')),
      economic: economic.value ? ok(count('economic')) : economic.section,
    }
    return { events: sortEvents(events), sections, exposure }
  }

  /** Sectors from instrument metadata (an unknown or failing lookup leaves the sector null). */
  private async exposure(
    held: { symbol: string }[],
    watch: { symbol: string }[],
    symbols: string[],
  ): Promise<Exposure> {
    const unique = [...new Set(symbols)].slice(0, MAX_SECTOR_LOOKUPS)
    const sectors = await mapLimit(unique, INSTRUMENT_CONCURRENCY, async (s) => {
      try {
        return (await this.deps.market.instrument(s))?.sector ?? null
      } catch (e) {
        if (!isUpstreamError(e)) throw e
        return null
      }
    })
    const sectorOf = new Map(unique.map((s, i) => [s, sectors[i] ?? null]))
    const heldSectors = new Set(
      held.flatMap((h) => (sectorOf.get(h.symbol) ? [sectorOf.get(h.symbol)!] : [])),
    )
    return {
      held: new Set(held.map((h) => h.symbol)),
      watched: new Set(watch.map((w) => w.symbol)),
      heldSectors,
      sectorOf,
    }
  }
}
