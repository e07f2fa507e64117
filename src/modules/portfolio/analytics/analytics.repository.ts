/**
 * Analytics SQL: sums happen in PostgreSQL (numeric, exact) and only aggregates come back — one
 * row per day or period, never every trade. The realized and unrealized figures come from the
 * per-day rollups that triggers keep in step with every write (migrations 0007_analytics_rollups
 * and 0027_market_value_rollup). Rows whose date_sold did not parse (sold_on null) are left out
 * of everything dated. Money comes back per currency — the account's for trades and snapshots, the
 * flow's own for capital flows — and is converted into the base currency by the service.
 */
import { sql } from 'kysely'
import type { TenantScope } from '../../../platform/db/index.ts'
import { archivedOnSql, countsOnSql } from '../lib/archive.ts'

export interface TradeFilter {
  accountIds?: number[]
  from?: string
  to?: string
}

/**
 * The per-day realized rollup (migration 0007), filtered like the trades it sums. A sale of an
 * archived account counts when made before its archive date (`countsOn`), never from that day on.
 */
function days(scope: TenantScope, f: TradeFilter) {
  let q = scope.db
    .selectFrom('realized_daily as r')
    .innerJoin('broker_account as a', (j) =>
      j.onRef('a.tenant_id', '=', 'r.tenant_id').onRef('a.id', '=', 'r.account_id'),
    )
    .where('r.tenant_id', '=', scope.tenantId)
    .where(countsOnSql('a.archived_at', sql`r.sold_on`))
  if (f.accountIds?.length) q = q.where('r.account_id', 'in', f.accountIds)
  if (f.from) q = q.where('sold_on', '>=', f.from)
  if (f.to) q = q.where('sold_on', '<=', f.to)
  return q
}

/** Realized P&L per sale date and currency. */
export function dailyRealized(scope: TenantScope, f: TradeFilter) {
  return days(scope, f)
    .select([
      sql<string>`sold_on::text`.as('date'),
      'a.currency',
      sql<string>`sum(pnl)`.as('pnl'),
      sql<number>`sum(trades)::int`.as('trades'),
    ])
    .groupBy(['sold_on', 'a.currency'])
    .orderBy('sold_on')
    .orderBy('a.currency')
    .execute() as Promise<{ date: string; currency: string; pnl: string; trades: number }[]>
}

/**
 * `dailyRealized` per sale date, currency and archive date of the accounts (null: not archived),
 * for the ledger.
 */
export function dailyRealizedByArchive(scope: TenantScope, f: TradeFilter) {
  const archivedOn = archivedOnSql('a.archived_at')
  return days(scope, f)
    .select([
      sql<string>`sold_on::text`.as('date'),
      'a.currency',
      archivedOn.as('archived_on'),
      sql<string>`sum(pnl)`.as('pnl'),
      sql<number>`sum(trades)::int`.as('trades'),
    ])
    .groupBy(['sold_on', 'a.currency', archivedOn])
    .orderBy('sold_on')
    .orderBy('a.currency')
    .execute()
}

const PERIOD_FORMAT = {
  daily: 'YYYY-MM-DD',
  weekly: 'IYYY-"W"IW',
  monthly: 'YYYY-MM',
  quarterly: 'YYYY-"Q"Q',
  yearly: 'YYYY',
} as const

/** Realized P&L per calendar period (ISO weeks for weekly), from the day rows. */
export async function periodRealized(scope: TenantScope, f: TradeFilter, period: keyof typeof PERIOD_FORMAT) {
  const key = sql<string>`to_char(sold_on, ${sql.lit(PERIOD_FORMAT[period])})`
  return days(scope, f)
    .select([
      key.as('period'),
      sql<string>`sold_on::text`.as('date'),
      'a.currency',
      sql<string>`sum(pnl)`.as('pnl'),
      sql<number>`sum(trades)::int`.as('trades'),
    ])
    .groupBy([key, 'sold_on', 'a.currency'])
    .orderBy(key)
    .orderBy('sold_on')
    .execute()
}

export function dateRange(scope: TenantScope, f: TradeFilter) {
  return days(scope, f)
    .select([
      sql<string | null>`min(sold_on)::text`.as('min_date'),
      sql<string | null>`max(sold_on)::text`.as('max_date'),
      sql<number>`coalesce(sum(trades), 0)::int`.as('trades'),
    ])
    .executeTakeFirstOrThrow()
}

/**
 * Capital flows per date (for AUM history and unit accounting), each in its own currency, with the
 * archive date of their account (null: not archived, or no account); a flow dated on or after it is
 * left out.
 */
export function flowsByDate(scope: TenantScope, accountIds?: number[]) {
  let q = scope.db
    .selectFrom('capital_flow as f')
    .leftJoin('broker_account as a', (j) =>
      j.onRef('a.tenant_id', '=', 'f.tenant_id').onRef('a.id', '=', 'f.account_id'),
    )
    .where('f.tenant_id', '=', scope.tenantId)
    .where(countsOnSql('a.archived_at', sql`f.flow_date`))
  if (accountIds?.length) q = q.where('f.account_id', 'in', accountIds)
  return q
    .select([
      'f.investor_id',
      'f.flow_date as date',
      'f.amount',
      'f.currency',
      archivedOnSql('a.archived_at').as('archived_on'),
    ])
    .orderBy('f.flow_date')
    .orderBy('f.id')
    .execute()
}

/**
 * Unrealized P&L and market value per snapshot date, each holding (account, symbol) carried
 * forward at its own latest row: a holding snapshotted on an earlier day still counts on later
 * days. The rollup keeps, per account and date, the sum of each row's change from its holding's
 * previous row (migrations 0007 and 0027), so a running sum in date order is that figure. Summed
 * apart per account currency and archive date of the accounts (`archived_on`, null: not archived),
 * rows dated before it only: the ledger then drops a group from its archive date on.
 */
export async function snapshotTotals(scope: TenantScope, accountIds?: number[]) {
  const archivedOn = archivedOnSql('a.archived_at')
  let q = scope.db
    .selectFrom('unrealized_daily as u')
    .innerJoin('broker_account as a', (j) =>
      j.onRef('a.tenant_id', '=', 'u.tenant_id').onRef('a.id', '=', 'u.account_id'),
    )
    .where('u.tenant_id', '=', scope.tenantId)
    .where(countsOnSql('a.archived_at', sql`u.snapshot_date`))
  if (accountIds?.length) q = q.where('u.account_id', 'in', accountIds)
  return q
    .select([
      sql<string>`snapshot_date::text`.as('date'),
      'a.currency',
      archivedOn.as('archived_on'),
      sql<string>`sum(sum(delta)) over (partition by a.currency, ${archivedOn} order by snapshot_date)`.as(
        'unrealized',
      ),
      sql<string>`sum(sum(market_value_delta)) over (partition by a.currency, ${archivedOn} order by snapshot_date)`.as(
        'market_value',
      ),
    ])
    .groupBy(['snapshot_date', 'a.currency', archivedOn])
    .orderBy('snapshot_date')
    .orderBy('a.currency')
    .execute()
}

/** The New York dates the tenant's archived accounts (or those of `accountIds`) were archived on. */
export async function archiveDates(scope: TenantScope, accountIds?: number[]): Promise<string[]> {
  const archivedOn = archivedOnSql('archived_at')
  let q = scope.db
    .selectFrom('broker_account')
    .where('tenant_id', '=', scope.tenantId)
    .where('archived_at', 'is not', null)
  if (accountIds?.length) q = q.where('id', 'in', accountIds)
  const rows = await q.select(archivedOn.as('d')).distinct().execute()
  return rows.map((r) => r.d!)
}

/** The account ids among `ids` that belong to the tenant. */
export async function ownAccounts(scope: TenantScope, ids: number[]): Promise<number[]> {
  if (!ids.length) return []
  const rows = await scope.db
    .selectFrom('broker_account')
    .select('id')
    .where('tenant_id', '=', scope.tenantId)
    .where('id', 'in', ids)
    .execute()
  return rows.map((r) => r.id)
}

/** The tenant's portfolio version (0 before its first write); triggers move it on every write. */
export async function portfolioVersion(scope: TenantScope): Promise<number> {
  const row = await scope.db
    .selectFrom('portfolio_version')
    .select('version')
    .where('tenant_id', '=', scope.tenantId)
    .executeTakeFirst()
  return row?.version ?? 0
}

/**
 * What the activity ledger adds to the books besides trades and capital, per date, currency and
 * archive date of the account: dividends and interest less their fees, less fees and taxes, less
 * the fees of deposits, withdrawals and transfers (their amounts are capital flows). Trades are left
 * out: their money is in cost bases and realized P&L. An activity counts when dated before its
 * account's archive date.
 */
export function dailyIncome(scope: TenantScope, accountIds?: number[]) {
  const archivedOn = archivedOnSql('a.archived_at')
  const net = sql<string>`sum(case
      when x.type in ('DIVIDEND', 'INTEREST') then x.amount - x.fee
      when x.type in ('FEE', 'TAX') then -x.amount - x.fee
      else -x.fee end)`
  let q = scope.db
    .selectFrom('activity as x')
    .innerJoin('broker_account as a', (j) =>
      j.onRef('a.tenant_id', '=', 'x.tenant_id').onRef('a.id', '=', 'x.account_id'),
    )
    .where('x.tenant_id', '=', scope.tenantId)
    .where('x.type', 'in', [
      'DIVIDEND',
      'INTEREST',
      'FEE',
      'TAX',
      'DEPOSIT',
      'WITHDRAWAL',
      'TRANSFER_IN',
      'TRANSFER_OUT',
    ])
    .where(countsOnSql('a.archived_at', sql`x.activity_date`))
  if (accountIds?.length) q = q.where('x.account_id', 'in', accountIds)
  return q
    .select([
      sql<string>`x.activity_date::text`.as('date'),
      'x.currency',
      archivedOn.as('archived_on'),
      net.as('pnl'),
    ])
    .groupBy(['x.activity_date', 'x.currency', archivedOn])
    .having(sql<boolean>`${net} <> 0`)
    .orderBy('x.activity_date')
    .orderBy('x.currency')
    .execute()
}
