/**
 * The Schwab adapter's activities and raw transactions against the loopback fake: ranges fetched in
 * windows of at most 60 days (contiguous, not overlapping), merged without duplicates and sorted by
 * time; TRADE security legs as FILLs with the fee legs folded into the first one's fee. Expected
 * values come from the fake's own answers for the whole range (it allows a year per request).
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { WireJson } from '../../fakes/schwab-broker-fake.ts'
import { DAY, iso, NOW, round2, useSchwabKit } from '../../helpers/schwab-test-kit.ts'

const kit = useSchwabKit()
const txPath = (hash: string) => `/trader/v1/accounts/${hash}/transactions`

/** The fake's transactions of [start, end] in one request, oldest first. */
async function wireTransactions(token: string, hash: string, start: number, end: number, types: string) {
  const rows: WireJson[] = await kit.wire(
    `${txPath(hash)}?startDate=${iso(start)}&endDate=${iso(end)}&types=${types}`,
    token,
  )
  return rows.sort((a, b) => a.time.localeCompare(b.time) || a.activityId - b.activityId)
}

/** The windows the adapter asked for, checked contiguous and at most 60 days each. */
function windowsAsked(hash: string): Array<[number, number]> {
  const windows = kit
    .sent(txPath(hash))
    .map(
      (r) =>
        [Date.parse(r.query['startDate'] ?? ''), Date.parse(r.query['endDate'] ?? '')] as [number, number],
    )
  windows.forEach(([from, to], i) => {
    assert.ok(to - from <= 60 * DAY && to >= from, `window ${i}`)
    if (i > 0) assert.equal(from, (windows[i - 1]?.[1] ?? NaN) + 1, `window ${i} follows the previous one`)
  })
  return windows
}

const legsOf = (t: WireJson): WireJson[] => t.transferItems.filter((i: WireJson) => !i.feeType)
const feeOf = (t: WireJson): number =>
  round2(
    t.transferItems
      .filter((i: WireJson) => i.feeType)
      .reduce((s: number, f: WireJson) => s + Math.abs(f.cost), 0),
  )

describe('schwab broker: activities', () => {
  it('fetches a range over 60 days in windows and maps TRADE legs to FILLs, fees apart', async () => {
    const l = await kit.login()
    const [after, until] = [NOW - 200 * DAY, NOW]
    const page = await kit.broker.activities(l.token, {
      accountId: l.margin,
      types: ['FILL'],
      after: iso(after),
      until: iso(until),
      pageSize: 10,
      direction: 'asc',
    })
    const windows = windowsAsked(l.margin)
    assert.equal(windows.length, 4)
    assert.deepEqual([windows[0]?.[0], windows.at(-1)?.[1]], [after + 1, until - 1], 'exclusive bounds')
    assert.ok(kit.sent(txPath(l.margin)).every((r) => r.query['types'] === 'TRADE'))
    const trades = await wireTransactions(l.token, l.margin, after + 1, until - 1, 'TRADE')
    const expected = trades.flatMap((t) =>
      legsOf(t).map((leg, i) => ({
        id: i === 0 ? String(t.activityId) : `${t.activityId}-${i}`,
        type: 'FILL',
        time: iso(Date.parse(t.time.replace('+0000', 'Z'))),
        symbol: leg.instrument.symbol,
        side: leg.amount > 0 ? 'buy' : 'sell',
        qty: String(Math.abs(leg.amount)),
        price: String(leg.price),
        netAmount: String(i === 0 ? round2(leg.cost - feeOf(t)) : leg.cost),
        description: t.description,
        orderId: String(t.orderId),
        fee: i === 0 ? String(feeOf(t)) : '0',
      })),
    )
    assert.ok(trades.length > 5)
    assert.deepEqual(page, { items: expected, nextPageToken: null })
    assert.equal(new Set(page.items.map((a) => a.id)).size, page.items.length, 'no duplicates')
    assert.ok(
      page.items.every((a) => a.symbol !== 'CURRENCY_USD'),
      'fee legs are no fills',
    )
    assert.ok(
      page.items.some((a) => a.fee !== '0' && a.side === 'sell'),
      'sales pay fees',
    )
  })

  it('defaults to the year up to now, newest first, with the other transactions by their Schwab type', async () => {
    const l = await kit.login()
    const page = await kit.broker.activities(l.token, { accountId: l.cash, pageSize: 100 })
    const windows = windowsAsked(l.cash)
    assert.equal(windows.length, 7)
    assert.deepEqual([windows[0]?.[0], windows.at(-1)?.[1]], [NOW - 365 * DAY, NOW])
    const times = page.items.map((a) => a.time)
    assert.deepEqual(times, [...times].sort().reverse())
    const types = new Set(page.items.map((a) => a.type))
    assert.ok(types.has('FILL') && types.has('DIVIDEND_OR_INTEREST'), [...types].join())
    const wire = await wireTransactions(l.token, l.cash, NOW - 365 * DAY, NOW, 'DIVIDEND_OR_INTEREST')
    const dividend = page.items.find((a) => a.id === String(wire[0]?.activityId))
    assert.deepEqual(dividend, {
      id: String(wire[0]?.activityId),
      type: 'DIVIDEND_OR_INTEREST',
      time: iso(Date.parse(String(wire[0]?.time).replace('+0000', 'Z'))),
      ...{ symbol: null, side: null, qty: null, price: null },
      netAmount: String(wire[0]?.netAmount),
      description: wire[0]?.description,
      orderId: null,
      fee: null,
    })
  })

  it('keeps one of each activityId when windows answer the same transaction', async () => {
    const l = await kit.login()
    const [after, until] = [NOW - 100 * DAY, NOW]
    const trades = await wireTransactions(l.token, l.margin, after + 1, until - 1, 'TRADE')
    const second = after + 1 + 60 * DAY + 1 // where the second window starts
    const late = trades.filter((t) => Date.parse(t.time.replace('+0000', 'Z')) >= second)
    assert.ok(late.length > 0)
    kit.clearLog()
    kit.fake.sandbox.chaos.failNext(200, late) // the first window answers the second one's rows too
    const q = { accountId: l.margin, types: ['TRADE'], after: iso(after), until: iso(until), pageSize: 1 }
    const page = await kit.broker.activities(l.token, { ...q, direction: 'asc' })
    assert.equal(windowsAsked(l.margin).length, 2)
    const ids = page.items.map((a) => a.id)
    assert.equal(new Set(ids).size, ids.length)
    assert.deepEqual(
      ids.filter((id) => !id.includes('-')),
      late.map((t) => String(t.activityId)),
    )
  })

  it('requires an account', async () => {
    const l = await kit.login()
    const q = { pageSize: 1 } as unknown as Parameters<typeof kit.broker.activities>[1]
    await assert.rejects(kit.broker.activities(l.token, q), TypeError)
  })
})

describe('schwab broker: raw transactions', () => {
  it('returns a tax year of raw transactions, merged from ≤ 60-day windows, oldest first', async () => {
    const l = await kit.login()
    const [start, end] = [Date.UTC(2025, 0, 1), Date.UTC(2026, 0, 1) - 1]
    const types = ['TRADE', 'DIVIDEND_OR_INTEREST', 'ACH_RECEIPT', 'JOURNAL']
    const rows = await kit.broker.transactions(l.token, l.cash, {
      start: new Date(start),
      end: new Date(end),
      types,
    })
    const windows = windowsAsked(l.cash)
    assert.equal(windows.length, 7)
    assert.deepEqual([windows[0]?.[0], windows.at(-1)?.[1]], [start, end])
    assert.ok(kit.sent(txPath(l.cash)).every((r) => r.query['types'] === types.join(',')))
    assert.deepEqual(rows, await wireTransactions(l.token, l.cash, start, end, types.join(',')))
    const symbol = rows.find((t) => t['type'] === 'TRADE')?.['transferItems'] as WireJson[]
    const one = await kit.broker.transactions(l.token, l.cash, {
      start: new Date(start),
      end: new Date(end),
      types: ['TRADE'],
      symbol: symbol[0]?.instrument.symbol,
    })
    assert.ok(
      one.length > 0 && kit.sent(txPath(l.cash)).at(-1)?.query['symbol'] === symbol[0]?.instrument.symbol,
    )
  })

  it('splits a window that comes back full (3000 rows) until none is', async () => {
    const l = await kit.login()
    const [start, end] = [NOW - 50 * DAY, NOW]
    kit.fake.sandbox.chaos.failNext(
      200,
      Array.from({ length: 3000 }, () => ({})),
    )
    const rows = await kit.broker.transactions(l.token, l.margin, {
      start: new Date(start),
      end: new Date(end),
      types: [],
    })
    const asked = kit.sent(txPath(l.margin)).map((r) => [r.query['startDate'], r.query['endDate']])
    const mid = Math.floor((start + end) / 2)
    assert.deepEqual(asked, [
      [iso(start), iso(end)],
      [iso(start), iso(mid)],
      [iso(mid + 1), iso(end)],
    ])
    assert.ok(kit.sent(txPath(l.margin)).every((r) => r.query['types']?.split(',').length === 15))
    const all = 'TRADE,DIVIDEND_OR_INTEREST,ACH_RECEIPT,JOURNAL'
    assert.deepEqual(rows, await wireTransactions(l.token, l.margin, start, end, all))
  })
})
