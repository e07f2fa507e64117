/**
 * Bot controls (`/api/bot-controls`): the tenant's agents (automated strategies and AI assistants
 * acting for a user), each agent's trading state, mode, allow-lists, limits and credential, and the
 * one order path by which an agent's order reaches a broker: the gate (state, allow-lists, limits,
 * approval threshold), a pass counted only if nothing was counted since its facts were read, then
 * the broker or an approval.
 * Rules: README.md and docs/bot-controls.md.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { defineModule, type ModuleContext } from '../../module.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import type { Notifications } from '../../engagement/notifications/index.ts'
import { agentRefusal } from './approvals/agent-check.service.ts'
import { approvalJobs } from './approvals/approvals.job.ts'
import { approvalsRoutes } from './approvals/approvals.routes.ts'
import { ApprovalsService } from './approvals/approvals.service.ts'
import { approvalNotifier } from './approvals/notice.service.ts'
import { PricingService } from './gate/pricing.service.ts'
import { agentsRoutes } from './agents/agents.routes.ts'
import { AgentsService } from './agents/agents.service.ts'
import { controlsRoutes } from './agents/controls.routes.ts'
import { CredentialsService } from './agents/credentials.service.ts'
import { LimitsService, UsageService } from './agents/limits.service.ts'
import { ThresholdService } from './agents/threshold.service.ts'
import type { AgentPrincipal } from './agents/lib/types.ts'
import { botControlsSweep } from './bot-controls.sweep.ts'
import { BOT_CONTROLS_TABLES } from './controls.tables.ts'
import * as m0049 from './migrations/0049_bot_controls.ts'
import * as m0050 from './migrations/0050_agent_orders.ts'
import * as m0052 from './migrations/0052_bot_order_client_key_order.ts'
import * as m0054 from './migrations/0054_agent_plan_cap.ts'
import * as m0055 from './migrations/0055_bot_order_can_execute.ts'
import * as m0056 from './migrations/0056_bot_agent_unique_name.ts'
import { agentCap } from './agents/agent-cap.service.ts'
import type { Tenancy } from '../../accounts/tenancy/index.ts'
import { AGENT_ORDERS_TABLES } from './orders.tables.ts'
import { PolicyReader } from './policy.service.ts'
import { createGate, type Gate } from './gate/gate-wiring.service.ts'
import { gateRoutes } from './gate/gate.routes.ts'
import { gateJobs } from './gate/sync-orders.job.ts'
import type { Brokers } from '../../brokers/index.ts'

export type {
  AgentPolicy,
  AgentPrincipal,
  AgentScope,
  AgentView,
  IssuedCredential,
  LimitsView,
  ThresholdView,
  UsageView,
} from './agents/lib/types.ts'
export { AGENT_SCOPES, DEFAULT_AGENT_SCOPES } from './agents/lib/types.ts'
export { AGENT_KEY_PREFIX } from './agents/credentials.service.ts'
export type { AgentsService, CredentialsService, LimitsService, PolicyReader, ThresholdService, UsageService }
export type { AgentMode, AllowedHours, TradingState } from './controls.tables.ts'
export type { ApprovalsService, HeldOrder } from './approvals/approvals.service.ts'
export { APPROVAL_TTL_MINUTES } from './approvals/approvals.service.ts'
export { MARKET_BAND_PCT } from './lib/approval-band.ts'
export { DEFAULT_TIME_IN_FORCE, orderDecimal } from './gate/orders.schemas.ts'

/** Who places an order: a signed-in user of the tenant (console, the user's own program) or an agent's credential. */
export type OrderActor = { kind: 'user'; scope: RequestScope } | { kind: 'agent'; principal: AgentPrincipal }

export interface BotControls {
  /** The tenant's agents: list, create, read, edit, archive. */
  agents: AgentsService
  /** An agent's six limits: `get` (a user), `ofTenant` (an agent's own key), `read` (in a transaction). */
  limits: LimitsService
  /** An agent's key: `issue` (shown once; again rotates) and `resolve(key)` → the agent it stands for. */
  credentials: CredentialsService
  /** The approval threshold; `effective(s, accountId)`: the account's override, else the tenant's, else null. */
  threshold: ThresholdService
  /** For the gate, in its transaction: the agent's settings and limits (null: unknown or archived). */
  policy: PolicyReader
  /** Today's usage (New York trading day) against the limits. */
  usage: UsageService
  /** Agent orders through the gate: place, simulate, list, get, cancel; `sendApproved` for approvals. */
  orders: Gate['orders']
  /** What a proposed approval threshold would have held, and what each limit would have blocked. */
  preview: Gate['preview']
  /** The approval queue: `hold` (the gate, in its transaction), list, approve, reject, expiry. */
  approvals: ApprovalsService
}

interface Needs {
  tenancy: Tenancy
  portfolio: Portfolio
  brokers: Brokers
  notifications: Notifications
}

export function createBotControls(ctx: ModuleContext, needs: Needs): BotControls {
  const deps = { scopes: ctx.scopes, clock: ctx.clock, accountNames: needs.portfolio.accountNames }
  const limits = new LimitsService(deps)
  const policy = new PolicyReader()
  const threshold = new ThresholdService(deps)
  // One pricing for the gate and the approvals: the band is checked against the quote orders are priced at.
  const pricing = new PricingService({ market: ctx.providers.market, log: ctx.log })
  const approvals: ApprovalsService = new ApprovalsService({
    scopes: ctx.scopes,
    clock: ctx.clock,
    log: ctx.log,
    jobs: ctx.jobs,
    quote: (symbol) => pricing.quote(symbol),
    send: (tenantId, orderId) => gate.orders.sendApproved(tenantId, orderId),
    notify: approvalNotifier(needs.notifications),
    agentRefusal: agentRefusal(policy),
  })
  const gate = createGate(ctx, needs, { policy, threshold }, approvals, pricing)
  return {
    agents: new AgentsService({
      ...deps,
      rejectHeld: (s, agentId, by, note) => approvals.rejectAllOf(s, agentId, by, note),
      cap: agentCap({ entitlements: needs.tenancy.entitlements }),
    }),
    limits,
    credentials: new CredentialsService(deps),
    threshold,
    policy,
    usage: new UsageService({ ...deps, limits }),
    ...gate,
    approvals,
  }
}

function routes(app: App, api: BotControls): void {
  agentsRoutes(app, api)
  controlsRoutes(app, api)
  gateRoutes(app, api)
  approvalsRoutes(app, api.approvals)
}

export const botControlsModule = defineModule({
  name: 'bot-controls',
  key: 'botControls',
  needs: { tenancy: true, portfolio: true, brokers: true, notifications: true },
  tables: [...BOT_CONTROLS_TABLES, ...AGENT_ORDERS_TABLES],
  migrations: [
    ['0049_bot_controls', m0049],
    ['0050_agent_orders', m0050],
    ['0052_bot_order_client_key_order', m0052],
    ['0054_agent_plan_cap', m0054],
    ['0055_bot_order_can_execute', m0055],
    ['0056_bot_agent_unique_name', m0056],
  ],
  build: createBotControls,
  routes,
  jobs: (api) => [...gateJobs(api), ...approvalJobs(api.approvals)],
  sweep: botControlsSweep,
})
