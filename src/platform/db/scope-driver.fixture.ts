/**
 * A Kysely whose one connection records every statement, wrapped in the prelude driver: what the
 * scope-driver tests read back (scope-driver.test.ts, scope-driver-alone.test.ts).
 */
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely'
import { withPrelude, type PreludeSender } from './scope-driver.ts'

export type DB = { t: { id: number } }

/**
 * A Kysely over one fake connection, wrapped in the prelude driver with `sender`: `record` hears every
 * statement the connection runs (and may throw).
 */
function fakeDb(record: (sql: string) => void, sender: PreludeSender) {
  const conn: DatabaseConnection = {
    async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
      record(q.sql)
      return { rows: [] }
    },
    // eslint-disable-next-line require-yield
    async *streamQuery() {
      throw new Error('not used')
    },
  }
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => conn,
    beginTransaction: async (c) => void (await c.executeQuery(CompiledQuery.raw('begin'))),
    commitTransaction: async (c) => void (await c.executeQuery(CompiledQuery.raw('commit'))),
    rollbackTransaction: async (c) => void (await c.executeQuery(CompiledQuery.raw('rollback'))),
    releaseConnection: async () => {},
    destroy: async () => {},
  }
  const dialect: Dialect = {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => driver,
    createQueryCompiler: () => new PostgresQueryCompiler(),
    createIntrospector: (db) => new PostgresIntrospector(db),
  }
  return new Kysely<DB>({ dialect: withPrelude(dialect, sender) })
}

/** A dialect whose one connection records every statement; `sends` groups those sent together. */
export function recordingDialect(opts: { failOn?: RegExp; commitRead?: boolean; readFirst?: boolean } = {}) {
  const sends: string[][] = []
  const fail = (sql: string) => {
    if (opts.failOn?.test(sql)) throw new Error(`failed: ${sql}`)
  }
  // Records the prelude and the query as one send, as a pipelined flush puts them on the wire.
  const together: PreludeSender = {
    async send(_c, prelude, query) {
      sends.push([prelude.text, query.sql])
      fail(prelude.text)
      fail(query.sql)
      return { rows: [] }
    },
    ...(opts.commitRead ? { commitRead: () => void sends.push(['commit, unawaited']) } : {}),
    ...(opts.readFirst
      ? {
          async readFirst(_c, scope, query, writes) {
            sends.push([`${writes ? 'write' : 'read'} ${scope.tenant}/${scope.system}`, query.sql])
            fail(query.sql)
            return { rows: [] }
          },
        }
      : {}),
  }
  const record = (sql: string) => {
    sends.push([sql])
    fail(sql)
  }
  return { sends, db: fakeDb(record, together) }
}

export const SETTINGS_42 =
  "set local app.tenant_id = '42'; set local app.system = 'off'; set local role sextant_app"
