/**
 * Cross-tenant sweep fixtures: each creates a manual recommendation as `owner`; the sweep then
 * calls the operation as another tenant and expects 404.
 */
import { created, type SweepCaller, type SweepFixture } from '../../module.ts'

const rec = async (owner: SweepCaller) =>
  (
    await created(
      await owner.post('/api/trading-intel/recommendations', {
        symbol: 'AAPL',
        action: 'buy',
        confidence: 0.6,
        rationale: 'sweep',
        price_at: 100,
      }),
    )
  ).id!

export const recommendationsSweep: Record<string, SweepFixture> = {
  getRecommendation: async (owner) => ({ params: { id: await rec(owner) } }),
  closeRecommendation: async (owner) => ({ params: { id: await rec(owner) }, body: { exit_price: 101 } }),
}
