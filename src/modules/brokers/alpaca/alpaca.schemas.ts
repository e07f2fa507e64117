/** Request and response schemas of Alpaca's routes: health, positions, orders and activities. */
import { Type, type Static } from 'typebox'

/** A positive decimal as a JSON string: the orders are decimal-strict (a JSON number is a 422). */
const Decimal = (what: string) =>
  Type.String({
    pattern: '^(0|[1-9][0-9]{0,11})(\\.[0-9]{1,9})?$',
    description: `${what}, a decimal as a JSON string (e.g. "10" or "187.25"); a JSON number is refused`,
  })
const DecimalOut = Type.Union([Type.String(), Type.Null()], { description: 'a decimal string, or null' })
const Timestamp = Type.String({ format: 'date-time', description: 'RFC 3339, e.g. 2026-11-25T14:30:00Z' })

export const Health = Type.Object({
  ok: Type.Boolean(),
  broker: Type.String(),
  configured: Type.Boolean(),
  connected: Type.Boolean(),
  latency_ms: Type.Optional(Type.Integer()),
  error: Type.Optional(Type.String()),
})

export const Positions = Type.Object({
  account_id: Type.Union([Type.Integer(), Type.Null()], { description: 'The portfolio account synced' }),
  snapshot_date: Type.String({ format: 'date' }),
  sync_id: Type.Integer({ description: 'The broker sync log row written (sync_kind manual)' }),
  positions: Type.Array(
    Type.Object({
      symbol: Type.String(),
      quantity: Type.String({ description: 'decimal string; negative for a short' }),
      avg_entry_price: Type.String(),
      cost_basis: Type.String(),
      current_price: DecimalOut,
      market_value: DecimalOut,
      unrealized_pl: DecimalOut,
      asset_class: Type.String(),
    }),
  ),
  skipped: Type.Array(Type.String(), { description: 'Symbols the portfolio snapshot cannot hold' }),
})

export const OrderBody = Type.Object({
  symbol: Type.String({ pattern: '^[A-Za-z0-9./-]{1,21}$' }),
  side: Type.Union([Type.Literal('buy'), Type.Literal('sell')]),
  type: Type.Union(['market', 'limit', 'stop', 'stop_limit', 'trailing_stop'].map((t) => Type.Literal(t))),
  time_in_force: Type.Union(['day', 'gtc', 'opg', 'cls', 'ioc', 'fok'].map((t) => Type.Literal(t))),
  qty: Type.Optional(Decimal('Shares (exactly one of qty and notional)')),
  notional: Type.Optional(Decimal('Dollar amount (market orders, time_in_force day)')),
  limit_price: Type.Optional(Decimal('Limit price (limit and stop_limit)')),
  stop_price: Type.Optional(Decimal('Stop price (stop and stop_limit)')),
  trail_price: Type.Optional(Decimal('Trailing amount (trailing_stop)')),
  trail_percent: Type.Optional(Decimal('Trailing percent (trailing_stop)')),
  extended_hours: Type.Optional(Type.Boolean()),
  client_order_id: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 48,
      pattern: '^[!-~]+$',
      description: 'Yours, unique per account',
    }),
  ),
})
export type OrderBodyInput = Static<typeof OrderBody>

export const Order = Type.Object({
  id: Type.String(),
  client_order_id: Type.Union([Type.String(), Type.Null()]),
  symbol: Type.String(),
  side: Type.String(),
  type: Type.String(),
  time_in_force: Type.String(),
  status: Type.String(),
  qty: DecimalOut,
  notional: DecimalOut,
  filled_qty: Type.String(),
  filled_avg_price: DecimalOut,
  limit_price: DecimalOut,
  stop_price: DecimalOut,
  extended_hours: Type.Boolean(),
  created_at: Type.String(),
  submitted_at: Type.Union([Type.String(), Type.Null()]),
  filled_at: Type.Union([Type.String(), Type.Null()]),
  canceled_at: Type.Union([Type.String(), Type.Null()]),
})

export const OrderListQuery = Type.Object({
  status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('closed'), Type.Literal('all')])),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'default 50, at most 100' })),
  after: Type.Optional(Timestamp),
  until: Type.Optional(Timestamp),
  direction: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
})

export const OrderList = Type.Object({ items: Type.Array(Order) })

export const OrderIdParams = Type.Object({
  order_id: Type.String({ pattern: '^[A-Za-z0-9-]{1,64}$', description: 'Alpaca’s order id (a UUID)' }),
})

export const Cancelled = Type.Object({ order_id: Type.String(), cancel_requested: Type.Boolean() })

export const ActivitiesQuery = Type.Object({
  activity_type: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z]{2,8}(,[A-Za-z]{2,8})*$',
      description: 'Alpaca activity types, comma-separated (FILL, DIV, CSD, FEE, …)',
    }),
  ),
  after: Type.Optional(Timestamp),
  until: Type.Optional(Timestamp),
  page_size: Type.Optional(Type.Integer({ enum: [25, 50, 100], description: '25, 50 or 100 (default 100)' })),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 512, pattern: '^[A-Za-z0-9_-]+$' })),
})

export const Activities = Type.Object({
  items: Type.Array(
    Type.Object({
      id: Type.String(),
      activity_type: Type.String(),
      time: Type.String(),
      symbol: Type.Union([Type.String(), Type.Null()]),
      side: Type.Union([Type.String(), Type.Null()]),
      qty: DecimalOut,
      price: DecimalOut,
      net_amount: DecimalOut,
      description: Type.Union([Type.String(), Type.Null()]),
      order_id: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'null on the last page' }),
})
