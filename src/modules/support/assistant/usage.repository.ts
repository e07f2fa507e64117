/** SQL for what the quota counts: user turns and model tokens, in rows that outlive a conversation. */
import { sql } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'

/**
 * What the tenant used since `since`: user turns and model tokens; and the user's turns since
 * `minuteAgo`. Read from the usage rows, which outlive a deleted conversation.
 */
export async function usageSince(s: TenantScope, userId: number, since: Date, minuteAgo: Date) {
  const mine = sql<boolean>`kind = 'message' and user_id = ${userId} and created_at > ${minuteAgo}`
  return s.db
    .selectFrom('support_usage')
    .select([
      sql<string>`count(*) filter (where kind = 'message' and created_at >= ${since})`.as('messages'),
      sql<string>`coalesce(sum(tokens) filter (where created_at >= ${since}), 0)`.as('tokens'),
      sql<string>`count(*) filter (where ${mine})`.as('minute'),
      sql<Date | null>`min(created_at) filter (where ${mine})`.as('minute_oldest'),
    ])
    .where('tenant_id', '=', s.tenantId)
    .where('created_at', '>=', since < minuteAgo ? since : minuteAgo)
    .executeTakeFirstOrThrow()
}

/** Keeps two days of usage rows: the quota reads today's and the last minute's. */
const USAGE_KEPT_MS = 2 * 24 * 3_600_000

/** Counts a user turn (and prunes the user's old usage rows) or an answer's model tokens. */
export async function recordUsage(
  s: TenantScope,
  u: { userId: number; kind: 'message' | 'tokens'; tokens?: number },
  now: Date,
): Promise<void> {
  if (u.kind === 'tokens' && !u.tokens) return
  if (u.kind === 'message')
    await s.db
      .deleteFrom('support_usage')
      .where('tenant_id', '=', s.tenantId)
      .where('user_id', '=', u.userId)
      .where('created_at', '<', new Date(now.getTime() - USAGE_KEPT_MS))
      .execute()
  await s.db
    .insertInto('support_usage')
    .values({
      tenant_id: s.tenantId,
      user_id: u.userId,
      kind: u.kind,
      tokens: u.tokens ?? 0,
      created_at: now,
    })
    .execute()
}
