/**
 * The screener's field catalog: every field a screen may filter, sort or show, with its type, unit,
 * category, exact definition and the source that fills it. docs/screener.md renders the same list.
 * Percent fields are in percentage points (2.5 means 2.5 %).
 */

export type FieldType = 'number' | 'string' | 'boolean'
export type FieldUnit = 'usd' | 'percent' | 'ratio' | 'shares' | 'score' | null
export type FieldCategory =
  'identity' | 'price' | 'volume' | 'fundamental' | 'technical' | 'performance' | 'signal' | 'portfolio'
export type SourceId =
  | 'instrument'
  | 'daily_bars'
  | 'earnings'
  | 'dividends'
  | 'intraday'
  | 'options_flow'
  | 'discovery'
  | 'ta_confluence'
  | 'portfolio'

export const SOURCE_IDS: readonly SourceId[] = [
  'instrument',
  'daily_bars',
  'earnings',
  'dividends',
  'intraday',
  'options_flow',
  'discovery',
  'ta_confluence',
  'portfolio',
]

export interface FieldDef {
  id: string
  label: string
  type: FieldType
  unit: FieldUnit
  category: FieldCategory
  /** One sentence: the exact definition (window, formula). */
  description: string
  /** Which source fills it. */
  source: SourceId
  /** The closed set of a string field, when it has one. */
  values?: readonly string[]
  /** Has a previous-session value, so crosses_above/crosses_below apply. */
  crossable?: boolean
}

/** GICS sectors, as the market-data instruments name them. */
export const SECTORS = [
  'Communication Services',
  'Consumer Discretionary',
  'Consumer Staples',
  'Energy',
  'Financials',
  'Health Care',
  'Industrials',
  'Information Technology',
  'Materials',
  'Real Estate',
  'Utilities',
] as const
export const INSTRUMENT_TYPES = ['stock', 'etf', 'inverse_etf', 'index'] as const
/** The intraday setup detectors. */
export const INTRADAY_SETUPS = ['orb', 'vwap_reclaim', 'gap', 'volume_spike'] as const
/** The options-flow classes. */
export const FLOW_CLASSES = ['CALL_DOMINANCE', 'PUT_DOMINANCE', 'NEUTRAL_FLOW'] as const

type Def = Omit<FieldDef, 'id' | 'label' | 'category' | 'unit' | 'type'>
const f =
  (category: FieldCategory, type: FieldType, unit: FieldUnit) =>
  (id: string, label: string, def: Def): FieldDef => ({ id, label, type, unit, category, ...def })

const identity = f('identity', 'string', null)
const usd = (c: FieldCategory) => f(c, 'number', 'usd')
const pct = (c: FieldCategory) => f(c, 'number', 'percent')
const dist = (id: string, label: string, level: string): FieldDef =>
  pct('technical')(id, label, {
    description: `(price / ${level} − 1) × 100, from the latest daily close.`,
    source: 'daily_bars',
    crossable: true,
  })
const perf = (id: string, label: string, window: string): FieldDef =>
  pct('performance')(id, label, {
    description: `Close-to-close change in percent ${window}: (close / earlier close − 1) × 100.`,
    source: 'daily_bars',
  })

export const FIELDS: readonly FieldDef[] = [
  identity('symbol', 'Symbol', { description: 'The ticker symbol.', source: 'instrument' }),
  identity('name', 'Name', { description: 'The instrument’s name.', source: 'instrument' }),
  identity('exchange', 'Exchange', { description: 'The listing exchange.', source: 'instrument' }),
  identity('type', 'Type', {
    description: 'The instrument type: stock, etf, inverse_etf or index.',
    source: 'instrument',
    values: INSTRUMENT_TYPES,
  }),
  identity('sector', 'Sector', {
    description: 'The GICS sector; null for funds and indices.',
    source: 'instrument',
    values: SECTORS,
  }),
  identity('industry', 'Industry', { description: 'The industry within the sector.', source: 'instrument' }),

  usd('price')('price', 'Price', {
    description: 'The latest daily close in USD.',
    source: 'daily_bars',
    crossable: true,
  }),
  pct('price')('change_pct', 'Change %', {
    description: 'Change of the latest close against the previous close, in percent.',
    source: 'daily_bars',
  }),
  pct('price')('gap_pct', 'Gap %', {
    description: 'The latest session’s open against the previous close: (open / previous close − 1) × 100.',
    source: 'daily_bars',
  }),

  f('volume', 'number', 'shares')('volume', 'Volume', {
    description: 'Shares traded in the latest session.',
    source: 'daily_bars',
  }),
  f('volume', 'number', 'shares')('avg_volume', 'Average volume', {
    description: 'Mean daily volume of the 20 sessions before the latest one (the latest excluded).',
    source: 'daily_bars',
  }),
  f('volume', 'number', 'ratio')('relative_volume', 'Relative volume', {
    description: 'volume / avg_volume; null when the average is zero or missing.',
    source: 'daily_bars',
  }),

  usd('fundamental')('market_cap', 'Market cap', {
    description: 'Market capitalisation in USD.',
    source: 'instrument',
  }),
  f('fundamental', 'number', 'ratio')('pe', 'P/E', {
    description: 'price / trailing-four-quarter reported EPS; null when that EPS is ≤ 0 or missing.',
    source: 'earnings',
  }),
  pct('fundamental')('dividend_yield', 'Dividend yield', {
    description: 'Dividends paid over the trailing 12 months / price × 100; 0 when none were paid.',
    source: 'dividends',
  }),
  f('fundamental', 'number', 'ratio')('beta', 'Beta', {
    description: 'Beta of daily returns to SPY over 252 sessions: cov(r, r_SPY) / var(r_SPY).',
    source: 'daily_bars',
  }),

  f('technical', 'number', 'score')('rsi_14', 'RSI (14)', {
    description: 'Wilder’s 14-session relative strength index of daily closes, 0–100.',
    source: 'daily_bars',
    crossable: true,
  }),
  pct('technical')('atr_pct', 'ATR %', {
    description: 'Wilder’s 14-session average true range / price × 100.',
    source: 'daily_bars',
  }),
  usd('technical')('sma_20', 'SMA 20', {
    description: 'Mean of the last 20 daily closes, in USD.',
    source: 'daily_bars',
    crossable: true,
  }),
  usd('technical')('sma_50', 'SMA 50', {
    description: 'Mean of the last 50 daily closes, in USD.',
    source: 'daily_bars',
    crossable: true,
  }),
  usd('technical')('sma_200', 'SMA 200', {
    description: 'Mean of the last 200 daily closes, in USD.',
    source: 'daily_bars',
    crossable: true,
  }),
  dist('dist_sma_20', 'Distance to SMA 20', 'sma_20'),
  dist('dist_sma_50', 'Distance to SMA 50', 'sma_50'),
  dist('dist_sma_200', 'Distance to SMA 200', 'sma_200'),
  usd('technical')('high_52w', '52-week high', {
    description: 'Highest daily high of the last 252 sessions, in USD.',
    source: 'daily_bars',
  }),
  usd('technical')('low_52w', '52-week low', {
    description: 'Lowest daily low of the last 252 sessions, in USD.',
    source: 'daily_bars',
  }),
  dist('dist_52w_high', 'Distance to 52-week high', 'high_52w'),
  dist('dist_52w_low', 'Distance to 52-week low', 'low_52w'),

  perf('perf_1w', 'Performance 1W', 'over 5 sessions'),
  perf('perf_1m', 'Performance 1M', 'over 21 sessions'),
  perf('perf_3m', 'Performance 3M', 'over 63 sessions'),
  perf('perf_ytd', 'Performance YTD', 'since the last close of the previous calendar year'),
  perf('perf_1y', 'Performance 1Y', 'over 252 sessions'),

  f('signal', 'string', null)('intraday_setup', 'Intraday setup', {
    description: 'The latest intraday setup detected in the session; null when none.',
    source: 'intraday',
    values: INTRADAY_SETUPS,
  }),
  f('signal', 'string', null)('options_flow', 'Options flow', {
    description: 'The latest options-flow class of the session; null when none.',
    source: 'options_flow',
    values: FLOW_CLASSES,
  }),
  f('signal', 'number', 'score')('opportunity_score', 'Opportunity score', {
    description: 'The discovery scan’s latest opportunity score, 0–100.',
    source: 'discovery',
  }),
  f('signal', 'number', 'score')('confluence_score', 'Confluence score', {
    description: 'The technical-analysis confluence score on daily bars, 0–100.',
    source: 'ta_confluence',
  }),

  f('portfolio', 'boolean', null)('held', 'Held', {
    description: 'True when the caller’s portfolio holds the symbol.',
    source: 'portfolio',
  }),
  f('portfolio', 'number', 'ratio')('correlation_to_portfolio', 'Correlation to portfolio', {
    description: 'Pearson correlation of 90 days of daily returns with the caller’s portfolio, −1 to 1.',
    source: 'portfolio',
  }),
  pct('portfolio')('sector_weight_in_portfolio', 'Sector weight in portfolio', {
    description: 'Share of the caller’s portfolio value in the symbol’s sector, in percent.',
    source: 'portfolio',
  }),
]

export const FIELD_BY_ID: ReadonlyMap<string, FieldDef> = new Map(FIELDS.map((d) => [d.id, d]))

/** Fields computed per request from the caller's portfolio (not in the shared snapshot). */
export const PORTFOLIO_FIELDS: readonly string[] = FIELDS.filter((d) => d.category === 'portfolio').map(
  (d) => d.id,
)

/** Fields with a previous-session value in the snapshot. */
export const CROSSABLE_FIELDS: readonly string[] = FIELDS.filter((d) => d.crossable).map((d) => d.id)
