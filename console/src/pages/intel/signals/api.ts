import { api, data } from '../../../api/client.ts'

export const signalDashboard = (sessions: number) =>
  data(api.GET('/api/trading-intel/intraday/signal-dashboard', { params: { query: { sessions } } }))
export const optionsFlow = (sessions: number) =>
  data(api.GET('/api/trading-intel/intraday/flow', { params: { query: { sessions } } }))
export type Dashboard = Awaited<ReturnType<typeof signalDashboard>>
export type Flow = Awaited<ReturnType<typeof optionsFlow>>
