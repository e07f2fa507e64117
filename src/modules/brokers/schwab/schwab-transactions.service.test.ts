/** Transfer-item flattening and the tax-year and types rules of Schwab's transactions, hand-checked. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { flatten, schwabTypes } from './schwab-transactions.service.ts'
import { taxYear } from '../lib/tax-year.ts'

const account = { external_id: 'HASH1', account_number: '88516767', account_id: 7, lots_method: null }

/**
 * Schwab's documented example (docs/vendor-formats.md#schwab-trader): a buy of 1 SFM at 164.85 with a zero commission leg. This input and the rows
 * expected below are written by hand on purpose, not imported from schwab.examples.ts: the examples
 * are documentation, and a test built from them would agree with a wrong one.
 */
const TX = {
  activityId: 95512265692,
  time: '2025-04-23T19:59:12+0000',
  accountNumber: '88516767',
  type: 'TRADE',
  status: 'VALID',
  subAccount: 'CASH',
  tradeDate: '2025-04-23T19:59:12+0000',
  positionId: 2788793997,
  orderId: 1003188442747,
  netAmount: -164.85,
  activityType: 'EXECUTION',
  description: 'BUY TRADE',
  transferItems: [
    {
      instrument: {
        assetType: 'EQUITY',
        status: 'ACTIVE',
        symbol: 'SFM',
        instrumentId: 1806651,
        type: 'COMMON_STOCK',
      },
      amount: 1,
      cost: -164.85,
      price: 164.85,
      positionEffect: 'OPENING',
    },
    {
      instrument: { assetType: 'CURRENCY', symbol: 'CURRENCY_USD' },
      amount: 0,
      cost: 0,
      feeType: 'COMMISSION',
    },
  ],
}

describe('broker B: transfer items flattened into rows', () => {
  it('one row per item, each with its transaction’s fields', () => {
    const rows = flatten(account, TX)
    assert.equal(rows.length, 2)
    const parent = {
      hashValue: 'HASH1',
      accountNumber: '••••6767',
      activityId: '95512265692',
      time: '2025-04-23T19:59:12.000Z',
      tradeDate: '2025-04-23T19:59:12.000Z',
      settlementDate: null,
      type: 'TRADE',
      status: 'VALID',
      subAccount: 'CASH',
      activityType: 'EXECUTION',
      description: 'BUY TRADE',
      netAmount: '-164.85',
      orderId: '1003188442747',
      positionId: '2788793997',
    }
    assert.deepEqual(rows[0], {
      ...parent,
      item_index: 0,
      symbol: 'SFM',
      asset_type: 'EQUITY',
      cusip: null,
      amount: '1',
      price: '164.85',
      cost: '-164.85',
      fee_type: null,
      position_effect: 'OPENING',
    })
    assert.deepEqual(rows[1], {
      ...parent,
      item_index: 1,
      symbol: 'CURRENCY_USD',
      asset_type: 'CURRENCY',
      cusip: null,
      amount: '0',
      price: null,
      cost: '0',
      fee_type: 'COMMISSION',
      position_effect: null,
    })
  })

  it('a transaction without transfer items is one row with the item fields null', () => {
    const rows = flatten(account, { ...TX, type: 'JOURNAL', transferItems: [] })
    assert.equal(rows.length, 1)
    assert.equal(rows[0]!.item_index, null)
    assert.equal(rows[0]!.amount, null)
    assert.equal(rows[0]!.type, 'JOURNAL')
  })
})

describe('broker B: tax years and types', () => {
  it('a tax year runs New York midnight to midnight, capped at now', () => {
    const now = new Date('2026-11-25T15:00:00Z')
    const past = taxYear('2025', now)
    assert.equal(past.start.toISOString(), '2025-01-01T05:00:00.000Z')
    assert.equal(past.end.toISOString(), '2026-01-01T04:59:59.999Z')
    assert.equal(taxYear('2026', now).end.toISOString(), now.toISOString())
    assert.throws(() => taxYear('2027', now), /tax year/)
    assert.throws(() => taxYear('1999', now), /tax year/)
  })

  it('types: Schwab’s names, DIVIDEND for DIVIDEND_OR_INTEREST, none for all', () => {
    assert.deepEqual(schwabTypes('trade, dividend'), ['TRADE', 'DIVIDEND_OR_INTEREST'])
    assert.deepEqual(schwabTypes(undefined), [])
    assert.throws(() => schwabTypes('TRADE,FILL'), /unknown transaction type FILL/)
  })
})
