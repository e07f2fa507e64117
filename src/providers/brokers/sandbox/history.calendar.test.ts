/**
 * The sandboxes' generated pasts keep the NYSE calendar: every fill falls inside a regular
 * session (never on a weekend or a holiday, never after 13:00 on an early-close day), cash moves
 * on trading days, trades settle on trading days, and only stocks that pay dividends pay them. Checked over many accounts connected across
 * ten years, so the holidays of every kind come up.
 */
import { strict as assert } from 'node:assert'
import { test } from 'node:test'
import { DateTime } from 'luxon'
import { nyDate, tradingDay } from '../../../kernel/calendar/nyse.ts'
import { dividendPolicy } from '../../market-data/simulator/content/dividends.ts'
import { generateHistory, settlementDate } from './history.ts'
import { generateSchwabHistory } from './schwab/history.ts'
import { DEFAULT_SYMBOLS } from './universe.ts'

const anchors = new Map(DEFAULT_SYMBOLS.map((s, i) => [s, 50 + 10 * i]))
const ms = (iso: string) => DateTime.fromISO(iso, { zone: 'America/New_York' }).toMillis()

/** Where an instant falls: 'session' inside a regular session, else why not. */
function placeOf(at: number): string {
  const day = tradingDay(nyDate(new Date(at)))
  if (!day) return `no session on ${nyDate(new Date(at))}`
  if (at < day.open.getTime() || at >= day.close.getTime()) return `outside the session of ${day.date}`
  return 'session'
}

/** Connection dates: one a month from 2016 to 2026 (the fills of a year before each). */
const connections = Array.from({ length: 11 * 12 }, (_, k) => ms('2016-01-03T10:00') + k * 30.4 * 86_400_000)

test('Alpaca sandbox: fills inside regular sessions, cash on trading days, dividends only from payers', () => {
  const bad: string[] = []
  let fills = 0
  let dividends = 0
  for (const [k, connectedAt] of connections.entries()) {
    const h = generateHistory({
      accountId: `acct-${k}`,
      connectedAt,
      anchors,
      universe: DEFAULT_SYMBOLS,
      positions: 8,
      fills: 60,
    })
    for (const f of h.fills) {
      fills++
      const place = placeOf(f.at)
      if (place !== 'session') bad.push(`${f.symbol} ${f.side} ${new Date(f.at).toISOString()}: ${place}`)
    }
    for (const a of h.cash) {
      if (!tradingDay(nyDate(new Date(a.at)))) bad.push(`${a.type} on ${nyDate(new Date(a.at))}`)
      if (a.type === 'DIV') dividends++
      if (a.type === 'DIV' && !dividendPolicy(a.symbol!)) bad.push(`dividend on ${a.symbol}, which pays none`)
    }
  }
  assert.ok(fills > 5_000 && dividends > 100)
  assert.deepEqual(bad.slice(0, 5), [])
})

test('Schwab sandbox: trades inside sessions, dividends, interest and transfers on trading days', () => {
  const bad: string[] = []
  for (const [k, createdAt] of connections.filter((_, i) => i % 2 === 0).entries()) {
    const h = generateSchwabHistory({
      label: `login-${k}:INDIVIDUAL`,
      createdAt,
      anchors,
      universe: DEFAULT_SYMBOLS,
      positions: 8,
      perYear: 40,
    })
    for (const t of h.trades) {
      const place = placeOf(t.at)
      if (place !== 'session') bad.push(`trade ${new Date(t.at).toISOString()}: ${place}`)
    }
    for (const c of h.cash) {
      if (!tradingDay(nyDate(new Date(c.at)))) bad.push(`${c.type} on ${nyDate(new Date(c.at))}`)
      if (c.symbol && !dividendPolicy(c.symbol)) bad.push(`dividend on ${c.symbol}, which pays none`)
    }
  }
  assert.deepEqual(bad.slice(0, 5), [])
})

test('settlement: T+2 trading days before 2024-05-28, T+1 since, holidays skipped', () => {
  // Wednesday before Thanksgiving 2023: Thursday is closed, so T+2 is Monday.
  assert.equal(settlementDate(ms('2023-11-22T10:00')), '2023-11-27')
  // Friday 2025-01-17, T+1: Monday is Martin Luther King Jr. Day.
  assert.equal(settlementDate(ms('2025-01-17T15:00')), '2025-01-21')
  // Thursday 2024-05-23 still settled T+2, on the Tuesday after Memorial Day.
  assert.equal(settlementDate(ms('2024-05-23T11:00')), '2024-05-28')
  // The first T+1 trade date.
  assert.equal(settlementDate(ms('2024-05-28T11:00')), '2024-05-29')
})
