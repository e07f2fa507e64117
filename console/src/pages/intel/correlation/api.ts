import { api, data } from '../../../api/client.ts'

export const getCorrelation = (lookback_days: number) =>
  data(api.GET('/api/trading-intel/correlation', { params: { query: { lookback_days } } }))
export type Correlation = Awaited<ReturnType<typeof getCorrelation>>
