/**
 * The look-back window of a signal read, in trading sessions by default so that readings do not
 * vanish over a weekend or a holiday: `sessions` N (default 1) covers the latest regular session
 * that has opened (09:30 New York; on a Saturday, a holiday or before Monday's open, the trading day
 * before) and the N − 1 trading days before it, from 04:00 New York of the earliest one. `hours` is
 * the wall-clock alternative; both at once is a 422. Each read states what its rows are matched on
 * (a signal's trigger bar, an options-flow reading's trading date, a discovery result's latest scan,
 * an intel-feed item's time); the `window` object and its computation are shared.
 */
import { Type } from 'typebox'
import { UnprocessableError } from './http/errors.ts'
import { latestSessionDate, previousTradingDay, tradingDay } from '../kernel/calendar/nyse.ts'

export const MAX_SESSIONS = 20
export const DEFAULT_SESSIONS = 1
const HOUR_MS = 3_600_000

export interface WindowQuery {
  sessions?: number | undefined
  hours?: number | undefined
}

/** Which window a read covered: `sessions` (and its first session date) or `hours`, and its start. */
export interface SessionWindow {
  sessions: number | null
  from_session_date: string | null
  hours: number | null
  since: string
}

/**
 * The window of a read at `now`. `since` is the window's start as an instant: with `hours`, now −
 * hours; with sessions, 04:00 New York (the pre-market open) of `from_session_date`. `at` names
 * where the two fields came from (the query string, or a request body) in the 422 for both.
 */
export function sessionWindow(
  now: Date,
  q: WindowQuery,
  at: 'query' | 'body' = 'query',
): { window: SessionWindow; since: Date } {
  if (q.hours !== undefined) {
    if (q.sessions !== undefined)
      throw UnprocessableError.field([at, 'hours'], 'give `hours` or `sessions`, not both')
    const since = new Date(now.getTime() - q.hours * HOUR_MS)
    return {
      window: { sessions: null, from_session_date: null, hours: q.hours, since: since.toISOString() },
      since,
    }
  }
  const sessions = q.sessions ?? DEFAULT_SESSIONS
  let from = latestSessionDate(now)
  for (let k = 1; k < sessions; k++) from = previousTradingDay(from)
  const since = tradingDay(from)!.preOpen
  return {
    window: { sessions, from_session_date: from, hours: null, since: since.toISOString() },
    since,
  }
}

/** The `sessions` query parameter; `matches` says which rows of those sessions the read returns. */
export const SessionsParam = (matches: string) =>
  Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_SESSIONS,
      description:
        `The window in trading sessions (default ${DEFAULT_SESSIONS}: the latest session, the one that opened ` +
        `last at 09:30 New York, so Friday's on a weekend; N adds the N−1 trading days before it): ${matches}; ` +
        `at most ${MAX_SESSIONS}; not with \`hours\``,
    }),
  )

/** The `hours` query parameter: a wall-clock look-back on `on`, 1 to `max` hours. */
export const HoursParam = (max: number, on: string) =>
  Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: max,
      description: `Instead of \`sessions\`: a wall-clock look-back in hours on ${on} (at most ${max}); not with \`sessions\``,
    }),
  )

/** The `window` of an answer; `since` says what the read compares with the window's start. */
export const WindowSchema = (since: string) =>
  Type.Object(
    {
      sessions: Type.Union([Type.Integer(), Type.Null()], {
        description: 'Sessions counted; null with `hours`',
      }),
      from_session_date: Type.Union([Type.String({ format: 'date' }), Type.Null()], {
        description: 'The earliest session date in the window; null with `hours`',
      }),
      hours: Type.Union([Type.Integer(), Type.Null()], { description: 'The `hours` asked for, else null' }),
      since: Type.String({ format: 'date-time', description: since }),
    },
    { description: 'The look-back window the answer covers' },
  )
