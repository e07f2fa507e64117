/** Schemas of the approval threshold preview. */
import { type Static, Type } from 'typebox'
import { Id } from '../../../../platform/http/schemas.ts'

export const MAX_PREVIEW_DAYS = 90

export const PreviewQuery = Type.Object({
  proposed_threshold: Type.String({
    pattern: '^(0|[1-9][0-9]{0,11})(\\.[0-9]{1,2})?$',
    description: 'The threshold to try, dollars ≥ 0 with at most 2 decimals, as in the query string',
  }),
  days: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_PREVIEW_DAYS,
      default: 7,
      description: `1–${MAX_PREVIEW_DAYS}, default 7`,
    }),
  ),
  tenant_id: Type.Optional(Id({ description: 'Another tenant (administrators); default: your own' })),
})
export type PreviewQueryInput = Static<typeof PreviewQuery>

const Held = Type.Object({
  order_id: Type.Integer(),
  agent_id: Type.Integer(),
  agent_name: Type.String(),
  account_id: Type.Integer(),
  symbol: Type.String(),
  side: Type.String(),
  priced_notional: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  status: Type.String({ description: 'What became of it' }),
  threshold: Type.String({
    description: 'The threshold it was judged against: its account’s override, else the proposal',
  }),
  threshold_source: Type.Union([Type.Literal('account_override'), Type.Literal('proposed')], {
    description: '`account_override`: its account has its own threshold, which the proposal does not change',
  }),
})

export const Preview = Type.Object({
  proposed_threshold: Type.String({ description: 'The proposed tenant threshold' }),
  days: Type.Integer(),
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  orders_considered: Type.Integer({ minimum: 0, description: 'Agent orders created in the window' }),
  would_need_approval: Type.Array(Held, {
    description:
      'Orders that passed the gate, worth strictly more than the threshold that would apply to them. ' +
      'Account overrides are applied: in an account with its own threshold an order is judged against that ' +
      'override, as the gate does; elsewhere against the proposed tenant threshold',
  }),
  count: Type.Integer({ minimum: 0 }),
  notional_total: Type.String({ description: 'The sum of their priced_notional' }),
  limits_would_block: Type.Array(
    Type.Object({
      limit: Type.String(),
      agent_id: Type.Integer(),
      order_ids: Type.Array(Type.Integer()),
    }),
    {
      description:
        'Per agent and limit: the orders its current limits would have blocked, among those replayed (that held ' +
        'budget at the gate, or that a limit rejected)',
    },
  ),
})
export type PreviewOut = Static<typeof Preview>
