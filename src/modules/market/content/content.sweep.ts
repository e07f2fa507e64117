/** Cross-tenant sweep: a ticker's news is shared market data, not a tenant's resource. */
import type { SweepFixture } from '../../module.ts'

const ticker: SweepFixture = async () => ({ params: { symbol: 'AAPL' }, shared: true })

export const contentSweep: Record<string, SweepFixture> = { getTickerNews: ticker }
