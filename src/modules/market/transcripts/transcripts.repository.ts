/**
 * SQL of the global transcript tables (earnings_transcript, transcript_summary). The functions take
 * a transaction opened by `scopes.withGlobal` (reads) or `scopes.withSystem` (writes).
 */
import { sql, type Transaction } from 'kysely'
import type { Database } from '../../../platform/db/index.ts'
import type { Transcript } from '../../../providers/market-data/index.ts'

type Db = Transaction<Database>

export function list(db: Db, symbol: string) {
  return db
    .selectFrom('earnings_transcript as t')
    .leftJoin('transcript_summary as s', 's.transcript_id', 't.id')
    .select(['t.id', 't.symbol', 't.title', 't.year', 't.quarter', 't.call_time'])
    .select(sql<boolean>`s.transcript_id is not null`.as('has_summary'))
    .where('t.symbol', '=', symbol)
    .orderBy('t.call_time', 'desc')
    .orderBy('t.id', 'desc')
    .execute()
}

export async function count(db: Db, symbol: string): Promise<number> {
  const r = await db
    .selectFrom('earnings_transcript')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('symbol', '=', symbol)
    .executeTakeFirstOrThrow()
  return Number(r.n)
}

/** Stores the transcripts not stored yet (by provider and vendor id); answers how many were new. */
export async function insertNew(
  db: Db,
  provider: string,
  symbol: string,
  items: Transcript[],
): Promise<number> {
  if (!items.length) return 0
  const rows = await db
    .insertInto('earnings_transcript')
    .values(
      items.map((t) => ({
        symbol,
        provider,
        vendor_id: t.id,
        title: t.title,
        year: t.year,
        quarter: t.quarter,
        call_time: new Date(t.time),
        sections: JSON.stringify(t.sections),
      })),
    )
    .onConflict((oc) => oc.columns(['provider', 'vendor_id']).doNothing())
    .returning('id')
    .execute()
  return rows.length
}

export function findWithSummary(db: Db, symbol: string, id: number) {
  return db
    .selectFrom('earnings_transcript as t')
    .leftJoin('transcript_summary as s', 's.transcript_id', 't.id')
    .select(['t.id', 't.title', 't.sections', 's.summary', 's.method', 's.model'])
    .where('t.id', '=', id)
    .where('t.symbol', '=', symbol)
    .executeTakeFirst()
}

export function saveSummary(
  db: Db,
  s: { transcriptId: number; summary: string; method: 'llm' | 'extractive'; model: string | null },
) {
  return db
    .insertInto('transcript_summary')
    .values({ transcript_id: s.transcriptId, summary: s.summary, method: s.method, model: s.model })
    .onConflict((oc) =>
      oc.column('transcript_id').doUpdateSet({
        summary: (eb) => eb.ref('excluded.summary'),
        method: (eb) => eb.ref('excluded.method'),
        model: (eb) => eb.ref('excluded.model'),
        created_at: sql<Date>`now()`,
      }),
    )
    .execute()
}
