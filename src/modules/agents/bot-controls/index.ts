/**
 * Bot controls (`/api/bot-controls`): the tenant's agents (automated strategies and AI assistants
 * acting for a user), each agent's trading state, mode, allow-lists, limits and credential, and the
 * one order path by which an agent's order reaches a broker: the gate (state, allow-lists, limits,
 * approval threshold) in one locked transaction per agent, then the broker or an approval.
 * Rules: README.md and docs/bot-controls.md.
 */
import type { App } from '../../../platform/http/app-type.ts'
import type { MarketData } from '../../market/market-data/index.ts'
import type { Notifications } from '../../engagement/notifications/index.ts'
import { defineModule, type ModuleContext } from '../../module.ts'
import { approvalJobs } from './approvals/approvals.job.ts'
import { approvalsRoutes } from './approvals/approvals.routes.ts'
import { ApprovalsService } from './approvals/approvals.service.ts'
import { approvalNotifier } from './approvals/notice.service.ts'
import { BOT_CONTROLS_TABLES } from './controls.tables.ts'
import * as m0049 from './migrations/0049_bot_controls.ts'
import * as m0050 from './migrations/0050_agent_orders.ts'
import { AGENT_ORDERS_TABLES } from './orders.tables.ts'
import { botControlsSweep } from './bot-controls.sweep.ts'

export type { ApprovalsService, HeldOrder } from './approvals/approvals.service.ts'
export { APPROVAL_TTL_MINUTES } from './approvals/approvals.service.ts'
export { MARKET_BAND_PCT } from './lib/approval-band.ts'

export interface BotControls {
  approvals: ApprovalsService
}

interface Needs {
  notifications: Notifications
  marketData: MarketData
}

/** A quote's price as a decimal string (prices are kept to 6 decimals). */
const price = (n: number): string => {
  if (!Number.isFinite(n) || n <= 0) throw new Error(`no usable price: ${n}`)
  return n.toFixed(6).replace(/\.?0+$/, '')
}

function build(ctx: ModuleContext, needs: Needs): BotControls {
  const api = {} as BotControls
  api.approvals = new ApprovalsService({
    scopes: ctx.scopes,
    clock: ctx.clock,
    log: ctx.log,
    jobs: ctx.jobs,
    quote: async (symbol) => price((await needs.marketData.quotes.quote(symbol)).last),
    send: (tenantId, orderId) => api.orders.sendApproved(tenantId, orderId),
    notify: approvalNotifier(needs.notifications),
  })
  return api
}

function routes(app: App, api: BotControls): void {
  approvalsRoutes(app, api.approvals)
}

export const botControlsModule = defineModule({
  name: 'bot-controls',
  key: 'botControls',
  needs: { notifications: true, marketData: true },
  tables: [...BOT_CONTROLS_TABLES, ...AGENT_ORDERS_TABLES],
  migrations: [
    ['0049_bot_controls', m0049],
    ['0050_agent_orders', m0050],
  ],
  build,
  routes,
  jobs: (api) => approvalJobs(api.approvals),
  sweep: botControlsSweep,
})
