/**
 * Reading stored signals: GET /intraday/signals, GET /intraday/signal-dashboard (windows in trading
 * sessions by default, or wall-clock `hours`), and the intel feed's `feedItems` (the contract agreed
 * with intel-feed: newest first by created_at then id).
 */
import type { FeedRow } from '../../../platform/feed-row.ts'
import { effectiveTenant, type RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { sessionWindow, type WindowQuery } from '../../../platform/session-window.ts'
import * as repo from './intraday.repository.ts'
import type { Detector } from './lib/types.ts'
import {
  MAX_DASHBOARD_SIGNALS,
  type Dashboard,
  type DashboardQuery,
  type Signal,
  type SignalList,
  type SignalsQuery,
} from './signals.schemas.ts'

export function toSignal(r: repo.StoredSignal): Signal {
  return {
    id: Number(r.id),
    symbol: r.symbol,
    setup: r.setup as Signal['setup'],
    direction: r.direction as Signal['direction'],
    confidence: Number(r.confidence),
    price: Number(r.price),
    trigger_time: r.trigger_time.toISOString(),
    session_date: String(r.session_date).slice(0, 10),
    session: r.session as Signal['session'],
    interval: r.interval as Signal['interval'],
    evidence: r.evidence as Signal['evidence'],
    created_at: r.created_at.toISOString(),
  }
}

const avg = (xs: number[]) => Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 1e4) / 1e4

export class SignalsService {
  constructor(private readonly deps: { scopes: Scopes; clock: Clock }) {}

  /** The read's window (platform/session-window.ts): trigger bars starting at or after `since`. */
  private window(q: WindowQuery) {
    return sessionWindow(this.deps.clock.now(), q)
  }

  async list(scope: RequestScope, q: SignalsQuery): Promise<SignalList> {
    const tenant = effectiveTenant(scope, q.tenant_id)
    const { window, since } = this.window(q)
    const rows = await this.deps.scopes.withTenant(tenant, (s) =>
      repo.signalsSince(s, 'trigger_time', { since, limit: q.limit, ...symbolOf(q.symbol) }),
    )
    return { window, items: rows.map(toSignal) }
  }

  async dashboard(scope: RequestScope, q: DashboardQuery): Promise<Dashboard> {
    const tenant = effectiveTenant(scope, q.tenant_id)
    const { window, since } = this.window(q)
    const rows = await this.deps.scopes.withTenant(tenant, (s) =>
      repo.signalsSince(s, 'trigger_time', { since, limit: MAX_DASHBOARD_SIGNALS, ...symbolOf(q.symbol) }),
    )
    const signals = rows.map(toSignal)
    const bySetup = new Map<Detector, Signal[]>()
    for (const s of signals) bySetup.set(s.setup, [...(bySetup.get(s.setup) ?? []), s])
    const longs = (xs: Signal[]) => xs.filter((s) => s.direction === 'long').length
    return {
      window,
      stats: {
        total: signals.length,
        by_direction: { long: longs(signals), short: signals.length - longs(signals) },
        avg_confidence: signals.length ? avg(signals.map((s) => s.confidence)) : null,
        symbols: new Set(signals.map((s) => s.symbol)).size,
      },
      setup_breakdown: [...bySetup]
        .map(([setup, xs]) => ({
          setup,
          count: xs.length,
          avg_confidence: avg(xs.map((s) => s.confidence)),
          long: longs(xs),
          short: xs.length - longs(xs),
        }))
        .sort((a, b) => b.count - a.count || a.setup.localeCompare(b.setup)),
      signals,
    }
  }

  /** The tenant's signals of one New York session date, in trigger order (read by the daily review). */
  async onDate(tenantId: number, sessionDate: string, limit: number): Promise<Signal[]> {
    const rows = await this.deps.scopes.withTenant(tenantId, (s) => repo.signalsOn(s, sessionDate, limit))
    return rows.map(toSignal)
  }

  /**
   * For a backtest's setup filter: `symbol|YYYY-MM-DD` of each session in `from`..`to` where one of
   * `setups` fired for the symbol, and the first session date with any signal of the tenant's (null:
   * none; the detector keeps no history from before it ran).
   */
  async setupDays(
    tenantId: number,
    q: { from: string; to: string; setups: readonly string[] },
  ): Promise<{ keys: Set<string>; since: string | null }> {
    const r = await this.deps.scopes.withTenant(tenantId, (s) => repo.setupDays(s, q.from, q.to, q.setups))
    return { keys: new Set(r.days.map((d) => `${d.symbol}|${d.day}`)), since: r.first }
  }

  /** Newest first: created_at desc, id desc. Rows of that tenant only, created at or after `since`. */
  async feedItems(tenantId: number, q: { since: Date; limit: number; symbol?: string }): Promise<FeedRow[]> {
    const rows = await this.deps.scopes.withTenant(tenantId, (s) =>
      repo.signalsSince(s, 'created_at', { since: q.since, limit: q.limit, ...symbolOf(q.symbol) }),
    )
    return rows.map((r) => {
      const s = toSignal(r)
      return {
        id: s.id,
        symbol: s.symbol,
        text: feedText(s),
        confidence: s.confidence,
        source: `intraday.${s.setup}`,
        created_at: r.created_at,
      }
    })
  }
}

const symbolOf = (symbol: string | undefined) => (symbol ? { symbol: symbol.toUpperCase() } : {})

const fixed = (x: unknown, digits = 2) => (typeof x === 'number' ? x.toFixed(digits) : '?')
const hhmm = (iso: unknown) =>
  typeof iso === 'string'
    ? new Date(iso).toLocaleTimeString('en-US', {
        timeZone: 'America/New_York',
        hour: '2-digit',
        minute: '2-digit',
        hour12: false,
      })
    : '?'

/** A one-line human summary of a signal, from its evidence. */
export function feedText(s: Signal): string {
  const e = s.evidence
  const price = fixed(s.price)
  switch (s.setup) {
    case 'orb':
      return `ORB ${s.direction} breakout at ${price}, ${fixed(e['volume_ratio'], 1)}× range volume`
    case 'vwap_reclaim':
      return s.direction === 'long'
        ? `VWAP reclaim at ${price} after ${String(e['bars_beyond_before'])} closes below`
        : `VWAP reject at ${price} after ${String(e['bars_beyond_before'])} closes above`
    case 'gap': {
      const go = e['gap_and_go'] ? `, gap-and-go at ${hhmm(e['gap_and_go_time'])}` : ''
      const fill = e['filled'] ? `, filled at ${hhmm(e['fill_time'])}` : ''
      return `Gap ${s.direction === 'long' ? 'up' : 'down'} ${fixed(e['gap_pct'])}% (${String(e['gap_type'])})${go}${fill}`
    }
    case 'volume_spike':
      return `Volume spike ${fixed(e['ratio'], 1)}× (z ${fixed(e['z'], 1)}) on a ${s.direction} bar at ${price}`
  }
}
