/**
 * The gate's services built from the platform, the providers and the modules it calls: pricing
 * (the market data quote, shared with the approvals), the paper broker, the live brokers (the brokers module's account
 * orders), the portfolio (account checks and valuation) and the agents' readers (policy,
 * threshold, and for the preview the accounts' overrides); approvals hold orders above the threshold.
 */
import { allowedOrigins } from '../../../../platform/http/security.ts'
import type { Brokers } from '../../../brokers/index.ts'
import type { ModuleContext } from '../../../module.ts'
import type { Portfolio } from '../../../portfolio/index.ts'
import { type AccountOrders, ExecutionService } from './execution.service.ts'
import { FactsService } from './facts.service.ts'
import type { ApprovalHold, GateReaders } from './gate.service.ts'
import { AgentOrdersService } from './orders.service.ts'
import { PaperBroker } from './paper-broker.service.ts'
import { PreviewService, type PreviewReaders } from './preview.service.ts'
import type { PricingService } from './pricing.service.ts'

export interface Gate {
  orders: AgentOrdersService
  preview: PreviewService
}

/** Per built API: what the routes need besides it (the origins a cookie may write from) and the fills job. */
export interface GateInternals {
  origins: string[]
  execution: ExecutionService
  paper: PaperBroker
  brokers: AccountOrders
  scopes: ModuleContext['scopes']
  log: ModuleContext['log']
}
export const gateInternals = new WeakMap<Gate['orders'], GateInternals>()

export function createGate(
  ctx: ModuleContext,
  needs: { portfolio: Portfolio; brokers: Brokers },
  readers: GateReaders & PreviewReaders,
  approvals: ApprovalHold,
  pricing: PricingService,
): Gate {
  const paper = new PaperBroker({ scopes: ctx.scopes, pricing })
  const execution = new ExecutionService({
    scopes: ctx.scopes,
    log: ctx.log,
    paper,
    brokers: needs.brokers.accountOrders,
  })
  const facts = new FactsService({
    portfolio: needs.portfolio,
    brokers: needs.brokers.accountOrders,
  })
  const orders = new AgentOrdersService({
    scopes: ctx.scopes,
    clock: ctx.clock,
    log: ctx.log,
    readers,
    approvals,
    facts,
    execution,
    pricing,
  })
  gateInternals.set(orders, {
    origins: allowedOrigins(ctx.config),
    execution,
    paper,
    brokers: needs.brokers.accountOrders,
    scopes: ctx.scopes,
    log: ctx.log,
  })
  return { orders, preview: new PreviewService({ scopes: ctx.scopes, clock: ctx.clock, readers }) }
}
