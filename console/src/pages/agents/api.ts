/**
 * The agents area's reads and writes (/api/bot-controls): the tenant's agents, each one's limits,
 * today's usage, its order log and its credential; the approval queue; the approval threshold, its
 * per-account overrides and the preview of a proposed threshold. Types come from the generated client.
 */
import { api, data, type paths } from '../../api/client.ts'
import { price } from '../../ui/format.ts'

export const PAGE_SIZE = 25

export const AGENTS = ['agents', 'list'] as const
export const agentKey = (id: number) => ['agents', 'agent', id] as const
export const limitsKey = (id: number) => ['agents', 'limits', id] as const
export const usageKey = (id: number) => ['agents', 'usage', id] as const
export const orderKey = (id: number) => ['agents', 'order', id] as const
export const ordersKey = (id: number, status: string, page: number) =>
  ['agents', 'orders', id, { status, page }] as const
export const approvalsKey = (status: string, page: number) =>
  ['agents', 'approvals', { status, page }] as const
export const THRESHOLD = ['agents', 'threshold'] as const

export const fetchAgents = (page: number) =>
  data(api.GET('/api/bot-controls/agents', { params: { query: { page, page_size: PAGE_SIZE } } }))
export const createAgent = (body: AgentInput) => data(api.POST('/api/bot-controls/agents', { body }))
export const fetchAgent = (agent_id: number) =>
  data(api.GET('/api/bot-controls/agents/{agent_id}', { params: { path: { agent_id } } }))
export const patchAgent = (agent_id: number, body: AgentPatch) =>
  data(api.PATCH('/api/bot-controls/agents/{agent_id}', { params: { path: { agent_id } }, body }))
export const archiveAgent = (agent_id: number) =>
  data(api.DELETE('/api/bot-controls/agents/{agent_id}', { params: { path: { agent_id } } }))

export const fetchLimits = (agent_id: number) =>
  data(api.GET('/api/bot-controls/agents/{agent_id}/limits', { params: { path: { agent_id } } }))
export const saveLimits = (agent_id: number, body: LimitsInput) =>
  data(api.PUT('/api/bot-controls/agents/{agent_id}/limits', { params: { path: { agent_id } }, body }))
export const fetchUsage = (agent_id: number) =>
  data(api.GET('/api/bot-controls/agents/{agent_id}/usage', { params: { path: { agent_id } } }))
export const issueCredential = (agent_id: number, scopes: AgentScope[]) =>
  data(
    api.POST('/api/bot-controls/agents/{agent_id}/credentials', {
      params: { path: { agent_id } },
      body: { scopes },
    }),
  )
export const fetchOrders = (agent_id: number, status: string, page: number) =>
  data(
    api.GET('/api/bot-controls/agents/{agent_id}/orders', {
      params: {
        path: { agent_id },
        query: { ...(status ? { status: status as OrdersQuery['status'] } : {}), page, page_size: PAGE_SIZE },
      },
    }),
  )
export const fetchOrder = (order_id: number) =>
  data(api.GET('/api/bot-controls/orders/{order_id}', { params: { path: { order_id } } }))

export const fetchApprovals = (status: string, page: number) =>
  data(
    api.GET('/api/bot-controls/approvals', {
      params: {
        query: {
          ...(status ? { status: status as ApprovalsQuery['status'] } : {}),
          page,
          page_size: PAGE_SIZE,
        },
      },
    }),
  )
export const approve = (approval_id: number) =>
  data(api.POST('/api/bot-controls/approvals/{approval_id}/approve', { params: { path: { approval_id } } }))
export const reject = (approval_id: number, note: string) =>
  data(
    api.POST('/api/bot-controls/approvals/{approval_id}/reject', {
      params: { path: { approval_id } },
      body: note ? { note } : {},
    }),
  )

export const fetchThreshold = () => data(api.GET('/api/bot-controls/approval-threshold'))
export const saveThreshold = (threshold: string | null) =>
  data(api.PUT('/api/bot-controls/approval-threshold', { body: { threshold } }))
export const saveOverride = (account_id: number, threshold: string | null) =>
  data(api.PUT('/api/bot-controls/approval-threshold/account-override', { body: { account_id, threshold } }))
export const fetchPreview = (proposed_threshold: string, days: number) =>
  data(
    api.GET('/api/bot-controls/approval-threshold/preview', {
      params: { query: { proposed_threshold, days } },
    }),
  )

export type Agents = Awaited<ReturnType<typeof fetchAgents>>
export type Agent = Agents['items'][number]
export type AgentInput =
  paths['/api/bot-controls/agents']['post']['requestBody']['content']['application/json']
export type AgentPatch = NonNullable<
  paths['/api/bot-controls/agents/{agent_id}']['patch']['requestBody']
>['content']['application/json']
export type Limits = Awaited<ReturnType<typeof fetchLimits>>
export type LimitsInput = NonNullable<
  paths['/api/bot-controls/agents/{agent_id}/limits']['put']['requestBody']
>['content']['application/json']
export type Usage = Awaited<ReturnType<typeof fetchUsage>>
export type Credential = Awaited<ReturnType<typeof issueCredential>>
export type AgentScope = NonNullable<Agent['credential']>['scopes'][number]
export type Orders = Awaited<ReturnType<typeof fetchOrders>>
export type Order = Orders['items'][number]
type OrdersQuery = NonNullable<
  paths['/api/bot-controls/agents/{agent_id}/orders']['get']['parameters']['query']
>
export type Approvals = Awaited<ReturnType<typeof fetchApprovals>>
export type Approval = Approvals['items'][number]
type ApprovalsQuery = NonNullable<paths['/api/bot-controls/approvals']['get']['parameters']['query']>
export type Threshold = Awaited<ReturnType<typeof fetchThreshold>>
export type Preview = Awaited<ReturnType<typeof fetchPreview>>

export const TRADING_STATES = ['active', 'reducing', 'halted'] as const
export type TradingState = (typeof TRADING_STATES)[number]
export const STATE_LABELS: Record<TradingState, string> = {
  active: 'Active',
  reducing: 'Reducing only',
  halted: 'Halted',
}
export const STATE_HINTS: Record<TradingState, string> = {
  active: 'places orders within its limits',
  reducing: 'may only close or shrink its own positions',
  halted: 'every new order is refused; cancels still work',
}
export const MODES = ['paper', 'live'] as const

export const SCOPES = [
  'portfolio:read',
  'market:read',
  'orders:read',
  'orders:propose',
  'orders:execute',
] as const
export const DEFAULT_SCOPES: readonly string[] = [
  'portfolio:read',
  'market:read',
  'orders:read',
  'orders:propose',
]
export const SCOPE_LABELS: Record<(typeof SCOPES)[number], string> = {
  'portfolio:read': 'Read the portfolio',
  'market:read': 'Read market data',
  'orders:read': 'Read its orders',
  'orders:propose': 'Propose orders (each held for your approval)',
  'orders:execute': 'Execute orders (up to the approval threshold)',
}

export const ORDER_STATUSES = [
  'pending_approval',
  'sent',
  'partially_filled',
  'filled',
  'canceled',
  'rejected',
  'broker_rejected',
  'expired',
] as const
export const APPROVAL_STATUSES = ['pending', 'approved', 'sent', 'rejected', 'expired'] as const

/** "pending_approval" → "pending approval"; a reason like "limit.max_order_notional" → "max order notional". */
export const words = (s: string) => s.replace(/^limit\./, '').replace(/[._]/g, ' ')

/**
 * An order as a person reads it: "buy 10 AAPL, limit $150.123456" or "sell $2,000.00 of MSFT,
 * market". The limit keeps every decimal the agent sent (up to 6): rounded to the cent it would
 * name a price the order does not have.
 */
export function orderText(o: Order): string {
  const size = o.qty !== null ? `${o.qty} ${o.symbol}` : `${price(o.notional ?? '0')} of ${o.symbol}`
  const type = o.type === 'limit' && o.limit_price !== null ? `limit ${price(o.limit_price)}` : 'market'
  return `${o.side} ${size}, ${type}`
}
