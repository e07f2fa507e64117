/**
 * Cross-tenant sweep fixtures: the owner's suppression (made by hand), in-app item (from a
 * notification to themselves) and notification; another tenant's call must answer 404.
 */
import { created, type SweepCaller, type SweepFixture } from '../../module.ts'

interface Accepted {
  notification_id: number
  deliveries: { channel: string; detail: { item_id?: number } }[]
}

/** The sweep's caller is a test client, whose `post` also takes headers (the Idempotency-Key). */
type HeaderPost = (
  url: string,
  body: unknown,
  headers: Record<string, string>,
) => Promise<{ statusCode: number; body: string }>

async function notify(owner: SweepCaller): Promise<Accepted> {
  const res = await (owner as unknown as { post: HeaderPost }).post(
    '/api/notifications',
    { title: 'Sweep', body: 'Owner only', channels: ['in_app'] },
    { 'idempotency-key': `sweep-${owner.tenantId}-${Date.now()}` },
  )
  if (res.statusCode !== 202)
    throw new Error(`sweep fixture: expected 202, got ${res.statusCode}: ${res.body}`)
  return JSON.parse(res.body) as Accepted
}

export const notificationsSweep: Record<string, SweepFixture> = {
  deleteNotificationSuppression: async (owner) => {
    const { suppression_id } = await created(
      await owner.post('/api/notifications/suppressions', { channel: 'email' }),
    )
    return { params: { suppression_id: suppression_id! } }
  },
  readInAppAlert: async (owner) => {
    const accepted = await notify(owner)
    const item = accepted.deliveries.find((d) => d.channel === 'in_app')?.detail.item_id
    if (!item) throw new Error('sweep fixture: no in-app item')
    return { params: { item_id: item } }
  },
  getNotification: async (owner) => ({ params: { notification_id: (await notify(owner)).notification_id } }),
}
