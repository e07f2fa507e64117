/**
 * The replay input of backtests (src/modules/trading-intel/backtest/trade-cache.service.ts): a tenant's realized trades
 * read whole as one framed text value, and the ones written since an earlier read's snapshot
 * (migration 0025, ADR 0028).
 */
import { sql } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'

/** A realized trade as `realizedBetween` reads it (numbers, not decimal strings). */
export interface RealizedRow {
  id: number
  account_id: number
  symbol: string
  quantity: number
  /** YYYY-MM-DD, or VARIOUS as recorded. */
  date_acquired: string
  sold_on: string
  proceeds: number
  cost_basis: number
  fees: number
  gain_loss: number
}

/**
 * Where a read of the trades stood, to ask later what changed since (migration 0025): the read's
 * snapshot (`pg_current_snapshot()` of the same statement, as text) and the tenant's count of
 * statements that hard-deleted trades.
 */
export interface TradeMark {
  snapshot: string
  purges: number
}

/** A trade written since a mark: its row as now (`live`: not deleted and dated), or its id only. */
export interface TradeChange {
  id: number
  account_id: number
  live: boolean
  /** The row as `realizedBetween` reads it; undefined unless `live`. */
  trade: RealizedRow | undefined
}

// The text framing of both reads (see realizedBetween): tabs and line breaks out of the text fields.
const LINE = sql`concat_ws(E'\t', id, translate(symbol, E'\t\n', '  '), quantity,
  translate(date_acquired, E'\t\n', '  '), coalesce(sold_on::text, ''), proceeds, cost_basis, fees, gain_loss,
  account_id)`
const MARK = (scope: TenantScope) => sql`pg_current_snapshot()::text as snapshot,
  coalesce((select trade_purges from portfolio_version where tenant_id = ${scope.tenantId}), 0) as purges`

interface Framed {
  snapshot: string
  purges: string | number
  text: string | null
}
const markOf = (r: Framed): TradeMark => ({ snapshot: r.snapshot, purges: Number(r.purges) })

/**
 * Live dated trades sold from `from` to `to` (inclusive), of one account or all, oldest sale first
 * (then id): the replay input of backtests, with the mark to ask `realizedSince` from. Undated sales
 * (sold_on null) are left out. A backtest reads up to 100,000 trades, so they come as ONE text value,
 * a line per trade and a tab between fields, split here: decoding as many rows costs ~6× more and a
 * json_agg ~3× more (PGlite, 100,000 trades: rows 1,150 ms, json_agg 410 ms, this 180–220 ms;
 * bench/README.md "Backtest"). The text fields lose any tab or line break (never valid in a symbol or
 * a date) so the framing holds. The mark and the trades come from one statement: one snapshot.
 */
export async function realizedBetween(
  scope: TenantScope,
  q: { accountId?: number; from: string; to: string },
): Promise<{ trades: RealizedRow[]; mark: TradeMark }> {
  const account = q.accountId === undefined ? sql`` : sql`and account_id = ${q.accountId}`
  const r = await sql<Framed>`
    select ${MARK(scope)},
           (select string_agg(${LINE}, E'\n')
              from (select * from realized_trade
                     where tenant_id = ${scope.tenantId} and deleted_at is null
                       and sold_on >= ${q.from}::date and sold_on <= ${q.to}::date ${account}
                     order by sold_on, id) t) as text`.execute(scope.db)
  const row = r.rows[0]!
  return { trades: row.text ? row.text.split('\n').map(parseRealized) : [], mark: markOf(row) }
}

/**
 * Every trade of the tenant written since `since` was taken (inserted, edited, soft-deleted or
 * undeleted, in any account), and the mark to ask from next. `complete` is false when they do not
 * say all that changed, and the caller must read whole again: a hard delete since (`purges` moved:
 * a deleted row leaves nothing to report), or transaction ids behind the mark's — a logical restore
 * into another cluster, whose new writes could carry ids the old mark "sees".
 */
export async function realizedSince(
  scope: TenantScope,
  since: TradeMark,
): Promise<{ changes: TradeChange[]; mark: TradeMark; complete: boolean }> {
  const r = await sql<Framed & { behind: boolean }>`
    select ${MARK(scope)},
           pg_snapshot_xmax(pg_current_snapshot()) < pg_snapshot_xmax(${since.snapshot}::pg_snapshot) as behind,
           (select string_agg(concat_ws(E'\t', ${LINE}, (deleted_at is null and sold_on is not null)::int), E'\n')
              from realized_trade
             where tenant_id = ${scope.tenantId}
               and stamp >= pg_snapshot_xmin(${since.snapshot}::pg_snapshot)
               and not pg_visible_in_snapshot(stamp, ${since.snapshot}::pg_snapshot)) as text`.execute(
    scope.db,
  )
  const row = r.rows[0]!
  const mark = markOf(row)
  const complete = !row.behind && mark.purges === since.purges
  return { changes: row.text ? row.text.split('\n').map(parseChange) : [], mark, complete }
}

function parseChange(line: string): TradeChange {
  const trade = parseRealized(line)
  const live = line.endsWith('\t1')
  return { id: trade.id, account_id: trade.account_id, live, trade: live ? trade : undefined }
}

/** Straight into the object the caller keeps: a tuple mapped to it after was ~25 ms more per 100,000. */
function parseRealized(line: string): RealizedRow {
  const f = line.split('\t')
  return {
    id: Number(f[0]),
    symbol: f[1]!,
    quantity: Number(f[2]),
    date_acquired: f[3]!,
    sold_on: f[4]!,
    proceeds: Number(f[5]),
    cost_basis: Number(f[6]),
    fees: Number(f[7]),
    gain_loss: Number(f[8]),
    account_id: Number(f[9]),
  }
}
