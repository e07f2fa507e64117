import { Id } from '../../../platform/http/schemas.ts'
import { Type, type Static } from 'typebox'
import { Page, PageQuery } from '../../../platform/http/pagination.ts'

export const PlanSchema = Type.Object({
  code: Type.String({ examples: ['free'] }),
  name: Type.String(),
  rank: Type.Integer({ description: 'Order of plans, free lowest' }),
  features: Type.Record(Type.String(), Type.Boolean()),
  limits: Type.Record(Type.String(), Type.Number()),
})
export type Plan = Static<typeof PlanSchema>
export const PlanPage = Page(PlanSchema)

export const FlagsSchema = Type.Record(Type.String(), Type.Boolean(), {
  description: 'Effective feature flags: tenant override, else the service default',
})

export const TenantSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  plan: Type.String(),
  status: Type.Enum(['active', 'suspended']),
  created_at: Type.String({ format: 'date-time' }),
  features: FlagsSchema,
})
export type Tenant = Static<typeof TenantSchema>

export const AdminTenantQuery = Type.Object({
  ...PageQuery.properties,
  plan: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9_]*$', maxLength: 32 })),
})
export const TenantSummarySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  plan: Type.String(),
  status: Type.Enum(['active', 'suspended']),
  created_at: Type.String({ format: 'date-time' }),
})
export type TenantSummary = Static<typeof TenantSummarySchema>
export const TenantSummaryPage = Page(TenantSummarySchema)

export const FlagParams = Type.Object({
  tenant_id: Id(),
  flag: Type.Enum(['stock_screener_ai', 'support_ai', 'refresh_rotation']),
})
export const FlagBody = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false })
