/** OpenAPI examples of building a screen from words. */

export const RULES_RESULT = {
  spec: {
    filters: {
      all: [
        { field: 'rsi_14', op: 'lt', value: 30 },
        { field: 'market_cap', op: 'gte', value: 10_000_000_000 },
        { field: 'sector', op: 'eq', value: 'Information Technology' },
        { field: 'held', op: 'eq', value: false },
      ],
    },
    sort: [],
    limit: 50,
    offset: 0,
    columns: ['symbol', 'name', 'price', 'change_pct', 'volume', 'market_cap', 'sector'],
    universe: 'all',
  },
  paraphrase:
    'oversold: RSI (14) < 30; large caps: Market cap ≥ $10B; Information Technology sector: Sector = "Information Technology"; not in my portfolio: Held: no',
  clauses: [
    { text: 'oversold', paraphrase: 'oversold: RSI (14) < 30' },
    { text: 'large-cap', paraphrase: 'large caps: Market cap ≥ $10B' },
    { text: 'tech', paraphrase: 'Information Technology sector: Sector = "Information Technology"' },
    { text: 'not in my portfolio', paraphrase: 'not in my portfolio: Held: no' },
  ],
  degraded: true,
  source: 'rules',
  reason: 'no language model is configured',
}

export const MODEL_RESULT = {
  spec: {
    filters: {
      all: [
        { field: 'dividend_yield', op: 'gt', value: 4 },
        {
          any: [
            { field: 'sector', op: 'eq', value: 'Utilities' },
            { field: 'beta', op: 'lt', value: 0.8 },
          ],
        },
      ],
    },
    sort: [{ field: 'dividend_yield', dir: 'desc' }],
    limit: 50,
    offset: 0,
    columns: ['symbol', 'name', 'price', 'change_pct', 'volume', 'market_cap', 'sector'],
    universe: 'all',
  },
  paraphrase:
    'Dividend yield > 4%; any of: Sector = "Utilities", Beta < 0.8; sorted by Dividend yield (highest first)',
  clauses: [
    { text: null, paraphrase: 'Dividend yield > 4%' },
    { text: null, paraphrase: 'any of: Sector = "Utilities", Beta < 0.8' },
    { text: null, paraphrase: 'sorted by Dividend yield (highest first)' },
  ],
  degraded: false,
  source: 'model',
}
