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
  type Transaction,
} from 'kysely'
import { alone, scopeSettings, withPrelude, type PreludeSender } from './scope-driver.ts'

type DB = { t: { id: number } }

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
function recordingDialect(opts: { failOn?: RegExp; commitRead?: boolean; readFirst?: boolean } = {}) {
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

const SETTINGS_42 = "set local app.tenant_id = '42'; set local app.system = 'off'; set local role sextant_app"

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
    const { db, sends } = recordingDialect({ failOn: /set local role/ })
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        await trx.executeQuery(scopeSettings('42', 'off'))
        await sql`select 1`.execute(trx)
      }),
      /failed: begin; set local app\.tenant_id/,
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

  it('a transaction of plain selects commits through commitRead; a write, a lock or raw SQL waits for COMMIT', async () => {
    const read = recordingDialect({ commitRead: true })
    await read.db.transaction().execute(async (trx) => {
      await trx.executeQuery(scopeSettings('42', 'off'))
      await trx.selectFrom('t').select('id').execute()
      await trx
        .with('c', (q) => q.selectFrom('t').select('id'))
        .selectFrom('c')
        .selectAll()
        .execute()
    })
    assert.deepEqual(read.sends.at(-1), ['commit, unawaited'])

    const writes = [
      (trx: Transaction<DB>) => trx.insertInto('t').values({ id: 1 }).execute(),
      (trx: Transaction<DB>) => trx.selectFrom('t').select('id').forUpdate().execute(),
      (trx: Transaction<DB>) => sql`select 1`.execute(trx),
      (trx: Transaction<DB>) =>
        trx
          .with('d', (q) => q.deleteFrom('t').returning('id'))
          .selectFrom('d')
          .selectAll()
          .execute(),
    ]
    for (const write of writes) {
      const w = recordingDialect({ commitRead: true })
      await w.db.transaction().execute(async (trx) => {
        await trx.executeQuery(scopeSettings('42', 'off'))
        await trx.selectFrom('t').select('id').execute()
        await write(trx)
      })
      assert.deepEqual(w.sends.at(-1), ['commit'], w.sends.map((x) => x.join(' + ')).join(' | '))
    }
  })

  it('with readFirst, plain selects before anything else go alone with the settings bound, no BEGIN or COMMIT', async () => {
    const { db, sends } = recordingDialect({ readFirst: true, commitRead: true })
    await db.transaction().execute(async (trx) => {
      await trx.executeQuery(scopeSettings('42', 'off'))
      await trx.selectFrom('t').select('id').execute()
      await trx.selectFrom('t').select('id').where('id', '=', 1).execute()
    })
    assert.deepEqual(sends, [
      ['read 42/off', 'select "id" from "t"'],
      ['read 42/off', 'select "id" from "t" where "id" = $1'],
    ])
  })

  it('with readFirst, a write, a lock or raw SQL opens the transaction with the prelude; reads after it stay in it', async () => {
    const { db, sends } = recordingDialect({ readFirst: true, commitRead: true })
    await db.transaction().execute(async (trx) => {
      await trx.executeQuery(scopeSettings('7', 'on'))
      await trx.selectFrom('t').select('id').execute()
      await trx.insertInto('t').values({ id: 1 }).execute()
      await trx.selectFrom('t').select('id').execute()
    })
    assert.deepEqual(sends, [
      ['read 7/on', 'select "id" from "t"'],
      [
        `begin; set local app.tenant_id = '7'; set local app.system = 'on'; set local role sextant_app`,
        'insert into "t" ("id") values ($1)',
      ],
      ['select "id" from "t"'],
      ['commit'],
    ])
    for (const first of [
      (trx: Transaction<DB>) => trx.selectFrom('t').select('id').forUpdate().execute(),
      (trx: Transaction<DB>) => sql`select 1`.execute(trx),
    ]) {
      const r = recordingDialect({ readFirst: true })
      await r.db.transaction().execute(async (trx) => {
        await trx.executeQuery(scopeSettings('7', 'off'))
        await first(trx)
      })
      assert.match(r.sends[0]?.[0] ?? '', /^begin; /)
    }
  })

  it('a write marked alone, first in its scope, goes like a leading read: no BEGIN or COMMIT; nothing may follow', async () => {
    const { db, sends } = recordingDialect({ readFirst: true, commitRead: true })
    const insert = () => alone(db.insertInto('t').values({ id: 1 }).compile())
    await db.transaction().execute(async (trx) => {
      await trx.executeQuery(scopeSettings('42', 'off'))
      await trx.executeQuery(insert())
    })
    assert.deepEqual(sends, [['write 42/off', 'insert into "t" ("id") values ($1)']])

    sends.length = 0
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        await trx.executeQuery(scopeSettings('42', 'off'))
        await trx.executeQuery(insert())
        await trx.selectFrom('t').select('id').execute()
      }),
      /nothing may follow it/,
    )
    assert.deepEqual(sends, [['write 42/off', 'insert into "t" ("id") values ($1)']])

    // After a write has opened the transaction, it runs in that transaction.
    sends.length = 0
    await db.transaction().execute(async (trx) => {
      await trx.executeQuery(scopeSettings('42', 'off'))
      await trx.insertInto('t').values({ id: 2 }).execute()
      await trx.executeQuery(insert())
    })
    assert.deepEqual(sends, [
      [`begin; ${SETTINGS_42}`, 'insert into "t" ("id") values ($1)'],
      ['insert into "t" ("id") values ($1)'],
      ['commit'],
    ])

    // After leading reads nothing has opened the transaction: still sent alone.
    sends.length = 0
    await db.transaction().execute(async (trx) => {
      await trx.executeQuery(scopeSettings('42', 'off'))
      await trx.selectFrom('t').select('id').execute()
      await trx.executeQuery(insert())
    })
    assert.deepEqual(sends, [
      ['read 42/off', 'select "id" from "t"'],
      ['write 42/off', 'insert into "t" ("id") values ($1)'],
    ])

    // The next scope on the same connection starts afresh.
    sends.length = 0
    await db.connection().execute(async (conn) => {
      for (const work of [
        (trx: Transaction<DB>) => trx.executeQuery(insert()),
        (trx: Transaction<DB>) => trx.selectFrom('t').select('id').execute(),
      ])
        await conn
          .transaction()
          .execute(async (trx) => {
            await trx.executeQuery(scopeSettings('42', 'off'))
            await work(trx)
            await trx.selectFrom('t').select('id').where('id', '=', 1).execute()
          })
          .catch((e: Error) => void sends.push([e.message]))
    })
    assert.deepEqual(sends, [
      ['write 42/off', 'insert into "t" ("id") values ($1)'],
      ['a statement sent alone was the whole of its scope: nothing may follow it'],
      ['read 42/off', 'select "id" from "t"'],
      ['read 42/off', 'select "id" from "t" where "id" = $1'],
    ])
  })

  it('with readFirst, a transaction that is not a scope’s (no settings) never reads first', async () => {
    const { db, sends } = recordingDialect({ readFirst: true })
    await db.transaction().execute((trx) => trx.selectFrom('t').select('id').execute())
    assert.deepEqual(sends, [['begin', 'select "id" from "t"'], ['commit']])
  })

  it('outside a transaction, queries pass straight through', async () => {
    const { db, sends } = recordingDialect()
    await sql`select 3`.execute(db)
    assert.deepEqual(sends, [['select 3']])
  })

  it('inlines only a tenant id of digits (or none) and on/off', () => {
    assert.equal(
      scopeSettings('', 'on').sql,
      "set local app.tenant_id = ''; set local app.system = 'on'; set local role sextant_app",
    )
    for (const bad of ['0', '-1', '1.5', "1'; drop table tenant; --", ' 1', '12345678901234567890'])
      assert.throws(() => scopeSettings(bad, 'off'), /invalid tenant setting/, bad)
    assert.throws(() => scopeSettings('1', 'yes' as 'on'), /invalid system setting/)
  })
})
