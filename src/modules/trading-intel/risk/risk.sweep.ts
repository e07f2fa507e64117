/** Cross-tenant sweep fixtures for the risk module's id-bearing operations (exit strategies). */
import { created, type SweepCaller, type SweepFixture } from '../../module.ts'

const strategy = async (owner: SweepCaller) => {
  const s = await created(
    await owner.post('/api/trading-intel/exit/strategies', {
      name: `Sweep ${owner.tenantId}`,
      method: 'atr',
    }),
  )
  return { params: { id: s.id! }, body: { multiplier: 2.5 } }
}

export const riskSweep: Record<string, SweepFixture> = {
  getExitStrategy: strategy,
  updateExitStrategy: strategy,
  deleteExitStrategy: strategy,
}
