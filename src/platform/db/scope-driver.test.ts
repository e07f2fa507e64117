/**
 * The prelude driver against a recording connection: what goes out, in which order and in how many
 * sends, for a scoped transaction that reads once, reads nothing, or fails. A statement sent alone:
 * scope-driver-alone.test.ts.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { sql, type Transaction } from 'kysely'
import { scopeSettings } from './scope-driver.ts'
import { recordingDialect, SETTINGS_42, type DB } from './scope-driver.fixture.ts'

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
