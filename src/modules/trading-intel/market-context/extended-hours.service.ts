/**
 * GET /extended-hours: pre- and post-market movers of the New York trading day in progress (from
 * its 04:00 pre-open; before that, the previous trading day), read from 5-minute extended-session
 * bars. Symbols: the tenant's largest holdings (HELD_SYMBOLS) plus the provider's most active by
 * volume (MOST_ACTIVE_SYMBOLS) — bounded, and cheap: one quotes call over the universe (cached
 * provider) and one bars window per symbol (or a batch). Provider failure → 503.
 */
import { effectiveTenant, type RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import { ServiceUnavailableError } from '../../../platform/http/errors.ts'
import { nyDate, previousTradingDay, sessionAt, tradingDay } from '../../../kernel/calendar/nyse.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import type { Bar } from '../../../kernel/bars.ts'
import { barsOfMany, moversOf, type MarketDataProvider } from '../../../providers/market-data/index.ts'
import type { HoldingsService } from '../../portfolio/index.ts'
import { extendedMove, rankMovers, type SessionBounds } from './lib/extended-moves.ts'
import {
  DEFAULT_MOVERS,
  HELD_SYMBOLS,
  MOST_ACTIVE_SYMBOLS,
  type ExtendedHoursOut,
  type ExtendedQueryInput,
} from './market-context.schemas.ts'

const unavailable = () =>
  new ServiceUnavailableError(
    'market_context.unavailable',
    'Extended-hours bars are unavailable; try again later',
  )

/** The trading day read at `now` and its bounds with the previous day's regular session. */
export function extendedDay(now: Date): { date: string; bounds: SessionBounds } {
  const today = tradingDay(nyDate(now))
  const day = today && now >= today.preOpen ? today : tradingDay(previousTradingDay(nyDate(now)))
  const prev = day && tradingDay(previousTradingDay(day.date))
  if (!day || !prev) throw new RangeError(`no trading day before ${now.toISOString()}`)
  return {
    date: day.date,
    bounds: {
      prevOpen: prev.open,
      prevClose: prev.close,
      preOpen: day.preOpen,
      open: day.open,
      close: day.close,
      postClose: day.postClose,
    },
  }
}

export class ExtendedHoursService {
  constructor(
    private readonly deps: {
      market: MarketDataProvider
      clock: Clock
      holdings: Pick<HoldingsService, 'latest'>
    },
  ) {}

  async movers(scope: RequestScope, q: ExtendedQueryInput): Promise<ExtendedHoursOut> {
    const tenantId = effectiveTenant(scope, q.tenant_id)
    const now = this.deps.clock.now()
    let day: ReturnType<typeof extendedDay>
    try {
      day = extendedDay(now)
    } catch (e) {
      if (e instanceof RangeError) throw unavailable() // outside the calendar's years
      throw e
    }
    const held = await this.deps.holdings.latest(tenantId, { limit: HELD_SYMBOLS })
    const { symbols, bars } = await this.read(
      held.map((h) => h.symbol.toUpperCase()),
      day.bounds,
      now,
    )
    const rows = symbols.map((symbol) => ({ symbol, ...extendedMove(bars.get(symbol) ?? [], day.bounds) }))
    const items = rankMovers(rows)
      .slice(0, q.limit ?? DEFAULT_MOVERS)
      .map((r) => ({ ...r, move_pct: r.move_pct! }))
    return { trading_date: day.date, session: sessionAt(now), symbols_considered: symbols.length, items }
  }

  private async read(held: string[], d: SessionBounds, now: Date) {
    const { market } = this.deps
    try {
      const active = (await moversOf(market, MOST_ACTIVE_SYMBOLS)).most_active.map((q) => q.symbol)
      const symbols = [...new Set([...held, ...active])]
      const end = now < d.postClose ? now : d.postClose
      const bars: Map<string, Bar[]> = await barsOfMany(market, symbols, {
        interval: '5m',
        start: d.prevOpen,
        end,
        session: 'extended',
      })
      return { symbols, bars }
    } catch (e) {
      if (isUpstreamError(e)) throw unavailable()
      throw e
    }
  }
}
