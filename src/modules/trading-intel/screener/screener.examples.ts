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

export const SAVED_EXAMPLE = {
  id: 12,
  name: 'Oversold large caps',
  surface: 'classic' as const,
  spec: { ...SPEC_EXAMPLE, offset: 0, universe: 'all' },
  created_at: '2026-11-25T21:10:00.000Z',
}

const SOURCES_EXAMPLE = {
  instrument: { label: 'Instrument reference data (market-data provider)', as_of: '2026-11-25' },
  daily_bars: { label: 'Daily bars (market-data provider)', as_of: '2026-11-25' },
  earnings: {
    label: 'Reported EPS (earnings provider)',
    as_of: '2026-11-25',
    note: 'trailing four reported quarters',
  },
  portfolio: {
    label: 'Your portfolio',
    as_of: null,
    note: 'computed per request from your current holdings',
  },
}

export const FILTERS_EXAMPLE = {
  as_of: '2026-11-25',
  built_at: '2026-11-25T21:05:00.000Z',
  fields: [
    {
      id: 'rsi_14',
      label: 'RSI (14)',
      type: 'number' as const,
      unit: null,
      category: 'technical',
      description: 'Wilder’s 14-session RSI of the daily closes, 0–100.',
      source: 'daily_bars' as const,
      as_of: '2026-11-25',
      crossable: true,
      operators: [
        'gt',
        'gte',
        'lt',
        'lte',
        'eq',
        'neq',
        'between',
        'in',
        'not_in',
        'is_null',
        'not_null',
        'crosses_above',
        'crosses_below',
      ],
    },
  ],
  sources: SOURCES_EXAMPLE,
  operators: [
    'gt',
    'gte',
    'lt',
    'lte',
    'eq',
    'neq',
    'between',
    'in',
    'not_in',
    'is_null',
    'not_null',
    'crosses_above',
    'crosses_below',
  ],
  presets: [
    {
      id: 'oversold_large_caps',
      title: 'Oversold large caps',
      description: 'RSI under 30, market cap 10B or more.',
      spec: SPEC_EXAMPLE,
    },
  ],
}

export const METRICS_EXAMPLE = {
  as_of: '2026-11-25',
  sources: SOURCES_EXAMPLE,
  metrics: [
    {
      key: 'pe',
      name: 'P/E',
      category: 'fundamental',
      data_type: 'number' as const,
      unit: 'ratio',
      description: 'price / trailing-four-quarter reported EPS; null when that EPS is ≤ 0 or missing.',
      source: 'earnings',
      freshness: '2026-11-25',
      operators: ['gt', 'gte', 'lt', 'lte', 'eq', 'neq', 'between', 'in', 'not_in', 'is_null', 'not_null'],
    },
  ],
}
