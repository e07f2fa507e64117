/**
 * A portfolio for the dashboard's browser tests, written through the API as its user: two manual
 * accounts (Main, IRA), an investor's two contributions, three back-dated positions and two closed
 * trades (a gain, then a smaller loss, so realized P&L has a drawdown). Dates are relative to today.
 */
import assert from 'node:assert/strict'
import type { Client } from '../../helpers/test-app.ts'
import { createManualAccount } from '../../helpers/portfolio.ts'

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10)

async function post(u: Client, url: string, body: object): Promise<Record<string, unknown>> {
  const res = await u.post(url, body)
  assert.equal(res.statusCode, 201, `${url}: ${res.body}`)
  return JSON.parse(res.body) as Record<string, unknown>
}

export async function seedPortfolio(u: Client): Promise<void> {
  const main = await createManualAccount(u, 'Main')
  const ira = await createManualAccount(u, 'IRA')
  const investor = (await post(u, '/api/investors', { name: 'Ada Owner' })).investor_id as number
  await post(u, '/api/capital-flows', {
    investor_id: investor,
    date: daysAgo(400),
    amount: 20000,
    account_id: main,
  })
  await post(u, '/api/capital-flows', {
    investor_id: investor,
    date: daysAgo(200),
    amount: 5000,
    account_id: ira,
  })
  const position = (account_id: number, symbol: string, quantity: number, cost_basis: number, age: number) =>
    post(u, '/api/brokers/manual/positions', {
      account_id,
      symbol,
      quantity,
      cost_basis,
      as_of: daysAgo(age),
    })
  await position(main, 'AAPL', 50, 9000, 400)
  await position(main, 'MSFT', 20, 6000, 400)
  await position(ira, 'VTI', 15, 4000, 200)
  const trade = (proceeds: number, soldAgo: number) =>
    post(u, '/api/brokers/manual/transactions', {
      account_id: main,
      symbol: 'NVDA',
      quantity: 10,
      date_acquired: daysAgo(300),
      date_sold: daysAgo(soldAgo),
      proceeds,
      cost_basis: 1000,
    })
  await trade(1500, 100)
  await trade(800, 50)
}
