/** SQL of `eod_review` (tenant table): one review per tenant, account scope and date. */
import type { TenantScope } from '../../../platform/db/index.ts'

export interface ReviewValues {
  account_scope: number
  review_date: string
  total_pnl: number | null
  signals: number
  hits: number
  complete: boolean
  payload: Record<string, unknown>
}

export function findReview(s: TenantScope, accountScope: number, date: string) {
  return s.db
    .selectFrom('eod_review')
    .select(['payload', 'complete', 'updated_at'])
    .where('tenant_id', '=', s.tenantId)
    .where('account_scope', '=', accountScope)
    .where('review_date', '=', date)
    .executeTakeFirst()
}

/**
 * Inserts the review, or replaces a stored one that was not complete (its next-close outcomes were
 * pending); a complete stored review is rewritten only with `replaceComplete` (the holdings of its
 * date have changed since it was stored). Returns whether a row was written.
 */
export async function saveReview(
  s: TenantScope,
  v: ReviewValues,
  at: Date,
  opts: { replaceComplete?: boolean } = {},
): Promise<boolean> {
  const row = await s.db
    .insertInto('eod_review')
    .values({
      ...v,
      payload: JSON.stringify(v.payload),
      tenant_id: s.tenantId,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'account_scope', 'review_date'])
        .doUpdateSet((eb) => ({
          total_pnl: eb.ref('excluded.total_pnl'),
          signals: eb.ref('excluded.signals'),
          hits: eb.ref('excluded.hits'),
          complete: eb.ref('excluded.complete'),
          payload: eb.ref('excluded.payload'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where((eb) => (opts.replaceComplete ? eb.val(true) : eb('eod_review.complete', '=', false))),
    )
    .returning('id')
    .executeTakeFirst()
  return row !== undefined
}

/** Stored reviews of the scope with from ≤ review_date ≤ to, newest first (at most one per day). */
export function reviewsBetween(s: TenantScope, accountScope: number, from: string, to: string) {
  return s.db
    .selectFrom('eod_review')
    .select(['review_date', 'payload', 'complete'])
    .where('tenant_id', '=', s.tenantId)
    .where('account_scope', '=', accountScope)
    .where('review_date', '>=', from)
    .where('review_date', '<=', to)
    .orderBy('review_date', 'desc')
    .execute()
}
