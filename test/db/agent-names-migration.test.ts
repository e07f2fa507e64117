/**
 * Migration 0056 makes agent names unique among a tenant's live agents. A database that already
 * holds duplicates is migrated, not refused: the oldest keeps the name, later ones get " (2)",
 * " (3)" (skipping a number a live agent already has, within the 100 characters); archived agents
 * and other tenants keep theirs.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { sql } from 'kysely'
import { upgradedDatabase } from '../helpers/upgrade.ts'

const LONG = 'L'.repeat(100)

describe('migration 0056_bot_agent_unique_name', () => {
  it('renames later live duplicates per tenant, then enforces the name', async () => {
    const handle = await upgradedDatabase('0055_bot_order_can_execute', async (trx) => {
      await sql`insert into tenant (name, plan_code) values ('other', 'free')`.execute(trx)
      const agent = (tenant: string, name: string, archived = false) =>
        sql`insert into bot_agent (tenant_id, name, created_by, archived_at)
            select id, ${name}, 1, ${archived ? new Date('2026-11-01T00:00:00Z') : null}
              from tenant where name = ${tenant}`.execute(trx)
      // In insertion (id) order.
      for (const [tenant, name, archived] of [
        ['t', 'Momentum', false],
        ['t', 'momentum ', false],
        ['t', 'Momentum (2)', false],
        ['t', 'MOMENTUM', false],
        ['t', 'Momentum', true],
        ['t', LONG, false],
        ['t', LONG, false],
        ['other', 'Momentum', false],
      ] as const)
        await agent(tenant, name, archived)
    })
    try {
      await handle.db.transaction().execute(async (trx) => {
        await sql`select set_config('app.system', 'on', true)`.execute(trx)
        const rows = await sql<{ k: string }>`
          select t.name || ' ' || a.name || case when a.archived_at is null then '' else ' [archived]' end as k
            from bot_agent a join tenant t on t.id = a.tenant_id order by a.id`.execute(trx)
        assert.deepEqual(
          rows.rows.map((r) => r.k),
          [
            't Momentum',
            't momentum (3)',
            't Momentum (2)',
            't MOMENTUM (4)',
            't Momentum [archived]',
            `t ${LONG}`,
            `t ${'L'.repeat(96)} (2)`,
            'other Momentum',
          ],
        )
      })
      // The index now holds the name: a live duplicate is refused.
      const duplicate = handle.db.transaction().execute(async (trx) => {
        await sql`select set_config('app.system', 'on', true)`.execute(trx)
        await sql`insert into bot_agent (tenant_id, name, created_by)
                  select id, ' MOMENTUM', 1 from tenant where name = 't'`.execute(trx)
      })
      await assert.rejects(duplicate, (err: { code?: string }) => err.code === '23505')
    } finally {
      await handle.close()
    }
  })
})
