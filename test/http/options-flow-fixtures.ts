/** Shared by the options-flow tests: a market whose option chains the test sets, and fresh tokens. */
import { UpstreamServerError } from '../../src/platform/upstream-errors.ts'
import {
  SimulatedMarketData,
  type OptionChain,
  type OptionContract,
} from '../../src/providers/market-data/index.ts'
import type { Client, TestApp } from '../helpers/test-app.ts'

export const EXP = '2026-11-27'

/** Per symbol: [put volumes, call volumes] of the nearest expiration (EXP), or 'fail'. */
export type Chains = Record<string, [(number | null)[], (number | null)[]] | 'fail'>

const contract = (sym: string, type: 'put' | 'call', volume: number | null, k: number): OptionContract => ({
  symbol: `${sym}261127${type === 'put' ? 'P' : 'C'}${k}`,
  underlying: sym,
  expiration: EXP,
  strike: 100 + k,
  type,
  volume,
  open_interest: null,
  bid: null,
  ask: null,
  last: null,
})

/** The simulated market (instruments, quotes) with the option chains of `chains`. */
export class FlowMarket extends SimulatedMarketData {
  readonly chains: Chains = {}

  override async optionChain(symbol: string): Promise<OptionChain> {
    const c = this.chains[symbol]
    if (c === 'fail') throw new UpstreamServerError('chain down', { provider: 'test', status: 503 })
    if (!c) return { underlying: symbol, expirations: [], contracts: [] }
    const [puts, calls] = c
    return {
      underlying: symbol,
      expirations: [EXP, '2026-12-04'],
      contracts: [
        ...puts.map((v, k) => contract(symbol, 'put', v, k)),
        ...calls.map((v, k) => contract(symbol, 'call', v, k)),
      ],
    }
  }
}

/** A token issued at the clock's current time (access tokens last 15 minutes; tests move the clock by hours). */
export async function bearer(
  t: TestApp,
  u: Client,
  role: 'user' | 'admin' = 'user',
): Promise<Record<string, string>> {
  const { access_token } = await t.c.identity.sessions.issue(
    { tenantId: u.tenantId, userId: u.userId, role },
    { ip: null, userAgent: 'test' },
  )
  return { authorization: `Bearer ${access_token}` }
}
