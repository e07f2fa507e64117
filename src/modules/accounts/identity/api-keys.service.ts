/**
 * One API key per user: created on first read, shown in plaintext only in the answer that created
 * it, stored as a SHA-256 hash. A key names its tenant (`sxk_<tenant>.<random>`), so resolving it
 * is a tenant-scoped lookup under RLS; resolutions are cached briefly and last_used_at is written
 * at most once a minute.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { ApiKeyResolver } from '../../../platform/auth/authenticator.ts'
import { sha256Hex } from '../../../platform/crypto.ts'
import { audit, type IdentityDeps, type RequestContext } from './identity.service.ts'
import type { ApiKeyInfo } from './identity.schemas.ts'
import * as creds from './credentials.repository.ts'
import { issueToken, tenantOfToken } from './lib/one-time.ts'

const PREFIX = 'sxk_'
const RESOLVE_TTL_MS = 60_000
const TOUCH_EVERY_MS = 60_000

const info = (
  row: { prefix: string; created_at: Date; last_used_at: Date | null },
  key?: string,
): ApiKeyInfo => ({
  prefix: row.prefix,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
  ...(key ? { key } : {}),
})

export class ApiKeyService implements ApiKeyResolver {
  constructor(private readonly deps: IdentityDeps) {}

  async get(scope: RequestScope): Promise<ApiKeyInfo> {
    const existing = await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      creds.findApiKey(s, scope.userId),
    )
    return existing ? info(existing) : this.create(scope)
  }

  async rotate(scope: RequestScope, ctx: RequestContext): Promise<ApiKeyInfo> {
    const old = await this.deps.scopes.withTenant(scope.tenantId, (s) => creds.findApiKey(s, scope.userId))
    const created = await this.create(scope)
    if (old) await this.deps.cache.deletePrefix(`auth:apikey:${scope.tenantId}:`)
    await audit(this.deps, {
      tenantId: scope.tenantId,
      userId: scope.userId,
      event: 'api_key_rotated',
      ...ctx,
    })
    return created
  }

  private async create(scope: RequestScope): Promise<ApiKeyInfo> {
    const { token, hash } = issueToken(scope.tenantId, PREFIX)
    const prefix = token.slice(0, token.indexOf('.') + 7)
    const row = await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      creds.upsertApiKey(s, scope.userId, prefix, hash),
    )
    return info(row, token)
  }

  async resolve(key: string): Promise<{ tenantId: number; userId: number } | null> {
    const tenantId = tenantOfToken(key, PREFIX)
    if (!tenantId) return null
    const hash = sha256Hex(key)
    const { value } = await this.deps.cache.wrap(
      `auth:apikey:${tenantId}:${hash}`,
      RESOLVE_TTL_MS,
      async () => {
        const row = await this.deps.scopes.withTenant(tenantId, (s) => creds.findApiKeyByHash(s, hash))
        if (!row) return null
        const now = this.deps.clock.now().getTime()
        if (!row.last_used_at || now - row.last_used_at.getTime() > TOUCH_EVERY_MS) {
          await this.deps.scopes.withTenant(tenantId, (s) => creds.touchApiKey(s, row.user_id))
        }
        return { tenantId, userId: row.user_id }
      },
    )
    return value
  }
}
