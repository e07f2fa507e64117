/** Cross-tenant sweep: paths that name a ticker analyse shared market data, not a tenant's resource. */
import type { SweepFixture } from '../../module.ts'

const ticker: SweepFixture = async () => ({ params: { symbol: 'AAPL' }, shared: true })

export const taStructureSweep: Record<string, SweepFixture> = {
  getStructure: ticker,
  listStructureEvents: ticker,
  getStructureMtf: ticker,
}
