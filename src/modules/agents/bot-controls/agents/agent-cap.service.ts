/** The plan's cap on live agents, judged on the plan of the tenant the agent is created in. */
import type { RequestScope } from '../../../../platform/auth/scope.ts'
import type { EntitlementsService } from '../../../accounts/tenancy/index.ts'

/** The plan limit's name: live (not archived) agents per tenant. */
export const AGENTS_LIMIT = 'agents'

/** Called in the creating transaction with the tenant's count of live agents; throws 402 at the cap. */
export type CapGuard = (liveAgents: number) => void

export type AgentCap = (scope: RequestScope, tenantId: number) => Promise<CapGuard>

/**
 * An administrator creating an agent in another tenant is held to that tenant's plan, not their own
 * (tenancy's `guardForTenant`). The plan is read before the creating transaction.
 */
export function agentCap(deps: { entitlements: Pick<EntitlementsService, 'guardForTenant'> }): AgentCap {
  return (scope, tenantId) => deps.entitlements.guardForTenant(scope, tenantId, AGENTS_LIMIT)
}
