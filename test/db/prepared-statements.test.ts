/**
 * Prepared statements on the real engine (PGlite, or PostgreSQL when DATABASE_URL names one; ADR
 * 0022): a Kysely statement is parsed once per session and then only bound; row-level security still
 * follows each transaction's settings through the cached (and, after five runs, generic) plan; a
 * statement that failed, or was skipped in an aborted transaction, runs again afterwards; a column
 * whose type changes under a prepared statement fails that statement once, and the next run prepares
 * the new shape; parameter values reach both engines alike.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { sql, type Kysely } from 'kysely'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { createScopes, type Scopes } from '../../src/platform/db/index.ts'

const quiet = { info: () => {} }

describe('prepared statements on the real engine', () => {
  let tdb: TestDatabase
  let scopes: Scopes
  const tenants: number[] = []

  before(async () => {
    tdb = await createTestDatabase({ DB_POOL_MAX: '1' }) // one session: every run meets its statement
    scopes = createScopes(tdb.handle.db, quiet)
    for (const name of ['Prepared A', 'Prepared B']) {
      const row = await scopes.withSystem('test', ({ db }) =>
        db.insertInto('tenant').values({ name, plan_code: 'free' }).returning('id').executeTakeFirstOrThrow(),
      )
      tenants.push(row.id)
    }
  })
  after(() => tdb?.drop())

  it('prepares a statement once per session and reuses it', async () => {
    const run = (n: string) =>
      tdb.handle.db.selectFrom('plan').select('code').where('code', '=', n).executeTakeFirst()
    assert.deepEqual(await run('free'), { code: 'free' })
    assert.equal(await run('no-such-plan'), undefined)
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements
      where statement = 'select "code" from "plan" where "code" = $1'`.execute(tdb.handle.db)
    assert.equal(rows[0]?.n, 1)
  })

  it('keeps row-level security per transaction through the cached plan', async () => {
    // No filter on the tenant: only RLS keeps each tenant to its own row. Twelve alternating runs go
    // past the five after which PostgreSQL may switch the statement to a generic plan.
    for (let i = 0; i < 12; i++) {
      const tenant = tenants[i % 2] ?? 0
      const rows = await scopes.withTenant(tenant, ({ db }) =>
        db.selectFrom('tenant').select('id').where('name', '<>', 'nobody').execute(),
      )
      assert.deepEqual(rows, [{ id: tenant }], `run ${i}`)
    }
  })

  it('a column type changed under a prepared statement fails it once, then it is prepared anew', async () => {
    const db = tdb.handle.db as unknown as Kysely<{ prep_shape: { id: number; v: unknown } }>
    await tdb.handle.raw(
      `create table prep_shape (id int primary key, v int); insert into prep_shape values (1, 7)`,
    )
    const read = () => db.selectFrom('prep_shape').select('v').where('id', '=', 1).executeTakeFirst()
    assert.deepEqual(await read(), { v: 7 })
    await tdb.handle.raw(`alter table prep_shape alter column v type text`)
    await assert.rejects(read(), /cached plan must not change result type/)
    assert.deepEqual(await read(), { v: '7' })
  })

  it('a statement that failed, or was skipped in an aborted transaction, runs again afterwards', async () => {
    const { db } = tdb.handle
    const ratio = (d: number) =>
      db
        .selectFrom('plan')
        .select(sql<number>`10 / ${d}::int`.as('q'))
        .where('code', '=', 'free')
        .executeTakeFirst()
    await assert.rejects(ratio(0), /division by zero/) // parsed, then failed while running
    assert.deepEqual(await ratio(5), { q: 2 })
    const other = (code: string) => db.selectFrom('plan').select('name').where('code', '>', code).execute()
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        await sql`select 1/0`.execute(trx)
        await trx.selectFrom('plan').select('name').where('code', '>', 'a').execute() // never parsed
      }),
      /division by zero|current transaction is aborted/,
    )
    assert.ok((await other('a')).length > 0)
  })

  it('parameter values reach the engine as text it reads back alike: dates, booleans, JSON, arrays, null', async () => {
    const { db } = tdb.handle
    const when = new Date('2025-03-04T05:06:07.089Z')
    const row = await db
      .selectFrom('plan')
      .select([
        sql<Date>`${when}::timestamptz`.as('at'),
        sql<boolean>`${true}::boolean`.as('yes'),
        sql<unknown>`${JSON.stringify({ a: [1, 'b'] })}::jsonb`.as('doc'),
        sql<number[]>`${[3, 1, 2]}::int[]`.as('list'),
        sql<string | null>`${null}::text`.as('nothing'),
        sql<string>`${'12.340'}::numeric`.as('money'),
      ])
      .where('code', '=', 'free')
      .executeTakeFirstOrThrow()
    assert.equal(new Date(row.at).toISOString(), when.toISOString())
    assert.deepEqual(
      { yes: row.yes, doc: row.doc, list: row.list, nothing: row.nothing, money: row.money },
      { yes: true, doc: { a: [1, 'b'] }, list: [3, 1, 2], nothing: null, money: '12.340' },
    )
  })
})
