/** Cross-tenant sweep fixture of the screener's id-bearing operation: a saved screen. */
import type { SweepCaller, SweepFixture } from '../../module.ts'

const screen = async (owner: SweepCaller) => {
  const res = await owner.post('/api/screener/saved', {
    name: `Sweep ${owner.tenantId}`,
    spec: { filters: { all: [{ field: 'price', op: 'gt', value: 10 }] } },
  })
  if (res.statusCode !== 200)
    throw new Error(`sweep fixture: expected 200, got ${res.statusCode}: ${res.body}`)
  return { params: { screen_id: (JSON.parse(res.body) as { id: number }).id } }
}

export const screenerSweep: Record<string, SweepFixture> = { deleteScreen: screen }
