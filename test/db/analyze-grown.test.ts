/**
 * The tables whose statistics lag their size (`analyzeGrown`, run every minute on PGlite): a table
 * never analyzed is picked up once it holds a few pages, then again only after it grew by a fifth.
 * The planner's row estimate follows, on both engines.
 */
import assert from 'node:assert/strict'
import { after, before, it } from 'node:test'
import { analyzeGrown } from '../../src/platform/db/index.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'

let tdb: TestDatabase
before(async () => {
  tdb = await createTestDatabase()
  await tdb.handle.raw(`create table grow_probe (id int primary key, pad text not null)`)
})
after(() => tdb?.drop())

const raw = (text: string) => tdb.handle.raw(text)
const fill = (from: number, to: number) =>
  raw(`insert into grow_probe select g, repeat('x', 40) from generate_series(${from}, ${to}) g`)
const statistics = async () => {
  const r = await raw(`select reltuples::int as tuples from pg_class where relname = 'grow_probe'`)
  return Number(r.rows[0]?.['tuples'])
}

it('analyzes a table once it holds a few pages, then only after it grew by a fifth', async () => {
  await fill(1, 20)
  assert.ok(!(await analyzeGrown(raw)).includes('public.grow_probe'), 'one page: not yet')
  assert.equal(await statistics(), -1, 'never analyzed')

  await fill(21, 2000)
  assert.ok((await analyzeGrown(raw)).includes('public.grow_probe'))
  assert.equal(await statistics(), 2000)
  assert.ok(!(await analyzeGrown(raw)).includes('public.grow_probe'), 'unchanged since: left alone')

  await fill(2001, 2200)
  assert.ok(!(await analyzeGrown(raw)).includes('public.grow_probe'), 'a tenth more: left alone')
  await fill(2201, 2600)
  assert.ok((await analyzeGrown(raw)).includes('public.grow_probe'), 'three tenths more: again')
  assert.equal(await statistics(), 2600)
})
