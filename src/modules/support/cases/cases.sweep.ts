/** Cross-tenant sweep fixtures: the owner opens a case; another tenant must get 404 reading or commenting on it. */
import type { SweepCaller, SweepFixture } from '../../module.ts'

async function openCase(owner: SweepCaller): Promise<{ params: { case_id: number }; body?: unknown }> {
  const res = await owner.post('/api/support/ai/cases', { subject: 'Sweep', body: 'Owner only' })
  if (res.statusCode !== 200) throw new Error(`sweep fixture: expected 200, got ${res.statusCode}: ${res.body}`)
  return { params: { case_id: (JSON.parse(res.body) as { case_id: number }).case_id } }
}

export const supportCasesSweep: Record<string, SweepFixture> = {
  getSupportCase: openCase,
  commentSupportCase: async (owner) => ({ ...(await openCase(owner)), body: { body: 'Intruder' } }),
}
