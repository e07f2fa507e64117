/**
 * A statement marked alone, against the recording connection: first in its scope it goes like a
 * leading read (no BEGIN, no COMMIT) and nothing may follow it; after a write it runs in the open
 * transaction; the next scope on the connection starts afresh.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { Transaction } from 'kysely'
import { alone, scopeSettings } from './scope-driver.ts'
import { recordingDialect, SETTINGS_42, type DB } from './scope-driver.fixture.ts'

describe('prelude driver: a statement sent alone', () => {
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
})
