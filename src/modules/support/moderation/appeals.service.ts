/**
 * The caller's moderation actions and their appeals, and the review of appeals by a person
 * (lib/policy.ts holds the rules: one appeal per action, the window, the deadline).
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { ConflictError, ForbiddenError, NotFoundError, UnprocessableError } from '../../../platform/http/errors.ts'
import { APPEAL_WINDOW_DAYS, decideBy, howToAppeal, statementOf } from './lib/policy.ts'
import * as repo from './moderation.repository.ts'
import type * as S from './moderation.schemas.ts'
import type { AppealStatus } from './moderation.tables.ts'

const iso = (d: Date) => d.toISOString()
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null)

const decided = (status: string) =>
  new ConflictError('moderation.appeal_decided', `This action's appeal was already decided (${status}); the decision is final`)

function text(value: string, field: string): string {
  const out = value.trim()
  if (!out) throw UnprocessableError.field(['body', field], 'must not be blank')
  return out
}

export class AppealsService {
  constructor(private readonly deps: { scopes: Scopes; clock: Clock }) {}

  async actions(scope: RequestScope, limit = 50): Promise<{ items: S.ActionOut[] }> {
    const rows = await this.deps.scopes.withTenant(scope.tenantId, (s) => repo.listActions(s, scope.userId, limit))
    return { items: rows.map(actionView) }
  }

  /** Files the caller's appeal: 404 not theirs; 409 appealed already, or the window has closed. */
  async appeal(scope: RequestScope, actionId: number, reason: string): Promise<S.AppealOut> {
    const why = text(reason, 'reason')
    const now = this.deps.clock.now()
    const row = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const action = await repo.lockAction(s, actionId, scope.userId)
      if (!action) throw new NotFoundError('moderation.action_not_found', 'No such moderation action')
      const existing = await repo.appealOfAction(s, actionId)
      if (existing?.status === 'open')
        throw new ConflictError('moderation.appeal_open', 'This action already has an open appeal', {
          extra: { appeal_id: existing.id, decide_by: iso(existing.decide_by) },
        })
      if (existing) throw decided(existing.status)
      if (now > action.appealable_until)
        throw new ConflictError(
          'moderation.appeal_window_closed',
          `Appeals are open for ${APPEAL_WINDOW_DAYS} days after the action; this one closed at ${iso(action.appealable_until)}`,
          { extra: { appealable_until: iso(action.appealable_until) } },
        )
      return repo.insertAppeal(s, {
        action_id: actionId,
        user_id: scope.userId,
        status: 'open',
        reason: why,
        decide_by: decideBy(now),
        created_at: now,
      })
    })
    return appealView(row)
  }

  async appeals(scope: RequestScope, limit = 50): Promise<{ items: S.AppealOut[] }> {
    const rows = await this.deps.scopes.withTenant(scope.tenantId, (s) => repo.listAppeals(s, scope.userId, limit))
    return { items: rows.map(appealView) }
  }

  async queue(tenantId: number, status: AppealStatus, limit: number): Promise<{ items: S.AdminAppealOut[] }> {
    const rows = await this.deps.scopes.withTenant(tenantId, (s) => repo.reviewQueue(s, status, limit))
    return {
      items: rows.map((r) => ({
        ...adminAppealView(r),
        action: {
          categories: r.categories,
          reasons: r.reasons,
          surface: r.surface,
          reference: r.reference,
          created_at: iso(r.action_created_at),
        },
      })),
    }
  }

  /** A person's decision with a stated reason; reversing lifts the action. Not on one's own appeal. */
  async decide(
    reviewer: RequestScope,
    tenantId: number,
    appealId: number,
    b: S.DecideInputBody,
  ): Promise<S.DecidedAppealOut> {
    const reason = text(b.reason, 'reason')
    const now = this.deps.clock.now()
    const row = await this.deps.scopes.withTenant(tenantId, async (s) => {
      const appeal = await repo.lockAppeal(s, appealId)
      if (!appeal) throw new NotFoundError('moderation.appeal_not_found', 'No such appeal')
      if (appeal.user_id === reviewer.userId && tenantId === reviewer.tenantId)
        throw new ForbiddenError('moderation.own_appeal', 'An appeal is decided by someone other than the appellant')
      if (appeal.status !== 'open') throw decided(appeal.status)
      const status = b.decision === 'reverse' ? 'reversed' : 'upheld'
      const out = await repo.decideAppeal(s, appealId, {
        status,
        reviewer_user_id: reviewer.userId,
        reviewer_reason: reason,
        decided_at: now,
      })
      if (status === 'reversed') await repo.reverseAction(s, appeal.action_id, now)
      return out
    })
    return adminAppealView(row)
  }
}

function actionView(r: repo.ActionWithAppeal): S.ActionOut {
  const reasons = r.reasons
  return {
    action_id: r.id,
    kind: r.kind,
    status: r.status,
    categories: r.categories,
    reasons,
    automated: r.automated,
    sources: r.sources,
    surface: r.surface,
    reference: r.reference,
    created_at: iso(r.created_at),
    appealable_until: iso(r.appealable_until),
    reversed_at: isoOrNull(r.reversed_at),
    statement: statementOf({ categories: r.categories, reasons, sources: r.sources, surface: r.surface }),
    how_to_appeal: howToAppeal(r.id, r.appealable_until),
    appeal: r.appeal_id === null ? null : { appeal_id: r.appeal_id, status: r.appeal_status! },
  }
}

function appealView(r: repo.AppealRow): S.AppealOut {
  return {
    appeal_id: r.id,
    action_id: r.action_id,
    status: r.status,
    reason: r.reason,
    reviewer_reason: r.reviewer_reason,
    decided_at: isoOrNull(r.decided_at),
    created_at: iso(r.created_at),
    decide_by: iso(r.decide_by),
  }
}

const adminAppealView = (r: repo.AppealRow) => ({
  ...appealView(r),
  user_id: r.user_id,
  reviewer_user_id: r.reviewer_user_id,
})
