/**
 * Turns credentials into a RequestScope. Access tokens (bearer or the `svc_token` cookie) are JWTs
 * verified locally; the user's role, status and tenant plan come from the identity module's
 * `principals` hook once and are cached briefly, so the hot path costs no query. Session revocation
 * and API keys are answered by hooks identity plugs in too (`sessions`, `apiKeys`); without them
 * every signed session is live and no API key exists. `agentKeys` (bot controls) tells an agent's
 * key from a bad one, so a person's operation refuses it with a 403 rather than a 401. The platform
 * reads no module's tables.
 */
import type { Cache } from '../cache/index.ts'
import type { Clock } from '../clock.ts'
import type { RequestScope } from './scope.ts'
import type { TokenSigner } from './tokens.ts'

export interface SessionChecker {
  /** False once the session was revoked (logout, password reset). */
  isActive(sessionId: string, userId: number, tenantId: number): Promise<boolean>
}

export interface ApiKeyResolver {
  /** The owner of a presented API key, or null. */
  resolve(key: string): Promise<{ tenantId: number; userId: number } | null>
}

export interface AgentKeyChecker {
  /** True when `key` is an agent's live key (such a key never authenticates a person). */
  isLive(key: string): Promise<boolean>
}

export interface Authenticator {
  fromAccessToken(token: string, via: 'bearer' | 'cookie'): Promise<RequestScope | null>
  fromApiKey(key: string): Promise<RequestScope | null>
  /** True when `key` (a bearer token or an X-API-Key value) is an agent's live key. */
  isAgentKey(key: string): Promise<boolean>
  /** Forget cached facts about a user (role/plan/status change). */
  invalidateUser(tenantId: number, userId: number): Promise<void>
}

export interface Principal {
  role: 'user' | 'admin'
  plan: string
  /** The user and their tenant are both active. */
  active: boolean
}

export interface PrincipalReader {
  /** Who the user is now (role, plan, active), or null for an unknown user. */
  principal(tenantId: number, userId: number): Promise<Principal | null>
}

const PRINCIPAL_TTL_MS = 30_000

/** The cache entry of a user's role, plan and status; delete it when any of them changes. */
export const principalCacheKey = (tenantId: number, userId: number) => `auth:principal:${tenantId}:${userId}`

export interface AuthenticatorDeps {
  signer: TokenSigner
  clock: Clock
  cache: Cache
  principals: PrincipalReader
  sessions?: SessionChecker
  apiKeys?: ApiKeyResolver
  agentKeys?: AgentKeyChecker
}

export function createAuthenticator(deps: AuthenticatorDeps): Authenticator {
  const key = principalCacheKey

  async function principal(tenantId: number, userId: number): Promise<Principal | null> {
    const { value } = await deps.cache.wrap(key(tenantId, userId), PRINCIPAL_TTL_MS, () =>
      deps.principals.principal(tenantId, userId),
    )
    return value
  }

  return {
    async fromAccessToken(token, via) {
      const claims = await deps.signer.verify(token, deps.clock.now())
      if (!claims) return null
      const p = await principal(claims.tenantId, claims.userId)
      if (!p?.active) return null
      if (deps.sessions && !(await deps.sessions.isActive(claims.sessionId, claims.userId, claims.tenantId)))
        return null
      // Role comes from the database, not the token, so a demotion takes effect within the cache TTL.
      return {
        tenantId: claims.tenantId,
        userId: claims.userId,
        role: p.role,
        plan: p.plan,
        sessionId: claims.sessionId,
        via,
      }
    },
    async fromApiKey(apiKey) {
      if (!deps.apiKeys) return null
      const owner = await deps.apiKeys.resolve(apiKey)
      if (!owner) return null
      const p = await principal(owner.tenantId, owner.userId)
      if (!p?.active) return null
      return { tenantId: owner.tenantId, userId: owner.userId, role: p.role, plan: p.plan, via: 'api_key' }
    },
    isAgentKey: async (agentKey) => (deps.agentKeys ? deps.agentKeys.isLive(agentKey) : false),
    invalidateUser: (tenantId, userId) => deps.cache.delete(key(tenantId, userId)),
  }
}
