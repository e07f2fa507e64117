/**
 * The prelude driver against a recording connection: what goes out, in which order and in how many
 * sends, for a scoped transaction that reads once, reads nothing, or fails.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely'
import { scopeSettings, withPrelude, type PreludeSender } from './scope-driver.ts'

/** A dialect whose one connection records every statement; `sends` groups those sent together. */
function recordingDialect(opts: { failOn?: RegExp } = {}) {
  const sends: string[][] = []
  const conn: DatabaseConnection = {
    async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
      sends.push([q.sql])
      if (opts.failOn?.test(q.sql)) throw new Error(`failed: ${q.sql}`)
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
  // Records the prelude and the query as one send, as a pipelined flush puts them on the wire.
  const together: PreludeSender = {
    async send(c, prelude, query) {
      sends.push([prelude, query.sql])
      if (opts.failOn?.test(prelude)) throw new Error(`failed: ${prelude}`)
      if (opts.failOn?.test(query.sql)) throw new Error(`failed: ${query.sql}`)
      return { rows: [] }
    },
  }
  return { sends, db: new Kysely<Record<string, never>>({ dialect: withPrelude(dialect, together) }) }
}

const SETTINGS_42 =
  "select set_config('app.tenant_id', '42', true), set_config('app.system', 'off', true), " +
  "set_config('role', 'sextant_app', true)"

describe('prelude driver', () => {
  it('sends BEGIN and the settings together with the first query, then the rest one by one', async () => {
    const { db, sends } = recordingDialect()
    await db.transaction().execute(async (trx) => {
      await trx.executeQuery(scopeSettings('42', 'off'))
      await sql`select 1`.execute(trx)
      await sql`select 2`.execute(trx)
    })
    assert.deepEqual(sends, [[`begin; ${SETTINGS_42}`, 'select 1'], ['select 2'], ['commit']])
  })

  it('a transaction that runs no query sends nothing, not even BEGIN or COMMIT', async () => {
    const { db, sends } = recordingDialect()
    const out = await db.transaction().execute(async (trx) => {
      await trx.executeQuery(scopeSettings('42', 'off'))
      return 'no query'
    })
    assert.equal(out, 'no query')
    assert.deepEqual(sends, [])
  })

  it('a failing prelude fails the query with it and rolls back', async () => {
    const { db, sends } = recordingDialect({ failOn: /set_config/ })
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        await trx.executeQuery(scopeSettings('42', 'off'))
        await sql`select 1`.execute(trx)
      }),
      /failed: begin; select set_config/,
    )
    assert.deepEqual(sends, [[`begin; ${SETTINGS_42}`, 'select 1'], ['rollback']])
  })

  it('work that throws after a query rolls back; before any query, nothing is sent', async () => {
    const after = recordingDialect()
    await assert.rejects(
      after.db.transaction().execute(async (trx) => {
        await trx.executeQuery(scopeSettings('7', 'off'))
        await sql`select 1`.execute(trx)
        throw new Error('boom')
      }),
      /boom/,
    )
    assert.deepEqual(after.sends.at(-1), ['rollback'])
    const before = recordingDialect()
    await assert.rejects(
      before.db.transaction().execute(async (trx) => {
        await trx.executeQuery(scopeSettings('7', 'off'))
        throw new Error('boom')
      }),
      /boom/,
    )
    assert.deepEqual(before.sends, [])
  })

  it('outside a transaction, queries pass straight through', async () => {
    const { db, sends } = recordingDialect()
    await sql`select 3`.execute(db)
    assert.deepEqual(sends, [['select 3']])
  })

  it('inlines only a tenant id of digits (or none) and on/off', () => {
    assert.match(scopeSettings('', 'on').sql, /'app\.tenant_id', '', true\), set_config\('app\.system', 'on'/)
    for (const bad of ['0', '-1', '1.5', "1'; drop table tenant; --", ' 1', '12345678901234567890'])
      assert.throws(() => scopeSettings(bad, 'off'), /invalid tenant setting/, bad)
    assert.throws(() => scopeSettings('1', 'yes' as 'on'), /invalid system setting/)
  })
})
