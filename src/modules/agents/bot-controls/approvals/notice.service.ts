/**
 * The heads-up of a held order: one notification to the agent's creator (in-app, and push on the
 * browsers and devices they registered), deduplicated per approval, linking to the approval queue.
 */
import type { Notifications } from '../../../engagement/notifications/index.ts'

/** The unsubscribe list approval requests belong to. */
export const AGENT_APPROVALS_LIST = 'agent-approvals'
export const APPROVALS_URL = '/app/agents/approvals'

/** Asks the agent's creator to decide (the notifications module: in-app and push). */
export type ApprovalNotifier = (n: {
  tenantId: number
  userId: number
  approvalId: number
  orderId: number
  agentName: string
  summary: string
  expiresAt: Date
}) => Promise<void>

const nyTime = (d: Date) =>
  d.toLocaleTimeString('en-US', {
    timeZone: 'America/New_York',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  })

export const approvalNotifier =
  (notifications: Pick<Notifications, 'dispatch'>): ApprovalNotifier =>
  async (n) => {
    await notifications.dispatch({
      tenantId: n.tenantId,
      userId: n.userId,
      dedupeKey: `bot-approval:${n.approvalId}`,
      source: 'system',
      list: AGENT_APPROVALS_LIST,
      message: {
        title: `${n.agentName} asks to place an order`,
        body: `${n.summary}. Approve or reject before ${nyTime(n.expiresAt)} New York time.`,
        url: APPROVALS_URL,
        data: { approval_id: String(n.approvalId), order_id: String(n.orderId) },
      },
      channels: [{ channel: 'in_app' }, { channel: 'web_push' }, { channel: 'mobile_push' }],
    })
  }
