/**
 * Options flow: POST /intraday/flow/detect reads each symbol's nearest-expiration chain
 * outside any transaction, classifies it (lib/classify.ts) and upserts one row per tenant, symbol
 * and trading date (the session whose volumes were read) in one short transaction; GET /intraday/flow summarizes a window (trading sessions by default, or hours);
 * `feedItems` serves the intel feed; `detectHeld` is the scheduled run over held symbols.
 */
import type { FeedRow } from '../../../platform/feed-row.ts'
import type { Logger } from 'pino'
import { effectiveTenant, type RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import { mapLimit } from '../../../platform/concurrency.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { AppError, UnprocessableError } from '../../../platform/http/errors.ts'
import { latestSessionDate, nyDate, sessionAt } from '../../../kernel/calendar/nyse.ts'
import { sessionWindow } from '../../../platform/session-window.ts'
import type { MarketDataProvider } from '../../../providers/market-data/index.ts'
import type { InstrumentLookup } from '../../market/market-data/index.ts'
import type { HoldingsService } from '../../portfolio/index.ts'
import type { FlowDirection } from './lib/classify.ts'
import { directionBreakdown, flowStats } from './lib/flow-stats.ts'
import { readFlow, type Reading } from './readings.service.ts'
import {
  signalsFromDate,
  signalsOn,
  signalsSince,
  upsertSignal,
  type SignalRow,
} from './options-flow.repository.ts'
import {
  FLOW_LIST_MAX,
  MAX_DETECT_SYMBOLS,
  STATS_ROWS_MAX,
  type DetectInput,
  type DetectResultOut,
  type FlowListOut,
  type FlowQueryInput,
  type FlowSignalOut,
} from './options-flow.schemas.ts'

/** Option-chain reads in flight at once. */
const CONCURRENCY = 8
export const FEED_LIMIT_MAX = 500

export interface OptionsFlowDeps {
  scopes: Scopes
  clock: Clock
  log: Pick<Logger, 'info' | 'warn'>
  market: MarketDataProvider
  instruments: InstrumentLookup
  holdings: Pick<HoldingsService, 'latest' | 'tenantsWithHoldings'>
}

export class OptionsFlowService {
  constructor(private readonly deps: OptionsFlowDeps) {}

  async detect(tenantId: number, input: DetectInput): Promise<DetectResultOut> {
    await this.refuseUnknown(input.symbols)
    const symbols = [...new Set(input.symbols.map((s) => s.toUpperCase()))]
    const now = this.deps.clock.now()
    const readings = await mapLimit(symbols, CONCURRENCY, (s) => readFlow(this.deps.market, s, now))
    const failed = readings.flatMap((r) =>
      r.kind === 'failed' ? [{ symbol: r.symbol, code: r.code, detail: r.detail }] : [],
    )
    if (failed.length === symbols.length) {
      throw new AppError(502, 'flow.upstream_failed', 'No option chain could be read; try again later', {
        extra: { failed },
      })
    }
    const tradingDate = sessionDateOf(now)
    const rows = await this.deps.scopes.withTenant(tenantId, async (s) => {
      const out: SignalRow[] = []
      for (const r of readings)
        if (r.kind === 'signal') out.push(await upsertSignal(s, valuesOf(r, tradingDate), now))
      return out
    })
    const skipped = readings.flatMap((r) => (r.kind === 'skip' ? [withoutKind(r)] : []))
    return { trading_date: tradingDate, signals: rows.map(signalOut), skipped, failed }
  }

  /**
   * The window's readings (platform/session-window.ts): by sessions, those whose trading_date is on or
   * after the window's first session date, so Friday's stay listed over the weekend; by `hours`,
   * those updated within them.
   */
  async list(scope: RequestScope, q: FlowQueryInput): Promise<FlowListOut> {
    const tenantId = effectiveTenant(scope, q.tenant_id)
    const { window, since } = sessionWindow(this.deps.clock.now(), q)
    const from = window.from_session_date
    const symbol = q.symbol?.toUpperCase()
    const filter = { limit: STATS_ROWS_MAX, ...(symbol ? { symbol } : {}) }
    const rows = await this.deps.scopes.withTenant(tenantId, (s) =>
      from === null
        ? signalsSince(s, 'updated_at', { since, ...filter })
        : signalsFromDate(s, { fromDate: from, ...filter }),
    )
    const stat = rows.map((r) => ({
      symbol: r.symbol,
      direction: r.direction as FlowDirection,
      put_call_ratio: r.put_call_ratio === null ? null : Number(r.put_call_ratio),
      confidence: Number(r.confidence),
    }))
    return {
      window,
      since: window.since,
      stats: flowStats(stat),
      direction_breakdown: directionBreakdown(stat),
      items: rows.slice(0, FLOW_LIST_MAX).map(signalOut),
      truncated: rows.length > FLOW_LIST_MAX,
    }
  }

  /** Newest first: created_at desc, id desc. Rows of that tenant only, created at or after `since`. */
  async feedItems(tenantId: number, q: { since: Date; limit: number; symbol?: string }): Promise<FeedRow[]> {
    const limit = Math.max(0, Math.min(FEED_LIMIT_MAX, Math.floor(q.limit)))
    if (!limit) return []
    const symbol = q.symbol?.toUpperCase()
    const rows = await this.deps.scopes.withTenant(tenantId, (s) =>
      signalsSince(s, 'created_at', { since: q.since, limit, ...(symbol ? { symbol } : {}) }),
    )
    return rows.map((r) => ({
      id: r.id,
      symbol: r.symbol,
      text: feedText(r),
      confidence: Number(r.confidence),
      source: 'options-flow',
      created_at: r.created_at,
    }))
  }

  /** The tenant's readings of one New York trading date, by symbol (read by the daily review). */
  async onDate(tenantId: number, tradingDate: string, limit: number): Promise<FlowSignalOut[]> {
    const rows = await this.deps.scopes.withTenant(tenantId, (s) => signalsOn(s, tradingDate, limit))
    return rows.map(signalOut)
  }

  /**
   * The scheduled run: during the regular session, for every tenant with holdings, detection on
   * its largest held symbols the provider lists (each tenant in its own scope; one tenant's failure
   * is logged and does not stop the others).
   */
  async detectHeld(): Promise<{ tenants: number; signals: number }> {
    const now = this.deps.clock.now()
    if (!regularSession(now)) return { tenants: 0, signals: 0 }
    const tenants = await this.deps.holdings.tenantsWithHoldings('options-flow: scheduled detection')
    let signals = 0
    for (const tenantId of tenants) {
      try {
        const held = await this.deps.holdings.latest(tenantId, { limit: MAX_DETECT_SYMBOLS })
        const unlisted = new Set(await this.deps.instruments.unlisted(held.map((h) => h.symbol)))
        const symbols = held.map((h) => h.symbol.toUpperCase()).filter((s) => !unlisted.has(s))
        if (!symbols.length) continue
        signals += (await this.detect(tenantId, { symbols })).signals.length
      } catch (e) {
        this.deps.log.warn({ tenantId, err: e }, 'options-flow: scheduled detection failed for a tenant')
      }
    }
    this.deps.log.info({ tenants: tenants.length, signals }, 'options-flow: scheduled detection done')
    return { tenants: tenants.length, signals }
  }

  private async refuseUnknown(symbols: string[]): Promise<void> {
    const unknown = new Set(await this.deps.instruments.unlisted(symbols))
    if (!unknown.size) return
    const errors = symbols.flatMap((s, i) =>
      unknown.has(s.toUpperCase())
        ? [{ loc: ['body', 'symbols', i], msg: `unknown symbol ${s.toUpperCase()}`, type: 'unknown_symbol' }]
        : [],
    )
    throw new UnprocessableError('validation.failed', `Unknown symbols: ${[...unknown].join(', ')}`, errors)
  }
}

/**
 * The trading date of a reading: the session whose volumes were read, i.e. the latest regular session
 * that has opened (on a Saturday or before Monday's 09:30 open, Friday's). It keys the row with the
 * tenant and the symbol. Outside the calendar's years, the New York date.
 */
function sessionDateOf(now: Date): string {
  try {
    return latestSessionDate(now)
  } catch (e) {
    if (!(e instanceof RangeError)) throw e
    return nyDate(now)
  }
}

function regularSession(now: Date): boolean {
  try {
    return sessionAt(now) === 'regular'
  } catch {
    return false // outside the calendar's years
  }
}

function valuesOf(r: Extract<Reading, { kind: 'signal' }>, tradingDate: string) {
  return {
    symbol: r.symbol,
    trading_date: tradingDate,
    direction: r.direction,
    put_volume: r.volumes.put_volume,
    call_volume: r.volumes.call_volume,
    put_call_ratio: r.put_call_ratio,
    confidence: r.confidence,
    contracts: r.volumes.contracts,
    expiration: r.expiration,
  }
}

function withoutKind<T extends { kind: string }>(r: T): Omit<T, 'kind'> {
  const { kind: _kind, ...rest } = r
  return rest
}

function signalOut(r: SignalRow): FlowSignalOut {
  const put = Number(r.put_volume)
  const call = Number(r.call_volume)
  return {
    id: r.id,
    symbol: r.symbol,
    trading_date: r.trading_date,
    direction: r.direction as FlowDirection,
    confidence: Number(r.confidence),
    evidence: {
      put_volume: put,
      call_volume: call,
      total_volume: put + call,
      put_call_ratio: r.put_call_ratio === null ? null : Number(r.put_call_ratio),
      contracts: r.contracts,
      expiration: r.expiration,
    },
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  }
}

/** e.g. "PUT_DOMINANCE: put/call 2.40 on 12,300 contracts (exp 2026-11-27)". */
export function feedText(
  r: Pick<SignalRow, 'direction' | 'put_volume' | 'call_volume' | 'put_call_ratio' | 'expiration'>,
): string {
  const total = (Number(r.put_volume) + Number(r.call_volume)).toLocaleString('en-US')
  const ratio = r.put_call_ratio === null ? '∞ (no calls)' : Number(r.put_call_ratio).toFixed(2)
  return `${r.direction}: put/call ${ratio} on ${total} contracts (exp ${r.expiration})`
}
