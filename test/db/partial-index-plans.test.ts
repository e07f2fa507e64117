/**
 * Statements whose rows live in a partial index (open deliveries, open agent orders, pending
 * approvals, live broker connections, open moderation appeals, enabled alert rules and briefing
 * subscriptions, the owner investor), planned as PostgreSQL caches them — prepared, generic — on a
 * new database without statistics: each must read its partial index (one that wants every row the
 * index holds must at least be able to, planned with sequential scans off). With the statuses or
 * flags bound as parameters the planner could not prove the index's predicate, and a claim, a job or
 * a lookup read every row (of the tenant, or of all tenants) instead of the few it wants.
 */
import assert from 'node:assert/strict'
import { after, before, it } from 'node:test'
import type { CompiledQuery } from 'kysely'
import { pendingApprovals } from '../../src/modules/agents/bot-controls/agents/controls.repository.ts'
import * as approvals from '../../src/modules/agents/bot-controls/approvals/approvals.repository.ts'
import * as orders from '../../src/modules/agents/bot-controls/gate/orders.repository.ts'
import * as connections from '../../src/modules/brokers/connections/connections.repository.ts'
import * as rules from '../../src/modules/engagement/alerts/firing.repository.ts'
import { claimDeliveries } from '../../src/modules/engagement/notifications/notifications.repository.ts'
import { findOwnerInvestor } from '../../src/modules/portfolio/capital/capital.repository.ts'
import { reviewQueue } from '../../src/modules/support/moderation/moderation.repository.ts'
import { dueSubs } from '../../src/modules/trading-intel/briefing/briefing.repository.ts'
import type { SystemScope, TenantScope } from '../../src/platform/db/index.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { capturedStatement, planScans } from '../helpers/plans.ts'

let tdb: TestDatabase
before(async () => {
  tdb = await createTestDatabase()
})
after(() => tdb?.drop())

const NOW = new Date('2026-11-30T12:00:00Z')
const scansOf = (query: CompiledQuery, table: string, o?: { seqscan: boolean }) =>
  planScans(tdb, query, table, o)
const captured = (run: (scope: TenantScope & SystemScope) => Promise<unknown>) => capturedStatement(tdb, run)

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

it('the live broker connections are read through a partial index of the connected ones', async () => {
  const live = new Set(['broker_connection_live_key', 'broker_connection_expiry_idx'])
  for (const run of [
    (s: TenantScope & SystemScope) => connections.findLiveConnection(s, 'brokera'),
    // its first statement: the reconnect disconnecting the live one
    (s: TenantScope & SystemScope) =>
      connections.saveConnection(s, {
        broker: 'brokera',
        userId: 1,
        access_token_enc: 'x',
        refresh_token_enc: null,
        access_expires_at: null,
        refresh_expires_at: null,
        scope: null,
      }),
    (s: TenantScope & SystemScope) => connections.allLiveConnections(s),
  ]) {
    const scans = await scansOf(await captured(run), 'broker_connection')
    assert.ok(scans.length > 0 && scans.every((i) => live.has(i)), scans.join(', '))
  }
  // Every call to a broker's API: the live connection with its accounts, in one statement.
  const withAccounts = connections.liveConnectionWithAccounts.bound(scope(), { broker: 'brokera' })
  const read = await scansOf(withAccounts, 'broker_connection')
  assert.ok(read.length > 0 && read.every((i) => live.has(i)), read.join(', '))
  const linked = await scansOf(withAccounts, 'broker_linked_account')
  assert.ok(linked.length > 0 && !linked.includes('Seq Scan'), linked.join(', '))
  const refresh = await captured((s) => connections.expiringConnections(s, 'brokerb', NOW, NOW))
  assert.deepEqual(await scansOf(refresh, 'broker_connection'), ['broker_connection_expiry_idx'])
})

it('an agent’s pending approvals are counted from a partial index of the pending ones', async () => {
  const pending = new Set(['bot_approval_expiry_idx', 'bot_approval_pending_idx'])
  const count = await captured((s) => pendingApprovals(s, 7, NOW))
  const scans = await scansOf(count, 'bot_approval')
  assert.ok(scans.length > 0 && scans.every((i) => pending.has(i)), scans.join(', '))
})

it('the open appeals’ review queue reads its partial index; a decided status stays a parameter', async () => {
  const open = await captured((s) => reviewQueue(s, 'open', 50))
  assert.deepEqual(await scansOf(open, 'moderation_appeal'), ['moderation_appeal_queue_idx'])
  const decided = await captured((s) => reviewQueue(s, 'upheld', 50))
  assert.ok(decided.parameters.includes('upheld'), decided.sql)
})

it('the owner investor is read through its partial unique index', async () => {
  const owner = await captured((s) => findOwnerInvestor(s))
  assert.deepEqual(await scansOf(owner, 'investor'), ['investor_owner_key'])
})

it('the alert jobs and the briefing sends read the partial indexes of the enabled rows', async () => {
  const bySymbol = await captured((s) => rules.rulesForSymbols(s, ['AAPL', 'MSFT']))
  assert.deepEqual(await scansOf(bySymbol, 'alert_rule'), ['alert_rule_symbol_idx'])
  const byType = await captured((s) => rules.rulesOfTypes(s, ['price_above', 'price_below']))
  assert.deepEqual(await scansOf(byType, 'alert_rule'), ['alert_rule_type_idx'])
  // Every enabled rule's symbol: the whole index, so only whether it can serve the read.
  const symbols = await captured((s) => rules.ruleSymbols(s))
  assert.deepEqual(await scansOf(symbols, 'alert_rule', { seqscan: false }), ['alert_rule_symbol_idx'])
  const due = await captured((s) => dueSubs(s, '2026-11-30', '09:00'))
  assert.deepEqual(await scansOf(due, 'briefing_subscription'), ['briefing_subscription_due_idx'])
})
