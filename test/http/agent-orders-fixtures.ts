/** Agent order tests' set-up: a market whose quotes a test sets, agents, limits, keys and orders over HTTP. */
import assert from 'node:assert/strict'
import { fixedClock } from '../../src/platform/clock.ts'
import { SimulatedMarketData } from '../../src/providers/market-data/index.ts'
import type { Quote } from '../../src/kernel/bars.ts'
import { json, type Body } from '../helpers/assertions.ts'
import type { Client } from '../helpers/test-app.ts'

/** Monday 2026-11-30, 10:00 in New York (15:00 UTC): a regular session. */
export const START = '2026-11-30T15:00:00Z'

/** The simulated market with prices a test sets by symbol (last, bid and ask alike); `null` answers no quote. */
export class QuotedMarket extends SimulatedMarketData {
  readonly prices = new Map<string, number | null>()
  override async quotes(symbols: string[]): Promise<Quote[]> {
    const base = await super.quotes(symbols.filter((s) => this.prices.get(s) !== null))
    return base.map((q) => {
      const p = this.prices.get(q.symbol)
      return p === undefined || p === null ? q : { ...q, last: p, bid: p, ask: p }
    })
  }
}

export function gateWorld() {
  const clock = fixedClock(START)
  const market = new QuotedMarket({ clock })
  return { clock, market }
}

export const NO_LIMITS: Record<string, string | number | null> = {
  max_orders_per_day: null,
  max_notional_per_day: null,
  max_order_notional: null,
  max_position_weight: null,
  max_open_positions: null,
  max_orders_per_minute: null,
}

export async function createAccount(u: Client, name = 'Agent account'): Promise<number> {
  const res = await u.post('/api/accounts', { name, broker_type: 'manual' })
  assert.equal(res.statusCode, 201, res.body)
  return json(res).id as number
}

/** An agent (paper mode unless told), its limits and settings as given. */
export async function createAgent(
  u: Client,
  opts: { limits?: Record<string, string | number | null>; settings?: Body } = {},
): Promise<number> {
  const res = await u.post('/api/bot-controls/agents', {
    name: `Bot ${Math.random().toString(36).slice(2, 8)}`,
  })
  assert.equal(res.statusCode, 201, res.body)
  const id = json(res).agent_id as number
  if (opts.limits) {
    const put = await u.put(`/api/bot-controls/agents/${id}/limits`, { ...NO_LIMITS, ...opts.limits })
    assert.equal(put.statusCode, 200, put.body)
  }
  if (opts.settings) {
    const patch = await u.patch(`/api/bot-controls/agents/${id}`, opts.settings)
    assert.equal(patch.statusCode, 200, patch.body)
  }
  return id
}

/** The agent's key with `scopes`; its headers for the order routes. */
export async function agentKey(
  u: Client,
  agentId: number,
  scopes?: string[],
): Promise<Record<string, string>> {
  const res = await u.post(`/api/bot-controls/agents/${agentId}/credentials`, scopes ? { scopes } : {})
  assert.equal(res.statusCode, 201, res.body)
  return { authorization: `Bearer ${json(res).key as string}` }
}

let n = 0
/** An order body (a market buy of 1 AAPL unless told), with a fresh client_order_id. */
export const order = (accountId: number, extra: Body = {}): Body => ({
  account_id: accountId,
  symbol: 'AAPL',
  side: 'buy',
  qty: '1',
  type: 'market',
  time_in_force: 'day',
  client_order_id: `t-${process.pid}-${++n}`,
  ...extra,
})

export const place = (
  u: Pick<Client, 'post'>,
  agentId: number,
  body: Body,
  headers?: Record<string, string>,
) => u.post(`/api/bot-controls/agents/${agentId}/orders`, body, headers)

/** Places and expects 201; answers the order view. */
export async function placed(
  u: Pick<Client, 'post'>,
  agentId: number,
  body: Body,
  headers?: Record<string, string>,
) {
  const res = await place(u, agentId, body, headers)
  assert.equal(res.statusCode, 201, res.body)
  return json(res)
}

export async function usage(u: Client, agentId: number): Promise<Body> {
  const res = await u.get(`/api/bot-controls/agents/${agentId}/usage`)
  assert.equal(res.statusCode, 200, res.body)
  return json(res)
}
