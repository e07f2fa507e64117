/**
 * Schwab's account operations through HTTP, through the real Schwab adapter and the in-process
 * sandbox: accounts and the account_hash rule (plain number 422, another tenant's hash 404),
 * balances, purchasing power (exact sum; degraded zeros with Schwab down), positions synced and
 * logged, open orders, account activity from what was stored, and the tax-year transactions with
 * transfer items flattened.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { assertProblem, json, type Body } from '../helpers/assertions.ts'
import { allItems } from '../helpers/paging.ts'
import { schwabAccounts, connectSchwab, plainNumber } from '../helpers/schwab.ts'
import { JOB_SCHWAB_ACTIVITY } from '../../src/modules/brokers/index.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'
import { DAY_MS } from '../../src/kernel/dates.ts'

const t = useTestApp()
const sandbox = () => t.c.providers.brokers.sandbox!.schwab!
const year = String(new Date().getUTCFullYear() - 1)

async function connected(): Promise<{ u: Client; hashes: string[] }> {
  const u = await t.newTenant()
  await connectSchwab(t, u)
  return { u, hashes: (await schwabAccounts(u)).map((a) => a.hashValue) }
}

/** Exact decimal addition of two-decimal (or fewer) amounts, in cents. */
const cents = (s: string) => {
  const [i = '0', f = ''] = s.replace('-', '').split('.')
  const v = BigInt(i) * 100n + BigInt((f + '00').slice(0, 2))
  return s.startsWith('-') ? -v : v
}

describe('broker B: accounts and the account_hash rule', () => {
  it('lists display numbers (masked) and hashValues; never the plain number', async () => {
    const { u, hashes } = await connected()
    const items = await schwabAccounts(u)
    assert.equal(items.length, 2)
    for (const a of items) {
      assert.match(a.hashValue, /^[0-9A-F]{64}$/)
      assert.match(a.accountNumber, /^••••\d{4}$/)
      const plain = await plainNumber(t, u, a.hashValue)
      assert.ok(!JSON.stringify(json(await u.get('/api/brokerb/accounts'))).includes(plain))
    }
    assert.deepEqual(
      items.map((a) => a.type),
      ['margin', 'cash'],
    )
    assert.equal(hashes.length, 2)
  })

  it('a plain account number is a 422; another tenant’s hash or an unknown one a 404', async () => {
    const { u, hashes } = await connected()
    const { u: other, hashes: theirs } = await connected()
    const plain = await plainNumber(t, u, hashes[0]!)
    for (const path of ['transactions', 'open-orders']) {
      const q = (h: string) => `/api/brokerb/${path}?account_hash=${h}&year=${year}`
      const res = assertProblem(await u.get(q(plain)), 422, 'broker.account_hash_required')
      assert.deepEqual(res.errors[0].loc, ['query', 'account_hash'])
      assertProblem(await u.get(q(theirs[0]!)), 404, 'broker.account_not_found')
      assertProblem(await other.get(q(hashes[0]!)), 404, 'broker.account_not_found')
      assertProblem(await u.get(q('F'.repeat(64))), 404, 'broker.account_not_found')
    }
    assertProblem(
      await u.get(`/api/brokerb/transactions?account_hash=${hashes[0]}`),
      422,
      'validation.failed',
    )
    assertProblem(
      await u.get(`/api/brokerb/transactions?account_hash=a%20b&year=${year}`),
      422,
      'validation.failed',
    )
  })

  it('balance passes on currentBalances and projectedBalances of each account', async () => {
    const { u, hashes } = await connected()
    const body = json(await u.get('/api/brokerb/balance'))
    assert.deepEqual(
      body.items.map((b: Body) => b.hashValue),
      hashes,
    )
    const [margin, cash] = body.items
    assert.equal(margin.type, 'MARGIN')
    // Money crosses as decimal strings (ADR 0023), as on purchasing-power.
    assert.match(margin.currentBalances.buyingPower, /^-?\d+(\.\d+)?$/)
    assert.match(margin.projectedBalances.buyingPower, /^-?\d+(\.\d+)?$/)
    assert.equal(cash.type, 'CASH')
    assert.match(cash.currentBalances.cashAvailableForTrading, /^-?\d+(\.\d+)?$/)
    for (const b of body.items as Body[])
      for (const [k, v] of Object.entries({
        ...b.currentBalances,
        ...b.projectedBalances,
        ...b.initialBalances,
      }))
        if (k !== 'roundTrips') assert.notEqual(typeof v, 'number', `${k}: ${JSON.stringify(b)}`)
    assert.equal(cash.currentBalances.buyingPower, undefined)
  })
})

describe('broker B: purchasing power', () => {
  it('sums margin buyingPower and cash cashAvailableForTrading exactly', async () => {
    const { u } = await connected()
    const balances = json(await u.get('/api/brokerb/balance')).items
    const body = json(await u.get('/api/brokerb/purchasing-power'))
    assert.equal(body.degraded, false)
    const margin = String(balances[0].currentBalances.buyingPower)
    const cash = String(balances[1].currentBalances.cashAvailableForTrading)
    assert.deepEqual(
      body.accounts.map((a: Body) => a.buying_power),
      [margin, cash],
    )
    assert.equal(cents(body.buying_power), cents(margin) + cents(cash))
  })

  it('answers zeros with degraded: true when Schwab fails (200, not an error)', async () => {
    const { u } = await connected()
    for (let i = 0; i < 6; i++) sandbox().chaos.failNext(503)
    const res = await u.get('/api/brokerb/purchasing-power')
    sandbox().reset()
    assert.equal(res.statusCode, 200, res.body)
    const body = json(res)
    assert.equal(body.degraded, true)
    assert.equal(body.buying_power, '0')
    assert.deepEqual(body.accounts, [])
    assert.match(body.reason, /Schwab is unavailable/)
  })

  it('without a connection: 422 broker.not_connected', async () => {
    const u = await t.newTenant()
    assertProblem(await u.get('/api/brokerb/purchasing-power'), 422, 'broker.not_connected')
  })
})

describe('broker B: positions, open orders and account activity', () => {
  it('positions of both accounts into today’s snapshots, with a manual sync log row', async () => {
    const { u, hashes } = await connected()
    const body = json(await u.get('/api/brokerb/positions'))
    assert.deepEqual(
      body.accounts.map((a: Body) => a.hashValue),
      hashes,
    )
    assert.ok(body.accounts[0].positions.length > 0)
    const logs = await t.c.scopes.withTenant(u.tenantId, ({ db }) =>
      db
        .selectFrom('broker_sync_log')
        .select(['id', 'sync_kind', 'status', 'positions'])
        .orderBy('id')
        .execute(),
    )
    const last = logs.at(-1)!
    assert.deepEqual([last.id, last.sync_kind, last.status], [body.sync_id, 'manual', 'ok'])
    const held = body.accounts.reduce((n: number, a: Body) => n + a.positions.length, 0)
    assert.equal(last.positions, held)
  })

  it('open orders of all accounts or one; each recorded as account activity', async () => {
    const { u, hashes } = await connected()
    const all = json(await u.get('/api/brokerb/open-orders')).items
    assert.ok(all.length > 0)
    for (const o of all)
      assert.ok(['working', 'queued', 'accepted', 'pending_activation', 'new'].includes(o.status) || o.status)
    const one = json(await u.get(`/api/brokerb/open-orders?account_hash=${hashes[0]}`)).items
    assert.ok(one.every((o: Body) => o.hashValue === hashes[0]))
    assert.equal(one.length, all.filter((o: Body) => o.hashValue === hashes[0]).length)

    const activity = json(await u.get('/api/brokerb/account-activity?days=3650&limit=100')).items
    const events = activity.filter((a: Body) => a.source === 'event')
    assert.deepEqual(new Set(events.map((e: Body) => e.order_id)), new Set(all.map((o: Body) => o.id)))
    // Observing again stores nothing new.
    await u.get('/api/brokerb/open-orders')
    const again = json(await u.get('/api/brokerb/account-activity?days=3650&limit=100')).items
    assert.equal(again.length, activity.length)
  })

  it('the activity job records each connection’s recent orders without any request', async () => {
    const { u } = await connected()
    assert.equal(
      json(await u.get('/api/brokerb/account-activity?days=3650')).items.filter(
        (i: Body) => i.source === 'event',
      ).length,
      0,
    )
    await t.c.jobs.enqueue(JOB_SCHWAB_ACTIVITY, {})
    await t.c.jobs.drain()
    const events = json(await u.get('/api/brokerb/account-activity?days=3650&limit=100')).items.filter(
      (i: Body) => i.source === 'event',
    )
    assert.ok(events.length > 0, 'orders of the last day recorded')
    assert.ok(events.every((e: Body) => /^ORDER_[A-Z_]+$/.test(e.event_type) && e.order_id))
    assert.equal(await t.c.brokers.pollSchwab(), 0, 'a second poll finds nothing new')
  })

  it('account activity merges events with stored trades, newest first, and works with Schwab down', async () => {
    const { u } = await connected()
    await u.get('/api/brokerb/open-orders')
    for (let i = 0; i < 20; i++) sandbox().chaos.failNext(503)
    const res = await u.get('/api/brokerb/account-activity?days=3650&limit=100')
    sandbox().reset()
    assert.equal(res.statusCode, 200, res.body)
    const items = json(res).items
    const sources = new Set(items.map((i: Body) => i.source))
    assert.deepEqual(sources, new Set(['event', 'transaction']))
    const times = items.map((i: Body) => i.occurred_at)
    assert.deepEqual(times, [...times].sort().reverse())
    const limited = json(await u.get('/api/brokerb/account-activity?days=3650&limit=3')).items
    assert.deepEqual(limited, items.slice(0, 3))
    const recent = json(await u.get('/api/brokerb/account-activity?days=1')).items
    assert.ok(recent.every((i: Body) => Date.parse(i.occurred_at) >= Date.now() - DAY_MS - 5000))
    assertProblem(await u.get('/api/brokerb/account-activity?days=0'), 422, 'validation.failed')
    assertProblem(await u.get('/api/brokerb/account-activity?limit=abc'), 422, 'validation.failed')
  })
})

describe('broker B: transactions of a tax year', () => {
  it('TRADE only, the whole year, in 60-day windows merged', async () => {
    const { u, hashes } = await connected()
    sandbox().requests.length = 0
    const body = json(await u.get(`/api/brokerb/transactions?account_hash=${hashes[0]}&year=${year}`))
    assert.ok(body.count > 0)
    assert.ok(body.items.every((tx: Body) => tx.type === 'TRADE'))
    assert.ok(
      body.items.every(
        (tx: Body) => tx.time.startsWith(year) || tx.time.startsWith(String(Number(year) + 1)),
      ),
    )
    const windows = sandbox().requests.filter((r) => r.path.endsWith('/transactions'))
    assert.ok(windows.length >= 7, `${windows.length} windows cover a year`)
    assert.ok(windows.every((w) => w.query['types'] === 'TRADE'))
    const ids = body.items.map((tx: Body) => tx.activityId)
    assert.equal(new Set(ids).size, ids.length, 'merged without duplicates')
  })

  it('rejects a future, ancient or malformed year with 422', async () => {
    const { u, hashes } = await connected()
    for (const y of [String(new Date().getUTCFullYear() + 1), '1999', '25', 'abcd'])
      assertProblem(
        await u.get(`/api/brokerb/transactions?account_hash=${hashes[0]}&year=${y}`),
        422,
        'validation.failed',
      )
  })

  it('transactions-auto flattens each transaction’s transfer items into rows, every account', async () => {
    const { u, hashes } = await connected()
    const auto = json(await u.get(`/api/brokerb/transactions-auto?year=${year}&types=TRADE`))
    const autoItems = await allItems(u, `/api/brokerb/transactions-auto?year=${year}&types=TRADE`)
    assert.equal(auto.accounts, 2)
    assert.deepEqual(auto.types, ['TRADE'])
    let expected = 0
    for (const h of hashes) {
      const txs = await allItems(u, `/api/brokerb/transactions?account_hash=${h}&year=${year}`)
      expected += txs.reduce((n: number, tx: Body) => n + Math.max(1, tx.transferItems.length), 0)
      const first = txs[0]!
      const rows = autoItems.filter((r: Body) => r.hashValue === h && r.activityId === first.activityId)
      assert.equal(rows.length, first.transferItems.length)
      rows.forEach((row: Body, i: number) => {
        const item = first.transferItems[i]
        assert.equal(row.item_index, i)
        assert.equal(row.netAmount, first.netAmount, 'the parent’s fields on every row')
        assert.equal(row.time, first.time)
        assert.equal(row.symbol, item.instrument.symbol)
        assert.equal(row.amount, String(item.amount))
        assert.equal(row.cost, item.cost === undefined ? null : String(item.cost))
        assert.equal(row.fee_type, item.feeType ?? null)
      })
    }
    assert.equal(auto.count, expected)
    assert.equal(autoItems.length, expected)
  })

  it('transactions-auto filters by types (DIVIDEND is DIVIDEND_OR_INTEREST) and refuses unknown ones', async () => {
    const { u } = await connected()
    const divs = json(await u.get(`/api/brokerb/transactions-auto?year=${year}&types=DIVIDEND`))
    assert.deepEqual(divs.types, ['DIVIDEND_OR_INTEREST'])
    assert.ok(divs.items.every((r: Body) => r.type === 'DIVIDEND_OR_INTEREST'))
    const all = json(await u.get(`/api/brokerb/transactions-auto?year=${year}`))
    assert.ok(all.items.length >= divs.items.length)
    const bad = assertProblem(
      await u.get(`/api/brokerb/transactions-auto?year=${year}&types=TRADE,BOGUS`),
      422,
      'validation.failed',
    )
    assert.deepEqual(bad.errors[0].loc, ['query', 'types'])
    assertProblem(await u.get('/api/brokerb/transactions-auto'), 422, 'validation.failed')
  })
})
