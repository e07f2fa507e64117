/** The response of GET /api/watchlists/analytics. */
import { type Static, Type } from 'typebox'

const N = (description: string) => Type.Union([Type.Number(), Type.Null()], { description })
const Mover = Type.Union([Type.Object({ symbol: Type.String(), change_pct: Type.Number() }), Type.Null()])

export const SIGNAL_HOURS = 24

export const Member = Type.Object({
  symbol: Type.String(),
  sector: Type.Union([Type.String(), Type.Null()], {
    description: 'null for funds and unclassified symbols',
  }),
  price: N('Latest price; null when the quote is unavailable'),
  change_pct: N('Day change in percent; null when unavailable'),
  high_52w: N('Highest daily high of the last 365 days (or the price when above it); null when unavailable'),
  dist_52w_high_pct: N('(price / high_52w − 1) × 100: 0 at the high, −10 ten percent below it'),
})

export const Signal = Type.Object({
  symbol: Type.String(),
  source: Type.String({
    description: '`intraday.<setup>` (intraday signals) or `discovery.<scan_type>` (scans)',
  }),
  text: Type.String({ description: 'One-line summary' }),
  score: N('The intraday confidence (0–1) or the scan’s ranking figure'),
  at: Type.String({ format: 'date-time', description: 'When it fired (a scan: its latest re-scan)' }),
})

export const ListAnalytics = Type.Object({
  list_name: Type.String(),
  count: Type.Integer(),
  day_change_pct: N('Equal-weighted mean of the members’ day change % (members without a quote left out)'),
  members_priced: Type.Integer({ description: 'Members with a quote, the mean’s denominator' }),
  best: Mover,
  worst: Mover,
  sector_mix: Type.Array(
    Type.Object({
      sector: Type.Union([Type.String(), Type.Null()]),
      count: Type.Integer(),
      percent: Type.Number({ description: 'count / members × 100' }),
    }),
  ),
  members: Type.Array(Member),
  signals: Type.Array(Signal, {
    description: `Signals of the last ${SIGNAL_HOURS} h for the members, newest first`,
  }),
})

export const AnalyticsResponse = Type.Object({
  as_of: Type.String({ format: 'date-time' }),
  quotes: Type.Enum(['ok', 'unavailable'], {
    description: 'unavailable: quotes failed; price figures are null',
  }),
  lists: Type.Array(ListAnalytics),
})
export type AnalyticsOut = Static<typeof AnalyticsResponse>
export type SignalOut = Static<typeof Signal>
