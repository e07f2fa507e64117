/**
 * What alerts need of the notifications module: `dispatch` (one notification per dedupe key, a
 * delivery per channel) and `deliveries` (their statuses, for the trace). The notifications module's
 * API satisfies it; declared here so that this module states exactly what it uses.
 */
import type { Channel } from './catalog.ts'

export interface DispatchChannel {
  channel: Channel
  notBefore?: Date
  capped?: { cap: string; limit: number }
}

export interface DeliveryView {
  channel: string
  status: string
  detail: object
  attempts: number
  sent_at: string | null
  updated_at: string
}

export interface Notifier {
  dispatch(input: {
    tenantId: number
    userId: number
    dedupeKey: string
    source: 'alert' | 'system'
    list: string
    message: { title: string; body: string; url?: string; data?: Record<string, string> }
    channels: DispatchChannel[]
  }): Promise<{ notificationId: number; deliveries: DeliveryView[] }>
  deliveries(tenantId: number, notificationIds: number[]): Promise<Map<number, DeliveryView[]>>
}
