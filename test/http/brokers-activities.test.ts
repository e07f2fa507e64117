/**
 * Broker syncs write each linked account's money story: the vendor's activities in the ledger, the
 * broker's cash with the day's snapshot, capital flows of the owner investor for deposits and
 * withdrawals, and no opening balance for an account whose whole history the window holds. A
 * scripted broker A sandbox account is worked by hand; Schwab and SnapTrade sandbox accounts must
 * reconcile (their activities' cash effects add up to the cash they report).
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { DAY_MS } from '../../src/kernel/dates.ts'
import { decAdd } from '../../src/kernel/decimal/decimal-string.ts'
import { cashEffect } from '../../src/modules/portfolio/activities/lib/effects.ts'
import { activityId, type History } from '../../src/providers/brokers/sandbox/history.ts'
import { json } from '../helpers/assertions.ts'
import { connectAlpaca, connectSnapTrade } from '../helpers/brokers.ts'
import { connectSchwab } from '../helpers/schwab.ts'
import { useTestApp, type Client } from '../helpers/test-app.ts'

const t = useTestApp()

const ledger = (u: Client) =>
  t.c.scopes.withTenant(u.tenantId, ({ db }) =>
    db
      .selectFrom('activity')
      .select([
        'account_id',
        'type',
        'symbol',
        'quantity',
        'price',
        'amount',
        'fee',
        'source',
        'source_id',
        'activity_date',
      ])
      .where('tenant_id', '=', u.tenantId)
      .orderBy('activity_date')
      .orderBy('id')
      .execute(),
  )
const cashRows = (u: Client) =>
  t.c.scopes.withTenant(u.tenantId, ({ db }) =>
    db
      .selectFrom('account_cash')
      .select(['account_id', 'as_of', 'currency', 'balance'])
      .where('tenant_id', '=', u.tenantId)
      .execute(),
  )
const flows = (u: Client) =>
  t.c.scopes.withTenant(u.tenantId, ({ db }) =>
    db
      .selectFrom('capital_flow')
      .innerJoin('investor', (j) =>
        j
          .onRef('investor.id', '=', 'capital_flow.investor_id')
          .onRef('investor.tenant_id', '=', 'capital_flow.tenant_id'),
      )
      .select(['capital_flow.amount', 'capital_flow.kind', 'capital_flow.flow_date', 'investor.is_owner'])
      .where('capital_flow.tenant_id', '=', u.tenantId)
      .orderBy('capital_flow.flow_date')
      .execute(),
  )
const plain = (x: string | number) => String(Number(x))
/** Σ of the ledger's cash effects, exact. */
const cashOfActivities = (rows: Awaited<ReturnType<typeof ledger>>) =>
  rows.reduce(
    (sum, r) =>
      decAdd(
        sum,
        cashEffect({
          type: r.type,
          symbol: r.symbol,
          quantity: r.quantity === null ? null : plain(r.quantity),
          amount: plain(r.amount),
          fee: plain(r.fee),
        }),
      ),
    '0',
  )

/** Broker A's sandbox: the next account has exactly this history (times relative to now). */
function scriptAlpaca(): void {
  const now = Date.now()
  const at = (daysAgo: number, hour: number) => now - daysAgo * DAY_MS - ((now % DAY_MS) - hour * 3_600_000)
  const history: History = {
    createdAt: now - 30 * DAY_MS,
    accountNumber: 'PA0000000001',
    opening: [],
    fills: [
      {
        id: activityId(at(15, 15), '00000000-0000-4000-8000-000000000002'),
        at: at(15, 15),
        symbol: 'AAPL',
        side: 'buy',
        qty: 10,
        price: 100,
        orderId: '00000000-0000-4000-8000-0000000000f2',
      },
    ],
    cash: [
      {
        id: activityId(at(20, 15), '00000000-0000-4000-8000-000000000001'),
        at: at(20, 15),
        type: 'CSD',
        amount: 5000,
        description: 'Deposit',
      },
      {
        id: activityId(at(10, 15), '00000000-0000-4000-8000-000000000003'),
        at: at(10, 15),
        type: 'DIV',
        amount: 12.34,
        description: 'Cash dividend AAPL',
        symbol: 'AAPL',
        qty: 10,
        perShare: 1.234,
      },
      {
        id: activityId(at(5, 15), '00000000-0000-4000-8000-000000000004'),
        at: at(5, 15),
        type: 'CSW',
        amount: -1000,
        description: 'Withdrawal',
      },
    ],
  }
  t.c.providers.brokers.sandbox!.alpaca!.script(() => history)
}

describe('broker A: deposit, buy, dividend, withdrawal (worked by hand)', () => {
  it('writes the four activities, the cash, the owner’s flows; a re-sync writes nothing new', async (tc) => {
    scriptAlpaca()
    const u = await t.newTenant()
    tc.after(() => t.c.providers.brokers.sandbox!.alpaca!.script(null))
    await connectAlpaca(t, u)
    const rows = await ledger(u)
    // Deposit 5,000; buy 10 AAPL at 100 (1,000, no fee); dividend 10 × 1.234 = 12.34; withdraw 1,000.
    assert.deepEqual(
      rows.map((r) => [
        r.type,
        r.symbol,
        r.quantity === null ? null : plain(r.quantity),
        plain(r.amount),
        r.source,
      ]),
      [
        ['DEPOSIT', null, null, '5000', 'brokera'],
        ['BUY', 'AAPL', '10', '1000', 'brokera'],
        ['DIVIDEND', 'AAPL', null, '12.34', 'brokera'],
        ['WITHDRAWAL', null, null, '1000', 'brokera'],
      ],
    )
    // Cash by hand: 5,000 − 1,000 + 12.34 − 1,000 = 3,012.34, reported by the broker and implied by the ledger.
    const cash = await cashRows(u)
    assert.deepEqual(
      cash.map((c) => [c.currency, plain(c.balance)]),
      [['USD', '3012.34']],
    )
    assert.equal(cashOfActivities(rows), '3012.34')
    // Capital: +5,000 and −1,000, the owner's; a complete history has no opening balance.
    const f = await flows(u)
    assert.deepEqual(
      f.map((x) => [plain(x.amount), x.kind, x.is_owner]),
      [
        ['5000', 'activity', true],
        ['-1000', 'activity', true],
      ],
    )
    const aum = json(await u.get('/api/analytics/aum')) as { current: Record<string, number> }
    assert.equal(aum.current['net_capital'], 4000)
    // NAV by hand: capital 4,000 + unrealized (10 AAPL worth W − 1,000 paid) + the dividend 12.34 =
    // 3,012.34 + W: the books' implied cash is the broker's cash to the cent.
    assert.equal(aum.current['income'], 12.34)
    assert.equal(aum.current['implied_cash'], 3012.34)
    assert.equal(aum.current['nav'], Math.round((3012.34 + aum.current['market_value']!) * 100) / 100)
    // The owner put in all 4,000 net: the only investor, holding every unit, worth the whole NAV.
    const units = json(await u.get('/api/analytics/investor-allocation')) as {
      nav: number
      items: { value: number; units: number }[]
    }
    assert.equal(units.nav, aum.current['nav'])
    assert.deepEqual(
      units.items.map((i) => i.value),
      [aum.current['nav']],
    )

    const again = await u.post('/api/brokers/brokera/sync', {})
    assert.equal(again.statusCode, 200, again.body)
    assert.equal(json(again)['activities_new'], 0, again.body)
    assert.equal((await ledger(u)).length, 4)
    assert.equal((await flows(u)).length, 2)
  })
})

describe('sandbox accounts reconcile: the ledger’s cash equals the cash the broker reports', () => {
  const reconciles = async (u: Client, source: string) => {
    const rows = await ledger(u)
    assert.ok(rows.length > 5, `${source}: activities written`)
    assert.ok(rows.every((r) => r.source === source))
    assert.ok(rows.some((r) => r.type === 'DEPOSIT') && rows.some((r) => r.type === 'BUY'))
    const cash = await cashRows(u)
    assert.ok(cash.length > 0, `${source}: cash stored`)
    for (const c of cash) {
      const mine = rows.filter((r) => r.account_id === c.account_id)
      assert.equal(cashOfActivities(mine), plain(c.balance), `${source}: activities explain the cash`)
    }
    const f = await flows(u)
    assert.ok(
      f.every((x) => x.kind === 'activity' && x.is_owner),
      'no opening balance: the history is complete',
    )
  }

  it('broker A (generated history, with shares brought in)', async () => {
    const u = await t.newTenant()
    await connectAlpaca(t, u)
    await reconciles(u, 'brokera')
  })

  it('broker B (Schwab transactions): activities and cash written', async () => {
    const u = await t.newTenant()
    await connectSchwab(t, u)
    const rows = await ledger(u)
    assert.ok(rows.length > 5 && rows.every((r) => r.source === 'brokerb'))
    assert.ok(['DEPOSIT', 'BUY', 'SELL', 'INTEREST'].every((type) => rows.some((r) => r.type === type)))
    const cash = await cashRows(u)
    assert.ok(cash.length > 0 && cash.every((c) => c.currency === 'USD'))
  })

  it('broker B (Schwab transactions) reconciles, per account of the login', async () => {
    const u = await t.newTenant()
    await connectSchwab(t, u)
    await reconciles(u, 'brokerb')
  })

  it('the aggregator (SnapTrade activities)', async () => {
    const u = await t.newTenant({ plan: 'pro' })
    await connectSnapTrade(t, u)
    await reconciles(u, 'aggregator')
  })
})

describe('broker A: an account older than the history window opens with its value then', () => {
  it('writes one opening_balance flow of the cash and shares held at the window start, once', async (tc) => {
    const now = Date.now()
    const at = (daysAgo: number) => now - daysAgo * DAY_MS - ((now % DAY_MS) - 15 * 3_600_000)
    // Deposit 5,000 and buy 10 AAPL at 100 before the ten-year window; a dividend of 12.34 inside it.
    t.c.providers.brokers.sandbox!.alpaca!.script(() => ({
      createdAt: now - 3_800 * DAY_MS,
      accountNumber: 'PA0000000002',
      opening: [],
      fills: [
        {
          id: activityId(at(3_700), '00000000-0000-4000-8000-000000000012'),
          at: at(3_700),
          symbol: 'AAPL',
          side: 'buy',
          qty: 10,
          price: 100,
          orderId: '00000000-0000-4000-8000-0000000000f3',
        },
      ],
      cash: [
        {
          id: activityId(at(3_750), '00000000-0000-4000-8000-000000000011'),
          at: at(3_750),
          type: 'CSD',
          amount: 5000,
          description: 'Deposit',
        },
        {
          id: activityId(at(100), '00000000-0000-4000-8000-000000000013'),
          at: at(100),
          type: 'DIV',
          amount: 12.34,
          description: 'Cash dividend AAPL',
          symbol: 'AAPL',
          qty: 10,
          perShare: 1.234,
        },
      ],
    }))
    tc.after(() => t.c.providers.brokers.sandbox!.alpaca!.script(null))
    const u = await t.newTenant()
    await connectAlpaca(t, u)
    const f = await flows(u)
    assert.equal(f.length, 1, JSON.stringify(f))
    const opening = f[0]!
    assert.equal(opening.kind, 'opening_balance')
    assert.ok(opening.is_owner)
    // By hand: cash then = 4,012.34 now − the window's dividend 12.34 = 4,000; plus 10 AAPL at the
    // close of the window's first day (or the last trading day before it).
    const day = opening.flow_date
    const end = new Date(`${day}T23:59:59Z`)
    const bars = await t.c.providers.market.bars('AAPL', {
      interval: '1d',
      start: new Date(end.getTime() - 10 * DAY_MS),
      end,
    })
    const close = bars.filter((b) => b.time.slice(0, 10) <= day).at(-1)!.close
    assert.equal(Number(opening.amount), Math.round((4000 + 10 * close) * 100) / 100)
    const aum = json(await u.get('/api/analytics/aum')) as { current: Record<string, number> }
    assert.equal(aum.current['net_capital'], Number(opening.amount))

    const again = await u.post('/api/brokers/brokera/sync', {})
    assert.equal(again.statusCode, 200, again.body)
    assert.equal((await flows(u)).length, 1, 'a later sync writes no second opening balance')
  })
})
