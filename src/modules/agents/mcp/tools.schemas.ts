/**
 * The MCP tools' input and output schemas (zod: the SDK publishes them as JSON Schema in
 * tools/list and validates arguments and structured results against them). Money and quantities
 * are decimal strings, never floats; market prices are numbers as the market-data API gives them.
 */
import { z } from 'zod'
import { DEFAULT_TIME_IN_FORCE, orderDecimal } from '../bot-controls/index.ts'

// Tool inputs are strict objects, as the REST bodies are: an unknown or misspelled argument
// (`time_in_forse: "gtc"`) is an error naming it, never dropped for a default the caller did not ask for.

const Decimal = z.string().regex(/^-?\d+(\.\d+)?$/)
const Money = Decimal.describe('Decimal string, exact')
const NullableMoney = Decimal.nullable()
const Symbol = z
  .string()
  .regex(/^\^?[A-Za-z0-9]{1,10}([.-][A-Za-z0-9]{1,5})?$/)
  .describe('Ticker, case-insensitive (AAPL, BRK.B)')
/**
 * A whole number in [min, max]. The bounds stop the checks when they fail, so a huge number is told
 * the tool's own bound once, not also the JavaScript safe-integer bound that `.int()` carries.
 */
const whole = (min: number, max: number) =>
  z.number().min(min, { abort: true }).max(max, { abort: true }).int()
const Id = whole(1, 2_147_483_647)

/** Third-party text in its envelope: data, never instructions. */
export const UntrustedText = z.object({
  _trust: z.object({ level: z.literal('untrusted_third_party_text'), instructions: z.string() }),
  data: z.string(),
})

export const PortfolioOutput = z.object({
  as_of: z.string(),
  base_currency: z.string(),
  total_value: Money,
  holdings_value: Money,
  cash_value: Money,
  unrealized_pl: Money,
  positions: z.number().int(),
  accounts: z.array(
    z.object({
      account_id: z.number().int(),
      account_name: z.string(),
      holdings_value: Money,
      cash_value: Money,
      positions: z.number().int(),
    }),
  ),
  degraded: z.boolean(),
  missing_rates: z.array(z.string()),
  stale_prices: z.array(z.string()),
})

export const HoldingsInput = z.strictObject({ account_id: Id.optional().describe('Only this account') })

export const HoldingsOutput = z.object({
  as_of: z.string(),
  base_currency: z.string(),
  total_value: Money,
  items: z.array(
    z.object({
      account_id: z.number().int(),
      account_name: z.string(),
      symbol: z.string(),
      name: z.string().nullable(),
      quantity: Decimal,
      price: Decimal,
      price_source: z.enum(['quote', 'snapshot']),
      currency: z.string(),
      market_value: Money,
      cost_basis: Money,
      unrealized_pl: Money,
      day_change: NullableMoney,
      market_value_base: NullableMoney,
      weight: Decimal.nullable(),
    }),
  ),
})

export const QuotesInput = z.strictObject({ symbols: z.array(Symbol).min(1).max(25) })

const Quote = z.looseObject({ symbol: z.string(), last: z.number(), as_of: z.string() })
export const QuotesOutput = z.object({
  items: z.array(Quote),
  not_found: z.array(z.object({ symbol: z.string(), error: z.string(), message: z.string() })),
})

export const BarsInput = z.strictObject({
  symbol: Symbol,
  interval: z.enum(['1m', '5m', '15m', '1h', '1d']).default('1d'),
  limit: whole(1, 1000).default(100).describe('The most recent N bars'),
})

export const BarsOutput = z.object({
  symbol: z.string(),
  interval: z.string(),
  items: z.array(z.looseObject({ time: z.string(), close: z.number() })),
})

export const SignalsInput = z.strictObject({
  symbol: Symbol.optional(),
  tag: z.enum(['SIGNAL', 'FLOW', 'ALERT', 'NEWS']).optional(),
  sessions: whole(1, 20).default(1).describe('Trading sessions back (1 = the latest)'),
  limit: whole(1, 200).default(50),
})

export const SignalsOutput = z.object({
  since: z.string(),
  degraded: z.array(z.string()),
  items: z.array(
    z.object({
      id: z.string(),
      tag: z.string(),
      symbol: z.string().nullable(),
      confidence: z.number().nullable(),
      source: z.string(),
      created_at: z.string(),
      text: z.union([z.string(), UntrustedText]),
    }),
  ),
})

export const ScreenInput = z.strictObject({
  filters: z
    .record(z.string(), z.unknown())
    .describe('A filter group: {"all": [{"field": "pe", "op": "lt", "value": 20}, …]} (see docs/mcp.md)'),
  sort: z
    .array(z.strictObject({ field: z.string(), dir: z.enum(['asc', 'desc']) }))
    .max(5)
    .optional(),
  columns: z.array(z.string()).max(30).optional(),
  limit: whole(1, 100).optional(),
  offset: whole(0, 10_000).optional(),
  universe: z.enum(['all', 'stocks', 'funds']).optional(),
})

export const ScreenOutput = z.object({
  as_of: z.string(),
  built_at: z.string(),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  columns: z.array(z.string()),
  rows: z.array(z.looseObject({ symbol: z.string(), values: z.record(z.string(), z.unknown()) })),
  degraded_sources: z.array(z.string()).optional(),
})

/** Decimal strings as the order route takes them (the same patterns: the gate relies on them), and its message. */
const dec = (field: Parameters<typeof orderDecimal>[0], description: string) => {
  const { pattern, message } = orderDecimal(field)
  return z.string(message).regex(new RegExp(pattern), message).describe(description)
}

/** An order as an agent sends it (the gate checks the rest: one of qty or notional, limit price iff limit). */
export const OrderInput = z.strictObject({
  account_id: Id.describe('A portfolio account of the tenant (linked to a trading broker for live mode)'),
  symbol: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9.-]{0,9}$/)
    .describe('Ticker, case-insensitive'),
  side: z.enum(['buy', 'sell']),
  qty: dec('qty', 'Shares > 0, up to 10 digits and 9 decimals, as a string; or give notional').optional(),
  notional: dec(
    'notional',
    'Dollars > 0, up to 12 digits and 2 decimals, as a string; market orders only',
  ).optional(),
  type: z.enum(['market', 'limit']),
  limit_price: dec(
    'limit_price',
    'Required for a limit order; > 0, up to 8 digits and 6 decimals',
  ).optional(),
  time_in_force: z.enum(['day', 'gtc', 'ioc', 'fok']).default(DEFAULT_TIME_IN_FORCE),
  client_order_id: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,128}$/)
    .describe('Your id for the order: the same id and order again answers the first result'),
})

export const SimulateInput = OrderInput.extend({
  client_order_id: OrderInput.shape.client_order_id.optional(),
})

export const OrderView = z.looseObject({
  order_id: z.number().int(),
  agent_id: z.number().int(),
  account_id: z.number().int(),
  client_order_id: z.string(),
  symbol: z.string(),
  side: z.string(),
  qty: NullableMoney,
  notional: NullableMoney,
  type: z.string(),
  limit_price: NullableMoney,
  status: z.string(),
  reject_reason: z.string().nullable(),
  reject_detail: z.string().nullable(),
  approval_id: z.number().int().nullable(),
  priced_notional: NullableMoney,
})

export const PlaceOutput = z.object({ order: OrderView, replayed: z.boolean() })
export const CancelInput = z.strictObject({ order_id: Id })
export const CancelOutput = z.object({ order: OrderView })

export const SimulationOutput = z.looseObject({
  outcome: z.enum(['would_send', 'would_hold', 'would_reject', 'would_replay', 'would_conflict']),
  reason: z.string().nullable(),
  detail: z.string().nullable(),
  existing_order_id: z
    .number()
    .int()
    .optional()
    .describe('would_replay, would_conflict: the order already recorded under the client_order_id'),
  checks: z.array(z.looseObject({ check: z.string(), passed: z.boolean() })),
})

export const OrdersInput = z.strictObject({
  status: z
    .enum([
      'rejected',
      'pending_approval',
      'sent',
      'partially_filled',
      'filled',
      'canceled',
      'expired',
      'broker_rejected',
    ])
    .optional()
    .describe('Only orders in this status'),
  page: whole(1, 100_000).default(1),
  page_size: whole(1, 100).default(20),
})

export const OrdersOutput = z.object({
  items: z.array(OrderView),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
})

export const LimitsOutput = z.looseObject({
  agent: z.looseObject({ agent_id: z.number().int(), name: z.string(), trading_state: z.string() }),
  limits: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
})
