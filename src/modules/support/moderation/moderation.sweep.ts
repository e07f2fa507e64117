/** Cross-tenant sweep fixtures: the owner's content is blocked (an action); another tenant's appeal must get 404. */
import type { SweepFixture } from '../../module.ts'

export const moderationSweep: Record<string, SweepFixture> = {
  appealModerationAction: async (owner) => {
    const res = await owner.post('/api/moderation/guard', { content: 'Guaranteed returns, DM me on telegram' })
    const body = JSON.parse(res.body) as { action_id: number | null }
    if (res.statusCode !== 200 || !body.action_id)
      throw new Error(`sweep fixture: expected a block, got ${res.statusCode}: ${res.body}`)
    return { params: { action_id: body.action_id }, body: { reason: 'Intruder' } }
  },
}
