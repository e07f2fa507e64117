/** What the activity-map tests share: a vendor activity with defaults, and the map context. */
import type { BrokerActivity } from '../../../../../providers/brokers/index.ts'
import type { MapContext } from './ledger-row.ts'

export const ctx: MapContext = { day: (at) => at.toISOString().slice(0, 10), currency: 'USD' }

export const act = (over: Partial<BrokerActivity>): BrokerActivity => ({
  id: 'a-1',
  type: 'DIV',
  time: '2026-03-02T00:00:00Z',
  symbol: null,
  side: null,
  qty: null,
  price: null,
  netAmount: null,
  description: null,
  orderId: null,
  ...over,
})
