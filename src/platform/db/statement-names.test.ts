/**
 * Which statements get a prepared name (pg-driver.ts): Kysely-built statements with parameters, one
 * name per SQL text, up to the limit; never raw SQL, never a statement without parameters; new names
 * after `forget`.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely'
import { StatementNames } from './statement-names.ts'

type DB = { t: { id: number; v: string } }
const db = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createQueryCompiler: () => new PostgresQueryCompiler(),
    createIntrospector: (k) => new PostgresIntrospector(k),
  },
})
const byId = (id: number) => db.selectFrom('t').select('v').where('id', '=', id).compile()

describe('StatementNames', () => {
  it('names one SQL text once, whatever its parameter values', () => {
    const names = new StatementNames(10)
    const a = names.nameFor(byId(1))
    assert.match(a ?? '', /^sx0_0$/)
    assert.equal(names.nameFor(byId(2)), a)
    const insert = db.insertInto('t').values({ id: 1, v: 'x' }).compile()
    const b = names.nameFor(insert)
    assert.ok(b && b !== a)
    assert.equal(names.nameFor(db.updateTable('t').set({ v: 'y' }).where('id', '=', 3).compile()), 'sx0_2')
    assert.equal(names.nameFor(db.deleteFrom('t').where('id', '=', 3).compile()), 'sx0_3')
  })

  it('never names raw SQL or a statement without parameters', () => {
    const names = new StatementNames(10)
    assert.equal(names.nameFor(sql`select ${1}::int as n`.compile(db)), undefined)
    assert.equal(names.nameFor(db.selectFrom('t').select('v').compile()), undefined)
  })

  it('names at most `limit` texts; 0 names none', () => {
    const names = new StatementNames(2)
    const q = (n: number) =>
      db
        .selectFrom('t')
        .select('v')
        .where(
          'id',
          'in',
          Array.from({ length: n }, (_, i) => i),
        )
        .compile()
    assert.ok(names.nameFor(q(1)))
    assert.ok(names.nameFor(q(2)))
    assert.equal(names.nameFor(q(3)), undefined, 'over the limit: parsed each time')
    assert.ok(names.nameFor(q(1)), 'a named text keeps its name')
    assert.equal(new StatementNames(0).nameFor(byId(1)), undefined)
  })

  it('forget: every text gets a new name (the old prepared statements are never used again)', () => {
    const names = new StatementNames(10)
    const before = names.nameFor(byId(1))
    names.forget()
    const after = names.nameFor(byId(1))
    assert.equal(after, 'sx1_0')
    assert.notEqual(after, before)
  })
})
