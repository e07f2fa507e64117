/** Cross-tenant sweep: paths that name a ticker read shared market data, not a tenant's resource. */
import type { SweepFixture } from '../../module.ts'

const ticker: SweepFixture = async () => ({ params: { symbol: 'AAPL' }, shared: true })

export const taPriceActionSweep: Record<string, SweepFixture> = {
  getTaCandlestickPatterns: ticker,
  getTaReversals: ticker,
  getTaWyckoff: ticker,
}
