/** Cross-tenant sweep: a ticker's free replay is shared market data, not a tenant's resource. */
import type { SweepFixture } from '../../module.ts'

const ticker: SweepFixture = async () => ({ params: { symbol: 'AAPL' }, shared: true })

export const freeFeedSweep: Record<string, SweepFixture> = { replayFreeFeed: ticker }
