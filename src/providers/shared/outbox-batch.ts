/**
 * The outbox senders' inserts (e-mail, SMS, mobile push kept in a table instead of delivered):
 * messages stored at the same time — a delivery batch sends its e-mails and pushes concurrently —
 * are written by one multi-row insert instead of a transaction each (platform/batcher.ts). The
 * insert is its scope's whole work, so it is sent alone: no BEGIN, no COMMIT (ADR 0035). A batch
 * that fails as a whole is written again one row at a time, so a bad message fails alone. Each
 * message gets its own row id.
 */
import type { CompiledQuery } from 'kysely'
import { Batcher, eachAlone } from '../../platform/batcher.ts'
import type { Scopes, SystemScope } from '../../platform/db/index.ts'

/** The insert of `rows`, compiled, answering their ids (in any order). */
export type InsertRows<R> = (s: SystemScope, rows: R[]) => CompiledQuery<{ id: number | string }>

export function batchedOutbox<R>(scopes: Scopes, reason: string, insert: InsertRows<R>) {
  const write = async (rows: R[]): Promise<string[]> => {
    const ids = await scopes.systemStatementAlone(reason, (s) => insert(s, rows))
    if (ids.length !== rows.length) throw new Error(`${reason}: ${ids.length} rows stored of ${rows.length}`)
    // An identity column numbers a multi-row insert's rows in their order.
    return ids
      .map((r) => BigInt(r.id))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .map(String)
  }
  const batcher = new Batcher<0, R, string>(async (_key, rows) => {
    try {
      return (await write(rows)).map((value) => ({ ok: true, value }))
    } catch (error) {
      if (rows.length === 1) throw error
      return eachAlone(rows, async (row) => (await write([row]))[0]!)
    }
  })
  /** Stores one message; answers its row id. */
  return (row: R): Promise<string> => batcher.add(0, row)
}
