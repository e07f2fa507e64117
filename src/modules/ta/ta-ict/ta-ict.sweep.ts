/**
 * Cross-tenant sweep: the {symbol} routes read shared market data, not a tenant's resource (as
 * market-data's do).
 */
import type { SweepFixture } from '../../module.ts'

const ticker: SweepFixture = async () => ({ params: { symbol: 'AAPL' }, shared: true })

export const taIctSweep: Record<string, SweepFixture> = {
  getIctZones: ticker,
  getIctBreakers: ticker,
  getIctPremiumDiscount: ticker,
}
