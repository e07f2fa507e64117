/**
 * Mobile device tokens: registered per (user, token) — a new pair is created (201), an existing
 * one refreshed (200, `last_seen_at` moves) in one atomic upsert; a token another user of the
 * tenant registered moves to the caller (the device is theirs now); at most MAX_TOKENS per user
 * (the one seen longest ago is dropped).
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { NotFoundError, UnprocessableError } from '../../../platform/http/errors.ts'
import { deviceTokenRule } from './lib/target-rules.ts'
import { MAX_TOKENS, type TokenInput, type TokenOut } from './push.schemas.ts'
import * as repo from './tokens.repository.ts'

const iso = (d: Date | string) => new Date(d).toISOString()

export const tokenView = (r: repo.TokenRow): TokenOut => ({
  token_id: r.id,
  device_token: r.device_token,
  platform: r.platform,
  app_id: r.app_id,
  created_at: iso(r.created_at),
  last_seen_at: iso(r.last_seen_at),
})

export class TokensService {
  constructor(private readonly deps: { scopes: Scopes; clock: Clock }) {}

  async register(scope: RequestScope, body: TokenInput): Promise<{ created: boolean; token: TokenOut }> {
    const rule = deviceTokenRule(body.platform, body.device_token)
    if (rule.problem)
      throw new UnprocessableError('validation.failed', `device_token: ${rule.problem.msg}`, [rule.problem])
    const values: repo.TokenValues = {
      userId: scope.userId,
      deviceToken: rule.token,
      platform: body.platform,
      appId: body.app_id ?? null,
      now: this.deps.clock.now(),
    }
    const row = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const saved = await repo.upsertToken(s, values)
      await repo.releaseFromOthers(s, scope.userId, values.deviceToken)
      await repo.capTokens(s, scope.userId, MAX_TOKENS)
      return saved
    })
    return { created: row.inserted, token: tokenView(row) }
  }

  async list(scope: RequestScope) {
    const rows = await this.deps.scopes.withTenant(scope.tenantId, (s) => repo.listTokens(s, scope.userId))
    return { items: rows.map(tokenView), limit: MAX_TOKENS }
  }

  async remove(scope: RequestScope, id: number): Promise<void> {
    const gone = await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      repo.deleteOwnToken(s, scope.userId, id),
    )
    if (!gone) throw new NotFoundError('push.token_not_found', `No push token ${id} of yours`)
  }
}
