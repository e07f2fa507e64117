/** OpenAPI example values the screener routes share. */
import type { RunOut } from './run.service.ts'

export const SPEC_EXAMPLE = {
  filters: {
    all: [
      { field: 'market_cap', op: 'gte', value: '10B' },
      { field: 'rsi_14', op: 'lt', value: 30 },
      {
        any: [
          { field: 'sector', op: 'in', value: ['Information Technology', 'Health Care'] },
          { field: 'held', op: 'eq', value: false },
        ],
      },
    ],
  },
  sort: [{ field: 'rsi_14', dir: 'asc' as const }],
  limit: 20,
  columns: ['symbol', 'name', 'price', 'change_pct', 'market_cap', 'sector'],
}

export const RUN_EXAMPLE: RunOut = {
  as_of: '2026-11-25',
  built_at: '2026-11-25T21:05:00.000Z',
  total: 1,
  limit: 20,
  offset: 0,
  columns: ['symbol', 'name', 'price', 'change_pct', 'market_cap', 'sector'],
  rows: [
    {
      symbol: 'ACME',
      values: {
        symbol: 'ACME',
        name: 'Acme Corp.',
        price: 41.2,
        change_pct: -1.8,
        market_cap: 12_400_000_000,
        sector: 'Information Technology',
      },
      why: { market_cap: 12_400_000_000, rsi_14: 27.4, sector: 'Information Technology', held: false },
    },
  ],
}
