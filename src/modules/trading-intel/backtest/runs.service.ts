/**
 * Saved backtests: the newest-first list (optionally one strategy), one run as POST answered it,
 * its whole per-trade log paged from the stored log (runs are immutable: editing trades later does
 * not change a saved run; 409 while it is not stored, log-writer.service.ts), and delete. Another tenant's
 * run is a 404 like an unknown one.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import type { Clock } from '../../../platform/clock.ts'
import { ConflictError, NotFoundError } from '../../../platform/http/errors.ts'
import { afterKey, resolvePage, toPage, type PageResult } from '../../../platform/http/pagination.ts'
import * as repo from './backtest.repository.ts'
import {
  INLINE_TRADES,
  type BacktestOut,
  type RunListItemOut,
  type RunListQueryInput,
} from './backtest.schemas.ts'
import type { PageQueryInput } from '../../../platform/http/pagination.ts'
import { decodeLog, type TradeLogItem } from './lib/log-codec.ts'
import type { Summary } from './lib/summary.ts'
import type { LogStatus } from './backtest.tables.ts'
import { logStatusOf } from './log-writer.service.ts'

export const runNotFound = () => new NotFoundError('backtest.not_found', 'Backtest not found')

type Head = Awaited<ReturnType<typeof repo.listRuns>>[number]

const dateOf = (d: unknown) => (d instanceof Date ? d.toISOString() : String(d)).slice(0, 10)

function headOut(r: Head, now: Date): RunListItemOut {
  return {
    id: Number(r.id),
    strategy: r.strategy as RunListItemOut['strategy'],
    from: dateOf(r.date_from),
    to: dateOf(r.date_to),
    account_id: r.account_id === null ? null : Number(r.account_id),
    initial_capital: Number(r.initial_capital),
    trades_total: r.trades_total,
    created_at: r.created_at.toISOString(),
    summary: r.summary as Summary,
    log_status: logStatusOf(r.log_status, r.created_at, now),
  }
}

/** 409 for a log not (yet) stored: only its first INLINE_TRADES records are, in GET /backtests/{id}. */
function logUnavailable(status: LogStatus): ConflictError {
  return status === 'pending'
    ? new ConflictError(
        'backtest.log_pending',
        'The per-trade log of this run is still being stored; retry in a moment',
        { headers: { 'retry-after': '1' }, extra: { retry_after: 1 } },
      )
    : new ConflictError(
        'backtest.log_failed',
        `The per-trade log of this run could not be stored; its first ${INLINE_TRADES} trades are in GET /backtests/{id}. Run it again for the whole log`,
      )
}

export class RunsService {
  constructor(private readonly deps: { scopes: Scopes; clock: Clock }) {}

  async list(scope: RequestScope, q: RunListQueryInput): Promise<PageResult<RunListItemOut>> {
    const page = resolvePage(q)
    const after = afterKey<[string, number]>(page, ['time?', 'int'])
    return this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const rows = await repo.listRuns(s, {
        strategy: q.strategy,
        after,
        offset: page.offset,
        size: page.pageSize,
      })
      const total = await repo.countRuns(s, q.strategy)
      const now = this.deps.clock.now()
      return toPage(
        rows,
        page,
        (r) => [r.created_at.toISOString(), Number(r.id)],
        (r) => headOut(r, now),
        total,
      )
    })
  }

  async get(scope: RequestScope, id: number): Promise<BacktestOut> {
    const r = await this.deps.scopes.withTenant(scope.tenantId, (s) => repo.findRun(s, id, INLINE_TRADES))
    if (!r) throw runNotFound()
    const head = headOut(r, this.deps.clock.now())
    const detail = r.detail as Omit<
      BacktestOut,
      keyof RunListItemOut | 'equity_curve' | 'trades' | 'trades_truncated'
    >
    return {
      ...head,
      ...detail,
      equity_curve: r.equity_curve as BacktestOut['equity_curve'],
      trades: decodeLog(r.records, r.log_symbols),
      trades_truncated: head.trades_total > INLINE_TRADES,
    }
  }

  async trades(scope: RequestScope, id: number, q: PageQueryInput): Promise<PageResult<TradeLogItem>> {
    const page = resolvePage(q, 100)
    const at = afterKey<[number]>(page, ['int'])
    const offset = at ? at[0] + 1 : page.offset
    const r = await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      repo.tradeSlice(s, id, offset, page.pageSize + 1),
    )
    if (!r) throw runNotFound()
    const status = logStatusOf(r.log_status, r.created_at, this.deps.clock.now())
    if (status !== 'stored') throw logUnavailable(status)
    const rows = decodeLog(r.records, r.log_symbols).map((t, i) => ({ t, i: offset + i }))
    return toPage(
      rows,
      page,
      (x) => [x.i],
      (x) => x.t,
      r.trades_total,
    )
  }

  async delete(scope: RequestScope, id: number): Promise<void> {
    const gone = await this.deps.scopes.withTenant(scope.tenantId, (s) => repo.deleteRun(s, id))
    if (!gone) throw runNotFound()
  }
}
