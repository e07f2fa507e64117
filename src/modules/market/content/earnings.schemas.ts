/** Request and response schemas of the earnings endpoints. */
import { Type, type Static } from 'typebox'
import { Page, PageQuery } from '../../../platform/http/pagination.ts'
import { SymbolList } from './news.schemas.ts'

export const MAX_RANGE_DAYS = 60
export const DEFAULT_DAYS = 14

export const CalendarQuery = Type.Object({
  ...PageQuery.properties,
  from: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD; default today (New York)' })),
  to: Type.Optional(
    Type.String({
      format: 'date',
      description: `YYYY-MM-DD; default from + ${DEFAULT_DAYS} days; at most ${MAX_RANGE_DAYS} days after from`,
    }),
  ),
  symbols: Type.Optional(SymbolList),
})
export const UpcomingQuery = Type.Object({
  ...PageQuery.properties,
  days: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 90,
      description: `Days ahead, today included; default ${DEFAULT_DAYS}`,
    }),
  ),
})

const NullableNumber = () => Type.Union([Type.Number(), Type.Null()])

export const EarningsEventSchema = Type.Object({
  symbol: Type.String(),
  date: Type.String({ format: 'date' }),
  hour: Type.Union([Type.Enum(['bmo', 'amc', 'dmh']), Type.Null()], {
    description: 'bmo: before market open; amc: after close; dmh: during market hours',
  }),
  quarter: Type.Integer(),
  year: Type.Integer(),
  eps_estimate: NullableNumber(),
  eps_actual: NullableNumber(),
  revenue_estimate: NullableNumber(),
  revenue_actual: NullableNumber(),
})
export const EarningsPage = Page(EarningsEventSchema)

export type CalendarQueryInput = Static<typeof CalendarQuery>
export type UpcomingQueryInput = Static<typeof UpcomingQuery>
