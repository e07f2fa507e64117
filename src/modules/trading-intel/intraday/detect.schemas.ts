/** POST /intraday/detect and /intraday/detect/portfolio: input and answer. */
import { Type, type Static } from 'typebox'
import { Id } from '../../../platform/http/schemas.ts'
import { BAR_INTERVALS } from './bars.schemas.ts'
import { DEFAULT_PARAMS, PARAM_BOUNDS } from './lib/params.ts'
import { SESSIONS } from './lib/sessions.ts'
import { DETECTORS } from './lib/types.ts'
import { Signal, Symbol } from './signals.schemas.ts'

export const MAX_SYMBOLS = 50
export const MAX_PORTFOLIO_SYMBOLS = 50
export const DEFAULT_PORTFOLIO_SYMBOLS = 10

export const DetectQuery = Type.Object({
  session: Type.Enum([...SESSIONS], {
    default: 'REGULAR',
    description:
      'REGULAR 09:30–16:00, PRE 04:00–09:30, POST 16:00–20:00, EXTENDED 04:00–20:00 (New York); default REGULAR',
  }),
  asof: Type.Optional(
    Type.String({
      format: 'date',
      description:
        'The session date (New York); default today. A weekend or holiday means the last session before it; a future date is a 422',
    }),
  ),
})
export type DetectQuery = Static<typeof DetectQuery>

const bounded = (key: keyof typeof PARAM_BOUNDS, integer: boolean, description: string) => {
  const [minimum, maximum] = PARAM_BOUNDS[key]
  const opts = { minimum, maximum, description: `${description} (default ${DEFAULT_PARAMS[key]})` }
  return Type.Optional(integer ? Type.Integer(opts) : Type.Number(opts))
}

export const DetectParamsSchema = Type.Object(
  {
    interval: Type.Optional(Type.Enum([...BAR_INTERVALS], { description: 'Bar length (default 5m)' })),
    orb_minutes: Type.Optional(Type.Enum([5, 15, 30], { description: 'Opening range length (default 15)' })),
    orb_volume_mult: bounded('orb_volume_mult', false, 'ORB bar volume ≥ this × the opening range mean'),
    orb_cutoff_minutes: bounded(
      'orb_cutoff_minutes',
      true,
      'No new ORB from this many minutes after the open',
    ),
    reclaim_min_bars_below: bounded('reclaim_min_bars_below', true, 'Closes beyond VWAP before a reclaim'),
    reclaim_volume_mult: bounded(
      'reclaim_volume_mult',
      false,
      'Reclaim bar volume ≥ this × the session mean',
    ),
    gap_threshold_pct: bounded('gap_threshold_pct', false, '|gap %| that makes a gap signal'),
    gap_and_go_minutes: bounded('gap_and_go_minutes', true, 'Gap-and-go window after the open, minutes'),
    spike_ratio: bounded('spike_ratio', false, 'Spike: volume ≥ this × the baseline mean'),
    spike_z: bounded('spike_z', false, 'Spike: z-score ≥ this'),
    spike_lookback_sessions: bounded('spike_lookback_sessions', true, 'Sessions in the volume baseline'),
  },
  { additionalProperties: false },
)
export type DetectParamsInput = Static<typeof DetectParamsSchema>

export const DetectBody = Type.Object(
  {
    symbols: Type.Array(Symbol('A ticker (case-insensitive)'), {
      minItems: 1,
      maxItems: MAX_SYMBOLS,
      description: `1 to ${MAX_SYMBOLS} tickers of the market data universe; duplicates count once`,
    }),
    detectors: Type.Optional(
      Type.Array(Type.Enum([...DETECTORS]), {
        minItems: 1,
        maxItems: DETECTORS.length,
        description: 'Which detectors to run (default all four)',
      }),
    ),
    params: Type.Optional(DetectParamsSchema),
  },
  { additionalProperties: false },
)
export type DetectBody = Static<typeof DetectBody>

export const PortfolioDetectQuery = Type.Object({
  account_id: Type.Optional(Id({ description: 'Only this account’s holdings (404 if not the tenant’s)' })),
  interval: Type.Enum([...BAR_INTERVALS], { default: '5m', description: 'Bar length; default 5m' }),
  period: Type.Enum(['1d'], {
    default: '1d',
    description: "The bars read: 1d = today's (the latest) session, the only period so far",
  }),
  limit: Type.Integer({
    minimum: 1,
    maximum: MAX_PORTFOLIO_SYMBOLS,
    default: DEFAULT_PORTFOLIO_SYMBOLS,
    description: `The largest holdings by |market value|, at most this many (default ${DEFAULT_PORTFOLIO_SYMBOLS}, max ${MAX_PORTFOLIO_SYMBOLS})`,
  }),
  tenant_id: Type.Optional(Id({ description: 'Administrators only: act on another tenant' })),
})
export type PortfolioDetectQuery = Static<typeof PortfolioDetectQuery>

export const DetectResult = Type.Object({
  date: Type.Union([Type.String({ format: 'date' }), Type.Null()], {
    description: 'The session date detected (null when there was nothing to detect)',
  }),
  session: Type.Enum([...SESSIONS]),
  interval: Type.Enum([...BAR_INTERVALS]),
  results: Type.Array(
    Type.Object({
      symbol: Type.String(),
      bars: Type.Integer({ minimum: 0, description: 'Closed bars of the session read' }),
      signals: Type.Integer({ minimum: 0 }),
    }),
    { description: 'Per symbol, in the order asked (holdings: largest first)' },
  ),
  signals: Type.Array(Signal, {
    description: 'The signals written or re-stated, by symbol then trigger time',
  }),
})
export type DetectResult = Static<typeof DetectResult>
