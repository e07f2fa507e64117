/**
 * The assistant's rate limit and cost cap, per plan (`plan.limits`): user turns per user per minute
 * (over → 429 with Retry-After), user turns per tenant per UTC day and model tokens per tenant per
 * UTC day (over → a typed degraded answer). Counted from the usage rows every turn and answer writes
 * (`support_usage`), so every process agrees and deleting a conversation gives nothing back.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { TooManyRequestsError } from '../../../platform/http/errors.ts'
import type { EntitlementsService } from '../../accounts/tenancy/index.ts'
import { usageSince } from './usage.repository.ts'
import { DAY_MS } from '../../../kernel/dates.ts'

export const LIMIT_KEYS = {
  perDay: 'support_ai_messages_per_day',
  tokensPerDay: 'support_ai_tokens_per_day',
  perMinute: 'support_ai_messages_per_minute',
} as const

/** For a plan that sets none of the assistant's limits: the free plan's. */
export const DEFAULT_LIMITS = { perDay: 50, tokensPerDay: 50_000, perMinute: 5 }

export interface QuotaView {
  used: number
  limit: number
  remaining: number
  resets_at: string
  tokens_used: number
  tokens_limit: number
  per_minute: number
}

export interface CapOutcome {
  outcome: 'quota_exhausted' | 'cost_cap_reached'
  degraded: true
  message: string
  quota: { used: number; limit: number; resets_at: string }
}

export const startOfUtcDay = (now: Date) => new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS)

export class QuotaService {
  constructor(private readonly deps: { scopes: Scopes; clock: Clock; entitlements: EntitlementsService }) {}

  private async limits(scope: RequestScope) {
    const ent = this.deps.entitlements
    const of = async (k: keyof typeof LIMIT_KEYS) =>
      (await ent.limit(scope, LIMIT_KEYS[k])) ?? DEFAULT_LIMITS[k]
    return {
      perDay: await of('perDay'),
      tokensPerDay: await of('tokensPerDay'),
      perMinute: await of('perMinute'),
    }
  }

  private async read(scope: RequestScope) {
    const now = this.deps.clock.now()
    const day = startOfUtcDay(now)
    const minuteAgo = new Date(now.getTime() - 60_000)
    const limits = await this.limits(scope)
    const row = await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      usageSince(s, scope.userId, day, minuteAgo),
    )
    return {
      now,
      limits,
      resetsAt: new Date(day.getTime() + DAY_MS).toISOString(),
      messages: Number(row.messages),
      tokens: Number(row.tokens),
      minute: Number(row.minute),
      minuteOldest: row.minute_oldest ? new Date(row.minute_oldest) : null,
    }
  }

  async view(scope: RequestScope): Promise<QuotaView> {
    const u = await this.read(scope)
    return {
      used: u.messages,
      limit: u.limits.perDay,
      remaining: Math.max(0, u.limits.perDay - u.messages),
      resets_at: u.resetsAt,
      tokens_used: u.tokens,
      tokens_limit: u.limits.tokensPerDay,
      per_minute: u.limits.perMinute,
    }
  }

  /** Step 3 of a turn: throws 429 over the per-minute limit; a cap outcome over a daily cap; else null. */
  async gate(scope: RequestScope): Promise<CapOutcome | null> {
    const u = await this.read(scope)
    if (u.minute >= u.limits.perMinute) {
      const oldest = u.minuteOldest?.getTime() ?? u.now.getTime()
      const wait = (oldest + 60_000 - u.now.getTime()) / 1000
      throw new TooManyRequestsError(
        'support.rate_limited',
        `At most ${u.limits.perMinute} messages a minute on your plan; try again in a moment`,
        wait,
      )
    }
    if (u.messages >= u.limits.perDay)
      return {
        outcome: 'quota_exhausted',
        degraded: true,
        message: `Your team has used all ${u.limits.perDay} assistant messages of today; the quota resets at midnight UTC. You can still open a support case.`,
        quota: { used: u.messages, limit: u.limits.perDay, resets_at: u.resetsAt },
      }
    if (u.tokens >= u.limits.tokensPerDay)
      return {
        outcome: 'cost_cap_reached',
        degraded: true,
        message: `Your team has reached today's assistant usage cap (${u.limits.tokensPerDay} model tokens); it resets at midnight UTC. You can still open a support case.`,
        quota: { used: u.tokens, limit: u.limits.tokensPerDay, resets_at: u.resetsAt },
      }
    return null
  }
}
