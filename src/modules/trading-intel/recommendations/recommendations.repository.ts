/** The tenant's recommendations: idempotent insert, reads (one, page, feed, feedback window) and close. */
import type { Selectable } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'
import type { PageRequest } from '../../../platform/http/pagination.ts'
import type {
  RecAction,
  RecOrigin,
  RecOutcome,
  RecStatus,
  RecommendationTable,
} from './recommendations.tables.ts'

export type RecRow = Selectable<RecommendationTable>

export interface NewRec {
  symbol: string
  action: RecAction
  confidence: number
  rationale: string
  origin: RecOrigin
  origin_ref: string
  price_at: number | null
  horizon_days: number
  evidence: Record<string, unknown>
}

/**
 * Inserts the recommendation unless (tenant, origin, origin_ref) exists: `created` says which. The
 * conflict does nothing, so a second call reads the stored row (the first call's values win).
 */
export async function insertOnce(
  s: TenantScope,
  v: NewRec,
  at: Date,
): Promise<{ row: RecRow; created: boolean }> {
  const inserted = await s.db
    .insertInto('recommendation')
    .values({
      ...v,
      evidence: JSON.stringify(v.evidence),
      tenant_id: s.tenantId,
      status: 'open',
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'origin', 'origin_ref']).doNothing())
    .returningAll()
    .executeTakeFirst()
  if (inserted) return { row: inserted, created: true }
  const row = await s.db
    .selectFrom('recommendation')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('origin', '=', v.origin)
    .where('origin_ref', '=', v.origin_ref)
    .executeTakeFirstOrThrow()
  return { row, created: false }
}

export function findRec(s: TenantScope, id: number): Promise<RecRow | undefined> {
  return s.db
    .selectFrom('recommendation')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export interface ListFilter {
  status?: RecStatus | undefined
  symbol?: string | undefined
  origin?: RecOrigin | undefined
  min_confidence?: number | undefined
}

/** Newest first by id (ids grow with created_at); keyset below `beforeId`, else the page's offset. */
export function listRecs(s: TenantScope, f: ListFilter, page: PageRequest, beforeId: number | null) {
  let q = s.db.selectFrom('recommendation').selectAll().where('tenant_id', '=', s.tenantId)
  if (f.status) q = q.where('status', '=', f.status)
  if (f.symbol) q = q.where('symbol', '=', f.symbol)
  if (f.origin) q = q.where('origin', '=', f.origin)
  if (f.min_confidence !== undefined) q = q.where('confidence', '>=', f.min_confidence)
  q = beforeId === null ? q.offset(page.offset) : q.where('id', '<', beforeId)
  return q
    .orderBy('id', 'desc')
    .limit(page.pageSize + 1)
    .execute()
}

/** Rows created at or after `since`, newest first (created_at, id), at most `limit`. */
export function recsSince(
  s: TenantScope,
  q: { since: Date; limit: number; symbol?: string },
): Promise<RecRow[]> {
  let query = s.db
    .selectFrom('recommendation')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('created_at', '>=', q.since)
  if (q.symbol) query = query.where('symbol', '=', q.symbol)
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute()
}

/** The columns feedback scores with (no rationale or evidence), created at or after `since`, newest first. */
export function recsForFeedback(s: TenantScope, since: Date, limit: number) {
  return s.db
    .selectFrom('recommendation')
    .select(['id', 'symbol', 'action', 'confidence', 'price_at', 'horizon_days', 'status'])
    .select(['exit_price', 'return_pct', 'outcome', 'closed_at', 'created_at'])
    .where('tenant_id', '=', s.tenantId)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}
export type FeedbackRow = Awaited<ReturnType<typeof recsForFeedback>>[number]

export interface Closing {
  exit_price: number
  return_pct: number | null
  outcome: RecOutcome | null
  note: string | null
}

/** Closes an open row; undefined when it was not open (closed meanwhile: the caller re-reads it). */
export function closeRec(s: TenantScope, id: number, c: Closing, at: Date): Promise<RecRow | undefined> {
  return s.db
    .updateTable('recommendation')
    .set({ ...c, status: 'closed', closed_at: at, updated_at: at })
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst()
}
