/**
 * The approval threshold's `updated_at` is the time of the latest change to the tenant's thresholds:
 * removing an account override is such a change, so it moves `updated_at` forward (it never goes
 * back to an older row's time) and leaves the tenant threshold as it was.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import { json } from '../helpers/assertions.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import { BOT } from './bot-controls-fixtures.ts'

const clock = fixedClock('2026-11-25T15:00:00Z')
const t = useTestApp({ clock })
const MINUTE = 60_000

const override = async (u: Client, accountId: number, threshold: string | null) => {
  const res = await u.put(`${BOT}/approval-threshold/account-override`, { account_id: accountId, threshold })
  assert.equal(res.statusCode, 200, res.body)
  return json(res)
}
const view = async (u: Client) => json(await u.get(`${BOT}/approval-threshold`))

describe('bot-controls approval threshold: updated_at', () => {
  it('moves forward when an override is removed, keeping the tenant threshold', async () => {
    const u = await t.newTenant()
    const ira = await createManualAccount(u, 'IRA')
    const set = json(await u.put(`${BOT}/approval-threshold`, { threshold: '2500' }))
    assert.equal(set.updated_at, clock.now().toISOString())
    clock.advance(MINUTE)
    const added = await override(u, ira, '100')
    assert.equal(added.updated_at, clock.now().toISOString())
    clock.advance(MINUTE)
    const removed = await override(u, ira, null)
    const removedAt = clock.now().toISOString()
    assert.deepEqual([removed.threshold, removed.overrides, removed.updated_at], ['2500.00', [], removedAt])
    assert.ok(removed.updated_at >= added.updated_at, 'updated_at does not go back')
    assert.deepEqual(await view(u), removed)
    // Removing an override that is not there changes nothing, updated_at included.
    clock.advance(MINUTE)
    assert.equal((await override(u, ira, null)).updated_at, removedAt)
  })

  it('dates a removal when the tenant never set a threshold (a row with none is made)', async () => {
    const u = await t.newTenant()
    const ira = await createManualAccount(u, 'IRA')
    const added = await override(u, ira, '100')
    clock.advance(MINUTE)
    const removed = await override(u, ira, null)
    assert.deepEqual(
      [removed.threshold, removed.overrides, removed.updated_at],
      [null, [], clock.now().toISOString()],
    )
    assert.ok(removed.updated_at > added.updated_at)
    const row = await t.c.scopes.withTenant(u.tenantId, (s) =>
      s.db.selectFrom('bot_approval_threshold').select(['threshold', 'updated_by']).executeTakeFirstOrThrow(),
    )
    assert.deepEqual([row.threshold, Number(row.updated_by)], [null, u.userId])
  })
})
