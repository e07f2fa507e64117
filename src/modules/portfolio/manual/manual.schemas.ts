import { Id, Text } from '../../../platform/http/schemas.ts'
import { Type, type Static } from 'typebox'
import { Page, PageQuery } from '../../../platform/http/pagination.ts'

const Symbol = Type.String({ pattern: '^[A-Za-z0-9.\\-^]{1,16}$', description: 'Ticker, e.g. AAPL, BRK.B' })
const Day = Type.String({ format: 'date', description: 'YYYY-MM-DD' })
const Quantity = Type.Number({
  minimum: -1e12,
  maximum: 1e12,
  description:
    'Shares: positive long, negative short, 0 flat. At most 8 decimal places (more is a 422, never rounded).',
})
const Money = Type.Number({
  minimum: 0,
  maximum: 1e13,
  description: 'USD, at most 4 decimal places (more is a 422, never rounded)',
})
const CostBasis = Type.Number({
  minimum: 0,
  maximum: 1e13,
  description:
    'USD, at most 4 decimal places. Long: the total paid. Short: the proceeds received when ' +
    'selling short (positive), so unrealized = cost_basis − |quantity| × price. Flat: ignored.',
})
// No schema default: Ajv would insert it and an empty PATCH would pass minProperties.
const AllowUnlisted = Type.Boolean({
  description:
    'Default false. Accept a symbol the market data provider does not list (a private holding); otherwise an ' +
    'unknown symbol is a 422 naming it',
})

export const PositionSchema = Type.Object({
  position_id: Type.Integer(),
  account_id: Type.Integer(),
  symbol: Type.String(),
  quantity: Type.Number(),
  cost_basis: Type.Number({
    description: 'Long: total paid; short: proceeds received (positive); see the request field',
  }),
  as_of: Type.String({ format: 'date' }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
})
export type Position = Static<typeof PositionSchema>

export const PositionList = Page(PositionSchema)
export const PositionQuery = Type.Object({
  ...PageQuery.properties,
  account_id: Type.Optional(Id()),
})
export const CreatePositionBody = Type.Object(
  {
    account_id: Id(),
    symbol: Symbol,
    quantity: Quantity,
    cost_basis: CostBasis,
    as_of: Type.Optional(Day),
    allow_unlisted: Type.Optional(AllowUnlisted),
  },
  { additionalProperties: false },
)
export const PatchPositionBody = Type.Object(
  { quantity: Type.Optional(Quantity), cost_basis: Type.Optional(CostBasis), as_of: Type.Optional(Day) },
  { additionalProperties: false, minProperties: 1 },
)
export const PositionParams = Type.Object({ position_id: Id() })

export const TransactionSchema = Type.Object({
  transaction_id: Type.Integer(),
  account_id: Type.Integer(),
  symbol: Type.String(),
  quantity: Type.Number(),
  date_acquired: Type.String(),
  date_sold: Type.String({
    description:
      'As entered; rows whose value is not a valid YYYY-MM-DD are kept but left out of dated analytics',
  }),
  date_sold_valid: Type.Boolean(),
  proceeds: Type.Number(),
  cost_basis: Type.Number(),
  fees: Type.Number(),
  gain_loss: Type.Number(),
  term: Type.Enum(['short', 'long', 'unknown']),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
})
export type Transaction = Static<typeof TransactionSchema>

export const TransactionList = Page(TransactionSchema)
export const TransactionQuery = Type.Object({
  ...PageQuery.properties,
  account_id: Type.Optional(Id()),
  year: Type.Optional(Type.Integer({ minimum: 1900, maximum: 2200, description: 'Tax year of date_sold' })),
})
const Acquired = Type.String({
  pattern: '^([0-9]{4}-[0-9]{2}-[0-9]{2}|VARIOUS)$',
  description: 'YYYY-MM-DD or VARIOUS; a date must not be in the future (New York)',
})
const Sold = Text({
  minLength: 1,
  maxLength: 40,
  description:
    'YYYY-MM-DD: not in the future (New York) and not before date_acquired. Other text is ' +
    'stored as given (legacy) and left out of dated analytics.',
})
const TradeQuantity = Type.Number({
  exclusiveMinimum: 0,
  maximum: 1e12,
  description: 'Shares sold, positive, at most 8 decimal places (more is a 422, never rounded)',
})
const GainLoss = Type.Number({
  minimum: -1e13,
  maximum: 1e13,
  description: 'USD, at most 4 decimal places; defaults to proceeds − cost_basis − fees',
})
export const CreateTransactionBody = Type.Object(
  {
    account_id: Id(),
    symbol: Symbol,
    quantity: TradeQuantity,
    date_acquired: Acquired,
    date_sold: Sold,
    proceeds: Money,
    cost_basis: Money,
    fees: Type.Optional(Money),
    gain_loss: Type.Optional(GainLoss),
    allow_unlisted: Type.Optional(AllowUnlisted),
  },
  { additionalProperties: false },
)
export const PatchTransactionBody = Type.Object(
  {
    symbol: Type.Optional(Symbol),
    quantity: Type.Optional(TradeQuantity),
    date_acquired: Type.Optional(Acquired),
    date_sold: Type.Optional(Sold),
    proceeds: Type.Optional(Money),
    cost_basis: Type.Optional(Money),
    fees: Type.Optional(Money),
    gain_loss: Type.Optional(GainLoss),
    allow_unlisted: Type.Optional(AllowUnlisted),
  },
  { additionalProperties: false, minProperties: 1 },
)
export const TransactionParams = Type.Object({ transaction_id: Id() })
