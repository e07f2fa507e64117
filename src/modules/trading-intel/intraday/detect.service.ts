/**
 * POST /intraday/detect, /intraday/detect/portfolio and the scheduled detection: step 1 reads the
 * session's bars (plus the previous session and the volume-baseline sessions) and stores the
 * computed regular-session bars; step 2 runs the detectors and upserts the tenant's signals on
 * (symbol, setup, direction, trigger bar), so a re-run re-states rows instead of adding them.
 * Providers are called before any transaction opens.
 */
import { effectiveTenant, type RequestScope } from '../../../platform/auth/scope.ts'
import { mapLimit } from '../../../platform/concurrency.ts'
import { UnprocessableError } from '../../../platform/http/errors.ts'
import { nyDate, sessionAt } from '../../../kernel/calendar/nyse.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import type { BarInterval } from './bars.schemas.ts'
import { barRows, type BarsDeps, type BarsService } from './bars.service.ts'
import type { DetectBody, DetectQuery, DetectResult, PortfolioDetectQuery } from './detect.schemas.ts'
import { DEFAULT_PORTFOLIO_SYMBOLS } from './detect.schemas.ts'
import * as repo from './intraday.repository.ts'
import { indicatorColumns } from './lib/indicators.ts'
import { DEFAULT_PARAMS, type DetectParams } from './lib/params.ts'
import { runDetectors } from './lib/pipeline.ts'
import {
  planSession,
  splitWindow,
  toSessionBars,
  type SessionKind,
  type SessionPlan,
} from './lib/sessions.ts'
import { DETECTORS, type Detector } from './lib/types.ts'
import { toSignal } from './signals.service.ts'

/** instrument() calls in flight when checking the symbols asked for. */
const CONCURRENCY = 8

export interface DetectDeps extends BarsDeps {
  bars: BarsService
  holdings: Portfolio['holdings']
}

interface Run {
  symbols: string[]
  session: SessionKind
  asof: string
  interval: BarInterval
  detectors: readonly Detector[]
  params: DetectParams
}

export class DetectService {
  constructor(private readonly deps: DetectDeps) {}

  async detect(scope: RequestScope, q: DetectQuery, body: DetectBody): Promise<DetectResult> {
    const symbols = [...new Set(body.symbols.map((s) => s.toUpperCase()))]
    const unknown = await this.unknownSymbols(symbols)
    if (unknown.length)
      throw UnprocessableError.field(['body', 'symbols'], `unknown symbols: ${unknown.join(', ')}`)
    const { interval, ...params } = { interval: '5m' as BarInterval, ...body.params }
    return this.run(scope.tenantId, {
      symbols,
      session: q.session,
      asof: this.asof(q.asof),
      interval,
      detectors: body.detectors ? [...new Set(body.detectors)] : DETECTORS,
      params: { ...DEFAULT_PARAMS, ...params },
    })
  }

  /** The largest holdings of the tenant (unlisted ones left out); none held → an empty result. */
  async detectPortfolio(scope: RequestScope, q: PortfolioDetectQuery): Promise<DetectResult> {
    return this.detectHoldings(effectiveTenant(scope, q.tenant_id), q.interval, q.limit, q.account_id)
  }

  async detectHoldings(
    tenantId: number,
    interval: BarInterval,
    limit: number,
    accountId?: number,
  ): Promise<DetectResult> {
    const held = await this.deps.holdings.latest(tenantId, { limit, ...(accountId ? { accountId } : {}) })
    const wanted = held.map((h) => h.symbol)
    const unknown = new Set(await this.unknownSymbols(wanted))
    return this.run(tenantId, {
      symbols: wanted.filter((s) => !unknown.has(s)),
      session: 'REGULAR',
      asof: nyDate(this.deps.clock.now()),
      interval,
      detectors: DETECTORS,
      params: DEFAULT_PARAMS,
    })
  }

  /** The job: while the regular session is open, every tenant with holdings, each in its own scope. */
  async detectScheduled(): Promise<void> {
    const now = this.deps.clock.now()
    if (sessionAt(now) !== 'regular') return
    const tenants = await this.deps.holdings.tenantsWithHoldings('intraday: scheduled detection')
    for (const tenantId of tenants) {
      try {
        const r = await this.detectHoldings(tenantId, '5m', DEFAULT_PORTFOLIO_SYMBOLS)
        this.deps.log.info({ tenantId, signals: r.signals.length }, 'intraday: scheduled detection')
      } catch (err) {
        // One tenant's failure (an upstream outage) must not stop the others.
        this.deps.log.warn({ err, tenantId }, 'intraday: scheduled detection failed')
      }
    }
  }

  private asof(asof: string | undefined): string {
    const today = nyDate(this.deps.clock.now())
    if (asof === undefined) return today
    if (asof > today)
      throw UnprocessableError.field(['query', 'asof'], `${asof} is in the future (today is ${today})`)
    return asof
  }

  private async unknownSymbols(symbols: string[]): Promise<string[]> {
    const known = await mapLimit(symbols, CONCURRENCY, (s) => this.deps.market.instrument(s))
    return symbols.filter((_, i) => known[i] === null)
  }

  private plan(r: Run): SessionPlan {
    try {
      return planSession(r.asof, r.session, r.params.spike_lookback_sessions)
    } catch (e) {
      if (!(e instanceof RangeError)) throw e
      throw UnprocessableError.field(['query', 'asof'], `${r.asof} is outside the market calendar's years`)
    }
  }

  private async run(tenantId: number, r: Run): Promise<DetectResult> {
    const plan = this.plan(r)
    const head = { date: plan.today.date, session: r.session, interval: r.interval }
    if (!r.symbols.length) return { ...head, date: null, results: [], signals: [] }
    const window = await this.deps.bars.window(r.symbols, {
      interval: r.interval,
      start: plan.fetchStart,
      end: plan.fetchEnd,
      session: r.session,
    })
    const now = this.deps.clock.now()
    const barRowsAll: repo.BarRow[] = []
    const signalRows: repo.SignalRow[] = []
    const results = r.symbols.map((symbol) => {
      const { today, warmup, input } = splitWindow(window.get(symbol) ?? [], plan)
      const bars = toSessionBars(today)
      const col = indicatorColumns(
        bars,
        warmup.map((b) => b.close),
      )
      // Only regular sessions are stored: the table's VWAP is anchored at 09:30.
      if (r.session === 'REGULAR')
        barRowsAll.push(...barRows(symbol, r.interval, plan.today.date, today, col, now))
      const found = runDetectors({ ...input, bars, vwap: col.vwap }, r.detectors, r.params)
      for (const s of found)
        signalRows.push({
          ...s,
          symbol,
          trigger_time: new Date(s.trigger_time),
          session_date: plan.today.date,
          session: r.session,
          interval: r.interval,
        })
      return { symbol, bars: today.length, signals: found.length }
    })
    await this.deps.bars.store(barRowsAll)
    const stored = await this.deps.scopes.withTenant(tenantId, (s) => repo.upsertSignals(s, signalRows, now))
    const order = new Map(r.symbols.map((s, i) => [s, i]))
    const signals = stored
      .map(toSignal)
      .sort(
        (a, b) =>
          order.get(a.symbol)! - order.get(b.symbol)! ||
          a.trigger_time.localeCompare(b.trigger_time) ||
          a.setup.localeCompare(b.setup),
      )
    return { ...head, results, signals }
  }
}
