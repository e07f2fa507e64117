/** The backtest operations the pages call, and the types of their answers (from the generated client). */
import { api, data } from '../../../api/client.ts'
import type { paths } from '../../../api/client.ts'

export type BacktestBody =
  paths['/api/trading-intel/backtest']['post']['requestBody']['content']['application/json']

export const runBacktest = (body: BacktestBody) => data(api.POST('/api/trading-intel/backtest', { body }))
export const getBacktest = (id: number) =>
  data(api.GET('/api/trading-intel/backtests/{id}', { params: { path: { id } } }))
export const listBacktests = (cursor?: string) =>
  data(
    api.GET('/api/trading-intel/backtests', {
      params: { query: { limit: 25, ...(cursor ? { cursor } : {}) } },
    }),
  )
export const backtestTrades = (id: number, cursor?: string) =>
  data(
    api.GET('/api/trading-intel/backtests/{id}/trades', {
      params: { path: { id }, query: { page_size: 50, ...(cursor ? { cursor } : {}) } },
    }),
  )

export type Backtest = Awaited<ReturnType<typeof getBacktest>>
export type BacktestListPage = Awaited<ReturnType<typeof listBacktests>>
export type TradePage = Awaited<ReturnType<typeof backtestTrades>>

export const backtestKey = (id: number) => ['intel', 'backtest', id] as const
