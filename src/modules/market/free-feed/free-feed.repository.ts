/**
 * SQL of the free-tier feed's global tables (free_universe, free_publication, free_bar). The
 * functions take a transaction opened by `scopes.withGlobal` (reads) or `scopes.withSystem` (writes).
 */
import type { Transaction } from 'kysely'
import type { Database } from '../../../platform/db/index.ts'
import type { FreeSummary } from './free-feed.schemas.ts'
import type { Bar } from '../../../providers/market-data/index.ts'

type Db = Transaction<Database>

const CHUNK = 500

export function universe(db: Db) {
  return db.selectFrom('free_universe').select(['symbol', 'loaded_at']).orderBy('position').execute()
}

/** Replaces the universe; `onlyIfEmpty` seeds it without racing a concurrent seed. */
export async function replaceUniverse(
  db: Db,
  symbols: string[],
  at: Date,
  onlyIfEmpty = false,
): Promise<void> {
  if (!onlyIfEmpty) await db.deleteFrom('free_universe').execute()
  if (!symbols.length) return
  await db
    .insertInto('free_universe')
    .values(symbols.map((symbol, position) => ({ symbol, position, loaded_at: at })))
    .onConflict((oc) => oc.column('symbol').doNothing())
    .execute()
}

export interface Publication {
  publishedAt: Date
  tradingDate: string
  delayedMinutes: number
  bars: Map<string, Bar[]>
  summary: Record<string, FreeSummary>
}

/** Records a publication and upserts its bars (a later publication re-states the same minutes). */
export async function publish(db: Db, p: Publication): Promise<number> {
  const rows = [...p.bars].flatMap(([symbol, bars]) =>
    bars.map((b) => ({
      symbol,
      trading_date: p.tradingDate,
      time: new Date(b.time),
      open: b.open,
      high: b.high,
      low: b.low,
      close: b.close,
      volume: b.volume,
      vwap: b.vwap,
    })),
  )
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto('free_bar')
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc.columns(['symbol', 'trading_date', 'time']).doUpdateSet((eb) => ({
          open: eb.ref('excluded.open'),
          high: eb.ref('excluded.high'),
          low: eb.ref('excluded.low'),
          close: eb.ref('excluded.close'),
          volume: eb.ref('excluded.volume'),
          vwap: eb.ref('excluded.vwap'),
        })),
      )
      .execute()
  }
  await db
    .insertInto('free_publication')
    .values({
      published_at: p.publishedAt,
      delayed_minutes: p.delayedMinutes,
      symbols: JSON.stringify([...p.bars.keys()]),
      bars: rows.length,
      summary: JSON.stringify(p.summary),
    })
    .execute()
  return rows.length
}

/** The published 1-minute bars of one symbol-day, oldest first. */
export function bars(db: Db, symbol: string, date: string) {
  return db
    .selectFrom('free_bar')
    .select(['time', 'open', 'high', 'low', 'close', 'volume', 'vwap'])
    .where('symbol', '=', symbol)
    .where('trading_date', '=', date)
    .orderBy('time')
    .execute()
}
