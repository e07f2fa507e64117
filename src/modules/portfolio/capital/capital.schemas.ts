import { Id, MultilineText, Name, Nullable } from '../../../platform/http/schemas.ts'
import { Type, type Static } from 'typebox'
import { Page, PageQuery } from '../../../platform/http/pagination.ts'

export const InvestorSchema = Type.Object({
  investor_id: Type.Integer(),
  name: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  is_owner: Type.Boolean({ description: 'The account holder; created automatically, listed first' }),
  created_at: Type.String({ format: 'date-time' }),
})
export type Investor = Static<typeof InvestorSchema>
export const InvestorList = Page(InvestorSchema)
export const InvestorQuery = PageQuery
export const CreateInvestorBody = Type.Object(
  {
    name: Name(),
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
  },
  { additionalProperties: false },
)
export const PatchInvestorBody = Type.Object(
  {
    name: Type.Optional(Name()),
    email: Type.Optional(Nullable(Type.String({ format: 'email', maxLength: 254 }))),
  },
  { additionalProperties: false, minProperties: 1 },
)
export const InvestorParams = Type.Object({ investor_id: Id() })

export const FlowSchema = Type.Object({
  flow_id: Type.Integer(),
  investor_id: Type.Integer(),
  account_id: Type.Union([Type.Integer(), Type.Null()]),
  date: Type.String({ format: 'date' }),
  amount: Type.Number({ description: '+ contribution, − withdrawal' }),
  note: Type.Union([Type.String(), Type.Null()]),
  kind: Type.Enum(['manual', 'activity', 'opening_balance'], {
    description:
      'Who wrote it: manual (this API), activity (a DEPOSIT, WITHDRAWAL or TRANSFER of the ledger), ' +
      "opening_balance (a broker connection's first cash); only manual flows change amount or date here",
  }),
  activity_id: Type.Union([Type.Integer(), Type.Null()], {
    description: 'The activity this flow follows (kind activity), else null',
  }),
  currency: Type.String({ description: 'ISO 4217 code of amount' }),
  created_at: Type.String({ format: 'date-time' }),
})
export type Flow = Static<typeof FlowSchema>
export const FlowList = Type.Object({
  ...Page(FlowSchema).properties,
  net_capital: Type.Number({ description: 'Sum of every flow the filters match, on all pages' }),
})
export const FlowQuery = Type.Object({
  ...PageQuery.properties,
  investor_id: Type.Optional(Id()),
  account_id: Type.Optional(Id()),
})
const Amount = Type.Number({
  minimum: -1e13,
  maximum: 1e13,
  not: { const: 0 },
  errorMessage: { not: 'must not be zero: a contribution is positive, a withdrawal negative' },
  description: '+ contribution, − withdrawal; not 0; at most 4 decimal places (more is a 422, never rounded)',
})
export const CreateFlowBody = Type.Object(
  {
    investor_id: Id(),
    account_id: Type.Optional(Id()),
    date: Type.String({ format: 'date' }),
    amount: Amount,
    note: Type.Optional(MultilineText({ maxLength: 500 })),
    currency: Type.Optional(
      Type.String({
        pattern: '^[A-Z]{3}$',
        errorMessage: { pattern: 'must be an ISO 4217 code in capitals, e.g. USD' },
        description:
          "ISO 4217 code of amount; default: the account's currency, or the tenant base currency without an account",
      }),
    ),
  },
  { additionalProperties: false },
)
export const PatchFlowBody = Type.Object(
  {
    investor_id: Type.Optional(
      Id({ description: 'Re-attributes the flow to another investor of the tenant' }),
    ),
    date: Type.Optional(Type.String({ format: 'date' })),
    amount: Type.Optional(Amount),
    note: Type.Optional(Nullable(MultilineText({ maxLength: 500 }))),
  },
  { additionalProperties: false, minProperties: 1 },
)
export const FlowParams = Type.Object({ flow_id: Id() })

export const XirrBody = Type.Object(
  {
    cash_flows: Type.Array(
      Type.Object(
        { date: Type.String({ format: 'date' }), amount: Type.Number({ minimum: -1e13, maximum: 1e13 }) },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 10_000 },
    ),
    guess: Type.Optional(Type.Number({ exclusiveMinimum: -1, maximum: 100 })),
  },
  { additionalProperties: false },
)
export const XirrResponse = Type.Object({
  xirr: Type.Union([Type.Number(), Type.Null()], {
    description: 'Annualized rate (0.1 = 10 %), actual/365; null when it does not converge',
  }),
  converged: Type.Boolean(),
  other_roots: Type.Array(Type.Number(), {
    description:
      'Other rates that also solve the equation, ascending; empty when xirr is the only root (see the description)',
  }),
})
