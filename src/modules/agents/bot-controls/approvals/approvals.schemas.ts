/** Schemas of the approval queue (/api/bot-controls/approvals). */
import { type Static, Type } from 'typebox'
import { Id, Nullable, Text } from '../../../../platform/http/schemas.ts'
import { AgentOrderView } from '../gate/orders.schemas.ts'
import { APPROVAL_STATUSES } from '../orders.tables.ts'

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
      Text({
        minLength: 1,
        maxLength: NOTE_MAX,
        description: `Why (kept with the decision), 1–${NOTE_MAX} characters`,
      }),
    ),
  },
  { additionalProperties: false },
)
export type RejectInputBody = Static<typeof RejectInput>

export const Approval = Type.Object({
  approval_id: Type.Integer(),
  status: ApprovalStatus,
  order: AgentOrderView,
  agent_name: Type.String(),
  band_low: Nullable(
    Dec('A market order is sent only while the quote is at least this; null for a limit order'),
  ),
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
