/**
 * Fixtures for the cross-tenant sweep: for every user-level operation whose path carries an id,
 * a function that creates the resource as `owner` and returns the path parameters (and a valid body
 * for writes). The sweep then calls the operation as another tenant and expects 404.
 * Each module that adds an id-bearing route adds its fixture here; the sweep fails until it does.
 */
import assert from 'node:assert/strict'
import type { Client } from '../helpers/test-app.ts'

export interface SweepTarget {
  params: Record<string, string | number>
  body?: unknown
  /** The path names shared market data (a ticker, a public transcript), not a tenant's resource. */
  shared?: boolean
}

export type SweepFixture = (owner: Client) => Promise<SweepTarget>

async function created(res: { statusCode: number; body: string }): Promise<Record<string, number>> {
  assert.equal(res.statusCode, 201, res.body)
  return JSON.parse(res.body) as Record<string, number>
}

const manualAccount = async (owner: Client) =>
  (await created(await owner.post('/api/accounts', { name: 'Sweep', broker_type: 'manual' }))).id!

const position = async (owner: Client) => {
  const account_id = await manualAccount(owner)
  const p = await created(
    await owner.post('/api/brokers/manual/positions', {
      account_id,
      symbol: 'AAPL',
      quantity: 1,
      cost_basis: 100,
    }),
  )
  return { params: { position_id: p.position_id! }, body: { quantity: 2 } }
}

const transaction = async (owner: Client) => {
  const account_id = await manualAccount(owner)
  const t = await created(
    await owner.post('/api/brokers/manual/transactions', {
      account_id,
      symbol: 'MSFT',
      quantity: 1,
      date_acquired: '2024-01-02',
      date_sold: '2024-06-03',
      proceeds: 110,
      cost_basis: 100,
    }),
  )
  return { params: { transaction_id: t.transaction_id! }, body: { fees: 1 } }
}

const investor = async (owner: Client) =>
  (await created(await owner.post('/api/investors', { name: 'Partner' }))).investor_id!

const ticker: SweepFixture = async () => ({ params: { symbol: 'AAPL' }, shared: true })

export const sweepFixtures: Record<string, SweepFixture> = {
  getQuote: ticker,
  getInstrument: ticker,
  getBars: ticker,
  getTickerNews: ticker,
  replayFreeFeed: ticker,
  listEarningsTranscripts: ticker,
  ingestEarningsTranscripts: ticker,
  summarizeEarningsTranscript: async () => ({ params: { symbol: 'AAPL', transcript_id: 1 }, shared: true }),
  updateAccount: async (owner) => ({
    params: { account_id: await manualAccount(owner) },
    body: { name: 'Renamed' },
  }),
  updateManualPosition: position,
  deleteManualPosition: position,
  updateManualTransaction: transaction,
  deleteManualTransaction: transaction,
  updateInvestor: async (owner) => ({
    params: { investor_id: await investor(owner) },
    body: { name: 'Renamed' },
  }),
  updateCapitalFlow: async (owner) => {
    const f = await created(
      await owner.post('/api/capital-flows', {
        investor_id: await investor(owner),
        date: '2024-01-02',
        amount: 1000,
      }),
    )
    return { params: { flow_id: f.flow_id! }, body: { amount: 5 } }
  },
  deleteCapitalFlow: async (owner) => {
    const f = await created(
      await owner.post('/api/capital-flows', {
        investor_id: await investor(owner),
        date: '2024-01-02',
        amount: 1000,
      }),
    )
    return { params: { flow_id: f.flow_id! } }
  },
}
