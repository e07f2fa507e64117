/** Realistic values for the OpenAPI examples of Schwab's market data routes (validated by the contract test). */

export const QUOTES = {
  delayed: false,
  source: 'schwab',
  items: [
    {
      symbol: 'AAPL',
      last: 187.25,
      bid: 187.24,
      ask: 187.26,
      volume: 41200000,
      change: 2.21,
      change_pct: 1.19,
      as_of: '2026-11-25T15:00:00.000Z',
    },
  ],
  invalid_symbols: [],
}

const SESSION = (d: string, a: string, b: string) => [
  { start: `${d}T${a}:00-05:00`, end: `${d}T${b}:00-05:00` },
]
export const HOURS = {
  date: '2026-11-25',
  markets: {
    equity: {
      EQ: {
        date: '2026-11-25',
        marketType: 'EQUITY',
        product: 'EQ',
        productName: 'equity',
        isOpen: true,
        sessionHours: {
          preMarket: SESSION('2026-11-25', '07:00', '09:30'),
          regularMarket: SESSION('2026-11-25', '09:30', '16:00'),
          postMarket: SESSION('2026-11-25', '16:00', '20:00'),
        },
      },
    },
  },
  persisted: 1,
}

export const MOVERS = {
  index: '$SPX',
  sort: 'PERCENT_CHANGE_UP',
  frequency: 0,
  items: [
    {
      symbol: 'NVDA',
      description: 'NVIDIA CORP',
      lastPrice: 118.5,
      netChange: 3.34,
      netPercentChange: 0.029,
      volume: 310000000,
      totalVolume: 310000000,
      direction: 'up',
    },
  ],
}

const CONTRACT = {
  putCall: 'CALL',
  symbol: 'AAPL  261218C00190000',
  bidPrice: 4.1,
  askPrice: 4.2,
  lastPrice: 4.15,
  totalVolume: 1840,
  openInterest: 12040,
  strikePrice: 190,
  expirationDate: '2026-12-18T21:00:00.000+00:00',
  daysToExpiration: 23,
  delta: 0.41,
}
export const CHAIN = {
  symbol: 'AAPL',
  status: 'SUCCESS',
  strategy: 'SINGLE',
  isDelayed: false,
  underlyingPrice: 187.25,
  callExpDateMap: { '2026-12-18:23': { '190.0': [CONTRACT] } },
  putExpDateMap: {
    '2026-12-18:23': {
      '190.0': [{ ...CONTRACT, putCall: 'PUT', symbol: 'AAPL  261218P00190000', delta: -0.59 }],
    },
  },
}

export const HISTORY = {
  symbol: 'AAPL',
  empty: false,
  previousClose: 185.04,
  previousCloseDate: 1795928400000,
  candles: [
    { open: 185.1, high: 187.9, low: 184.6, close: 187.25, volume: 41200000, datetime: 1796014800000 },
  ],
}

export const INSTRUMENT = {
  query: '037833100',
  by: 'cusip',
  projection: null,
  instruments: [
    { cusip: '037833100', symbol: 'AAPL', description: 'Apple Inc', exchange: 'NASDAQ', assetType: 'EQUITY' },
  ],
}
