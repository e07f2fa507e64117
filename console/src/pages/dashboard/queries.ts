/**
 * The dashboard's reads, one function per API operation, and their answer types (from the generated
 * client: never written by hand). Query keys start with 'dashboard' so a page elsewhere can refresh them.
 */
import { api, data } from '../../api/client.ts'
import { drawdownQuery, performanceQuery, type RangeKey } from './ranges.ts'

export const fetchAccounts = () => data(api.GET('/api/accounts', { params: { query: { page_size: 25 } } }))
export const fetchAum = () => data(api.GET('/api/analytics/aum'))
export const fetchCumulativePnl = () => data(api.GET('/api/analytics/cumulative-pnl'))
export const fetchBaseCurrency = () => data(api.GET('/api/tenant/base-currency'))

export const fetchPerformance = (range: RangeKey | '1D', today: string) =>
  data(
    api.GET('/api/analytics/performance', {
      params: { query: range === '1D' ? { range: '1D' } : performanceQuery(range, today) },
    }),
  )
export type Performance = Awaited<ReturnType<typeof fetchPerformance>>

export const fetchDrawdown = (range: RangeKey, today: string) =>
  data(api.GET('/api/analytics/drawdown', { params: { query: drawdownQuery(range, today) } }))
export type Drawdown = Awaited<ReturnType<typeof fetchDrawdown>>

export const fetchAllocation = (by: 'account' | 'sector') =>
  data(api.GET('/api/analytics/allocation', { params: { query: { by } } }))
export type Allocation = Awaited<ReturnType<typeof fetchAllocation>>

export const fetchHoldings = () =>
  data(api.GET('/api/holdings', { params: { query: { sort: 'value', order: 'desc', page_size: 100 } } }))
export type Holdings = Awaited<ReturnType<typeof fetchHoldings>>

export const fetchInvestors = () => data(api.GET('/api/analytics/investor-allocation'))
export type Investors = Awaited<ReturnType<typeof fetchInvestors>>

export const fetchIntelFeed = () =>
  data(api.GET('/api/trading-intel/intel-feed', { params: { query: { sessions: 5, limit: 10 } } }))
export type FeedItem = Awaited<ReturnType<typeof fetchIntelFeed>>['items'][number]
