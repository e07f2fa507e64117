/**
 * The economic calendar (ECONOMIC_CALENDAR_PROVIDER): a window of at most 31 days, filtered by
 * country and minimum impact, ascending by release time. A provider failure is a 503
 * `upstream.unavailable` naming its kind (the game plan instead degrades its section).
 */
import { dateToMs, DAY_MS } from '../../../kernel/dates.ts'
import { ServiceUnavailableError, UnprocessableError } from '../../../platform/http/errors.ts'
import { CALENDAR_FIRST_YEAR, CALENDAR_LAST_YEAR, nyDate } from '../../../kernel/calendar/nyse.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import type { EconomicCalendarProvider } from '../../../providers/market-data/index.ts'
import { IMPACTS, MAX_CALENDAR_DAYS, type CalendarOut, type CalendarQuery } from './calendar.schemas.ts'

export class CalendarService {
  constructor(private readonly deps: { economic: EconomicCalendarProvider }) {}

  async list(q: CalendarQuery): Promise<CalendarOut> {
    // The years the NYSE calendar covers: outside them New York dates are not computed.
    for (const field of ['from', 'to'] as const) {
      const year = Number(q[field].slice(0, 4))
      if (year < CALENDAR_FIRST_YEAR || year > CALENDAR_LAST_YEAR)
        throw UnprocessableError.field(
          ['query', field],
          `must be within ${CALENDAR_FIRST_YEAR}–${CALENDAR_LAST_YEAR}`,
        )
    }
    if (q.from > q.to) throw UnprocessableError.field(['query', 'to'], `must be on or after from (${q.from})`)
    const days = (dateToMs(q.to) - dateToMs(q.from)) / DAY_MS + 1
    if (days > MAX_CALENDAR_DAYS)
      throw UnprocessableError.field(['query', 'to'], `at most ${MAX_CALENDAR_DAYS} days from ${q.from}`)
    let rows
    try {
      rows = await this.deps.economic.economicCalendar(q.from, q.to)
    } catch (e) {
      if (!isUpstreamError(e)) throw e
      throw new ServiceUnavailableError(
        'upstream.unavailable',
        `The economic calendar (${e.provider}) is unavailable (${e.kind}); try again later`,
        { extra: { upstream_kind: e.kind } },
      )
    }
    const country = q.country?.toUpperCase()
    const minImpact = IMPACTS.indexOf(q.impact ?? 'low')
    const items = rows.filter(
      (e) =>
        (!country || e.country.toUpperCase() === country) &&
        IMPACTS.indexOf(e.impact) >= minImpact &&
        nyDate(new Date(e.time)) >= q.from &&
        nyDate(new Date(e.time)) <= q.to,
    )
    return { from: q.from, to: q.to, provider: this.deps.economic.name, items }
  }
}
