/** Cross-tenant sweep fixtures: a saved run created as `owner` (an empty replay is stored too). */
import type { SweepCaller, SweepFixture } from '../../module.ts'

const savedRun = async (owner: SweepCaller) => {
  const res = await owner.post('/api/trading-intel/backtest', {
    strategy: 'replay',
    from: '2025-01-02',
    to: '2025-01-31',
    initial_capital: 10_000,
  })
  if (res.statusCode !== 200)
    throw new Error(`sweep fixture: expected 200, got ${res.statusCode}: ${res.body}`)
  return { params: { id: (JSON.parse(res.body) as { id: number }).id } }
}

export const backtestSweep: Record<string, SweepFixture> = {
  getBacktest: savedRun,
  listBacktestTrades: savedRun,
  deleteBacktest: savedRun,
}
