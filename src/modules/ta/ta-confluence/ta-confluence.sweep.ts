/** Cross-tenant sweep: the symbol, layer and pattern paths name shared market data, not a tenant's resource. */
import type { SweepFixture } from '../../module.ts'

const shared =
  (params: Record<string, string>): SweepFixture =>
  async () => ({ params, shared: true })

export const taConfluenceSweep: Record<string, SweepFixture> = {
  getTaConfluence: shared({ symbol: 'AAPL' }),
  getTaPatternBacktest: shared({ symbol: 'AAPL', layer: 'structure', pattern: 'bos' }),
}
