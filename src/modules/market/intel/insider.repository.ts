/**
 * SQL of the global insider-filings cache (insider_fetch, insider_transaction). Global tables: the
 * functions take a transaction opened by `scopes.withGlobal` (reads) or `scopes.withSystem` (writes).
 */
import { sql, type Transaction } from 'kysely'
import type { Database } from '../../../platform/db/index.ts'
import type { PageRequest } from '../../../platform/http/pagination.ts'
import type { InsiderTransaction } from '../../../providers/market-data/index.ts'

type Db = Transaction<Database>

const CHUNK = 500

export function fetches(db: Db, symbols: string[]) {
  return db
    .selectFrom('insider_fetch')
    .select(['symbol', 'window_from', 'fetched_at'])
    .where('symbol', 'in', symbols)
    .execute()
}

/** Replaces what is stored for the symbols with one fetch's answer (symbols without filings too). */
export async function replace(
  db: Db,
  f: { provider: string; symbols: string[]; from: string; to: string; at: Date; rows: InsiderTransaction[] },
): Promise<void> {
  await db
    .insertInto('insider_fetch')
    .values(
      f.symbols.map((symbol) => ({
        symbol,
        window_from: f.from,
        window_to: f.to,
        provider: f.provider,
        fetched_at: f.at,
      })),
    )
    .onConflict((oc) =>
      oc.column('symbol').doUpdateSet({
        window_from: (eb) => eb.ref('excluded.window_from'),
        window_to: (eb) => eb.ref('excluded.window_to'),
        provider: (eb) => eb.ref('excluded.provider'),
        fetched_at: (eb) => eb.ref('excluded.fetched_at'),
      }),
    )
    .execute()
  await db.deleteFrom('insider_transaction').where('symbol', 'in', f.symbols).execute()
  const values = f.rows.map((t, seq) => ({
    symbol: t.symbol,
    seq,
    insider_name: t.insider_name,
    insider_title: t.insider_title,
    transaction_code: t.transaction_code,
    transaction_date: t.transaction_date,
    shares: t.shares,
    price: t.price,
    value: t.value,
    filing_url: t.filing_url,
    filed_at: t.filed_at === null ? null : new Date(t.filed_at),
  }))
  for (let i = 0; i < values.length; i += CHUNK) {
    await db
      .insertInto('insider_transaction')
      .values(values.slice(i, i + CHUNK))
      .execute()
  }
}

/** A purchase's place in the list order: (transaction_date, filed_at, symbol, seq). */
export type PurchaseKey = [string, string | null, string, number]

/**
 * One page of stored purchases (code P) of the symbols on or after `since`, worth at least
 * `minValue`: newest first (transaction date, then filing time, undated filings last), symbol and
 * seq as the unique tiebreaker; keyset after the cursor's row, plus one row to tell a next page.
 */
export function purchases(
  db: Db,
  q: { symbols: string[]; since: string; minValue: number },
  page: PageRequest,
  after: PurchaseKey | null,
) {
  let query = db
    .selectFrom('insider_transaction')
    .select([
      'symbol',
      'insider_name',
      'insider_title',
      'transaction_date',
      'shares',
      'price',
      'value',
      'filing_url',
      'filed_at',
      'seq',
    ])
    .where('symbol', 'in', q.symbols)
    .where('transaction_code', '=', 'P')
    .where('transaction_date', '>=', q.since)
  // A purchase without a price has no value: it passes only the default (no) threshold.
  if (q.minValue > 0) query = query.where('value', '>=', sql<string>`${q.minValue}::numeric`)
  if (after) query = query.where(afterPurchase(after))
  else query = query.offset(page.offset)
  return query
    .orderBy('transaction_date', 'desc')
    .orderBy('filed_at', (ob) => ob.desc().nullsLast())
    .orderBy('symbol')
    .orderBy('seq')
    .limit(page.pageSize + 1)
    .execute()
}

// Strictly after `k` in the order above (mixed directions, so spelled out rather than a row comparison).
function afterPurchase([date, filed, symbol, seq]: PurchaseKey) {
  const filedAt = filed === null ? null : new Date(filed)
  const laterFiling = filedAt === null ? sql`false` : sql`(filed_at < ${filedAt} or filed_at is null)`
  return sql<boolean>`(transaction_date < ${date}
    or (transaction_date = ${date} and ${laterFiling})
    or (transaction_date = ${date} and filed_at is not distinct from ${filedAt}::timestamptz and (symbol, seq) > (${symbol}, ${seq})))`
}
