/**
 * Where a simulated price's trend line starts: its level on the table's first day (2015-01-02),
 * so the decade before the 2025 reference price climbs (or falls) the way the real one did, split
 * adjusted: Apple near $27 in 2015 and $40–60 in 2017, NVIDIA under a dollar, the S&P 500 ETF
 * near $205. Known names carry their approximate real 2015 close; other stocks grow at their
 * sector's typical 2015–2025 rate and funds at the market's (bond, gold and commodity funds
 * barely). A symbol listed after 2015 still gets a history, at its sector's rate.
 */

/** Approximate split-adjusted closes on 2015-01-02 (as of 2025 share counts). */
const START: Readonly<Record<string, number>> = {
  AAPL: 27.3,
  MSFT: 46.8,
  NVDA: 0.5,
  AMZN: 15.4,
  GOOGL: 26.5,
  GOOG: 26.2,
  META: 78.5,
  TSLA: 14.6,
  AVGO: 10.1,
  'BRK.B': 149,
  JPM: 62.5,
  V: 66,
  MA: 86.5,
  UNH: 101,
  XOM: 92.8,
  JNJ: 105,
  PG: 91,
  HD: 105,
  LLY: 69,
  COST: 142,
  NFLX: 49,
  AMD: 2.7,
  ORCL: 45,
  CRM: 59,
  ADBE: 73,
  INTC: 36.4,
  CSCO: 27.6,
  KO: 42.1,
  PEP: 94.8,
  WMT: 28.7,
  BAC: 17.9,
  WFC: 54.7,
  CVX: 112,
  MRK: 57.3,
  ABBV: 65,
  PFE: 31.4,
  DIS: 94.5,
  MCD: 94,
  NKE: 48,
  CAT: 92,
  BA: 130,
  IBM: 150,
  QCOM: 74,
  TXN: 53.5,
  VZ: 47,
  T: 24,
  CMCSA: 29,
  ABT: 45,
  TMO: 125,
  AMGN: 160,
  GILD: 94,
  HON: 100,
  UNP: 119,
  LMT: 193,
  GS: 194,
  MS: 39,
  AXP: 93,
  C: 54,
  BLK: 357,
  NEE: 26.5,
  DUK: 84,
  SO: 49,
  SHW: 88,
  NEM: 19,
  FCX: 23,
  COP: 69,
  EOG: 46,
  SLB: 85,
  ISRG: 176,
  BKNG: 1140,
  AMAT: 25,
  MU: 35,
  LRCX: 7.9,
  KLAC: 70,
  NOW: 68,
  INTU: 92,
  SPY: 205,
  IVV: 206,
  VOO: 188,
  VTI: 106,
  QQQ: 103,
  DIA: 178,
  IWM: 118,
  XLK: 41,
  XLF: 20,
  XLE: 79,
  TLT: 127,
  GLD: 113,
}

/** Typical yearly price growth over 2015–2025 per sector. */
const SECTOR_GROWTH: Readonly<Record<string, number>> = {
  'Information Technology': 0.17,
  'Communication Services': 0.08,
  'Consumer Discretionary': 0.09,
  'Consumer Staples': 0.04,
  'Health Care': 0.06,
  Financials: 0.08,
  Industrials: 0.09,
  Energy: 0.01,
  Utilities: 0.06,
  'Real Estate': 0.02,
  Materials: 0.05,
}

/** Years from the table's first day (2015-01-02) to the reference date (2025-07-01). */
const YEARS = 10.5

/**
 * The trend line's level on 2015-01-02 for a stock or fund of reference price `ref`; funds pass
 * their beta (equity funds grow with the market, others barely).
 */
export function startLevel(symbol: string, ref: number, sector: string | null, fundBeta?: number): number {
  const known = START[symbol]
  if (known) return known
  const growth =
    fundBeta === undefined ? (SECTOR_GROWTH[sector ?? ''] ?? 0.08) : fundBeta > 0.5 ? 0.09 : 0.005
  return ref / (1 + growth) ** YEARS
}
