/**
 * Statements whose rows live in a partial index (open deliveries, open agent orders, pending
 * approvals), planned as PostgreSQL caches them — prepared, generic — on a new database without
 * statistics: each must read its partial index. With the statuses bound as parameters the planner
 * could not prove the index's predicate, and a claim, the fills job or the expiry job read every row
 * (of the tenant, or of all tenants) instead of the few still open.
 */
import assert from 'node:assert/strict'
import { after, before, it } from 'node:test'
import type { CompiledQuery, KyselyPlugin } from 'kysely'
import * as approvals from '../../src/modules/agents/bot-controls/approvals/approvals.repository.ts'
import * as orders from '../../src/modules/agents/bot-controls/gate/orders.repository.ts'
import { claimDeliveries } from '../../src/modules/engagement/notifications/notifications.repository.ts'
import type { SystemScope, TenantScope } from '../../src/platform/db/index.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'

let tdb: TestDatabase
before(async () => {
  tdb = await createTestDatabase()
})
after(() => tdb?.drop())

const NOW = new Date('2026-11-30T12:00:00Z')
let n = 0

/** The indexes (or sequential scans) the cached generic plan of `query` reads `table` through. */
async function scansOf(query: CompiledQuery, table: string): Promise<string[]> {
  const nulls = query.parameters.map(() => 'null').join(', ')
  const name = `plan_${++n}`
  const plan = await tdb.handle.raw(
    `set plan_cache_mode = force_generic_plan;
     prepare ${name} as ${query.sql};
     explain execute ${name}${nulls ? `(${nulls})` : ''}`,
  )
  const text = plan.rows.map((r) => String(r['QUERY PLAN'])).join('\n')
  const scans = [
    ...text.matchAll(/(Seq Scan|Index Scan|Index Only Scan)(?: Backward)? (?:using (\S+) )?on (\S+)/g),
  ]
    .filter((m) => m[3] === table)
    .map((m) => m[2] ?? m[1]!)
  // A bitmap scan names its index only: every index here is named after its table.
  const bitmaps = [...text.matchAll(/Bitmap Index Scan on (\S+)/g)]
    .map((m) => m[1]!)
    .filter((i) => i.startsWith(table))
  return [...scans, ...bitmaps]
}

/** The statement a repository function runs, captured as Kysely compiles it (then run on empty tables). */
async function captured(run: (scope: TenantScope & SystemScope) => Promise<unknown>): Promise<CompiledQuery> {
  let query: CompiledQuery | undefined
  const capture: KyselyPlugin = {
    transformQuery: (args) => {
      query ??= tdb.handle.db.getExecutor().compileQuery(args.node, args.queryId)
      return args.node
    },
    transformResult: async (args) => args.result,
  }
  await run({ db: tdb.handle.db.withPlugin(capture), tenantId: 1 } as unknown as TenantScope & SystemScope)
  assert.ok(query, 'a statement ran')
  return query
}

const scope = () => ({ db: tdb.handle.db, tenantId: 1 }) as unknown as TenantScope

it('the delivery claim reads the due deliveries’ partial index', async () => {
  const claim = claimDeliveries(scope(), [1, 2, 3], NOW, new Date(NOW.getTime() + 120_000), 50)
  const scans = await scansOf(claim, 'notification_delivery')
  assert.ok(scans.includes('notification_delivery_due_idx'), scans.join(', '))
  assert.deepEqual(
    scans.filter((s) => s !== 'notification_delivery_due_idx' && s !== 'notification_delivery_pkey'),
    [],
  )
})

it('the fills job and the broker’s answer read the open orders’ partial index', async () => {
  const sweep = await captured((s) => orders.openOrders(s, 500))
  assert.deepEqual(await scansOf(sweep, 'bot_order'), ['bot_order_open_idx'])
  const answer = orders.openUnfilledStatement(scope(), 7, {
    status: 'sent',
    broker: 'brokera',
    broker_order_id: 'b-1',
    filled_qty: '0',
    filled_avg_price: null,
  })
  assert.deepEqual(await scansOf(answer, 'bot_order'), ['bot_order_open_idx'])
})

it('the expiry job reads a partial index of the pending approvals', async () => {
  const pending = new Set(['bot_approval_expiry_idx', 'bot_approval_pending_idx'])
  const tenants = await captured((s) => approvals.tenantsWithDue(s, NOW, 100))
  const across = await scansOf(tenants, 'bot_approval')
  assert.ok(across.length > 0 && across.every((i) => pending.has(i)), across.join(', '))
  const due = await captured((s) => approvals.lockDue(s, NOW, 100))
  const mine = await scansOf(due, 'bot_approval')
  assert.ok(mine.length > 0 && mine.every((i) => pending.has(i)), mine.join(', '))
})
