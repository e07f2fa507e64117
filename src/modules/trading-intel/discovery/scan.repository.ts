/** SQL of the scanner results (discovery_result): the upsert of a scan, the feed and its aggregates. */
import { sql, type SelectQueryBuilder } from 'kysely'
import type { Database, TenantScope } from '../../../platform/db/index.ts'
import type { Universe } from './discovery.tables.ts'
import type { RankedHit } from './lib/rank.ts'
import type { ScanType } from './lib/scans.ts'
import type { ResultSort } from './scan.schemas.ts'

export interface ResultFilters {
  since: Date
  scanType?: ScanType | undefined
  universe?: Universe | undefined
  /** Upper-cased substring of the symbol. */
  symbol?: string | undefined
}

const COLUMNS = [
  'id',
  'symbol',
  'universe',
  'scan_type',
  'trading_date',
  'score',
  'direction',
  'price',
  'change_pct',
  'evidence',
  'created_at',
  'updated_at',
] as const

function filtered<O>(
  q: SelectQueryBuilder<Database, 'discovery_result', O>,
  tenantId: number,
  f: ResultFilters,
) {
  let out = q.where('tenant_id', '=', tenantId).where('updated_at', '>=', f.since)
  if (f.scanType) out = out.where('scan_type', '=', f.scanType)
  if (f.universe) out = out.where('universe', '=', f.universe)
  // strpos, not LIKE: a '%' or '_' in the filter is a character, not a wildcard.
  if (f.symbol) out = out.where(sql<boolean>`strpos(symbol, ${f.symbol}) > 0`)
  return out
}

/** Inserts the scan's hits or, for a row already found that day, updates it (one row per key). */
export async function upsertResults(
  s: TenantScope,
  universe: Universe,
  scanType: ScanType,
  hits: readonly RankedHit[],
  at: Date,
) {
  if (!hits.length) return []
  const rows = hits.map((h) => ({
    tenant_id: s.tenantId,
    universe,
    scan_type: scanType,
    symbol: h.symbol,
    trading_date: h.trading_date,
    score: h.score,
    direction: h.direction,
    price: h.price,
    change_pct: h.change_pct,
    evidence: JSON.stringify(h.evidence),
    created_at: at,
    updated_at: at,
  }))
  return s.db
    .insertInto('discovery_result')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'universe', 'scan_type', 'symbol', 'trading_date']).doUpdateSet((eb) => ({
        score: eb.ref('excluded.score'),
        direction: eb.ref('excluded.direction'),
        price: eb.ref('excluded.price'),
        change_pct: eb.ref('excluded.change_pct'),
        evidence: eb.ref('excluded.evidence'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .returning(COLUMNS)
    .execute()
}

export function feed(
  s: TenantScope,
  f: ResultFilters,
  sort: { by: ResultSort; dir: 'asc' | 'desc' },
  limit: number,
) {
  return s.db
    .selectFrom('discovery_result')
    .select(COLUMNS)
    .$call((q) => filtered(q, s.tenantId, f))
    .orderBy(sort.by, sort.dir === 'asc' ? sql`asc nulls first` : sql`desc nulls last`)
    .orderBy('symbol', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute()
}

export function totals(s: TenantScope, f: ResultFilters) {
  return s.db
    .selectFrom('discovery_result')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      sql<number>`count(distinct symbol)`.as('symbols'),
      eb.fn.max('updated_at').as('last_scan_at'),
    ])
    .$call((q) => filtered(q, s.tenantId, f))
    .executeTakeFirstOrThrow()
}

/** Per scan type: count, average score, and the best row (highest score, ties alphabetical). */
export function breakdown(s: TenantScope, f: ResultFilters) {
  return s.db
    .selectFrom('discovery_result')
    .select((eb) => [
      'scan_type',
      eb.fn.countAll<number>().as('count'),
      eb.fn.avg<number>('score').as('avg_score'),
      sql<string>`(array_agg(symbol order by score desc, symbol asc))[1]`.as('top_symbol'),
      eb.fn.max('score').as('top_score'),
    ])
    .$call((q) => filtered(q, s.tenantId, f))
    .groupBy('scan_type')
    .orderBy('scan_type')
    .execute()
}

/** What an opportunity recompute reads: the raw scores of the window's results. */
export function recentScores(s: TenantScope, f: ResultFilters) {
  return s.db
    .selectFrom('discovery_result')
    .select(['symbol', 'scan_type', 'universe', 'score', 'trading_date'])
    .$call((q) => filtered(q, s.tenantId, f))
    .orderBy('symbol')
    .execute()
}
