/** SQL for `moderation_action` and `moderation_appeal`; every query takes the tenant scope. */
import type { Insertable, Selectable } from 'kysely'
import { oneOf, type TenantScope } from '../../../platform/db/index.ts'
import type { AppealStatus, ModerationActionTable, ModerationAppealTable } from './moderation.tables.ts'

export type ActionRow = Selectable<ModerationActionTable>
export type AppealRow = Selectable<ModerationAppealTable>
export type ActionWithAppeal = ActionRow & {
  appeal_id: number | null
  appeal_status: AppealStatus | null
}

export const insertAction = (s: TenantScope, a: Omit<Insertable<ModerationActionTable>, 'tenant_id'>) =>
  s.db
    .insertInto('moderation_action')
    .values({ ...a, tenant_id: s.tenantId })
    .returningAll()
    .executeTakeFirstOrThrow()

/** The user's action, locked for the transaction (appeals on it serialise); undefined if not theirs. */
export const lockAction = (s: TenantScope, id: number, userId: number) =>
  s.db
    .selectFrom('moderation_action')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst()

/** The user's actions, newest first, each with its appeal if any. */
export const listActions = (s: TenantScope, userId: number, limit: number): Promise<ActionWithAppeal[]> =>
  s.db
    .selectFrom('moderation_action as a')
    .leftJoin('moderation_appeal as p', (j) =>
      j.onRef('p.tenant_id', '=', 'a.tenant_id').onRef('p.action_id', '=', 'a.id'),
    )
    .selectAll('a')
    .select(['p.id as appeal_id', 'p.status as appeal_status'])
    .where('a.tenant_id', '=', s.tenantId)
    .where('a.user_id', '=', userId)
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute()

export const appealOfAction = (s: TenantScope, actionId: number) =>
  s.db
    .selectFrom('moderation_appeal')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('action_id', '=', actionId)
    .executeTakeFirst()

export const insertAppeal = (s: TenantScope, a: Omit<Insertable<ModerationAppealTable>, 'tenant_id'>) =>
  s.db
    .insertInto('moderation_appeal')
    .values({ ...a, tenant_id: s.tenantId })
    .returningAll()
    .executeTakeFirstOrThrow()

export const listAppeals = (s: TenantScope, userId: number, limit: number) =>
  s.db
    .selectFrom('moderation_appeal')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()

/**
 * Open, the status the queue's partial index names: written into the statement so a cached plan can
 * use that index (`oneOf`). The code's own value, taken when the request asks for the open queue; a
 * decided status stays a parameter.
 */
const isOpen = oneOf('p.status', ['open'])

/** The review queue: by status (open ones soonest due first, decided ones newest first), with the action. */
export async function reviewQueue(s: TenantScope, status: AppealStatus, limit: number) {
  let q = s.db
    .selectFrom('moderation_appeal as p')
    .innerJoin('moderation_action as a', (j) =>
      j.onRef('a.tenant_id', '=', 'p.tenant_id').onRef('a.id', '=', 'p.action_id'),
    )
    .selectAll('p')
    .select(['a.categories', 'a.reasons', 'a.surface', 'a.reference', 'a.created_at as action_created_at'])
    .where('p.tenant_id', '=', s.tenantId)
  q =
    status === 'open'
      ? q.where(isOpen).orderBy('p.decide_by').orderBy('p.id')
      : q.where('p.status', '=', status).orderBy('p.decided_at', 'desc').orderBy('p.id', 'desc')
  return q.limit(limit).execute()
}

export const lockAppeal = (s: TenantScope, id: number) =>
  s.db
    .selectFrom('moderation_appeal')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()

export const decideAppeal = (
  s: TenantScope,
  id: number,
  d: { status: 'upheld' | 'reversed'; reviewer_user_id: number; reviewer_reason: string; decided_at: Date },
) =>
  s.db
    .updateTable('moderation_appeal')
    .set(d)
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()

export const reverseAction = (s: TenantScope, id: number, at: Date) =>
  s.db
    .updateTable('moderation_action')
    .set({ status: 'reversed', reversed_at: at })
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .execute()
