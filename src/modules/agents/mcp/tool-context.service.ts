/**
 * What every tool runs with: the agent the request's credential stands for, the same agent as a
 * request scope for the portfolio and market services (a user of its tenant acting through an API
 * key), and `guarded`, which checks the tool's scope first and turns the services' errors into
 * structured tool errors (an AI client reads them; nothing is thrown at the transport).
 */
import type { Logger } from 'pino'
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { AppError } from '../../../platform/http/errors.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import { tenantPlanCode, DEFAULT_PLAN } from '../../accounts/tenancy/index.ts'
import type { AgentPrincipal } from '../bot-controls/index.ts'
import {
  appErrorResult,
  grants,
  insufficientScope,
  toolError,
  toolOk,
  type ToolResult,
  type ToolScope,
} from './lib/tool-result.ts'

export interface ToolContext {
  principal: AgentPrincipal
  /** The agent as a request scope of its tenant (its creator's user id; role user). */
  scope(): Promise<RequestScope>
  /** Runs `work` if the credential carries `required`; its answer, or its error, as a tool result. */
  guarded(required: ToolScope, work: () => Promise<Record<string, unknown>>): Promise<ToolResult>
}

export function toolContext(principal: AgentPrincipal, deps: { scopes: Scopes; log: Logger }): ToolContext {
  let scope: Promise<RequestScope> | undefined
  return {
    principal,
    scope() {
      scope ??= deps.scopes
        .withTenant(principal.tenantId, (s) => tenantPlanCode(s))
        .then((plan) => ({
          tenantId: principal.tenantId,
          userId: principal.userId,
          role: 'user',
          plan: plan ?? DEFAULT_PLAN,
          via: 'api_key',
        }))
      return scope
    },
    async guarded(required, work) {
      if (!grants(principal.scopes, required)) return insufficientScope(required, principal.scopes)
      try {
        return toolOk(await work())
      } catch (e) {
        return failure(e, deps.log)
      }
    },
  }
}

function failure(e: unknown, log: Logger): ToolResult {
  if (e instanceof AppError) return appErrorResult({ ...e, message: e.message })
  if (isUpstreamError(e))
    return toolError({
      error: `upstream.${e.kind}`,
      status: 502,
      message: `The ${e.provider} data provider did not answer (${e.kind}); try again later`,
    })
  log.error({ err: e }, 'mcp: tool failed')
  return toolError({ error: 'internal', status: 500, message: 'The tool failed; the error was logged' })
}
