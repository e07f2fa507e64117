/** OpenAPI example values of the market-research operations (validated by the contract test). */
export const RUN_ID = '01KAZ4W5Q2M7YB3N8C6D0E1F2H'
const AT = '2026-11-24T15:00:00.000Z'

export const RUN = {
  run_id: RUN_ID,
  symbol: 'AAPL',
  theme: null,
  symbols: ['AAPL'],
  status: 'completed',
  sections_ok: ['market', 'news', 'transcripts', 'insider', 'committee'],
  error: null,
  created_at: AT,
  started_at: AT,
  finished_at: '2026-11-24T15:00:03.000Z',
}

const MARKET = {
  name: 'market',
  status: 'ok',
  items: [
    {
      symbol: 'AAPL',
      price: 231.4,
      as_of: '2026-11-23T05:00:00.000Z',
      return_1m: 0.0312,
      return_3m: 0.0841,
      return_ytd: 0.1523,
      annual_volatility: 0.2214,
    },
  ],
}

export const REPORT = {
  run_id: RUN_ID,
  symbol: 'AAPL',
  theme: null,
  symbols: ['AAPL'],
  generated_at: '2026-11-24T15:00:03.000Z',
  sections: [
    MARKET,
    {
      name: 'news',
      status: 'ok',
      items: [
        {
          symbol: 'AAPL',
          sentiment: 0.2,
          headlines: [
            {
              headline: 'Apple beats estimates',
              published_at: AT,
              url: 'https://news.example/1',
              positive: 1,
              negative: 0,
              score: 1,
            },
          ],
        },
      ],
    },
    {
      name: 'insider',
      status: 'unavailable',
      items: [{ symbol: 'AAPL', error: 'upstream.unavailable: SEC down' }],
      reason: 'no symbol could be read',
    },
  ],
}

export const EVENTS = {
  run_id: RUN_ID,
  status: 'completed',
  items: [
    { seq: 1, kind: 'started', payload: {}, created_at: AT },
    { seq: 2, kind: 'section', payload: MARKET, created_at: AT },
    {
      seq: 7,
      kind: 'completed',
      payload: { sections_ok: 4, sections_unavailable: ['insider'] },
      created_at: AT,
    },
  ],
  next_after: 7,
}
