/**
 * The broker sync's edge cases, with a scripted broker adapter (every fill and position chosen here):
 * sales of shares held before the history, 9-decimal fractional fills, a holding sold between syncs,
 * a stored token that cannot be decrypted, and a reconnection to another account.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fixedClock } from '../../src/platform/clock.ts'
import type { BrokerActivity, BrokerAdapter, BrokerPosition } from '../../src/providers/brokers/index.ts'
import { assertProblem, json } from '../helpers/assertions.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'

const DAY = 86_400_000
const clock = fixedClock('2026-03-02T22:00:00Z')
const world = {
  account: 'acct-1',
  fills: [] as BrokerActivity[],
  positions: [] as BrokerPosition[],
  revoked: [] as string[],
}
let issued = 0

const fill = (
  id: string,
  side: 'buy' | 'sell',
  qty: string,
  price: string,
  daysAgo: number,
): BrokerActivity => ({
  id,
  type: 'FILL',
  time: new Date(clock.now().getTime() - daysAgo * DAY).toISOString(),
  symbol: 'AAPL',
  side,
  qty,
  price,
  netAmount: null,
  description: null,
  orderId: null,
})

const position = (symbol: string, quantity: string, cost: string, price: string): BrokerPosition => ({
  symbol,
  quantity,
  averagePrice: String(Number(cost) / Number(quantity)),
  costBasis: cost,
  price,
  marketValue: String(Number(quantity) * Number(price)),
  unrealizedPl: String(Number(quantity) * Number(price) - Number(cost)),
  assetClass: 'us_equity',
})

const adapter: BrokerAdapter = {
  type: 'brokera',
  vendor: 'Scripted',
  oauth: {
    authorizationUrl: (state) => `https://broker.example/authorize?state=${state}`,
    exchangeCode: async (code) => ({ accessToken: `token-${code}-${++issued}` }),
    revoke: async (grant) => void world.revoked.push(grant.accessToken),
  },
  accounts: async () => [
    {
      externalId: world.account,
      number: `N-${world.account}`,
      name: world.account,
      currency: 'USD',
      accountType: 'cash',
    },
  ],
  positions: async () => world.positions,
  activities: async (_token, q) => {
    const after = q.after ? Date.parse(q.after) : 0
    return { items: world.fills.filter((f) => Date.parse(f.time) > after), nextPageToken: null }
  },
}

const t = useTestApp({ clock, providers: { brokers: { adapters: { brokera: adapter }, sandbox: null } } })

async function connect(u: Client) {
  const { state } = json(await u.get('/api/brokera/auth-url'))
  const res = await u.post('/api/brokera/connect', { auth_code: 'code', state })
  assert.equal(res.statusCode, 200, res.body)
  await t.c.jobs.drain()
}

const trades = (u: Client) =>
  t.c.scopes.withTenant(u.tenantId, ({ db }) =>
    db
      .selectFrom('realized_trade')
      .select(['quantity', 'date_acquired', 'proceeds', 'cost_basis', 'gain_loss'])
      .where('tenant_id', '=', u.tenantId)
      .execute(),
  )

const lastLog = async (u: Client) => json(await u.get('/api/brokers/sync-log?limit=1')).items[0]

describe('broker sync: fills the history cannot match', () => {
  it('a sale of shares held before the history is not realized, nor turned into a short', async () => {
    world.account = 'acct-old'
    world.fills = [fill('s1', 'sell', '10', '150', 30), fill('b2', 'buy', '10', '100', 10)]
    world.positions = [position('AAPL', '10', '1000', '110')]
    const u = await t.newTenant()
    await connect(u)
    assert.deepEqual(await trades(u), [])
    assert.match((await lastLog(u)).error, /held before the history \(not realized\): AAPL/)
  })

  it('fractional fills to 9 places are used (the trade is stored to 8)', async () => {
    world.account = 'acct-frac'
    world.fills = [fill('fb', 'buy', '0.123456789', '100', 5), fill('fs', 'sell', '0.1', '110', 2)]
    world.positions = []
    const u = await t.newTenant()
    await connect(u)
    const rows = await trades(u)
    assert.deepEqual(
      rows.map((r) => [Number(r.quantity), Number(r.proceeds), Number(r.cost_basis), Number(r.gain_loss)]),
      [[0.1, 11, 10, 1]],
    )
  })
})

describe('broker sync: holdings, tokens and reconnections', () => {
  it('a holding sold since the last sync gets a flat row, so the analytics stop counting it', async () => {
    world.account = 'acct-flat'
    world.fills = []
    world.positions = [position('AAPL', '10', '1000', '150')]
    const u = await t.newTenant()
    await connect(u)
    clock.advance(DAY)
    world.positions = []
    try {
      // A day later the access token has expired: the sync runs as the evening job would.
      const res = await t.c.brokers.sync.sync(u.tenantId, null, 'brokera', 'scheduled')
      assert.equal(res.positions, 0)
      const today = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
        db
          .selectFrom('portfolio_snapshot')
          .select(['symbol', 'quantity', 'unrealized_pl'])
          .where('tenant_id', '=', u.tenantId)
          .where('snapshot_date', '=', '2026-03-03')
          .execute(),
      )
      assert.deepEqual(
        today.map((r) => [r.symbol, Number(r.quantity), Number(r.unrealized_pl)]),
        [['AAPL', 0, 0]],
      )
      // The rollup the analytics read: +500 on the first day, −500 when the flat row lands.
      const deltas = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
        db
          .selectFrom('unrealized_daily')
          .select(['snapshot_date', 'delta'])
          .where('tenant_id', '=', u.tenantId)
          .orderBy('snapshot_date')
          .execute(),
      )
      assert.deepEqual(
        deltas.map((d) => [d.snapshot_date, Number(d.delta)]),
        [
          ['2026-03-02', 500],
          ['2026-03-03', -500],
        ],
      )
    } finally {
      clock.set('2026-03-02T22:00:00Z')
    }
  })

  it('a token that cannot be decrypted: status says so, operations ask to reconnect, disconnect works', async () => {
    world.account = 'acct-key'
    world.positions = []
    const u = await t.newTenant()
    await connect(u)
    await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db
        .updateTable('broker_connection')
        .set({ access_token_enc: 'v1.AAAAAAAAAAAAAAAA.AAAA.AAAAAAAAAAAAAAAAAAAAAA' })
        .where('tenant_id', '=', u.tenantId)
        .execute(),
    )
    const status = json(await u.get('/api/brokers/brokera/status'))
    assert.equal(status.connected, false)
    assert.match(status.extra.error, /unreadable/)
    assertProblem(await u.post('/api/brokers/brokera/sync'), 422, 'broker.reconnect_required')
    assertProblem(await u.get('/api/brokera/positions'), 422, 'broker.reconnect_required')
    const off = json(await u.post('/api/brokera/disconnect'))
    assert.deepEqual([off.disconnected, off.revoked], [true, false])
  })

  it('connecting again without a disconnect revokes the old token and archives the account it linked', async () => {
    world.account = 'acct-a'
    world.positions = []
    const u = await t.newTenant()
    await connect(u)
    const first = issued
    world.account = 'acct-b'
    await connect(u)
    assert.ok(world.revoked.includes(`token-code-${first}`), 'the replaced token was revoked')
    const live = json(await u.get('/api/accounts')).items.map((a: { name: string }) => a.name)
    assert.deepEqual(live, ['acct-b'])
  })
})
