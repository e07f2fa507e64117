/**
 * Cross-tenant sweep fixtures: the operations whose path names something are the removals of a
 * web push subscription and of a device token. The owner creates each; another tenant's DELETE
 * must answer 404 and leave it in place.
 */
import { created, type SweepFixture } from '../../module.ts'
import { SUBSCRIPTION_BODY, TOKEN_BODY } from './push.examples.ts'

export const pushSweep: Record<string, SweepFixture> = {
  deletePushSubscription: async (owner) => {
    const endpoint = `https://push.example.net/sweep/${owner.tenantId}`
    const res = await owner.post('/api/push/subscriptions', { ...SUBSCRIPTION_BODY, endpoint })
    if (res.statusCode !== 200)
      throw new Error(`sweep fixture: expected 200, got ${res.statusCode}: ${res.body}`)
    return {
      params: { subscription_id: (JSON.parse(res.body) as { subscription_id: number }).subscription_id },
    }
  },
  deletePushToken: async (owner) => {
    const { token_id } = await created(await owner.post('/api/me/push-tokens', TOKEN_BODY))
    return { params: { token_id: token_id! } }
  },
}
