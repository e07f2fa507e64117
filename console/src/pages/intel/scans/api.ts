import { api, data } from '../../../api/client.ts'
import type { paths } from '../../../api/client.ts'

export type ScanBody =
  paths['/api/trading-intel/intraday/discovery/scan']['post']['requestBody']['content']['application/json']
export type ScanType = ScanBody['scan_type']
export type Universe = ScanBody['universe']
export const SCAN_TYPES: ScanType[] = ['gappers', 'volume', 'momentum', 'reversal', 'breakout']
export const UNIVERSES: Universe[] = ['watchlist', 'sp500', 'free', 'all']

export const discovery = (sessions: number, scan_type?: ScanType) =>
  data(
    api.GET('/api/trading-intel/intraday/discovery', {
      params: { query: { sessions, limit: 100, ...(scan_type ? { scan_type } : {}) } },
    }),
  )
export const runScan = (body: ScanBody) =>
  data(api.POST('/api/trading-intel/intraday/discovery/scan', { body }))
export const opportunities = (sessions: number) =>
  data(
    api.GET('/api/trading-intel/intraday/discovery/opportunities', {
      params: { query: { sessions, limit: 50 } },
    }),
  )
export const computeOpportunities = (sessions: number) =>
  data(api.POST('/api/trading-intel/intraday/discovery/opportunities/compute', { body: { sessions } }))

export type Discovery = Awaited<ReturnType<typeof discovery>>
export type Opportunities = Awaited<ReturnType<typeof opportunities>>
