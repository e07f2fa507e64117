/**
 * SQL of the exchange-rate tables (fx_rate, fx_fetch). The functions take a transaction opened by
 * `scopes.withGlobal` (reads) or `scopes.withSystem` (writes).
 */
import { sql, type Transaction } from 'kysely'
import type { Database } from '../../../platform/db/index.ts'
import type { FxDay } from '../../../providers/market-data/index.ts'

type Db = Transaction<Database>

const CHUNK = 1000

/** The stored fixings of a provider between two dates inclusive, ascending. */
export async function fixings(db: Db, provider: string, from: string, to: string): Promise<FxDay[]> {
  const rows = await db
    .selectFrom('fx_rate')
    .select([sql<string>`date::text`.as('date'), 'currency', sql<string>`rate::text`.as('rate')])
    .where('provider', '=', provider)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date')
    .orderBy('currency')
    .execute()
  const out: FxDay[] = []
  for (const r of rows) {
    if (out.at(-1)?.date !== r.date) out.push({ date: r.date, rates: {} })
    out.at(-1)!.rates[r.currency] = r.rate
  }
  return out
}

/** The currencies of the provider's latest stored fixing. */
export async function latestCurrencies(db: Db, provider: string): Promise<string[]> {
  const rows = await db
    .selectFrom('fx_rate')
    .select('currency')
    .where('provider', '=', provider)
    .where('date', '=', (eb) =>
      eb
        .selectFrom('fx_rate')
        .select(sql<string>`max(date)`.as('d'))
        .where('provider', '=', provider),
    )
    .orderBy('currency')
    .execute()
  return rows.map((r) => r.currency)
}

/** The ranges already asked of the provider that overlap `from`…`to`. */
export function fetchesOverlapping(db: Db, provider: string, from: string, to: string) {
  return db
    .selectFrom('fx_fetch')
    .select([
      sql<string>`first_date::text`.as('first'),
      sql<string>`last_date::text`.as('last'),
      'fetched_at',
    ])
    .where('provider', '=', provider)
    .where('first_date', '<=', to)
    .where('last_date', '>=', from)
    .execute()
}

/**
 * Stores what one fetch of `from`…`to` returned: its fixings (a re-published rate replaces the
 * stored one) and the range, replacing the records of ranges inside it.
 */
export async function saveFetch(
  db: Db,
  provider: string,
  range: { from: string; to: string; at: Date },
  days: FxDay[],
): Promise<void> {
  const rows = days.flatMap((d) =>
    Object.entries(d.rates).map(([currency, rate]) => ({
      provider,
      date: d.date,
      currency,
      rate,
      fetched_at: range.at,
    })),
  )
  for (let i = 0; i < rows.length; i += CHUNK)
    await db
      .insertInto('fx_rate')
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc.columns(['provider', 'date', 'currency']).doUpdateSet((eb) => ({
          rate: eb.ref('excluded.rate'),
          fetched_at: eb.ref('excluded.fetched_at'),
        })),
      )
      .execute()
  await db
    .deleteFrom('fx_fetch')
    .where('provider', '=', provider)
    .where('first_date', '>=', range.from)
    .where('last_date', '<=', range.to)
    .execute()
  await db
    .insertInto('fx_fetch')
    .values({ provider, first_date: range.from, last_date: range.to, fetched_at: range.at })
    .onConflict((oc) =>
      oc.columns(['provider', 'first_date', 'last_date']).doUpdateSet({ fetched_at: range.at }),
    )
    .execute()
}
