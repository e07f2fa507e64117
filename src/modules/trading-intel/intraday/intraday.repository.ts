/**
 * SQL of the intraday tables: `intraday_bar` (global; read in `scopes.withGlobal`, written in
 * `scopes.withSystem`) and `intraday_signal` (tenant; a `withTenant` scope, filtered by tenant_id
 * even though RLS would).
 */
import { sql, type Transaction } from 'kysely'
import type { Database, TenantScope } from '../../../platform/db/index.ts'

type Db = Transaction<Database>

/** Rows per INSERT statement (bind-parameter limits). */
const CHUNK = 400

export interface BarRow {
  symbol: string
  interval: string
  time: Date
  session_date: string
  open: number
  high: number
  low: number
  close: number
  volume: number
  vwap: number | null
  rsi: number | null
  macd: number | null
  macd_signal: number | null
  macd_hist: number | null
  updated_at: Date
}

const COMPUTED = [
  'open',
  'high',
  'low',
  'close',
  'volume',
  'vwap',
  'rsi',
  'macd',
  'macd_signal',
  'macd_hist',
] as const

/** Upserts bars with their computed columns: a later computation re-states the same bar. */
export async function upsertBars(db: Db, rows: BarRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto('intraday_bar')
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc.columns(['symbol', 'interval', 'time']).doUpdateSet((eb) => ({
          ...Object.fromEntries(COMPUTED.map((c) => [c, eb.ref(`excluded.${c}`)])),
          session_date: eb.ref('excluded.session_date'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute()
  }
}

/** A stored session of one symbol and interval, oldest first. */
export function sessionBars(db: Db, symbol: string, interval: string, sessionDate: string) {
  return db
    .selectFrom('intraday_bar')
    .selectAll()
    .where('symbol', '=', symbol)
    .where('interval', '=', interval)
    .where('session_date', '=', sessionDate)
    .orderBy('time')
    .execute()
}

export interface SignalRow {
  symbol: string
  setup: string
  direction: string
  confidence: number
  price: number
  trigger_time: Date
  session_date: string
  session: string
  interval: string
  evidence: Record<string, unknown>
}

const SIGNAL_COLUMNS = [
  'id',
  'symbol',
  'setup',
  'direction',
  'confidence',
  'price',
  'trigger_time',
  'session_date',
  'session',
  'interval',
  'evidence',
  'created_at',
] as const

/**
 * Upserts signals on (tenant, symbol, setup, direction, trigger bar): a re-run keeps the row's id
 * and created_at and re-states its figures. Returns the stored rows.
 */
export async function upsertSignals(scope: TenantScope, rows: SignalRow[], at: Date) {
  if (!rows.length) return []
  return scope.db
    .insertInto('intraday_signal')
    .values(
      rows.map((r) => ({
        ...r,
        tenant_id: scope.tenantId,
        evidence: JSON.stringify(r.evidence),
        created_at: at,
        updated_at: at,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'symbol', 'setup', 'direction', 'trigger_time']).doUpdateSet((eb) => ({
        confidence: eb.ref('excluded.confidence'),
        price: eb.ref('excluded.price'),
        evidence: eb.ref('excluded.evidence'),
        session: eb.ref('excluded.session'),
        interval: eb.ref('excluded.interval'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .returning(SIGNAL_COLUMNS)
    .execute()
}

/**
 * Signals whose `column` is at or after `since`, newest first by it (then id): `trigger_time` for the
 * signal reads (when the setup fired), `created_at` for the intel feed (when it was detected).
 */
export function signalsSince(
  scope: TenantScope,
  column: 'trigger_time' | 'created_at',
  q: { since: Date; symbol?: string; limit: number },
) {
  let query = scope.db
    .selectFrom('intraday_signal')
    .select(SIGNAL_COLUMNS)
    .where('tenant_id', '=', scope.tenantId)
    .where(column, '>=', q.since)
  if (q.symbol) query = query.where('symbol', '=', q.symbol)
  return query.orderBy(column, 'desc').orderBy('id', 'desc').limit(q.limit).execute()
}

export type StoredSignal = Awaited<ReturnType<typeof signalsSince>>[number]

/** The signals of one New York session date, in trigger order, at most `limit` (the daily review). */
export function signalsOn(scope: TenantScope, sessionDate: string, limit: number) {
  return scope.db
    .selectFrom('intraday_signal')
    .select(SIGNAL_COLUMNS)
    .where('tenant_id', '=', scope.tenantId)
    .where('session_date', '=', sessionDate)
    .orderBy('trigger_time')
    .orderBy('id')
    .limit(limit)
    .execute()
}

/**
 * The (symbol, session date) pairs of `from`..`to` (YYYY-MM-DD) on which one of `setups` fired, and
 * the first session date the tenant has any signal on (null: none): a backtest's setup filter.
 */
export async function setupDays(scope: TenantScope, from: string, to: string, setups: readonly string[]) {
  const days = await scope.db
    .selectFrom('intraday_signal')
    .select(['symbol', sql<string>`session_date::text`.as('day')])
    .distinct()
    .where('tenant_id', '=', scope.tenantId)
    .where('session_date', '>=', from)
    .where('session_date', '<=', to)
    .where('setup', 'in', setups)
    .execute()
  const first = await scope.db
    .selectFrom('intraday_signal')
    .select(sql<string | null>`min(session_date)::text`.as('first'))
    .where('tenant_id', '=', scope.tenantId)
    .executeTakeFirst()
  return { days, first: first?.first ?? null }
}
