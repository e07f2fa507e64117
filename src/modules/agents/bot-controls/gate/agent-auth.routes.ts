/**
 * Who calls an agent order route. These routes are public at the platform's hook (which does not
 * know agent keys) and authenticate here, before the handler: a signed-in user of the tenant (any
 * credential the platform accepted; a cookie on a write must come from an allowed Origin, as
 * everywhere), else the agent's own key as `Authorization: Bearer sxa_…`, else 401 with
 * `WWW-Authenticate: Bearer`.
 */
import type { FastifyRequest } from 'fastify'
import { bearerToken } from '../../../../platform/auth/authenticate.ts'
import { ForbiddenError, UnauthorizedError } from '../../../../platform/http/errors.ts'
import { tenantFirst } from '../agents/agents.routes.ts'
import type { AgentPrincipal, OrderActor } from './gate.service.ts'

/** Resolves an agent's key (bot controls' credentials). */
export interface AgentKeyResolver {
  resolve(key: string): Promise<AgentPrincipal | null>
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])
const actors = new WeakMap<FastifyRequest, OrderActor>()

const unauthenticated = () =>
  new UnauthorizedError('auth.unauthenticated', 'A valid access token, API key or agent key is required', {
    headers: { 'www-authenticate': 'Bearer' },
  })

/** The preHandler of every agent order route. */
export function agentAuth(resolver: AgentKeyResolver, origins: readonly string[]) {
  const allowed = new Set(origins)
  return async (req: FastifyRequest): Promise<void> => {
    if (req.scope) {
      if (req.scope.via === 'cookie' && !SAFE.has(req.method)) {
        const origin = req.headers.origin ?? originOf(req.headers.referer)
        if (!origin || !allowed.has(origin))
          throw new ForbiddenError(
            'auth.csrf_origin_mismatch',
            'Cookie-authenticated requests must come from an allowed Origin',
          )
      }
      actors.set(req, { kind: 'user', scope: req.scope })
      return
    }
    // Only an agent's key (sxa_…) is looked up; anything else the hook did not accept is a 401.
    const key = bearerToken(req.headers.authorization)
    const principal = key?.startsWith('sxa_') ? await resolver.resolve(key) : null
    if (!principal) throw unauthenticated()
    actors.set(req, { kind: 'agent', principal })
  }
}

/** The actor the preHandler found (the route cannot run without one). */
export function actorOf(req: FastifyRequest): OrderActor {
  const a = actors.get(req)
  if (!a) throw unauthenticated()
  return a
}

/** The channel an order came by: the console signs in with its cookie; everything else is REST. */
export const viaOf = (a: OrderActor): 'rest' | 'console' =>
  a.kind === 'user' && a.scope.via === 'cookie' ? 'console' : 'rest'

/** The tenant an actor's read acts on: administrators may name another, an agent only its own. */
export function tenantOf(a: OrderActor, requested: number | undefined): number {
  const own = a.kind === 'user' ? a.scope.tenantId : a.principal.tenantId
  if (requested === undefined || requested === own) return own
  if (a.kind === 'user' && a.scope.role === 'admin') return requested
  throw new ForbiddenError('auth.tenant_forbidden', 'Only administrators may act on another tenant')
}

/**
 * The actor acting in the tenant `requested` names (`tenantOf`): an administrator's scope moved to
 * it, so the order is the other tenant's, as on every other route that takes `tenant_id`.
 */
export function actorIn(a: OrderActor, requested: number | undefined): OrderActor {
  const tenantId = tenantOf(a, requested)
  return a.kind === 'user' && tenantId !== a.scope.tenantId
    ? { kind: 'user', scope: { ...a.scope, tenantId } }
    : a
}

/**
 * The `preValidation` of the order routes that take a body: a signed-in non-administrator's foreign
 * `tenant_id` is a 403 before the body is validated, as on the other bot-controls routes. An agent's
 * key is resolved only in the preHandler, after validation; `tenantOf` refuses its foreign tenant there.
 */
export async function userTenantFirst(req: FastifyRequest): Promise<void> {
  if (req.scope) await tenantFirst(req)
}

function originOf(referer: string | undefined): string | undefined {
  if (!referer) return undefined
  try {
    return new URL(referer).origin
  } catch {
    return undefined
  }
}
