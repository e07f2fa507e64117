/** The tenant's options-flow signals: upsert per (symbol, trading date), window and feed reads. */
import type { Selectable } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'
import type { OptionsFlowSignalTable } from './options-flow.tables.ts'

export type SignalRow = Selectable<OptionsFlowSignalTable>

export interface SignalValues {
  symbol: string
  trading_date: string
  direction: string
  put_volume: number
  call_volume: number
  put_call_ratio: number | null
  confidence: number
  contracts: number
  expiration: string
}

/**
 * Inserts the reading, or updates that day's row of the symbol in place: it keeps its id and
 * created_at, and updated_at moves to `at`.
 */
export function upsertSignal(s: TenantScope, v: SignalValues, at: Date): Promise<SignalRow> {
  return s.db
    .insertInto('options_flow_signal')
    .values({ ...v, tenant_id: s.tenantId, created_at: at, updated_at: at })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'symbol', 'trading_date']).doUpdateSet({
        direction: v.direction,
        put_volume: v.put_volume,
        call_volume: v.call_volume,
        put_call_ratio: v.put_call_ratio,
        confidence: v.confidence,
        contracts: v.contracts,
        expiration: v.expiration,
        updated_at: at,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * Signals whose `column` is at or after `since`, newest first by it (then id), at most `limit`:
 * `updated_at` for the flow list (the day's latest reading), `created_at` for the intel feed.
 */
export function signalsSince(
  s: TenantScope,
  column: 'created_at' | 'updated_at',
  q: { since: Date; symbol?: string; limit: number },
): Promise<SignalRow[]> {
  let query = s.db
    .selectFrom('options_flow_signal')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where(column, '>=', q.since)
  if (q.symbol) query = query.where('symbol', '=', q.symbol)
  return query.orderBy(column, 'desc').orderBy('id', 'desc').limit(q.limit).execute()
}

/**
 * Signals whose trading date is on or after `fromDate` (the flow list's session window), newest
 * reading first (updated_at, then id), at most `limit`.
 */
export function signalsFromDate(
  s: TenantScope,
  q: { fromDate: string; symbol?: string; limit: number },
): Promise<SignalRow[]> {
  let query = s.db
    .selectFrom('options_flow_signal')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('trading_date', '>=', q.fromDate)
  if (q.symbol) query = query.where('symbol', '=', q.symbol)
  return query.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute()
}

/** The signals of one New York trading date, by symbol, at most `limit` (the end-of-day review). */
export function signalsOn(s: TenantScope, tradingDate: string, limit: number): Promise<SignalRow[]> {
  return s.db
    .selectFrom('options_flow_signal')
    .selectAll()
    .where('tenant_id', '=', s.tenantId)
    .where('trading_date', '=', tradingDate)
    .orderBy('symbol')
    .limit(limit)
    .execute()
}
