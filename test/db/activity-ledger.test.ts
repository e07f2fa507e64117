/**
 * The activity ledger's writer: a re-sent activity (same source and source id) is written once,
 * a deposit or withdrawal becomes one capital flow of the owner investor, deleting the activity
 * deletes its flow, and writes move the portfolio version (the analytics answer cache key).
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { TenantScope } from '../../src/platform/db/index.ts'
import { recordActivities } from '../../src/modules/portfolio/activities/record.service.ts'
import type { ActivityInput } from '../../src/modules/portfolio/activities/activities.repository.ts'
import { useTestApp } from '../helpers/test-app.ts'

const t = useTestApp()

async function account(s: TenantScope): Promise<number> {
  const r = await s.db
    .insertInto('broker_account')
    .values({
      tenant_id: s.tenantId,
      name: 'Broker',
      broker_type: 'brokera',
      account_type: null,
      external_id: 'x',
      archived_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return r.id
}

const row = (over: Partial<ActivityInput> & Pick<ActivityInput, 'type' | 'amount'>): ActivityInput => ({
  activity_date: '2025-03-03',
  symbol: null,
  quantity: null,
  price: null,
  fee: '0',
  currency: 'USD',
  source: 'brokera',
  source_id: null,
  note: null,
  ...over,
})

const version = async (s: TenantScope) =>
  Number((await s.db.selectFrom('portfolio_version').select('version').executeTakeFirst())?.version ?? 0)

describe('activity ledger writes', () => {
  it('skips known source ids, makes one owner flow per deposit or withdrawal, and cascades deletes', async () => {
    const u = await t.newTenant()
    await t.c.scopes.withTenant(u.tenantId, async (s) => {
      const id = await account(s)
      const batch = [
        row({ type: 'DEPOSIT', amount: '187000', source_id: 'csd-1' }),
        row({
          type: 'BUY',
          symbol: 'AAPL',
          quantity: '10',
          price: '230.5',
          amount: '2305',
          source_id: 'fill-1',
        }),
        row({
          type: 'DIVIDEND',
          symbol: 'AAPL',
          amount: '2.5',
          source_id: 'div-1',
          activity_date: '2025-05-15',
        }),
        row({ type: 'WITHDRAWAL', amount: '1000', source_id: 'csw-1', activity_date: '2025-06-02' }),
      ]
      const before = await version(s)
      const first = await recordActivities(s, id, batch, u.userId)
      assert.equal(first.activities.length, 4)
      assert.equal(first.flows, 2)
      assert.ok((await version(s)) > before, 'an activity write moves the portfolio version')
      const again = await recordActivities(s, id, batch, u.userId)
      assert.deepEqual([again.activities.length, again.flows], [0, 0])

      const flows = await s.db
        .selectFrom('capital_flow')
        .innerJoin('investor', (j) => j.onRef('investor.id', '=', 'capital_flow.investor_id'))
        .select(['capital_flow.amount', 'capital_flow.flow_date', 'capital_flow.kind', 'investor.is_owner'])
        .orderBy('capital_flow.flow_date')
        .execute()
      assert.deepEqual(
        flows.map((f) => [Number(f.amount), f.flow_date, f.kind, f.is_owner]),
        [
          [187000, '2025-03-03', 'activity', true],
          [-1000, '2025-06-02', 'activity', true],
        ],
      )
      await s.db.deleteFrom('activity').where('source_id', '=', 'csw-1').execute()
      const left = await s.db.selectFrom('capital_flow').select('amount').execute()
      assert.deepEqual(
        left.map((f) => Number(f.amount)),
        [187000],
      )
    })
  })
})
