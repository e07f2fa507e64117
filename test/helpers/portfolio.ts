/** Portfolio set-up shared by HTTP tests. */
import assert from 'node:assert/strict'
import { json } from './assertions.ts'
import type { Client } from './test-app.ts'
import { SimulatedMarketData, type Bar, type BarsQuery } from '../../src/providers/market-data/index.ts'

/** Creates a manual broker account through the API (expects 201) and returns its id. */
export async function createManualAccount(u: Pick<Client, 'post'>, name = 'Brokerage'): Promise<number> {
  const res = await u.post('/api/accounts', { name, broker_type: 'manual' })
  assert.equal(res.statusCode, 201, res.body)
  return json(res.body).id as number
}

/**
 * The simulated market without daily closes: a back-dated manual holding is then written at its
 * book price (cost), as tests of the book-price rule and of figures set by hand need.
 */
export class NoClosesMarket extends SimulatedMarketData {
  override async bars(symbol: string, query: BarsQuery): Promise<Bar[]> {
    return query.interval === '1d' ? [] : super.bars(symbol, query)
  }
}
