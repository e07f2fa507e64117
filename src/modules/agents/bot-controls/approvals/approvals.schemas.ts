/** Schemas of the approval queue (/api/bot-controls/approvals). */
import { type Static, Type } from 'typebox'
import { Id, Nullable, Text } from '../../../../platform/http/schemas.ts'
import { APPROVAL_STATUSES, ORDER_STATUSES } from '../orders.tables.ts'

export const NOTE_MAX = 500
export const PAGE_SIZE_DEFAULT = 20
export const PAGE_SIZE_MAX = 100

const Time = Type.String({ format: 'date-time' })
const Dec = (description: string) => Type.String({ pattern: '^-?\\d+(\\.\\d+)?$', description })
const TenantId = Id({ description: 'Another tenant (administrators); default: your own' })

export const ApprovalStatus = Type.Enum([...APPROVAL_STATUSES], {
  description:
    'pending (waiting for a person), approved (approved, being sent), sent (approved and sent to the broker), ' +
    'rejected (refused by a person), expired (not decided in time, or the quote left the band)',
})

export const ApprovalListQuery = Type.Object({
  status: Type.Optional(ApprovalStatus),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: '1-based page number' })),
  page_size: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: PAGE_SIZE_MAX,
      description: `Items per page, 1–${PAGE_SIZE_MAX}; default ${PAGE_SIZE_DEFAULT}`,
    }),
  ),
  tenant_id: Type.Optional(TenantId),
})
export type ApprovalListQueryInput = Static<typeof ApprovalListQuery>

export const TenantQuery = Type.Object({ tenant_id: Type.Optional(TenantId) })
export type TenantQueryInput = Static<typeof TenantQuery>
export const ApprovalParams = Type.Object({ approval_id: Id() })

export const RejectInput = Type.Object(
  {
    note: Type.Optional(
      Text({ minLength: 1, maxLength: NOTE_MAX, description: `Why (kept with the decision), 1–${NOTE_MAX} characters` }),
    ),
  },
  { additionalProperties: false },
)
export type RejectInputBody = Static<typeof RejectInput>

/** An agent's order as the approval shows it (the same fields as the order log). */
export const AgentOrder = Type.Object({
  order_id: Type.Integer(),
  agent_id: Type.Integer(),
  account_id: Type.Integer(),
  client_order_id: Type.String(),
  symbol: Type.String(),
  side: Type.Enum(['buy', 'sell']),
  qty: Nullable(Dec('Shares asked for, or null when a notional was asked')),
  notional: Nullable(Dec('Dollars asked for (market orders), or null')),
  type: Type.Enum(['market', 'limit']),
  limit_price: Nullable(Dec('The limit price of a limit order')),
  time_in_force: Type.String(),
  mode: Type.Enum(['paper', 'live']),
  priced_notional: Dec('The order’s value as the gate priced it, in dollars (2 decimals)'),
  reference_price: Dec('The price the gate used: the limit price, else the quote at the time'),
  status: Type.Enum([...ORDER_STATUSES]),
  reject_reason: Nullable(Type.String()),
  reject_detail: Nullable(Type.String()),
  approval_id: Nullable(Type.Integer()),
  broker: Nullable(Type.String()),
  broker_order_id: Nullable(Type.String()),
  filled_qty: Dec('Shares filled so far'),
  filled_avg_price: Nullable(Dec('Average fill price')),
  via: Type.Enum(['rest', 'mcp', 'console']),
  trading_day: Type.String({ format: 'date', description: 'The New York trading day the order counts in' }),
  created_at: Time,
  updated_at: Time,
})
export type AgentOrderOut = Static<typeof AgentOrder>

export const Approval = Type.Object({
  approval_id: Type.Integer(),
  status: ApprovalStatus,
  order: AgentOrder,
  agent_name: Type.String(),
  band_low: Nullable(Dec('A market order is sent only while the quote is at least this; null for a limit order')),
  band_high: Nullable(Dec('… and at most this; null for a limit order')),
  expires_at: Time,
  decided_by: Nullable(Type.Integer({ description: 'The user who approved or rejected it' })),
  decided_at: Nullable(Time),
  decision_note: Nullable(Type.String()),
  created_at: Time,
})
export type ApprovalOut = Static<typeof Approval>

export const ApprovalPage = Type.Object({
  items: Type.Array(Approval),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  page_size: Type.Integer({ minimum: 1 }),
})
export type ApprovalPageOut = Static<typeof ApprovalPage>
