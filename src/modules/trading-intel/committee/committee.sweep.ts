/**
 * Cross-tenant sweep fixtures for the committee's run operations: each creates a run as `owner`
 * (202) and names it; the sweep then calls the operation as another tenant and expects 404.
 */
import type { SweepCaller, SweepFixture } from '../../module.ts'

const run: SweepFixture = async (owner: SweepCaller) => {
  const res = await owner.post('/api/trading-intel/committee/runs', { symbol: 'AAPL' })
  if (res.statusCode !== 202)
    throw new Error(`sweep fixture: expected 202, got ${res.statusCode}: ${res.body}`)
  return { params: { run_id: (JSON.parse(res.body) as { run_id: string }).run_id } }
}

export const committeeSweep: Record<string, SweepFixture> = {
  getCommitteeRun: run,
  listCommitteeRunEvents: run,
  promoteCommitteeRun: run,
  cancelCommitteeRun: run,
  retryCommitteeRun: run,
}
