/** GET /economic-calendar (unlisted): the query and the list. */
import { Type, type Static } from 'typebox'
import { Nullable } from '../../../platform/http/schemas.ts'

export const MAX_CALENDAR_DAYS = 31
export const IMPACTS = ['low', 'medium', 'high'] as const

export const CalendarQuery = Type.Object({
  from: Type.String({ format: 'date', description: 'First New York date (YYYY-MM-DD)' }),
  to: Type.String({
    format: 'date',
    description: `Last New York date, inclusive; from ≤ to, at most ${MAX_CALENDAR_DAYS} days in all`,
  }),
  country: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z]{2}$',
      description: 'ISO 3166 alpha-2 code, e.g. US (case-insensitive)',
    }),
  ),
  impact: Type.Optional(
    Type.Enum(IMPACTS, { description: 'At least this impact: low (all), medium (medium and high), high' }),
  ),
})
export type CalendarQuery = Static<typeof CalendarQuery>

const Num = Nullable(Type.Number())

export const EconomicEventOut = Type.Object({
  event: Type.String(),
  country: Type.String(),
  time: Type.String({ description: 'Release instant, ISO 8601 UTC' }),
  impact: Type.Enum(IMPACTS),
  actual: Num,
  estimate: Num,
  previous: Num,
  unit: Type.String(),
})

export const CalendarOut = Type.Object({
  from: Type.String({ format: 'date' }),
  to: Type.String({ format: 'date' }),
  provider: Type.String({ description: 'Which provider answered (simulated, finnhub)' }),
  items: Type.Array(EconomicEventOut),
})
export type CalendarOut = Static<typeof CalendarOut>
