/**
 * POST /exit/compute: stop levels for positions given in the body, or the holdings of an
 * account (entry = cost basis / |quantity|, no entry date), or a strategy's account or symbols.
 * Parameters: inline, else the strategy's, else the method's defaults. Bars are read outside any
 * transaction, one batch for every symbol.
 */
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { UnprocessableError } from '../../../platform/http/errors.ts'
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { HoldingsService } from '../../portfolio/index.ts'
import { methodDefaults, strategyOut } from './exit-strategies.service.ts'
import { findStrategy } from './exit-strategies.repository.ts'
import { MAX_POSITIONS, type ComputeInput, type ComputeResultOut, type StrategyOut } from './exit.schemas.ts'
import {
  CHANDELIER_MULTIPLIER,
  CHANDELIER_PERIOD,
  DEFAULT_ATR_PERIOD,
  DEFAULT_MULTIPLIER,
  stopLevels,
  type OpenPosition,
  type StopParams,
} from './lib/stops.ts'
import { centsToNumber, sumCents } from '../../../kernel/decimal/cents.ts'
import { dailyBars, windowStart, type Market } from './risk.service.ts'

/**
 * Calendar days of daily bars read per symbol (a year of trading days and then some): the bars dated
 * from today (New York) − 400 days to the last one, both inclusive, as GET /correlation's window.
 */
export const BARS_LOOKBACK_DAYS = 400

export interface ExitDeps {
  scopes: Scopes
  clock: Clock
  market: Market
  holdings: Pick<HoldingsService, 'latestWithCost'>
}

export class ExitService {
  constructor(private readonly deps: ExitDeps) {}

  async compute(scope: RequestScope, b: ComputeInput): Promise<ComputeResultOut> {
    if (b.account_id !== undefined && b.positions !== undefined)
      throw UnprocessableError.field(
        ['body', 'positions'],
        'give account_id or positions, not both',
        'exclusive',
      )
    const strategy = b.strategy_id === undefined ? null : await this.strategy(scope.tenantId, b.strategy_id)
    const params = paramsOf(b, strategy)
    const positions = b.positions
      ? b.positions.map((p, i) => checkedPosition(p, i))
      : await this.held(
          scope.tenantId,
          b.account_id ?? strategy?.account_id ?? undefined,
          strategy?.symbols ?? null,
        )
    const now = this.deps.clock.now()
    const symbols = [...new Set(positions.map((p) => p.symbol))]
    const bars = await dailyBars(this.deps.market, symbols, now, BARS_LOOKBACK_DAYS)
    const rows = positions.map((p) => {
      const series = bars.get(p.symbol) ?? []
      const levels = stopLevels(p, series, params)
      const reason = !series.length
        ? ('no_prices' as const)
        : levels.stop === null
          ? ('too_few_bars' as const)
          : null
      return { ...p, ...levels, null_reason: reason }
    })
    return {
      computed_at: now.toISOString(),
      strategy_id: strategy?.id ?? null,
      params: {
        method: params.method,
        atr_period: params.atrPeriod,
        multiplier: params.multiplier,
        chandelier_period: params.chandelierPeriod,
        chandelier_multiplier: params.chandelierMultiplier,
        percent: params.percent,
        trailing: params.trailing,
      },
      bars_from: windowStart(now, BARS_LOOKBACK_DAYS),
      positions: rows,
      // A breached stop has at_risk 0: what is already past it is past_stop, never a negative risk.
      total_at_risk: centsToNumber(sumCents(rows.map((r) => r.at_risk ?? 0))),
      breached: rows.filter((r) => r.triggered === true).length,
      total_past_stop: centsToNumber(sumCents(rows.map((r) => r.past_stop ?? 0))),
    }
  }

  private async strategy(tenantId: number, id: number): Promise<StrategyOut> {
    const row = await this.deps.scopes.withTenant(tenantId, (s) => findStrategy(s, id))
    if (!row)
      throw UnprocessableError.field(['body', 'strategy_id'], 'unknown exit strategy', 'unknown_strategy')
    return strategyOut(row)
  }

  private async held(
    tenantId: number,
    accountId: number | undefined,
    symbols: string[] | null,
  ): Promise<OpenPosition[]> {
    const rows = await this.deps.holdings.latestWithCost(
      tenantId,
      accountId === undefined ? {} : { accountId },
    )
    const wanted = symbols ? new Set(symbols) : null
    return rows
      .filter((h) => h.quantity !== 0 && (!wanted || wanted.has(h.symbol.toUpperCase())))
      .slice(0, MAX_POSITIONS)
      .map((h) => ({
        symbol: h.symbol.toUpperCase(),
        quantity: h.quantity,
        entry_price: Math.round((Math.abs(h.cost_basis) / Math.abs(h.quantity)) * 1e6) / 1e6,
        entry_date: null,
      }))
  }
}

function checkedPosition(p: NonNullable<ComputeInput['positions']>[number], i: number): OpenPosition {
  if (p.quantity === 0)
    throw UnprocessableError.field(['body', 'positions', i, 'quantity'], 'must not be 0', 'not_zero')
  return {
    symbol: p.symbol.toUpperCase(),
    quantity: p.quantity,
    entry_price: p.entry_price,
    entry_date: p.entry_date ?? null,
  }
}

/**
 * Inline parameters, else the strategy's (when its method is the one used), else the defaults. atr_period
 * and multiplier are the chosen method's n and k: the ATR stop's for atr and percent, the chandelier's
 * for chandelier (chandelier_period/_multiplier set the chandelier shown beside an ATR stop).
 */
function paramsOf(b: ComputeInput, s: StrategyOut | null): StopParams {
  const method = b.method ?? s?.method ?? 'atr'
  const fromStrategy = s && s.method === method ? s : null
  const percent = b.percent ?? fromStrategy?.percent ?? null
  if (method === 'percent' && percent === null)
    throw UnprocessableError.field(['body', 'percent'], 'required for the percent method', 'required')
  const n = b.atr_period ?? fromStrategy?.atr_period
  const k = b.multiplier ?? fromStrategy?.multiplier
  const chandelier = method === 'chandelier'
  return {
    method,
    atrPeriod: (chandelier ? undefined : n) ?? DEFAULT_ATR_PERIOD,
    multiplier: (chandelier ? undefined : k) ?? DEFAULT_MULTIPLIER,
    chandelierPeriod: b.chandelier_period ?? (chandelier ? n : undefined) ?? CHANDELIER_PERIOD,
    chandelierMultiplier: b.chandelier_multiplier ?? (chandelier ? k : undefined) ?? CHANDELIER_MULTIPLIER,
    percent,
    trailing: b.trailing ?? fromStrategy?.trailing ?? methodDefaults(method).trailing,
  }
}
