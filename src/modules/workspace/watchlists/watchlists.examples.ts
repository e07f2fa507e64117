/** OpenAPI example values the watchlist routes share. */
export const ADDED_EXAMPLE = {
  list_name: 'default',
  symbol: 'NVDA',
  position: 2,
  added_at: '2026-11-27T15:04:05.000Z',
}

export const LISTS_EXAMPLE = {
  lists: [
    {
      list_name: 'default',
      count: 3,
      created_at: '2026-11-20T14:00:00.000Z',
      updated_at: '2026-11-27T15:04:05.000Z',
    },
    {
      list_name: 'Semis',
      count: 2,
      created_at: '2026-11-21T09:30:00.000Z',
      updated_at: '2026-11-21T09:31:00.000Z',
    },
  ],
  total_symbols: 5,
  limit: 50,
}

export const ITEMS_EXAMPLE = {
  list_name: 'default',
  quotes: 'ok',
  items: [
    {
      symbol: 'AAPL',
      name: 'Apple Inc.',
      position: 0,
      added_at: '2026-11-20T14:00:00.000Z',
      price: 231.4,
      change: 2.15,
      change_pct: 0.9378,
      quote_as_of: '2026-11-27T18:00:00.000Z',
    },
    {
      symbol: 'MSFT',
      name: 'Microsoft Corporation',
      position: 1,
      added_at: '2026-11-20T14:00:10.000Z',
      price: 498.2,
      change: -3.1,
      change_pct: -0.6184,
      quote_as_of: '2026-11-27T18:00:00.000Z',
    },
  ],
}

export const REORDER_EXAMPLE = {
  list_name: 'default',
  items: [
    { symbol: 'MSFT', position: 0, added_at: '2026-11-20T14:00:10.000Z' },
    { symbol: 'AAPL', position: 1, added_at: '2026-11-20T14:00:00.000Z' },
  ],
  updated_at: '2026-11-27T15:10:00.000Z',
}

export const AUTOCOMPLETE_EXAMPLE = {
  q: 'am',
  items: [
    {
      symbol: 'AMD',
      name: 'Advanced Micro Devices, Inc.',
      exchange: 'NASDAQ',
      type: 'stock',
      match: 'ticker_prefix',
    },
    { symbol: 'AMZN', name: 'Amazon.com, Inc.', exchange: 'NASDAQ', type: 'stock', match: 'ticker_prefix' },
    { symbol: 'AXP', name: 'American Express Company', exchange: 'NYSE', type: 'stock', match: 'name' },
  ],
}

export const ANALYTICS_EXAMPLE = {
  as_of: '2026-11-27T18:00:00.000Z',
  quotes: 'ok',
  lists: [
    {
      list_name: 'default',
      count: 2,
      day_change_pct: 0.1597,
      members_priced: 2,
      best: { symbol: 'AAPL', change_pct: 0.9378 },
      worst: { symbol: 'MSFT', change_pct: -0.6184 },
      sector_mix: [{ sector: 'Information Technology', count: 2, percent: 100 }],
      members: [
        {
          symbol: 'AAPL',
          sector: 'Information Technology',
          price: 231.4,
          change_pct: 0.9378,
          high_52w: 240,
          dist_52w_high_pct: -3.5833,
        },
        {
          symbol: 'MSFT',
          sector: 'Information Technology',
          price: 498.2,
          change_pct: -0.6184,
          high_52w: 520,
          dist_52w_high_pct: -4.1923,
        },
      ],
      signals: [
        {
          symbol: 'AAPL',
          source: 'intraday.orb',
          text: 'ORB long breakout at 231.10, 1.4× range volume',
          score: 0.72,
          at: '2026-11-27T15:02:00.000Z',
        },
      ],
    },
  ],
}
