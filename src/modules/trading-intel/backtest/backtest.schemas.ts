/** Request and response schemas of POST /backtest and the saved backtests. */
import { Type, type Static } from 'typebox'
import { Page, PageQuery } from '../../../platform/http/pagination.ts'
import { Id } from '../../../platform/http/schemas.ts'
import { SETUPS } from '../intraday/index.ts'
import { EXCLUSION_REASONS } from './lib/select.ts'

export const STRATEGIES = ['replay', 'sma_cross'] as const
/** sma_cross: symbols it trades at most. */
export const MAX_CROSS_SYMBOLS = 20
export const SIZINGS = ['as_traded', 'fixed_amount', 'percent_of_equity'] as const
/** Longest range a run may cover, in years (from + 30 years ≥ to). */
export const MAX_RANGE_YEARS = 30
/** Trades a run may replay (after the filters); more is a 422 asking for a narrower range or filter. */
export const MAX_TRADES = 100_000
/** Trades in the POST answer (and GET /backtests/{id}); the whole log is paged at /trades. */
export const INLINE_TRADES = 100
/** Saved runs kept per tenant: a new run beyond this prunes the oldest. */
export const MAX_STORED_RUNS = 100
export const MAX_CAPITAL = 1e12
/** The first date the platform calendar covers. */
export const FIRST_DATE = '1990-01-01'

const Symbol = Type.String({ pattern: '^[A-Za-z0-9.\\-^]{1,16}$', description: 'Ticker, case-insensitive' })
const Symbols = (description: string) => Type.Array(Symbol, { maxItems: 100, uniqueItems: true, description })
const HoldingDays = (description: string) => Type.Integer({ minimum: 0, maximum: 36_600, description })

export const ParamsSchema = Type.Object(
  {
    symbols: Type.Optional(
      Symbols(
        'replay: only trades of these symbols (up to 100; default all). sma_cross: the symbols traded (1–20, required)',
      ),
    ),
    exclude_symbols: Type.Optional(Symbols('Leave out trades of these symbols (up to 100)')),
    min_holding_days: Type.Optional(HoldingDays('Calendar days from entry to exit at least this')),
    max_holding_days: Type.Optional(HoldingDays('Calendar days from entry to exit at most this')),
    setups: Type.Optional(
      Type.Array(Type.Enum([...SETUPS]), {
        minItems: 1,
        uniqueItems: true,
        description:
          'replay only: keep a trade only when one of these intraday setups fired for its symbol on its entry day',
      }),
    ),
    sizing: Type.Optional(Type.Enum([...SIZINGS], { description: 'Position sizing; default as_traded' })),
    amount: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        maximum: MAX_CAPITAL,
        description: 'fixed_amount: USD invested per trade (required with it)',
      }),
    ),
    percent: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        maximum: 100,
        description: 'percent_of_equity: % of the previous close’s equity per trade (required with it)',
      }),
    ),
    fast_period: Type.Optional(
      Type.Integer({
        minimum: 2,
        maximum: 100,
        description: 'sma_cross: fast SMA in daily bars; default 20',
      }),
    ),
    slow_period: Type.Optional(
      Type.Integer({
        minimum: 3,
        maximum: 250,
        description: 'sma_cross: slow SMA, > fast_period; default 50',
      }),
    ),
    risk_free_rate: Type.Optional(
      Type.Number({ minimum: 0, maximum: 0.2, description: 'Annual, as a fraction (0.04 = 4 %); default 0' }),
    ),
  },
  { additionalProperties: false },
)
export type ParamsInput = Static<typeof ParamsSchema>

export const BacktestBody = Type.Object(
  {
    strategy: Type.Enum([...STRATEGIES], {
      description: 'replay: the realized trades as taken; sma_cross: fast/slow SMA crosses on params.symbols',
    }),
    from: Type.String({
      format: 'date',
      description: `YYYY-MM-DD, on or after ${FIRST_DATE}, not in the future`,
    }),
    to: Type.String({
      format: 'date',
      description: `YYYY-MM-DD, after from, at most ${MAX_RANGE_YEARS} years after it; a future date means today`,
    }),
    account_id: Type.Optional(Id({ description: 'One account; default every account of the tenant' })),
    initial_capital: Type.Number({ exclusiveMinimum: 0, maximum: MAX_CAPITAL, description: 'USD' }),
    params: Type.Optional(ParamsSchema),
  },
  { additionalProperties: false },
)
export type BacktestBodyInput = Static<typeof BacktestBody>

const Num = Type.Union([Type.Number(), Type.Null()])
const NullableDate = Type.Union([Type.String({ format: 'date' }), Type.Null()])

const Usd = (description: string) =>
  Type.Union([Type.Number(), Type.Null()], { description: `${description}, USD (cents)` })
const Price = (description: string) =>
  Type.Union([Type.Number(), Type.Null()], { description: `${description}, USD per share, 4 decimals` })

export const SummarySchema = Type.Object({
  final_equity: Usd('Equity at the last close'),
  total_return: Num,
  cagr: Type.Union([Type.Number(), Type.Null()], { description: 'Calendar-day, 365.25-day year' }),
  cagr_periods: Type.Union([Type.Number(), Type.Null()], { description: '252 periods a year' }),
  volatility: Num,
  sharpe: Num,
  sortino: Num,
  downside_deviation: Num,
  calmar: Type.Union([Type.Number(), Type.Null()], {
    description:
      'cagr (the calendar-day CAGR, not cagr_periods) / |max_drawdown.pct|; null without a drawdown',
  }),
  max_drawdown: Type.Object({
    pct: Num,
    amount: Usd('Peak → trough change (negative)'),
    duration_days: Num,
    peak_date: NullableDate,
    trough_date: NullableDate,
    recovery_date: NullableDate,
    open: Type.Boolean(),
  }),
  longest_drawdown_days: Type.Number(),
  trades: Type.Object({
    count: Type.Integer(),
    wins: Type.Integer(),
    losses: Type.Integer(),
    scratch: Type.Integer(),
    win_rate: Num,
    profit_factor: Num,
    gross_profit: Usd('Σ winning scaled P&L'),
    gross_loss: Usd('|Σ losing scaled P&L|'),
    avg_win: Usd('Mean winning P&L'),
    avg_loss: Usd('Mean losing P&L (negative)'),
    payoff: Type.Union([Type.Number(), Type.Null()], {
      description: 'avg_win / |avg_loss|, from the unrounded means',
    }),
    expectancy: Usd('Mean P&L per trade'),
    expectancy_pct: Num,
    sqn: Num,
  }),
})

export const TradeLogItemSchema = Type.Object({
  trade_id: Type.Integer({ description: 'The realized trade replayed' }),
  symbol: Type.String(),
  entry_date: Type.String({ format: 'date' }),
  exit_date: Type.String({ format: 'date' }),
  holding_days: Type.Integer(),
  scale: Type.Number({ description: 'Factor of the sizing (1 as traded), rounded to 6 decimals' }),
  quantity: Num,
  entry_price: Price('cost_basis / quantity of the realized trade (the close of the day for sma_cross)'),
  exit_price: Price('proceeds / quantity'),
  cost: Usd('Scaled cost basis'),
  proceeds: Usd('Scaled proceeds'),
  fees: Usd('Scaled fees'),
  pnl: Usd('scale × the trade’s gain_loss, from the unrounded amounts (not from the 4-decimal prices)'),
  return_pct: Type.Union([Type.Number(), Type.Null()], { description: 'gain_loss / cost_basis, a fraction' }),
  priced: Type.Boolean({
    description: 'false: no daily closes for the symbol, marked at cost until realized',
  }),
})

export const LOG_STATUSES = ['pending', 'stored', 'failed'] as const
const LogStatusSchema = Type.Enum([...LOG_STATUSES], {
  description:
    'Where the whole per-trade log stands: pending (being stored, right after the run; GET …/trades ' +
    'answers 409 backtest.log_pending), stored, or failed (it will never be; 409 backtest.log_failed). ' +
    `A run of at most ${INLINE_TRADES} trades is stored with its answer.`,
})

const EquityPoint = Type.Object({
  date: Type.String({ format: 'date' }),
  equity: Type.Number(),
  drawdown: Num,
})

export const DetailSchema = Type.Object({
  params: Type.Object(
    {},
    { additionalProperties: true, description: 'The params as applied (defaults filled)' },
  ),
  last_date: NullableDate,
  selection: Type.Object({
    trades_read: Type.Integer({ description: 'Closed trades sold in the range (account filter applied)' }),
    trades_used: Type.Integer(),
    excluded: Type.Object(Object.fromEntries(EXCLUSION_REASONS.map((r) => [r, Type.Integer()]))),
  }),
  prices: Type.Object({
    symbols: Type.Integer(),
    priced: Type.Integer(),
    unpriced: Type.Array(Type.String(), { description: 'Symbols without daily closes (sorted)' }),
    failed: Type.Array(Type.String(), { description: 'Symbols whose price read failed upstream' }),
    capped: Type.Array(Type.String(), { description: 'Left unpriced by the 500-symbol cap' }),
    degraded: Type.Boolean({ description: 'true when any read failed' }),
  }),
  note: Type.Union([Type.String(), Type.Null()], { description: 'Why the result is empty, when it is' }),
})

export const BacktestResponse = Type.Object({
  id: Type.Integer(),
  strategy: Type.Enum([...STRATEGIES]),
  from: Type.String({ format: 'date' }),
  to: Type.String({ format: 'date' }),
  account_id: Type.Union([Type.Integer(), Type.Null()]),
  initial_capital: Type.Number(),
  created_at: Type.String({ format: 'date-time' }),
  summary: SummarySchema,
  ...DetailSchema.properties,
  equity_curve: Type.Array(EquityPoint),
  trades: Type.Array(TradeLogItemSchema, { description: `The first ${INLINE_TRADES} by exit date` }),
  trades_total: Type.Integer(),
  trades_truncated: Type.Boolean(),
  log_status: LogStatusSchema,
})
export type BacktestOut = Static<typeof BacktestResponse>

export const RunListItem = Type.Object({
  id: Type.Integer(),
  strategy: Type.Enum([...STRATEGIES]),
  from: Type.String({ format: 'date' }),
  to: Type.String({ format: 'date' }),
  account_id: Type.Union([Type.Integer(), Type.Null()]),
  initial_capital: Type.Number(),
  trades_total: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  summary: SummarySchema,
  log_status: LogStatusSchema,
})
export type RunListItemOut = Static<typeof RunListItem>
export const RunList = Page(RunListItem)

export const RunListQuery = Type.Object({
  ...PageQuery.properties,
  strategy: Type.Optional(Type.Enum([...STRATEGIES])),
})
export type RunListQueryInput = Static<typeof RunListQuery>

export const RunParams = Type.Object({ id: Id() })
export const TradeLogQuery = PageQuery
export const TradeLogPage = Page(TradeLogItemSchema)
