/** Schemas of the agent order routes: the order input, the order view, the simulation, the log. */
import { type Static, Type } from 'typebox'
import { Id, Nullable } from '../../../../platform/http/schemas.ts'
import { ORDER_STATUSES } from '../orders.tables.ts'

/** Largest order value the gate prices (a sanity bound far above any plausible order). */
export const MAX_ORDER_VALUE = '1000000000000'

/**
 * The order's decimal fields: how many digits each takes before and after the point. The bounds are
 * in the message, so a value refused for its size says which part is too long (not only "decimals").
 */
const ORDER_DECIMAL_BOUNDS = {
  qty: { what: 'shares', before: 10, after: 9, example: '"10" or "0.5"' },
  notional: { what: 'dollars', before: 12, after: 2, example: '"1500.00"' },
  limit_price: { what: 'a price', before: 8, after: 6, example: '"190.50"' },
} as const

/** The time in force of an order that names none, over REST and MCP alike. */
export const DEFAULT_TIME_IN_FORCE = 'day'

export type OrderDecimalField = keyof typeof ORDER_DECIMAL_BOUNDS

/** The pattern and the 422 message of one decimal field of an order (the MCP tools use the same). */
export function orderDecimal(field: OrderDecimalField): { pattern: string; message: string } {
  const b = ORDER_DECIMAL_BOUNDS[field]
  return {
    pattern: `^(0|[1-9][0-9]{0,${b.before - 1}})(\\.[0-9]{1,${b.after}})?$`,
    message:
      `must be a decimal string of ${b.what} > 0, at most ${b.before} digits before the point and ` +
      `${b.after} after, such as ${b.example} (send numbers as strings: JSON numbers are refused)`,
  }
}

const decimal = (field: OrderDecimalField, description: string) => {
  const { pattern, message } = orderDecimal(field)
  // A JSON number would only hear "must be text", a wrong form only "the expected form": say what to send.
  return Type.String({
    pattern,
    description: `${description}; a JSON string (a JSON number is refused)`,
    errorMessage: { type: message, pattern: message },
  })
}

const Qty = decimal('qty', 'Shares, > 0, at most 10 digits before the point and 9 decimals')
const Notional = decimal(
  'notional',
  'Dollars, > 0, at most 12 digits before the point and 2 decimals (market orders only)',
)
const LimitPrice = decimal(
  'limit_price',
  'Limit price, > 0, at most 8 digits before the point and 6 decimals',
)
export const ClientOrderId = Type.String({
  minLength: 1,
  maxLength: 128,
  pattern: '^[A-Za-z0-9._:-]+$',
  description:
    'Your idempotency key (1–128 of A–Z a–z 0–9 . _ : -): the same key and request answer the same order',
})

const inputFields = {
  account_id: Id({ description: 'One of the tenant’s portfolio accounts' }),
  symbol: Type.String({
    pattern: '^[A-Za-z][A-Za-z0-9.\\-]{0,9}$',
    description: 'Ticker, case-insensitive (stored upper-case)',
  }),
  side: Type.Enum(['buy', 'sell'], { description: 'buy or sell' }),
  qty: Type.Optional(Qty),
  notional: Type.Optional(Notional),
  type: Type.Enum(['market', 'limit'], { description: 'market or limit' }),
  limit_price: Type.Optional(LimitPrice),
  time_in_force: Type.Optional(
    Type.Enum(['day', 'gtc', 'ioc', 'fok'], {
      default: DEFAULT_TIME_IN_FORCE,
      description: `day, gtc, ioc or fok; omitted: ${DEFAULT_TIME_IN_FORCE} (as the MCP tools)`,
    }),
  ),
}

export const AgentOrderInput = Type.Object(
  { ...inputFields, client_order_id: ClientOrderId },
  { additionalProperties: false },
)
export type AgentOrderInputBody = Static<typeof AgentOrderInput>

export const SimulateInput = Type.Object(
  { ...inputFields, client_order_id: Type.Optional(ClientOrderId) },
  { additionalProperties: false },
)
export type SimulateInputBody = Static<typeof SimulateInput>

const Dec = Type.String({ description: 'decimal string' })
const DecOrNull = Nullable(Type.String({ description: 'decimal string' }))
const Time = Type.String({ format: 'date-time' })
const Status = Type.Enum([...ORDER_STATUSES], {
  description:
    'rejected (by the gate), pending_approval, sent, partially_filled, filled, canceled, expired (approval ' +
    'not given in time), broker_rejected',
})

export const AgentOrderView = Type.Object({
  order_id: Type.Integer(),
  agent_id: Type.Integer(),
  account_id: Type.Integer(),
  client_order_id: Type.String(),
  symbol: Type.String(),
  side: Type.String(),
  qty: DecOrNull,
  notional: DecOrNull,
  type: Type.String(),
  limit_price: DecOrNull,
  time_in_force: Type.String(),
  mode: Type.Enum(['paper', 'live']),
  priced_notional: Type.String({ description: 'The order value the gate judged, to the cent' }),
  reference_price: Type.String({
    description: 'The limit price, else the quote at the time ("0" when none)',
  }),
  status: Status,
  reject_reason: Nullable(
    Type.String({ description: 'The typed reason (state.halted, limit.max_order_notional…)' }),
  ),
  reject_detail: Nullable(Type.String()),
  approval_id: Nullable(Type.Integer()),
  broker: Nullable(Type.String({ description: 'paper, brokera or brokerb' })),
  broker_order_id: Nullable(Type.String()),
  filled_qty: Dec,
  filled_avg_price: DecOrNull,
  via: Type.Enum(['rest', 'mcp', 'console']),
  trading_day: Type.String({ format: 'date', description: 'The New York trading day it counts in' }),
  created_at: Time,
  updated_at: Time,
})
export type AgentOrderViewOut = Static<typeof AgentOrderView>

export const Check = Type.Object({ check: Type.String(), passed: Type.Boolean(), detail: Type.String() })
export type CheckOut = Static<typeof Check>

export const SimulationView = Type.Object({
  outcome: Type.Enum(['would_send', 'would_hold', 'would_reject', 'would_replay', 'would_conflict'], {
    description:
      'would_send, would_hold, would_reject; with a client_order_id already used, what placing would answer ' +
      'instead: would_replay (the same request: the recorded order again, 200) or would_conflict (another ' +
      'request: 409 bot.client_order_id_conflict)',
  }),
  reason: Nullable(Type.String()),
  detail: Nullable(Type.String()),
  existing_order_id: Type.Optional(
    Type.Integer({
      description: 'would_replay, would_conflict: the order recorded under the client_order_id',
    }),
  ),
  priced_notional: Type.String(),
  reference_price: Type.String(),
  threshold: DecOrNull,
  checks: Type.Array(Check, { description: 'Every check run, in the gate’s order, up to the first failure' }),
  post_trade: Type.Object({
    position_weight: DecOrNull,
    open_positions: Type.Integer({ minimum: 0 }),
  }),
})
export type SimulationViewOut = Static<typeof SimulationView>

export const AgentParams = Type.Object({ agent_id: Id() })
export const OrderParams = Type.Object({ order_id: Id() })
export const AgentOrderParams = Type.Object({ agent_id: Id(), order_id: Id() })

export const TenantQuery = Type.Object({
  tenant_id: Type.Optional(Id({ description: 'Another tenant (administrators); default: your own' })),
})

export const OrderListQuery = Type.Object({
  status: Type.Optional(Status),
  page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100_000, default: 1, description: '1-based page' }),
  ),
  page_size: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, default: 20, description: '1–100, default 20' }),
  ),
  tenant_id: Type.Optional(Id({ description: 'Another tenant (administrators); default: your own' })),
})
export type OrderListQueryInput = Static<typeof OrderListQuery>

export const OrderPage = Type.Object({
  items: Type.Array(AgentOrderView),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  page_size: Type.Integer({ minimum: 1 }),
})
