import { api, data } from '../../../api/client.ts'

export const eodReview = (review_date?: string) =>
  data(api.GET('/api/trading-intel/eod/review', { params: { query: review_date ? { review_date } : {} } }))
export const gamePlan = () => data(api.GET('/api/trading-intel/gameplan'))
export type Review = Awaited<ReturnType<typeof eodReview>>
export type Plan = Awaited<ReturnType<typeof gamePlan>>
