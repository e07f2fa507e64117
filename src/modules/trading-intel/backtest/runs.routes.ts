/** The saved backtests under /api/trading-intel/backtests (not among the required operations; README.md says why). */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { NoContent } from '../../../platform/http/schemas.ts'
import { DELETE_EXAMPLES, GET_EXAMPLES, LIST_EXAMPLES, TRADES_EXAMPLES } from './backtest.examples.ts'
import { tags } from './backtest.routes.ts'
import {
  BacktestResponse,
  INLINE_TRADES,
  MAX_STORED_RUNS,
  RunList,
  RunListQuery,
  RunParams,
  TradeLogPage,
  TradeLogQuery,
} from './backtest.schemas.ts'
import type { RunsService } from './runs.service.ts'

const PREFIX = '/api/trading-intel/backtests'
const NOT_FOUND = 'An unknown id, or another tenant’s run, is a 404 (backtest.not_found).'

export function runsRoutes(app: App, { runs }: { runs: RunsService }): void {
  app.get(
    PREFIX,
    {
      schema: {
        operationId: 'listBacktests',
        summary: 'Saved backtests, newest first',
        description:
          'Every stored POST /backtest run of the tenant (its newest ' +
          `${MAX_STORED_RUNS}; older ones are pruned), newest first (created_at, then id), optionally ` +
          'of one strategy; each with its range, sizing-independent head and summary metrics (no curve, ' +
          'no log). Paged: page_size 25/50/100 or limit ≤ 100 (default 25), cursor from next_cursor.',
        examples: LIST_EXAMPLES,
        tags,
        querystring: RunListQuery,
        response: { 200: RunList, ...problems(401, 422) },
      },
    },
    (req) => runs.list(scopeOf(req), req.query),
  )

  app.get(
    `${PREFIX}/:id`,
    {
      schema: {
        operationId: 'getBacktest',
        summary: 'One saved backtest as it was answered',
        description:
          'The run as POST /backtest answered it: summary, params, selection, prices, the equity curve ' +
          `and the first ${INLINE_TRADES} trades, with log_status as it is now (pending → stored once the ` +
          'whole log is written). Runs are immutable: editing or deleting trades later ' +
          `does not change them. ${NOT_FOUND}`,
        examples: GET_EXAMPLES,
        tags,
        params: RunParams,
        response: { 200: BacktestResponse, ...problems(401, 404, 422) },
      },
    },
    (req) => runs.get(scopeOf(req), req.params.id),
  )

  app.get(
    `${PREFIX}/:id/trades`,
    {
      schema: {
        operationId: 'listBacktestTrades',
        summary: 'The whole per-trade log of a saved backtest, paged',
        description:
          'The log stored with the run (not recomputed: it is what the run replayed), in exit-date ' +
          'order, then trade id. page_size 25/50/100 or limit ≤ 100 (default 100), cursor from ' +
          `next_cursor; total is trades_total. A run answers before its log is stored: while log_status ` +
          'is pending this is a 409 backtest.log_pending with Retry-After (usually well under a second), ' +
          'and a log that could not be stored (log_status failed) is a 409 backtest.log_failed. ' +
          NOT_FOUND,
        examples: TRADES_EXAMPLES,
        tags,
        params: RunParams,
        querystring: TradeLogQuery,
        response: { 200: TradeLogPage, ...problems(401, 404, 409, 422) },
      },
    },
    (req) => runs.trades(scopeOf(req), req.params.id, req.query),
  )

  app.delete(
    `${PREFIX}/:id`,
    {
      schema: {
        operationId: 'deleteBacktest',
        summary: 'Delete a saved backtest',
        description: `Deletes the run and its log for good (a log still pending is then never written). ${NOT_FOUND}`,
        examples: DELETE_EXAMPLES,
        tags,
        params: RunParams,
        response: { 204: NoContent('Deleted'), ...problems(401, 404, 422) },
      },
    },
    async (req, reply) => {
      await runs.delete(scopeOf(req), req.params.id)
      return reply.code(204).send(null)
    },
  )
}
