/**
 * Cross-tenant sweep fixtures for portfolio's id-bearing operations: each creates the resource as
 * `owner` and names it; the sweep then calls the operation as another tenant and expects 404.
 */
import { created, type SweepCaller, type SweepFixture } from '../module.ts'

const manualAccount = async (owner: SweepCaller) =>
  (await created(await owner.post('/api/accounts', { name: 'Sweep', broker_type: 'manual' }))).id!

const position = async (owner: SweepCaller) => {
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

const transaction = async (owner: SweepCaller) => {
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

const activity = async (owner: SweepCaller) => {
  const account_id = await manualAccount(owner)
  const a = await created(
    await owner.post('/api/activities', { account_id, type: 'DEPOSIT', date: '2024-01-02', amount: 1000 }),
  )
  return { params: { activity_id: a.activity_id! }, body: { amount: 5 } }
}

const investor = async (owner: SweepCaller) =>
  (await created(await owner.post('/api/investors', { name: 'Partner' }))).investor_id!

export const portfolioSweep: Record<string, SweepFixture> = {
  updateAccount: async (owner) => ({
    params: { account_id: await manualAccount(owner) },
    body: { name: 'Renamed' },
  }),
  updateManualPosition: position,
  deleteManualPosition: position,
  updateManualTransaction: transaction,
  deleteManualTransaction: transaction,
  updateActivity: activity,
  deleteActivity: activity,
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
