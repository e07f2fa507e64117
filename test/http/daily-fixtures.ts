/** Shared by the daily tests: a market with known daily bars, holdings, stored signals, fresh tokens. */
import assert from 'node:assert/strict'
import { nyDate } from '../../src/kernel/calendar/nyse.ts'
import { UpstreamServerError } from '../../src/platform/upstream-errors.ts'
import { SimulatedMarketData, type Bar, type BarsQuery } from '../../src/providers/market-data/index.ts'
import { upsertSignals } from '../../src/modules/trading-intel/intraday/intraday.repository.ts'
import { upsertSignal } from '../../src/modules/trading-intel/options-flow/options-flow.repository.ts'
import { createManualAccount } from '../helpers/portfolio.ts'
import type { Client, TestApp } from '../helpers/test-app.ts'

/** symbol → date → [open, close]. */
export type Book = Record<string, Record<string, [number, number]>>

/** The simulated market (instruments, quotes), with the daily bars of `book` and a failure switch. */
export class DailyMarket extends SimulatedMarketData {
  book: Book = {}
  failing = false

  override async bars(symbol: string, q: BarsQuery): Promise<Bar[]> {
    if (q.interval !== '1d') return super.bars(symbol, q)
    if (this.failing) throw new UpstreamServerError('bars down', { provider: 'test', status: 503 })
    const days = this.book[symbol] ?? {}
    return Object.entries(days)
      .map(([date, [open, close]]) => ({
        time: new Date(`${date}T05:00:00Z`).toISOString(), // New York midnight (EST)
        open,
        high: Math.max(open, close),
        low: Math.min(open, close),
        close,
        volume: 1000,
        vwap: null,
      }))
      .filter(
        (b) => (!q.start || b.time >= q.start.toISOString()) && (!q.end || b.time <= q.end.toISOString()),
      )
      .sort((a, b) => a.time.localeCompare(b.time))
  }
}

/** A manual account holding `positions`, created with a token of the clock's current time. */
export async function hold(t: TestApp, u: Client, positions: [string, number][]): Promise<number> {
  const headers = await bearer(t, u)
  const post = (url: string, body: unknown) => u.post(url, body, headers)
  const account = await createManualAccount({ post })
  for (const [symbol, quantity] of positions) {
    const res = await post('/api/brokers/manual/positions', {
      account_id: account,
      symbol,
      quantity,
      cost_basis: 100 * Math.abs(quantity),
      as_of: '2026-11-02',
    })
    assert.equal(res.statusCode, 201, res.body)
  }
  return account
}

/** An intraday signal of `symbol` at `price`, triggered at `at`. */
export async function intradaySignal(
  t: TestApp,
  tenantId: number,
  s: { symbol: string; direction: 'long' | 'short'; price: number; at: string; setup?: string },
  createdAt = new Date(s.at),
) {
  await t.c.scopes.withTenant(tenantId, (scope) =>
    upsertSignals(
      scope,
      [
        {
          symbol: s.symbol,
          setup: s.setup ?? 'orb',
          direction: s.direction,
          confidence: 0.7,
          price: s.price,
          trigger_time: new Date(s.at),
          session_date: nyDate(new Date(s.at)),
          session: 'REGULAR',
          interval: '5m',
          evidence: { close: s.price },
        },
      ],
      createdAt,
    ),
  )
}

export async function flowSignal(
  t: TestApp,
  tenantId: number,
  s: { symbol: string; direction: string; date: string },
  at: Date,
) {
  await t.c.scopes.withTenant(tenantId, (scope) =>
    upsertSignal(
      scope,
      {
        symbol: s.symbol,
        trading_date: s.date,
        direction: s.direction,
        put_volume: 100,
        call_volume: 300,
        put_call_ratio: 0.3333,
        confidence: 0.8,
        contracts: 4,
        expiration: '2026-11-27',
      },
      at,
    ),
  )
}

/** A token issued at the clock's current time (tests move the clock by hours and days). */
export async function bearer(t: TestApp, u: Client, role: 'user' | 'admin' = 'user') {
  const { access_token } = await t.c.identity.sessions.issue(
    { tenantId: u.tenantId, userId: u.userId, role },
    { ip: null, userAgent: 'test' },
  )
  return { authorization: `Bearer ${access_token}` }
}
