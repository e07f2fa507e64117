/** Cross-tenant sweep: paths that name a ticker name shared market data, not a tenant's resource. */
import type { SweepFixture } from '../../module.ts'

const ticker: SweepFixture = async () => ({ params: { symbol: 'AAPL' }, shared: true })

export const marketDataSweep: Record<string, SweepFixture> = {
  getQuote: ticker,
  getInstrument: ticker,
  getBars: ticker,
}
