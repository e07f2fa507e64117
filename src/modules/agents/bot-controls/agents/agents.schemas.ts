/** Schemas of the agents, their limits, credentials, usage and the approval threshold. */
import { type Static, Type } from 'typebox'
import { Id, Name, Nullable, Text } from '../../../../platform/http/schemas.ts'
import { AGENT_MODES, TRADING_STATES } from '../controls.tables.ts'
import { MAX_ALLOWED_SYMBOLS } from './lib/values.ts'
import { AGENT_SCOPES } from './lib/types.ts'

export const MAX_ALLOWED_ACCOUNTS = 100
const MAX_COUNT = 1_000_000
const Time = Type.String({ format: 'date-time' })
const TenantId = Id({ description: 'Another tenant (administrators); default: your own' })

export const TenantQuery = Type.Object({ tenant_id: Type.Optional(TenantId) })
export const AgentParams = Type.Object({ agent_id: Id() })
export const AgentListQuery = Type.Object({
  page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100_000, default: 1, description: '1-based page number' }),
  ),
  page_size: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 100,
      default: 20,
      description: 'Agents per page, 1–100 (default 20)',
    }),
  ),
  tenant_id: Type.Optional(TenantId),
})

const TradingStateSchema = Type.Enum([...TRADING_STATES], {
  description: 'active: trades; reducing: only orders that shrink its own position; halted: nothing',
})
const ModeSchema = Type.Enum([...AGENT_MODES], {
  description: 'paper: the internal paper broker; live: the account’s connected broker',
})
export const ScopeSchema = Type.Enum([...AGENT_SCOPES], {
  description: 'portfolio:read, market:read, orders:read, orders:propose or orders:execute',
})
const Hhmm = Type.String({
  pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
  description: 'HH:MM, 00:00 to 23:59',
  errorMessage: { pattern: 'must be a time HH:MM (24-hour, New York time, 00:00 to 23:59), e.g. 09:30' },
})
/** An end may also be 24:00, the end of the day, so a window can run to midnight. */
const HhmmEnd = Type.String({
  pattern: '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$',
  description: 'HH:MM, 00:01 to 24:00 (24:00: the end of the day)',
  errorMessage: {
    pattern: 'must be a time HH:MM (24-hour, New York time), e.g. 16:00, or 24:00 for the end of the day',
  },
})
const Hours = Type.Object(
  { start: Hhmm, end: HhmmEnd },
  {
    description:
      'A daily window in New York time; start < end; the end minute is outside it; an end of 24:00 runs to midnight',
  },
)
const Symbols = Type.Array(
  Type.String({
    minLength: 1,
    maxLength: 10,
    pattern: '^[A-Za-z][A-Za-z0-9.\\-]{0,9}$',
    errorMessage: { pattern: 'must be a ticker: a letter, then up to 9 letters, digits, dots or dashes' },
  }),
  {
    maxItems: MAX_ALLOWED_SYMBOLS,
    description: `Up to ${MAX_ALLOWED_SYMBOLS} tickers (upper-cased, duplicates dropped); null: any`,
  },
)
const Accounts = Type.Array(Id(), {
  maxItems: MAX_ALLOWED_ACCOUNTS,
  description: 'Ids of your broker accounts; null: any of them',
})
const Label = Text({ maxLength: 100, description: 'Free text: what the agent runs' })

const settings = {
  enabled: Type.Optional(Type.Boolean()),
  trading_state: Type.Optional(TradingStateSchema),
  mode: Type.Optional(ModeSchema),
  allowed_symbols: Type.Optional(Nullable(Symbols)),
  allowed_hours: Type.Optional(Nullable(Hours)),
  allowed_accounts: Type.Optional(Nullable(Accounts)),
  strategy_label: Type.Optional(Nullable(Label)),
}
export const AgentCreate = Type.Object({ name: Name(100), ...settings }, { additionalProperties: false })
export const AgentPatch = Type.Object(
  { name: Type.Optional(Name(100)), ...settings },
  {
    additionalProperties: false,
    minProperties: 1,
    errorMessage: { minProperties: 'must change at least one field' },
  },
)
export type AgentPatchBody = Static<typeof AgentPatch>

export const Agent = Type.Object({
  agent_id: Type.Integer(),
  name: Type.String(),
  enabled: Type.Boolean(),
  trading_state: TradingStateSchema,
  mode: ModeSchema,
  allowed_symbols: Nullable(Type.Array(Type.String())),
  allowed_hours: Nullable(Type.Object({ start: Type.String(), end: Type.String() })),
  allowed_accounts: Nullable(Type.Array(Type.Integer())),
  strategy_label: Nullable(Type.String()),
  credential: Nullable(
    Type.Object({
      prefix: Type.String({ description: 'The start of the key, to tell keys apart; never the key' }),
      scopes: Type.Array(ScopeSchema),
      created_at: Time,
      last_used_at: Nullable(Time),
    }),
  ),
  created_at: Time,
  updated_at: Time,
})
export const AgentPage = Type.Object({
  items: Type.Array(Agent),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  page_size: Type.Integer({ minimum: 1 }),
})
export const Archived = Type.Object({ agent_id: Type.Integer(), archived: Type.Literal(true) })

export const CredentialInput = Type.Object(
  {
    scopes: Type.Optional(
      Type.Array(ScopeSchema, { minItems: 1, maxItems: AGENT_SCOPES.length, uniqueItems: true }),
    ),
  },
  { additionalProperties: false },
)
export const IssuedCredential = Type.Object({
  agent_id: Type.Integer(),
  key: Type.String({ description: 'The key itself: shown this once, never again' }),
  prefix: Type.String(),
  scopes: Type.Array(ScopeSchema),
  created_at: Time,
})

/** Digits a money amount may have before the point: its column is numeric(20, 2). */
export const MONEY_INTEGER_DIGITS = 18
/** The largest money amount: 18 nines, then .99. */
export const MONEY_MAX = `${'9'.repeat(MONEY_INTEGER_DIGITS)}.99`
const MONEY_MESSAGE =
  `must be a decimal string ≥ 0 and at most ${MONEY_MAX} (up to ${MONEY_INTEGER_DIGITS} digits before the ` +
  'point, at most 2 decimal places), such as "1000.00" (send numbers as strings: JSON numbers are refused)'
/** Money: a JSON string, ≥ 0, at most 2 decimal places (never a JSON number: floats round), at most MONEY_MAX. */
export const MoneyString = (description: string) =>
  Type.String({
    pattern: `^[0-9]{1,${MONEY_INTEGER_DIGITS}}(\\.[0-9]{1,2})?$`,
    description: `${description}; at most ${MONEY_MAX}`,
    errorMessage: MONEY_MESSAGE,
  })
/** Money or null; one message for both ways of failing (a number, a malformed string). */
const NullableMoney = (description: string) =>
  Type.Union([Type.Null(), MoneyString(description)], {
    description,
    errorMessage: { anyOf: `${MONEY_MESSAGE}, or null` },
  })
const Count = (description: string) =>
  Nullable(Type.Integer({ minimum: 0, maximum: MAX_COUNT, description: `${description}; null: no limit` }))

export const LimitsInput = Type.Object(
  {
    max_orders_per_day: Count('Orders per New York trading day'),
    max_notional_per_day: NullableMoney('Sum of priced notional per trading day; null: no limit'),
    max_order_notional: NullableMoney('One order’s priced notional; null: no limit'),
    max_position_weight: Type.Union(
      [Type.Null(), Type.String({ pattern: '^(0(\\.[0-9]{1,6})?|1(\\.0{1,6})?)$' })],
      {
        description:
          'Largest share of the account’s value (holdings + cash) one symbol may reach after a buy, 0–1; null: no limit',
        errorMessage: {
          anyOf:
            'must be a decimal string from "0" to "1" with at most 6 decimal places, such as "0.25" (send numbers as strings), or null',
        },
      },
    ),
    max_open_positions: Count(
      'Open positions: (account, symbol) pairs where the agent’s position is nonzero, checked when an order opens one',
    ),
    max_orders_per_minute: Count('Orders in any 60 seconds'),
  },
  { additionalProperties: false },
)
export type LimitsInputBody = Static<typeof LimitsInput>
export const Limits = Type.Object({
  agent_id: Type.Integer(),
  max_orders_per_day: Nullable(Type.Integer()),
  max_notional_per_day: Nullable(Type.String()),
  max_order_notional: Nullable(Type.String()),
  max_position_weight: Nullable(Type.String()),
  max_open_positions: Nullable(Type.Integer()),
  max_orders_per_minute: Nullable(Type.Integer()),
  updated_at: Time,
})

export const Usage = Type.Object({
  agent_id: Type.Integer(),
  trading_day: Type.String({ format: 'date', description: 'Today in New York' }),
  orders: Type.Integer({ description: 'Orders that passed the gate today (held ones included)' }),
  notional: Type.String({ description: 'Their priced notional' }),
  rejections: Type.Record(Type.String(), Type.Integer(), { description: 'Rejections by typed reason' }),
  rejections_total: Type.Integer(),
  pending_approvals: Type.Integer(),
  open_positions: Type.Integer(),
  limits: Limits,
  remaining: Type.Object({
    orders_per_day: Nullable(Type.Integer()),
    notional_per_day: Nullable(Type.String()),
  }),
})

export const ThresholdInput = Type.Object(
  { threshold: NullableMoney('Orders priced above this wait for approval; null: none does') },
  { additionalProperties: false },
)
export const OverrideInput = Type.Object(
  {
    account_id: Id({ description: 'One of your broker accounts' }),
    threshold: NullableMoney('This account’s own threshold; null removes the override'),
  },
  { additionalProperties: false },
)
export const Threshold = Type.Object({
  tenant_id: Type.Integer(),
  threshold: Nullable(Type.String()),
  overrides: Type.Array(
    Type.Object({ account_id: Type.Integer(), account_name: Type.String(), threshold: Type.String() }),
  ),
  updated_at: Nullable(Time),
})
