/**
 * POST /backtest: validates the range, reads the tenant's closed trades (portfolio API) and daily
 * closes (market-data port, outside any transaction), replays them (lib/run.ts) and stores the run,
 * pruning the tenant's oldest runs beyond MAX_STORED_RUNS in the same write. The trades come through
 * a cache brought up to date from the rows written since its read (trade-cache.ts, ADR 0028); a
 * per-trade log longer than the answer's first INLINE_TRADES is written after answering (log-writer.service.ts).
 */
import type { Logger } from 'pino'
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { UnprocessableError } from '../../../platform/http/errors.ts'
import { nyDate } from '../../../kernel/calendar/nyse.ts'
import type { MarketDataProvider } from '../../../providers/market-data/market-data.port.ts'
import type { SignalsService } from '../intraday/index.ts'
import * as repo from './backtest.repository.ts'
import {
  FIRST_DATE,
  INLINE_TRADES,
  MAX_RANGE_YEARS,
  MAX_STORED_RUNS,
  MAX_TRADES,
  type BacktestBodyInput,
  type BacktestOut,
} from './backtest.schemas.ts'
import { dayNumber, tradingDayNumbers } from './lib/calendar.ts'
import type { Sizing } from './lib/replay.ts'
import { runReplay, symbolsOf, type RunOutput } from './lib/run.ts'
import { selectTrades, type Selection, type SourceTrade, type TradeFilters } from './lib/select.ts'
import { decodeLog, RECORD_BYTES } from './lib/log-codec.ts'
import { readCloses, type PriceRead } from './prices.service.ts'
import { crossPeriods, crossSource, realizedSource } from './sources.service.ts'
import type { LogStatus } from './backtest.tables.ts'
import type { LogWriter } from './log-writer.service.ts'
import type { RealizedTradeCache } from './trade-cache.service.ts'

export interface BacktestDeps {
  scopes: Scopes
  clock: Clock
  log: Logger
  market: Pick<MarketDataProvider, 'bars'>
  /** The tenant's realized trades, through the per-version cache (trade-cache.ts). */
  trades: Pick<RealizedTradeCache, 'read'>
  /** Writes a long per-trade log after the answer. */
  logs: Pick<LogWriter, 'schedule'>
  /** The tenant's intraday setup signals, for the replay's setup filter. */
  signals: Pick<SignalsService, 'setupDays'>
}

const invalid = (field: string, msg: string) => UnprocessableError.field(['body', ...field.split('.')], msg)

/** The range as given, checked: [from, to] with `to` capped at today (New York). */
export function checkRange(from: string, to: string, today: string): { from: string; to: string } {
  if (from < FIRST_DATE)
    throw invalid('from', `must be on or after ${FIRST_DATE} (the market calendar's first year)`)
  if (from > today) throw invalid('from', 'must not be in the future')
  if (to <= from) throw invalid('to', 'must be after from')
  const [y, md] = [Number(from.slice(0, 4)), from.slice(4)]
  if (to > `${y + MAX_RANGE_YEARS}${md}`)
    throw invalid('to', `must be at most ${MAX_RANGE_YEARS} years after from`)
  return { from, to: to > today ? today : to }
}

function sizingOf(p: NonNullable<BacktestBodyInput['params']>): Sizing {
  const kind = p.sizing ?? 'as_traded'
  if (kind === 'fixed_amount') {
    if (p.amount === undefined) throw invalid('params.amount', 'is required with sizing fixed_amount')
    return { kind, amount: p.amount }
  }
  if (kind === 'percent_of_equity') {
    if (p.percent === undefined) throw invalid('params.percent', 'is required with sizing percent_of_equity')
    return { kind, percent: p.percent }
  }
  return { kind }
}

const upper = (xs: readonly string[] | undefined) => xs?.map((x) => x.toUpperCase())

type Params = ReturnType<typeof normalize>['params']

function normalize(p: NonNullable<BacktestBodyInput['params']>) {
  const sizing = sizingOf(p)
  const params = {
    ...p,
    symbols: upper(p.symbols) ?? [],
    exclude_symbols: upper(p.exclude_symbols) ?? [],
    sizing: sizing.kind,
    risk_free_rate: p.risk_free_rate ?? 0,
  }
  return { sizing, params }
}

function selectionOf(read: SourceTrade[], from: string, params: Params, setups: SetupFilter): Selection {
  const selection = selectTrades(read, dayNumber(from), {
    setups,
    symbols: params.symbols,
    excludeSymbols: params.exclude_symbols,
    minHoldingDays: params.min_holding_days,
    maxHoldingDays: params.max_holding_days,
    needsCost: params.sizing !== 'as_traded',
  })
  if (selection.trades.length > MAX_TRADES) {
    throw new UnprocessableError(
      'backtest.too_many_trades',
      `${selection.trades.length} trades to replay; at most ${MAX_TRADES}: narrow the range or the symbols`,
      [{ loc: ['body', 'to'], msg: `more than ${MAX_TRADES} trades in the range`, type: 'value_error' }],
    )
  }
  return selection
}

function detailOf(
  read: number,
  selection: Selection,
  symbols: string[],
  prices: PriceRead,
  params: Params,
  out: RunOutput,
) {
  const unpriced = symbols.filter((_, i) => !prices.closes[i]).sort()
  return {
    params,
    last_date: out.equityCurve.at(-1)?.date ?? null,
    selection: { trades_read: read, trades_used: selection.trades.length, excluded: selection.excluded },
    prices: {
      symbols: symbols.length,
      priced: symbols.length - unpriced.length,
      unpriced,
      failed: prices.failed,
      capped: prices.capped,
      degraded: prices.failed.length > 0,
    },
    note: noteOf(read, selection.trades.length, out.equityCurve.length),
  }
}

type SetupFilter = TradeFilters['setups']

export class BacktestService {
  constructor(private readonly deps: BacktestDeps) {}

  /** The setup filter's sessions (replay only; entries on or after `from`, so the range is enough). */
  private async setupFilter(
    tenantId: number,
    strategy: string,
    setups: readonly string[] | undefined,
    range: { from: string; to: string },
  ): Promise<SetupFilter> {
    if (!setups?.length) return undefined
    if (strategy !== 'replay') throw invalid('params.setups', 'applies to the replay strategy only')
    const r = await this.deps.signals.setupDays(tenantId, { ...range, setups })
    return { keys: r.keys, since: r.since === null ? Infinity : dayNumber(r.since) }
  }

  async run(scope: RequestScope, body: BacktestBodyInput): Promise<BacktestOut> {
    const { from, to } = checkRange(body.from, body.to, nyDate(this.deps.clock.now()))
    const { sizing, params } = normalize(body.params ?? {})
    const source =
      body.strategy === 'replay'
        ? await realizedSource(this.deps.trades, scope.tenantId, {
            ...(body.account_id === undefined ? {} : { accountId: body.account_id }),
            from,
            to,
          })
        : await crossSource(this.deps, params.symbols, { from, to }, crossPeriods(params))
    const read = source.trades
    const setups = await this.setupFilter(scope.tenantId, body.strategy, params.setups, { from, to })
    const selection = selectionOf(read, from, params, setups)
    const days = tradingDayNumbers(dayNumber(from), dayNumber(to))
    const { symbols, counts, index } = symbolsOf(selection)
    const prices = await readCloses(this.deps.market, this.deps.log, symbols, counts, days)
    const input = { days, selection, symbols, prices, initialCapital: body.initial_capital, sizing }
    const out = runReplay({ ...input, rf: params.risk_free_rate }, index)
    const detail = detailOf(
      read.length,
      selection,
      symbols,
      { ...prices, failed: [...source.failed, ...prices.failed].sort() },
      params,
      out,
    )
    const head = {
      strategy: body.strategy,
      account_id: body.account_id ?? null,
      initial_capital: body.initial_capital,
      trades_total: selection.trades.length,
    }
    const createdAt = this.deps.clock.now()
    const { id, logStatus } = await this.save(
      scope.tenantId,
      {
        ...head,
        date_from: from,
        date_to: to,
        summary: JSON.stringify(out.summary),
        detail: JSON.stringify(detail),
        equity_curve: JSON.stringify(out.equityCurve),
        log_symbols: JSON.stringify(symbols),
        created_at: createdAt,
      },
      out.log,
    )
    return {
      id,
      ...head,
      from,
      to,
      created_at: createdAt.toISOString(),
      summary: out.summary,
      ...detail,
      equity_curve: out.equityCurve,
      trades: decodeLog(out.log.subarray(0, INLINE_TRADES * RECORD_BYTES), symbols),
      trades_truncated: selection.trades.length > INLINE_TRADES,
      log_status: logStatus,
    }
  }

  /**
   * Inserts the run with the first INLINE_TRADES records of its log (all of it when that is all),
   * pruning beyond MAX_STORED_RUNS; a longer log is written after the answer (log-writer.service.ts).
   */
  private async save(
    tenantId: number,
    row: Omit<repo.NewRun, 'trade_log' | 'log_status'>,
    log: Uint8Array,
  ): Promise<{ id: number; logStatus: LogStatus }> {
    const inline = INLINE_TRADES * RECORD_BYTES
    const logStatus: LogStatus = log.byteLength > inline ? 'pending' : 'stored'
    const id = await this.deps.scopes.withTenant(tenantId, async (s) => {
      const id = await repo.insertRun(s, {
        ...row,
        trade_log: log.subarray(0, inline),
        log_status: logStatus,
      })
      await repo.pruneRuns(s, MAX_STORED_RUNS)
      return id
    })
    if (logStatus === 'pending') await this.deps.logs.schedule(tenantId, id, log)
    return { id, logStatus }
  }
}

/** Why a result is empty (200, not an error), or null. */
function noteOf(read: number, used: number, days: number): string | null {
  if (!days) return 'No trading day in the range: the equity curve is empty.'
  if (!read)
    return 'No closed trades were sold in the range (of this account): the equity stays at the initial capital.'
  if (!used)
    return 'Every closed trade of the range was left out (see selection.excluded): the equity stays at the initial capital.'
  return null
}
