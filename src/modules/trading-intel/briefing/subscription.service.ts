/**
 * The briefing subscription of the calling user (GET/PUT /email-briefing/subscription) and the
 * one-click unsubscribe (POST /email-briefing/unsubscribe?token=…, no authentication: the token is
 * the credential). Each user has at most one row; it is created by the first PUT or the first
 * on-demand send (which needs its unsubscribe token for the mail), disabled in the latter case.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { SecretCipher } from '../../../platform/crypto.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { NotFoundError } from '../../../platform/http/errors.ts'
import type { HoldingsService } from '../../portfolio/index.ts'
import type { EntitlementsService } from '../../accounts/tenancy/index.ts'
import {
  ensureSub,
  findSub,
  findSubByTokenHash,
  unsubscribe,
  updateSub,
  type SubRow,
} from './briefing.repository.ts'
import type { SubscriptionInput, SubscriptionOut } from './briefing.schemas.ts'
import { hashOf, issueUnsubToken, tenantOfUnsubToken } from './lib/tokens.ts'

export const BRIEFING_FEATURE = 'email_briefing'

export interface SubscriptionDeps {
  scopes: Scopes
  clock: Clock
  cipher: SecretCipher
  entitlements: Pick<EntitlementsService, 'forTenant' | 'requireFeature'>
  holdings: Pick<HoldingsService, 'latest'>
  /** BRIEFING_SEND_AT: the send time of subscriptions that name none. */
  defaultSendAt: string
}

export class SubscriptionService {
  constructor(private readonly deps: SubscriptionDeps) {}

  async get(scope: RequestScope): Promise<SubscriptionOut> {
    const { features } = await this.deps.entitlements.forTenant(scope)
    const row = await this.deps.scopes.withTenant(scope.tenantId, (s) => findSub(s, scope.userId))
    return viewOf(row, features[BRIEFING_FEATURE] === true, this.deps.defaultSendAt)
  }

  /** 402 without the feature; 404 for an account that is not the tenant's. */
  async put(scope: RequestScope, body: SubscriptionInput): Promise<SubscriptionOut> {
    await this.deps.entitlements.requireFeature(scope, BRIEFING_FEATURE)
    const accountId = body.account_id ?? null
    if (accountId !== null) await this.deps.holdings.latest(scope.tenantId, { accountId, limit: 1 })
    const now = this.deps.clock.now()
    const row = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const sub = await ensureSub(s, this.newRow(scope, false), now)
      return updateSub(
        s,
        sub.id,
        {
          enabled: body.enabled,
          account_id: accountId,
          send_at: body.send_at ?? sub.send_at,
          // Subscribing again clears the unsubscribe; turning it off by PUT is not an unsubscribe.
          unsubscribed_at: body.enabled ? null : sub.unsubscribed_at,
        },
        now,
      )
    })
    return viewOf(row, true, this.deps.defaultSendAt)
  }

  /** The user's row (created disabled when missing) and its unsubscribe token, for a mail. */
  async forMail(tenantId: number, userId: number): Promise<{ row: SubRow; token: string }> {
    const row = await this.deps.scopes.withTenant(tenantId, (s) =>
      ensureSub(s, this.newRow({ tenantId, userId }, false), this.deps.clock.now()),
    )
    return { row, token: this.tokenOf(row) }
  }

  tokenOf(row: SubRow): string {
    return this.deps.cipher.decrypt(row.unsub_token_enc, String(row.tenant_id))
  }

  /** Idempotent: a second POST answers the same (the first unsubscribe time stays). Unknown token → 404. */
  async unsubscribe(token: string): Promise<{ unsubscribed: true; unsubscribed_at: string }> {
    const tenantId = tenantOfUnsubToken(token)
    const row =
      tenantId === null
        ? undefined
        : await this.deps.scopes.withTenant(tenantId, async (s) => {
            const sub = await findSubByTokenHash(s, hashOf(token))
            return sub && unsubscribe(s, sub.id, this.deps.clock.now())
          })
    if (!row?.unsubscribed_at)
      throw new NotFoundError('briefing.unsubscribe_token_unknown', 'This unsubscribe link is not valid')
    return { unsubscribed: true, unsubscribed_at: row.unsubscribed_at.toISOString() }
  }

  /**
   * The user's one-click unsubscribe from the `briefing` list (the notifications module's link in
   * every mail): the subscription is turned off like the old per-subscription link does.
   */
  async unsubscribeUser(tenantId: number, userId: number): Promise<void> {
    await this.deps.scopes.withTenant(tenantId, async (s) => {
      const sub = await findSub(s, userId)
      if (sub) await unsubscribe(s, sub.id, this.deps.clock.now())
    })
  }

  private newRow(owner: { tenantId: number; userId: number }, enabled: boolean) {
    const { token, hash } = issueUnsubToken(owner.tenantId)
    return {
      user_id: owner.userId,
      enabled,
      account_id: null,
      send_at: this.deps.defaultSendAt,
      unsub_token_hash: hash,
      unsub_token_enc: this.deps.cipher.encrypt(token, String(owner.tenantId)),
    }
  }
}

function viewOf(row: SubRow | undefined, entitled: boolean, defaultSendAt: string): SubscriptionOut {
  return {
    enabled: row?.enabled ?? false,
    account_id: row?.account_id ?? null,
    send_at: row?.send_at ?? defaultSendAt,
    entitled,
    last_sent_on: row?.last_sent_on ?? null,
    unsubscribed_at: row?.unsubscribed_at?.toISOString() ?? null,
    created_at: row?.created_at.toISOString() ?? null,
    updated_at: row?.updated_at.toISOString() ?? null,
  }
}
