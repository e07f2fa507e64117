/**
 * Re-syncs write realized trades as a difference (ADR 0023; bench/README.md "Broker sync"): a late
 * fill that changes earlier lots rewrites exactly the trades it changes (same rows, same ids),
 * removes those no longer derived, inserts the new ones and leaves every other row alone; the result
 * and the realized rollup equal a from-scratch sync of the same fills. A scripted broker adapter.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { sql } from 'kysely'
import { fixedClock } from '../../src/platform/clock.ts'
import type { BrokerActivity, BrokerAdapter } from '../../src/providers/brokers/index.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import { DAY_MS } from '../../src/kernel/dates.ts'

const clock = fixedClock('2026-03-02T22:00:00Z')
const world = { account: 'acct-1', fills: [] as BrokerActivity[] }

const at = (daysAgo: number) => new Date(clock.now().getTime() - daysAgo * DAY_MS).toISOString()
const fill = (
  id: string,
  side: 'buy' | 'sell',
  qty: string,
  price: string,
  daysAgo: number,
  symbol = 'AAPL',
) => ({
  id,
  type: 'FILL',
  time: at(daysAgo),
  symbol,
  side,
  qty,
  price,
  netAmount: null,
  description: null,
  orderId: null,
})

const adapter: BrokerAdapter = {
  type: 'brokera',
  vendor: 'Scripted',
  oauth: {
    authorizationUrl: (state) => `https://broker.example/authorize?state=${state}`,
    exchangeCode: async (code) => ({ accessToken: `token-${code}` }),
    revoke: async () => {},
  },
  accounts: async () => [
    {
      externalId: world.account,
      number: world.account,
      name: world.account,
      currency: 'USD',
      accountType: 'cash',
    },
  ],
  positions: async () => [],
  activities: async (_token, q) => {
    const after = q.after ? Date.parse(q.after) : 0
    return { items: world.fills.filter((f) => Date.parse(f.time) > after), nextPageToken: null }
  },
}

const t = useTestApp({ clock, providers: { brokers: { adapters: { brokera: adapter }, sandbox: null } } })

async function connected(account: string, fills: BrokerActivity[]) {
  world.account = account
  world.fills = fills
  const u = await t.newTenant()
  const { state } = JSON.parse((await u.get('/api/brokera/auth-url')).body)
  const res = await u.post('/api/brokera/connect', { auth_code: 'code', state })
  assert.equal(res.statusCode, 200, res.body)
  await t.c.jobs.drain()
  return u
}

const trades = async (u: Client) =>
  (
    await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db
        .selectFrom('realized_trade')
        .select(['id', 'external_id', 'quantity', 'date_acquired', 'date_sold', 'proceeds', 'cost_basis'])
        .select(['gain_loss', 'term', 'deleted_at', 'updated_at'])
        .where('tenant_id', '=', u.tenantId)
        .orderBy('external_id')
        .execute(),
    )
  ).map((r) => ({ ...r, quantity: Number(r.quantity), gain_loss: Number(r.gain_loss) }))

/** What a trade is, without the row's identity and timestamps. */
const values = (rows: Awaited<ReturnType<typeof trades>>) =>
  rows.map(({ id: _id, updated_at: _u, deleted_at: _d, ...v }) => ({ ...v, proceeds: Number(v.proceeds) }))

/** realized_daily as stored, and as a direct aggregation of the live trades would give it. */
const rollups = (u: Client) =>
  t.c.scopes.withTenant(u.tenantId, async ({ db }) => ({
    stored: (
      await sql<{ k: string }>`select sold_on || ' ' || pnl::numeric(30, 4) || ' ' || trades as k
        from realized_daily where tenant_id = ${u.tenantId} order by sold_on`.execute(db)
    ).rows.map((r) => r.k),
    reference: (
      await sql<{ k: string }>`select sold_on || ' ' || sum(gain_loss)::numeric(30, 4) || ' ' || count(*) as k
        from realized_trade where tenant_id = ${u.tenantId} and deleted_at is null and sold_on is not null
        group by sold_on order by sold_on`.execute(db)
    ).rows.map((r) => r.k),
  }))

describe('broker re-sync: realized trades written as a difference', () => {
  it('a late sale before earlier ones rewrites exactly the trades it changes; the rest keep their rows', async () => {
    // FIFO. b1 6 @ 100, b2 20 @ 120; s1 sells 10 (6 of b1 → s1:1, 4 of b2 → s1:2), s2 sells 5 of b2.
    const first = [
      fill('b1', 'buy', '6', '100', 10),
      fill('b2', 'buy', '20', '120', 5),
      fill('m1', 'buy', '3', '50', 9, 'MSFT'),
      fill('m2', 'sell', '3', '60', 8, 'MSFT'),
      fill('s1', 'sell', '10', '150', 1.2),
      fill('s2', 'sell', '5', '160', 1.1),
    ]
    const u = await connected('acct-late', first)
    const before = await trades(u)
    assert.deepEqual(
      before.map((r) => [r.external_id, r.quantity, r.gain_loss]),
      [
        ['m2:1', 3, 30],
        ['s1:1', 6, 300],
        ['s1:2', 4, 120],
        ['s2:1', 5, 200],
      ],
    )
    // The owner deleted s2:1 by hand: a recomputation of AAPL brings it back, as it always did.
    await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db
        .updateTable('realized_trade')
        .set({ deleted_at: new Date() })
        .where('external_id', '=', 's2:1')
        .execute(),
    )
    // A late sale (inside the re-read overlap) of 6 before s1 takes all of b1: s1 now closes 10 of b2
    // (s1:1 rewritten), s1:2 is no longer derived, s2:1 is unchanged but revived, s0:1 is new.
    world.fills = [...first, fill('s0', 'sell', '6', '140', 3)]
    const res = await t.c.brokers.sync.sync(u.tenantId, null, 'brokera', 'manual')
    assert.deepEqual([res.fills_new, res.trades], [1, 3])
    const after = await trades(u)
    assert.deepEqual(
      after.map((r) => [r.external_id, r.quantity, r.gain_loss, r.deleted_at]),
      [
        ['m2:1', 3, 30, null],
        ['s0:1', 6, 240, null],
        ['s1:1', 10, 300, null],
        ['s2:1', 5, 200, null],
      ],
    )
    const row = (rows: typeof before, id: string) => rows.find((r) => r.external_id === id)!
    // Untouched symbol and unchanged trade: the very same rows; MSFT's not even rewritten.
    assert.deepEqual(row(after, 'm2:1'), row(before, 'm2:1'))
    assert.equal(row(after, 's2:1').id, row(before, 's2:1').id)
    // The changed trade is rewritten in place.
    assert.equal(row(after, 's1:1').id, row(before, 's1:1').id)
    assert.equal(Number(row(after, 's1:1').cost_basis), 1200)
    assert.ok(!before.some((r) => r.external_id === 's0:1'))
    const { stored, reference } = await rollups(u)
    assert.deepEqual(stored, reference)
    // The sync told the backtests, whose job packed the trades as they are now (s1:2 hard-deleted).
    await t.c.jobs.drain()
    const packed = await t.c.backtest.packs.read(u.tenantId, '*')
    assert.deepEqual(
      packed?.trades.map((x) => x.id).sort((a, b) => a - b),
      after.map((r) => r.id).sort((a, b) => a - b),
    )

    // From scratch: the same fills in one first sync give the same trades and the same rollup.
    const fresh = await connected('acct-scratch', world.fills)
    assert.deepEqual(values(await trades(fresh)), values(after))
    assert.deepEqual((await rollups(fresh)).stored, stored)
  })

  it('a new fill at the same instant as a stored one is matched after it (stored fills come first)', async () => {
    const first = [fill('x1', 'buy', '5', '100', 4)]
    const u = await connected('acct-tie', first)
    // A second buy reported late at the very same instant, then a sale of 5: FIFO takes x1 (cost
    // 500), the stored fill, as reading all fills back in (traded_at, id) order would.
    world.fills = [...first, { ...fill('x2', 'buy', '5', '200', 4), time: first[0]!.time }]
    world.fills.push(fill('x3', 'sell', '5', '300', 2))
    await t.c.brokers.sync.sync(u.tenantId, null, 'brokera', 'manual')
    assert.deepEqual(
      (await trades(u)).map((r) => [r.external_id, Number(r.cost_basis), Number(r.proceeds)]),
      [['x3:1', 500, 1500]],
    )
    // A sync with nothing new changes no row.
    const rows = await trades(u)
    const again = await t.c.brokers.sync.sync(u.tenantId, null, 'brokera', 'manual')
    assert.deepEqual([again.fills_new, again.trades], [0, 0])
    assert.deepEqual(await trades(u), rows)
  })
})
