import { Id, Name, Nullable, Text } from '../../../platform/http/schemas.ts'
import { Type, type Static } from 'typebox'
import { Page, PageQuery } from '../../../platform/http/pagination.ts'

export const TenantQuery = Type.Object({
  tenant_id: Type.Optional(Id({ description: 'Administrators only: act on another tenant' })),
})

export const AccountSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  broker_type: Type.String({
    description: "'manual' for manually kept accounts; broker slugs for connected ones",
  }),
  account_type: Type.Union([Type.String(), Type.Null()]),
  currency: Type.String(),
  cost_method: Type.Enum(['fifo', 'average'], {
    description: 'How broker fills become realized trades: fifo (default) or average cost',
  }),
  status: Type.Enum(['active', 'closed', 'inactive']),
  archived: Type.Boolean({
    description: 'closed, inactive or disconnected: hidden unless include_archived=true',
  }),
  archived_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  cash: Type.Array(
    Type.Object({
      currency: Type.String({ description: 'ISO 4217' }),
      balance: Type.Number({
        description: 'Rounded to cents; may be negative (more spent than recorded in)',
      }),
    }),
    {
      description:
        "The account's cash now, one entry per currency, by code: the broker's reported balance rolled forward " +
        'with later activities (broker accounts), or the sum of the cash effects of its activities (manual ' +
        'accounts). Empty when neither is known.',
    },
  ),
})
export type Account = Static<typeof AccountSchema>

export const ListAccountsQuery = Type.Object({
  ...PageQuery.properties,
  ...TenantQuery.properties,
  include_archived: Type.Boolean({
    default: false,
    description: 'Include closed/inactive (archived) accounts',
  }),
})
export const AccountList = Page(AccountSchema)

const AccountType = Text({
  minLength: 1,
  maxLength: 40,
  description: 'e.g. taxable, ira, roth_ira, 401k, club',
})

export const CreateAccountBody = Type.Object(
  {
    name: Name(),
    broker_type: Type.Enum(['manual'], {
      description: 'Only manual accounts are created here; brokers connect through their flows',
    }),
    account_type: Type.Optional(AccountType),
    currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', default: 'USD' })),
  },
  { additionalProperties: false },
)
export const PatchAccountBody = Type.Object(
  {
    name: Type.Optional(Name()),
    status: Type.Optional(Type.Enum(['active', 'closed', 'inactive'])),
    account_type: Type.Optional(Nullable(AccountType)),
    cost_method: Type.Optional(
      Type.Enum(['fifo', 'average'], {
        description: 'Lot matching of broker-synced trades; changing it recomputes them at the next sync',
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
)
export const AccountParams = Type.Object({ account_id: Id() })
