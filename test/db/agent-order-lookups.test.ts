/**
 * The agent order gate's read, planned as PostgreSQL caches it on a new database without statistics
 * (PGlite until its first analysis): the order already recorded under a client_order_id is found
 * through the client order key, not through `bot_order_recent_idx` matched on tenant_id alone, which
 * reads every order of the tenant on every agent order (docs/adr/0036-foreign-key-lookups.md).
 */
import assert from 'node:assert/strict'
import type { CompiledQuery } from 'kysely'
import { after, before, it } from 'node:test'
import { gateReadsWith } from '../../src/modules/agents/bot-controls/gate/gate-reads.repository.ts'
import { tradingLinkQuery } from '../../src/modules/brokers/connections/connections.repository.ts'
import { ownedAccountQuery } from '../../src/modules/portfolio/accounts/accounts.service.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import type { TenantScope } from '../../src/platform/db/index.ts'
import { planScans } from '../helpers/plans.ts'

let tdb: TestDatabase
before(async () => {
  tdb = await createTestDatabase()
})
after(() => tdb?.drop())

it('the gate’s read finds an order under its client_order_id through the client order key', async () => {
  const read = gateReadsWith({ ownedAccount: ownedAccountQuery, tradingRoute: tradingLinkQuery })
  const now = new Date('2026-11-30T15:00:00Z')
  // The read is compiled once and executed bound: the statement is taken as it is executed.
  let statement: CompiledQuery | undefined
  const db = tdb.handle.db
  const spy = new Proxy(db, {
    get(target, key) {
      if (key === 'executeQuery')
        return (q: CompiledQuery) => {
          statement = q
          return target.executeQuery(q)
        }
      const value = Reflect.get(target, key, target) as unknown
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value
    },
  })
  await read({ db: spy, tenantId: 1 } as unknown as TenantScope, {
    agentId: 1,
    accountId: 1,
    symbol: 'AAPL',
    side: 'sell',
    clientOrderId: 'momentum-001',
    day: '2026-11-30',
    since: new Date(now.getTime() - 60_000),
    windowInDay: true,
    price: null,
  })
  assert.ok(statement)
  assert.match(statement.sql, /"client_order_id" = \$\d+/)
  const scans = await planScans(tdb, statement, 'bot_order')
  assert.ok(scans.includes('bot_order_client_key'), scans.join(', '))
  // The per-minute count may read the recent orders; the lookup by key must not be one of them.
  assert.ok(scans.filter((s) => s === 'bot_order_recent_idx').length <= 1, scans.join(', '))
})
