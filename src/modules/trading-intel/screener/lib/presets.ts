/** Named screens listed by GET /filters; each is an ordinary screen spec (validated by presets.test.ts). */
import type { ScreenSpec } from './spec.ts'

export interface Preset {
  id: string
  title: string
  description: string
  spec: ScreenSpec
}

export const PRESETS: readonly Preset[] = [
  {
    id: 'gappers',
    title: 'Gappers',
    description:
      'Stocks that opened at least 4 % above the previous close on at least twice their usual volume.',
    spec: {
      filters: {
        all: [
          { field: 'gap_pct', op: 'gte', value: 4 },
          { field: 'relative_volume', op: 'gte', value: 2 },
          { field: 'price', op: 'gte', value: 2 },
        ],
      },
      sort: [{ field: 'gap_pct', dir: 'desc' }],
      columns: ['symbol', 'name', 'price', 'gap_pct', 'change_pct', 'relative_volume', 'volume'],
      universe: 'stocks',
    },
  },
  {
    id: 'oversold_large_caps',
    title: 'Oversold large caps',
    description: 'Companies worth at least $10B whose 14-session RSI is below 30.',
    spec: {
      filters: {
        all: [
          { field: 'market_cap', op: 'gte', value: '10B' },
          { field: 'rsi_14', op: 'lt', value: 30 },
        ],
      },
      sort: [{ field: 'rsi_14', dir: 'asc' }],
      columns: ['symbol', 'name', 'price', 'rsi_14', 'dist_sma_50', 'market_cap', 'sector'],
      universe: 'stocks',
    },
  },
  {
    id: 'dividend_payers',
    title: 'Dividend payers',
    description: 'Stocks yielding at least 3 % over the trailing 12 months, worth at least $2B.',
    spec: {
      filters: {
        all: [
          { field: 'dividend_yield', op: 'gte', value: '3%' },
          { field: 'market_cap', op: 'gte', value: '2B' },
        ],
      },
      sort: [{ field: 'dividend_yield', dir: 'desc' }],
      columns: ['symbol', 'name', 'price', 'dividend_yield', 'pe', 'market_cap', 'sector'],
      universe: 'stocks',
    },
  },
  {
    id: 'new_highs_on_volume',
    title: 'New 52-week highs on volume',
    description:
      'Closing within 1 % of the 52-week high on at least 1.5 times the 20-session average volume.',
    spec: {
      filters: {
        all: [
          { field: 'dist_52w_high', op: 'gte', value: -1 },
          { field: 'relative_volume', op: 'gte', value: 1.5 },
        ],
      },
      sort: [{ field: 'relative_volume', dir: 'desc' }],
      columns: ['symbol', 'name', 'price', 'high_52w', 'dist_52w_high', 'relative_volume', 'volume'],
    },
  },
  {
    id: 'momentum_leaders',
    title: 'Momentum leaders',
    description:
      'Above the 50- and 200-session averages, up at least 10 % over 3 months, RSI between 50 and 75.',
    spec: {
      filters: {
        all: [
          { field: 'price', op: 'gt', value: { field: 'sma_50' } },
          { field: 'sma_50', op: 'gt', value: { field: 'sma_200' } },
          { field: 'perf_3m', op: 'gte', value: 10 },
          { field: 'rsi_14', op: 'between', value: [50, 75] },
        ],
      },
      sort: [{ field: 'perf_3m', dir: 'desc' }],
      columns: ['symbol', 'name', 'price', 'perf_1m', 'perf_3m', 'rsi_14', 'dist_sma_50'],
    },
  },
  {
    id: 'value_low_pe',
    title: 'Value (low P/E)',
    description: 'Profitable companies worth at least $1B trading under 15 times trailing earnings.',
    spec: {
      filters: {
        all: [
          { field: 'pe', op: 'between', value: [0, 15] },
          { field: 'market_cap', op: 'gte', value: '1B' },
        ],
      },
      sort: [{ field: 'pe', dir: 'asc' }],
      columns: ['symbol', 'name', 'price', 'pe', 'dividend_yield', 'market_cap', 'sector'],
      universe: 'stocks',
    },
  },
  {
    id: 'golden_cross',
    title: 'Golden cross',
    description: 'The 50-session average crossed above the 200-session average in the latest session.',
    spec: {
      filters: { all: [{ field: 'sma_50', op: 'crosses_above', value: { field: 'sma_200' } }] },
      sort: [{ field: 'market_cap', dir: 'desc' }],
      columns: ['symbol', 'name', 'price', 'sma_50', 'sma_200', 'market_cap', 'sector'],
    },
  },
  {
    id: 'unusual_call_flow',
    title: 'Unusual call flow',
    description: 'Call-dominated options flow or a fresh intraday setup, on above-average volume.',
    spec: {
      filters: {
        all: [
          { field: 'relative_volume', op: 'gte', value: 1.2 },
          {
            any: [
              { field: 'options_flow', op: 'eq', value: 'CALL_DOMINANCE' },
              { field: 'intraday_setup', op: 'not_null' },
            ],
          },
        ],
      },
      sort: [{ field: 'relative_volume', dir: 'desc' }],
      columns: ['symbol', 'name', 'price', 'change_pct', 'options_flow', 'intraday_setup', 'relative_volume'],
    },
  },
]

export const PRESET_BY_ID: ReadonlyMap<string, Preset> = new Map(PRESETS.map((p) => [p.id, p]))
