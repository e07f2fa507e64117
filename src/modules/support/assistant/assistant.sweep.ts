/**
 * Cross-tenant sweep fixtures: the owner opens a conversation; another tenant's call on any route
 * naming it must answer 404.
 */
import type { SweepCaller, SweepFixture } from '../../module.ts'

async function conversation(owner: SweepCaller): Promise<number> {
  const res = await owner.post('/api/support/ai/conversations', { title: 'Sweep' })
  if (res.statusCode !== 200) throw new Error(`sweep fixture: expected 200, got ${res.statusCode}: ${res.body}`)
  return (JSON.parse(res.body) as { conversation_id: number }).conversation_id
}

const on =
  (body?: unknown): SweepFixture =>
  async (owner) => ({ params: { conversation_id: await conversation(owner) }, ...(body ? { body } : {}) })

export const assistantSweep: Record<string, SweepFixture> = {
  getSupportConversation: on(),
  deleteSupportConversation: on(),
  escalateSupportConversation: on({ reason: 'sweep' }),
  sendSupportMessage: on({ content: 'How do I connect my broker?' }),
  sendSupportFeedback: on({ helpful: false, rating: 1, comment: 'sweep' }),
}
