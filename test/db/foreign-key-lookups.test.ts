/**
 * Each foreign key's check (`select 1 from only <parent> where <key> = $n for key share`) planned as
 * PostgreSQL caches it, on a migrated schema without statistics (a new database; PGlite never
 * autovacuums): it must go through the referenced key's own index. Through another index led by
 * tenant_id it reads every row of the tenant per check, so inserting children slows as the parent
 * table grows (docs/adr/0036-foreign-key-lookups.md). Those that still do are listed: none may join
 * them, and the notification keys, on the path of every notification written, must stay off it.
 */
import assert from 'node:assert/strict'
import { after, before, it } from 'node:test'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'

/** child -> parent: known to check through another tenant-led index of the parent. */
const KNOWN = new Set([
  'account_cash -> broker_account',
  'activity -> broker_account',
  'bot_approval -> bot_order',
  'bot_threshold_override -> broker_account',
  'capital_flow -> activity',
  'capital_flow -> broker_account',
  'committee_run_event -> committee_run',
  'manual_position -> broker_account',
  'moderation_appeal -> moderation_action',
  'portfolio_snapshot -> broker_account',
  'realized_daily -> broker_account',
  'realized_trade -> broker_account',

  'research_run_event -> research_run',
  'unrealized_daily -> broker_account',
])

let tdb: TestDatabase
before(async () => {
  tdb = await createTestDatabase()
})
after(() => tdb?.drop())

interface ForeignKey {
  child: string
  parent: string
  key_index: string
  cols: string[]
}

/**
 * The plan of the check as PostgreSQL caches it: prepared, and planned generic (as after the first
 * executions, whatever the values). `explain (generic_plan)` needs PostgreSQL 16; this runs on 15.
 * One call, so a pooled connection prepares and explains it; this file's database is dropped after.
 */
async function indexOfCheck(fk: ForeignKey, n: number): Promise<string> {
  const where = fk.cols.map((c, i) => `${c} operator(pg_catalog.=) $${i + 1}`).join(' and ')
  const nulls = fk.cols.map(() => 'null').join(', ')
  const plan = await tdb.handle.raw(
    `set plan_cache_mode = force_generic_plan;
     prepare fk_check_${n} as select 1 from only ${fk.parent} x where ${where} for key share of x;
     explain execute fk_check_${n}(${nulls})`,
  )
  const text = plan.rows.map((r) => String(r['QUERY PLAN'])).join('\n')
  return /using (\S+) on/.exec(text)?.[1] ?? (/Seq Scan/.test(text) ? '(sequential scan)' : text)
}

it('checks every foreign key through the key it references, but the known ones', async () => {
  const { rows } = await tdb.handle.raw(`
    select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
           c.conindid::regclass::text as key_index,
           array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
                 join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as cols
      from pg_constraint c where c.contype = 'f' order by 1, 2`)
  const fks = rows as unknown as ForeignKey[]
  assert.ok(fks.length > 100, `the schema's foreign keys were read (${fks.length})`)
  const elsewhere: string[] = []
  for (const [n, fk] of fks.entries()) {
    const used = await indexOfCheck(fk, n)
    if (used !== fk.key_index) elsewhere.push(`${fk.child} -> ${fk.parent}`)
  }
  const notification = elsewhere.filter((e) => e.endsWith('-> notification'))
  assert.deepEqual(notification, [], 'deliveries and in-app items check their notification by its key')
  const fresh = elsewhere.filter((e) => !KNOWN.has(e))
  assert.deepEqual(fresh, [], `checked through another index: ${fresh.join(', ')}`)
})
