import { Id, Text } from '../../platform/http/schemas.ts'
import { Type, type Static } from 'typebox'

const Symbol = Type.String({ pattern: '^[A-Za-z0-9.\\-^]{1,16}$', description: 'Ticker, e.g. AAPL, BRK.B' })
const Day = Type.String({ format: 'date', description: 'YYYY-MM-DD' })
const Quantity = Type.Number({
  minimum: -1e12,
  maximum: 1e12,
  description: 'Shares (negative for a short position)',
})
const Money = Type.Number({ minimum: 0, maximum: 1e13 })

export const PositionSchema = Type.Object({
  position_id: Type.Integer(),
  account_id: Type.Integer(),
  symbol: Type.String(),
  quantity: Type.Number(),
  cost_basis: Type.Number({ description: 'Total cost of the holding' }),
  as_of: Type.String({ format: 'date' }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
})
export type Position = Static<typeof PositionSchema>

export const PositionList = Type.Object({ items: Type.Array(PositionSchema) })
export const PositionQuery = Type.Object({ account_id: Type.Optional(Id()) })
export const CreatePositionBody = Type.Object(
  {
    account_id: Id(),
    symbol: Symbol,
    quantity: Quantity,
    cost_basis: Money,
    as_of: Type.Optional(Day),
  },
  { additionalProperties: false },
)
export const PatchPositionBody = Type.Object(
  { quantity: Type.Optional(Quantity), cost_basis: Type.Optional(Money), as_of: Type.Optional(Day) },
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

export const TransactionList = Type.Object({ items: Type.Array(TransactionSchema) })
export const TransactionQuery = Type.Object({
  account_id: Type.Optional(Id()),
  year: Type.Optional(Type.Integer({ minimum: 1900, maximum: 2200, description: 'Tax year of date_sold' })),
})
const Acquired = Type.String({
  pattern: '^([0-9]{4}-[0-9]{2}-[0-9]{2}|VARIOUS)$',
  description: 'YYYY-MM-DD or VARIOUS',
})
const Sold = Text({
  minLength: 1,
  maxLength: 40,
  description: 'YYYY-MM-DD (other values are stored as given)',
})
export const CreateTransactionBody = Type.Object(
  {
    account_id: Id(),
    symbol: Symbol,
    quantity: Type.Number({ exclusiveMinimum: 0, maximum: 1e12 }),
    date_acquired: Acquired,
    date_sold: Sold,
    proceeds: Money,
    cost_basis: Money,
    fees: Type.Optional(Money),
    gain_loss: Type.Optional(
      Type.Number({ minimum: -1e13, maximum: 1e13, description: 'Defaults to proceeds − cost_basis − fees' }),
    ),
  },
  { additionalProperties: false },
)
export const PatchTransactionBody = Type.Object(
  {
    symbol: Type.Optional(Symbol),
    quantity: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e12 })),
    date_acquired: Type.Optional(Acquired),
    date_sold: Type.Optional(Sold),
    proceeds: Type.Optional(Money),
    cost_basis: Type.Optional(Money),
    fees: Type.Optional(Money),
    gain_loss: Type.Optional(Type.Number({ minimum: -1e13, maximum: 1e13 })),
  },
  { additionalProperties: false, minProperties: 1 },
)
export const TransactionParams = Type.Object({ transaction_id: Id() })
