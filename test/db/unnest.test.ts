/**
 * Rows passed as column arrays (`unnest`, `anyOf`), on the real engine (PGlite, or PostgreSQL when
 * DATABASE_URL names one): the statement's text does not change with the number of rows (so it is
 * prepared once), and every value comes back as sent — nulls, instants, JSON holding quotes,
 * backslashes, commas, braces and non-ASCII text, which the array literal must escape.
 */
import assert from 'node:assert/strict'
import { after, before, it } from 'node:test'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { anyOf, createScopes, unnest, type Scopes } from '../../src/platform/db/index.ts'

let tdb: TestDatabase
let scopes: Scopes
before(async () => {
  tdb = await createTestDatabase()
  scopes = createScopes(tdb.handle.db, { info: () => {} })
})
after(() => tdb?.drop())

interface Row {
  id: number
  name: string | null
  at: Date | null
  doc: string
}

const rowsOf = (rows: Row[]) =>
  scopes.withSystem('test: unnest', async ({ db }) => {
    const v = db
      .selectNoFrom([
        unnest(
          rows.map((r) => r.id),
          'bigint',
        ).as('id'),
        unnest(
          rows.map((r) => r.name),
          'text',
        ).as('name'),
        unnest(
          rows.map((r) => r.at),
          'timestamptz',
        ).as('at'),
        unnest(
          rows.map((r) => r.doc),
          'jsonb',
        ).as('doc'),
      ])
      .as('v')
    const q = db
      .selectFrom(v)
      .selectAll()
      .where(
        'v.id',
        '=',
        anyOf(
          rows.map((r) => r.id).filter((id) => id !== 2),
          'bigint',
        ),
      )
    return [q.compile().sql, await q.execute()] as const
  })

it('sends any number of rows under one statement text, each value as it was', async () => {
  const at = new Date('2026-03-08T07:30:00.123Z')
  const doc = { say: 'a "quoted", \\back\\slashed {brace} café 📈', n: [1, null] }
  const many: Row[] = Array.from({ length: 40 }, (_, i) => ({
    id: i + 1,
    name: i % 3 === 0 ? null : `name ${i}, "with" {chars}`,
    at: i % 2 ? at : null,
    doc: JSON.stringify({ ...doc, i }),
  }))
  const [sqlOne, one] = await rowsOf(many.slice(0, 1))
  const [sqlMany, got] = await rowsOf(many)
  assert.equal(sqlOne, sqlMany, 'one text for 1 and 40 rows')
  assert.equal(one.length, 1)
  assert.equal(got.length, 39, 'anyOf kept all but id 2')
  for (const r of got) {
    const sent = many[Number(r.id) - 1]!
    assert.equal(Number(r.id), sent.id)
    assert.equal(r.name, sent.name)
    assert.equal(r.at === null ? null : r.at.toISOString(), sent.at?.toISOString() ?? null)
    assert.deepEqual(r.doc, JSON.parse(sent.doc))
  }
})
