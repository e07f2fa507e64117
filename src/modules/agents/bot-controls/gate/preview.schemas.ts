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

const HELD_BECAUSE =
  '`no_execute_scope`: it was sent by an agent’s key without `orders:execute`, so the gate holds every order of ' +
  'it whatever the threshold (this reason comes first); `threshold`: it is worth more than the threshold. Each ' +
  'order is judged by what sent it, as the gate recorded it (a signed-in person, in the console or over the ' +
  'API, may execute); an order recorded before the gate kept this is judged by the agent’s current key'

const WOULD_NEED_APPROVAL =
  'Orders that passed the gate and would wait for approval: worth strictly more than the threshold that would ' +
  'apply to them, or, whatever their value, sent by an agent’s key that lacks `orders:execute` ' +
  '(`held_because`). Account overrides are applied: in an account with its own threshold an order is judged ' +
  'against that override, as the gate does; elsewhere against the proposed tenant threshold'

/** Orders named under one limit in `limits_would_block`, newest first; `count` has them all. */
export const MAX_BLOCKED_ORDERS = 10

/** What identifies an order to a person, in both lists. */
const orderFields = {
  order_id: Type.Integer(),
  agent_id: Type.Integer(),
  agent_name: Type.String({ description: 'The agent’s name (an archived agent keeps its last)' }),
  account_id: Type.Integer(),
  client_order_id: Type.String({ description: 'The agent’s own key for the order' }),
  symbol: Type.String(),
  side: Type.Union([Type.Literal('buy'), Type.Literal('sell')]),
  priced_notional: Type.String({ description: 'Its value as the gate priced it' }),
  created_at: Type.String({ format: 'date-time' }),
}

const Held = Type.Object({
  ...orderFields,
  status: Type.String({ description: 'What became of it' }),
  threshold: Type.String({
    description: 'The threshold it was judged against: its account’s override, else the proposal',
  }),
  threshold_source: Type.Union([Type.Literal('account_override'), Type.Literal('proposed')], {
    description: '`account_override`: its account has its own threshold, which the proposal does not change',
  }),
  held_because: Type.Union([Type.Literal('threshold'), Type.Literal('no_execute_scope')], {
    description: HELD_BECAUSE,
  }),
})

const Blocked = Type.Object({
  limit: Type.String({
    description: 'The limit check, as the gate names it (`limit.max_orders_per_day`, …)',
  }),
  agent_id: Type.Integer(),
  agent_name: Type.String(),
  count: Type.Integer({
    minimum: 1,
    description: 'How many orders of this agent the limit would have blocked',
  }),
  orders: Type.Array(Type.Object(orderFields), {
    maxItems: MAX_BLOCKED_ORDERS,
    description: `The newest ${MAX_BLOCKED_ORDERS} of them, newest first (\`count\` has them all)`,
  }),
})

export const Preview = Type.Object({
  proposed_threshold: Type.String({ description: 'The proposed tenant threshold' }),
  days: Type.Integer(),
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  orders_considered: Type.Integer({ minimum: 0, description: 'Agent orders created in the window' }),
  would_need_approval: Type.Array(Held, { description: WOULD_NEED_APPROVAL }),
  count: Type.Integer({ minimum: 0 }),
  notional_total: Type.String({ description: 'The sum of their priced_notional' }),
  limits_would_block: Type.Array(Blocked, {
    description:
      'Per agent and limit: the orders its current limits would have blocked, among those replayed (that held ' +
      'budget at the gate, or that a limit rejected)',
  }),
})
export type PreviewOut = Static<typeof Preview>
export type HeldOut = PreviewOut['would_need_approval'][number]
export type BlockedOrderOut = PreviewOut['limits_would_block'][number]['orders'][number]
