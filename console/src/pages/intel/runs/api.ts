/** Committee and market-research runs: start, list, read, events and the research report. */
import { api, data } from '../../../api/client.ts'
import type { paths } from '../../../api/client.ts'

export type ResearchBody =
  paths['/api/trading-intel/market-research/runs']['post']['requestBody']['content']['application/json']
export type Theme = NonNullable<ResearchBody['theme']>

export const startCommittee = (symbol: string) =>
  data(api.POST('/api/trading-intel/committee/runs', { body: { symbol } }))
export const listCommittee = () =>
  data(api.GET('/api/trading-intel/committee/runs', { params: { query: { page_size: 25 } } }))
export const getCommittee = (run_id: string) =>
  data(api.GET('/api/trading-intel/committee/runs/{run_id}', { params: { path: { run_id } } }))
export const committeeEvents = (run_id: string) =>
  data(
    api.GET('/api/trading-intel/committee/runs/{run_id}/events', {
      params: { path: { run_id }, query: { limit: 100 } },
    }),
  )

export const startResearch = (body: ResearchBody) =>
  data(api.POST('/api/trading-intel/market-research/runs', { body }))
export const listResearch = () =>
  data(api.GET('/api/trading-intel/market-research/runs', { params: { query: { page_size: 25 } } }))
export const getResearch = (run_id: string) =>
  data(api.GET('/api/trading-intel/market-research/runs/{run_id}', { params: { path: { run_id } } }))
export const researchEvents = (run_id: string) =>
  data(
    api.GET('/api/trading-intel/market-research/runs/{run_id}/events', {
      params: { path: { run_id }, query: { limit: 100 } },
    }),
  )
export const researchReport = (run_id: string) =>
  data(
    api.GET('/api/trading-intel/market-research/runs/{run_id}/report', {
      params: { path: { run_id }, query: { format: 'json' } },
    }),
  )

export type CommitteeRun = Awaited<ReturnType<typeof getCommittee>>
export type RunEvents = Awaited<ReturnType<typeof committeeEvents>>
export type Report = Awaited<ReturnType<typeof researchReport>>
export type Status = CommitteeRun['status']

export const THEMES: Theme[] = [
  'mega_cap_tech',
  'semiconductors',
  'software',
  'banks',
  'energy',
  'healthcare',
  'consumer_staples',
  'utilities',
  'industrials',
  'real_estate',
]

export const isTerminal = (s: Status | undefined) => s === 'completed' || s === 'failed' || s === 'cancelled'
/** While a run is queued or running, its reads are repeated every second. */
export const pollWhileRunning = (status: Status | undefined) => (isTerminal(status) ? false : 1000)
