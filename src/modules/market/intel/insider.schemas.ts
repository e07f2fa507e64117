/** GET /api/intel/insider-buying: query and answer. */
import { Type, type Static } from 'typebox'
import { Page, PageQuery } from '../../../platform/http/pagination.ts'

export const InsiderBuyingQuery = Type.Object({
  ...PageQuery.properties,
  min_value_usd: Type.Number({
    minimum: 0,
    default: 0,
    description: 'Only purchases worth at least this (USD)',
  }),
  days: Type.Integer({
    minimum: 1,
    maximum: 365,
    default: 30,
    description: 'Look-back in days (New York dates)',
  }),
  symbols: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9.\\-^]{1,16}(,[A-Za-z0-9.\\-^]{1,16}){0,99}$',
      description:
        'Comma-separated, at most 100; default: the symbols the caller holds in any account, manual or broker-synced',
    }),
  ),
})
export type InsiderBuyingQueryInput = Static<typeof InsiderBuyingQuery>

export const InsiderPurchase = Type.Object({
  symbol: Type.String(),
  insider_name: Type.String(),
  insider_title: Type.Union([Type.String(), Type.Null()]),
  transaction_date: Type.String({ format: 'date' }),
  shares: Type.Number(),
  price: Type.Union([Type.Number(), Type.Null()], { description: 'USD per share' }),
  value: Type.Union([Type.Number(), Type.Null()], { description: 'shares × price, USD' }),
  filing_url: Type.Union([Type.String(), Type.Null()]),
})
export type InsiderPurchase = Static<typeof InsiderPurchase>

export const InsiderBuying = Type.Object({
  ...Page(InsiderPurchase).properties,
  items: Type.Array(InsiderPurchase, {
    description:
      'Open-market purchases (Form 4 code P), newest first (then by filing time, symbol); one page',
  }),
  degraded: Type.Boolean({ description: 'True when the data could not be read; items is then empty' }),
  reason: Type.Optional(Type.String()),
})
export type InsiderBuying = Static<typeof InsiderBuying>
