/**
 * Cross-tenant sweep fixtures for the research run operations: each creates a run as `owner` (202)
 * and names it; the sweep then calls the operation as another tenant and expects 404.
 */
import type { SweepFixture } from '../../module.ts'

const run: SweepFixture = async (owner) => {
  const res = await owner.post('/api/trading-intel/market-research/runs', { symbol: 'AAPL' })
  if (res.statusCode !== 202)
    throw new Error(`sweep fixture: expected 202, got ${res.statusCode}: ${res.body}`)
  return { params: { run_id: (JSON.parse(res.body) as { run_id: string }).run_id } }
}

export const marketResearchSweep: Record<string, SweepFixture> = {
  getResearchRun: run,
  listResearchRunEvents: run,
  getResearchReport: run,
}
