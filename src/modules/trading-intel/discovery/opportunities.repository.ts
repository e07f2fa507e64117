/** SQL of the opportunity scores (discovery_opportunity): the recompute's upsert and the ranked reads. */
import { sql } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'
import type { Universe } from './discovery.tables.ts'
import type { Opportunity } from './lib/composite.ts'
import type { ScanType } from './lib/scans.ts'
import type { OpportunitySort } from './opportunities.schemas.ts'

export interface OpportunityFilters {
  since: Date
  minScore: number
  scanType?: ScanType | undefined
  universe?: Universe | undefined
  /** Upper-cased substring of the symbol. */
  symbol?: string | undefined
}

const COLUMNS = [
  'symbol',
  'score',
  'signals',
  'confluence_bonus',
  'scan_types',
  'universes',
  'components',
  'computed_at',
] as const

/** One row per symbol: inserted, or replaced by the new computation. */
export async function upsertOpportunities(s: TenantScope, items: readonly Opportunity[], at: Date) {
  if (!items.length) return
  const rows = items.map((o) => ({
    tenant_id: s.tenantId,
    symbol: o.symbol,
    score: o.score,
    signals: o.signals,
    confluence_bonus: o.confluence_bonus,
    scan_types: JSON.stringify(o.scan_types),
    universes: JSON.stringify(o.universes),
    components: JSON.stringify(o.components),
    computed_at: at,
    created_at: at,
  }))
  await s.db
    .insertInto('discovery_opportunity')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'symbol']).doUpdateSet((eb) => ({
        score: eb.ref('excluded.score'),
        signals: eb.ref('excluded.signals'),
        confluence_bonus: eb.ref('excluded.confluence_bonus'),
        scan_types: eb.ref('excluded.scan_types'),
        universes: eb.ref('excluded.universes'),
        components: eb.ref('excluded.components'),
        computed_at: eb.ref('excluded.computed_at'),
      })),
    )
    .execute()
}

function base(s: TenantScope, f: OpportunityFilters) {
  let q = s.db
    .selectFrom('discovery_opportunity')
    .where('tenant_id', '=', s.tenantId)
    .where('computed_at', '>=', f.since)
    .where('score', '>=', f.minScore)
  // jsonb containment: the list holds this value.
  if (f.scanType) q = q.where(sql<boolean>`scan_types @> ${JSON.stringify([f.scanType])}::jsonb`)
  if (f.universe) q = q.where(sql<boolean>`universes @> ${JSON.stringify([f.universe])}::jsonb`)
  if (f.symbol) q = q.where(sql<boolean>`strpos(symbol, ${f.symbol}) > 0`)
  return q
}

export function listOpportunities(
  s: TenantScope,
  f: OpportunityFilters,
  sort: { by: OpportunitySort; dir: 'asc' | 'desc' },
  limit: number,
) {
  return base(s, f).select(COLUMNS).orderBy(sort.by, sort.dir).orderBy('symbol', 'asc').limit(limit).execute()
}

export async function countOpportunities(s: TenantScope, f: OpportunityFilters): Promise<number> {
  const row = await base(s, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
