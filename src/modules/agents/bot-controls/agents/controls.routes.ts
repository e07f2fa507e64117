/** /api/bot-controls: an agent's limits and usage, and the approval threshold. */
import { scopeOf } from '../../../../platform/auth/authenticate.ts'
import type { App } from '../../../../platform/http/app-type.ts'
import { problems } from '../../../../platform/http/problem.ts'
import type { BotControls } from '../index.ts'
import * as X from './agents.examples.ts'
import { ADMIN, BASE, tenantFirst } from './agents.routes.ts'
import * as S from './agents.schemas.ts'

const tags = ['bot-controls']
const NOT_FOUND = 'Another tenant’s agent, an archived agent or an unknown id → 404 `bot.agent_not_found`.'
const DECIMALS =
  'Money is a JSON string with at most 2 decimal places ("5000.00"); a JSON number is refused with a 422 ' +
  'saying to send a string (floats round). Amounts are answered with exactly 2 places.'
const LIMITS =
  'Every limit is checked in exact decimals before an order is sent; exactly at a limit passes, one cent (or one ' +
  'order) over fails. `max_orders_per_day` and `max_notional_per_day` count orders that passed the gate on the ' +
  'New York trading day (held ones included); `max_order_notional` is one order’s priced notional (qty × limit ' +
  'price or quote, or the notional asked); `max_position_weight` (0–1, up to 6 places) bounds a buy: the account’s ' +
  'value in the symbol, plus the agent’s open and held buys there (at their limit price, else the order’s) and a ' +
  'paper agent’s own position there (at the order’s price), plus the order, over the account’s value (holdings + ' +
  'cash); `max_open_positions` the (account, ' +
  'symbol) pairs where the agent’s position is nonzero, checked when an order opens one; `max_orders_per_minute` ' +
  'orders in any 60 seconds. null: no limit.'

export function controlsRoutes(app: App, api: BotControls): void {
  limitRoutes(app, api)
  thresholdRoutes(app, api)
}

function limitRoutes(app: App, api: BotControls): void {
  const params = S.AgentParams
  const querystring = S.TenantQuery
  app.get(
    `${BASE}/agents/:agent_id/limits`,
    {
      schema: {
        operationId: 'getBotAgentLimits',
        summary: 'An agent’s limits',
        description: `${LIMITS} ${NOT_FOUND} ${ADMIN}`,
        examples: { params: { agent_id: 7 }, 200: { description: 'The limits', value: X.LIMITS_EXAMPLE } },
        tags,
        params,
        querystring,
        response: { 200: S.Limits, ...problems(401, 403, 404, 422) },
      },
    },
    (req) => api.limits.get(scopeOf(req), req.params.agent_id, req.query),
  )
  app.put(
    `${BASE}/agents/:agent_id/limits`,
    {
      preValidation: tenantFirst,
      schema: {
        operationId: 'putBotAgentLimits',
        summary: 'Replace an agent’s limits',
        description: `All six fields, each a value or null. ${LIMITS} ${DECIMALS} ${NOT_FOUND} ${ADMIN}`,
        examples: {
          params: { agent_id: 7 },
          body: X.LIMITS_INPUT_EXAMPLE,
          200: { description: 'Saved', value: X.LIMITS_EXAMPLE },
        },
        tags,
        params,
        querystring,
        body: S.LimitsInput,
        response: { 200: S.Limits, ...problems(401, 403, 404, 422) },
      },
    },
    (req) => api.limits.put(scopeOf(req), req.params.agent_id, req.body, req.query),
  )
  app.get(
    `${BASE}/agents/:agent_id/usage`,
    {
      schema: {
        operationId: 'getBotAgentUsage',
        summary: 'An agent’s usage today',
        description:
          'Today is the New York trading day: counters start from zero at midnight New York time. `orders` and ' +
          '`notional` count orders that passed the gate (held ones too, until rejected or expired); `rejections` ' +
          'counts refusals by typed reason (`limit.max_order_notional`, `symbol.not_allowed`, `broker.rejected`, …); ' +
          '`pending_approvals` counts held orders still inside their approval window; `open_positions` the (account, ' +
          'symbol) pairs where the agent’s position is nonzero; `remaining` what today’s per-day limits still allow (null: no limit). ' +
          `${NOT_FOUND} ${ADMIN}`,
        examples: { params: { agent_id: 7 }, 200: { description: 'Today', value: X.USAGE_EXAMPLE } },
        tags,
        params,
        querystring,
        response: { 200: S.Usage, ...problems(401, 403, 404, 422) },
      },
    },
    (req) => api.usage.get(scopeOf(req), req.params.agent_id, req.query),
  )
}

const PRECEDENCE =
  'An agent order whose priced notional is above the effective threshold waits for a person’s approval (exactly ' +
  'at it is sent). Effective threshold: the account’s override if it has one, else the tenant threshold, else ' +
  'none (no order waits). A credential without `orders:execute` has every order held whatever the threshold.'

function thresholdRoutes(app: App, api: BotControls): void {
  const querystring = S.TenantQuery
  app.get(
    `${BASE}/approval-threshold`,
    {
      schema: {
        operationId: 'getBotApprovalThreshold',
        summary: 'The approval threshold and account overrides',
        description: `${PRECEDENCE} \`updated_at\`: the latest change, a removed override’s included (null: never set). ${ADMIN}`,
        examples: {
          query: { tenant_id: 41 },
          200: { description: 'The threshold', value: X.THRESHOLD_EXAMPLE },
        },
        tags,
        querystring,
        response: { 200: S.Threshold, ...problems(401, 403, 422) },
      },
    },
    (req) => api.threshold.get(scopeOf(req), req.query),
  )
  app.put(
    `${BASE}/approval-threshold`,
    {
      preValidation: tenantFirst,
      schema: {
        operationId: 'putBotApprovalThreshold',
        summary: 'Set the tenant’s approval threshold',
        description: `\`threshold\`: a decimal string ≥ 0, or null for none. ${PRECEDENCE} ${DECIMALS} ${ADMIN}`,
        examples: {
          query: { tenant_id: 41 },
          body: { threshold: '2500.00' },
          200: { description: 'Saved', value: X.THRESHOLD_EXAMPLE },
        },
        tags,
        querystring,
        body: S.ThresholdInput,
        response: { 200: S.Threshold, ...problems(401, 403, 422) },
      },
    },
    (req) => api.threshold.put(scopeOf(req), req.body, req.query),
  )
  app.put(
    `${BASE}/approval-threshold/account-override`,
    {
      preValidation: tenantFirst,
      schema: {
        operationId: 'putBotThresholdOverride',
        summary: 'Set or remove an account’s own threshold',
        description:
          '`account_id`: one of your broker accounts (another → 422 naming it); `threshold`: a decimal string ≥ 0, ' +
          `or null to remove the override (which moves \`updated_at\` to now; the tenant threshold stays). ${PRECEDENCE} ${DECIMALS} ${ADMIN}`,
        examples: {
          query: { tenant_id: 41 },
          body: { account_id: 12, threshold: '500.00' },
          200: { description: 'Saved', value: X.THRESHOLD_EXAMPLE },
        },
        tags,
        querystring,
        body: S.OverrideInput,
        response: { 200: S.Threshold, ...problems(401, 403, 422) },
      },
    },
    (req) => api.threshold.putOverride(scopeOf(req), req.body, req.query),
  )
}
