/** GET /api/trading-intel/intel-feed and its stream: query and answer. */
import { Type, type Static } from 'typebox'
import { Id, Text } from '../../../platform/http/schemas.ts'
import { HoursParam, SessionsParam, WindowSchema } from '../../../platform/session-window.ts'
import { TAGS } from './lib/feed-order.ts'

export const HOUR_MS = 3_600_000
/** The most a wall-clock `hours` window reaches back (`sessions` 20 reach further). */
export const MAX_HOURS = 168
export const DEFAULT_LIMIT = 50
export const MAX_LIMIT = 100

const filters = {
  tag: Type.Optional(Type.Enum([...TAGS], { description: 'Only items of this tag' })),
  symbol: Type.Optional(
    Text({
      minLength: 1,
      maxLength: 16,
      description: 'Only items about this ticker (case-insensitive; general news has none)',
    }),
  ),
  tenant_id: Type.Optional(Id({ description: 'Administrators only: the tenant to read' })),
}

export const FeedQuery = Type.Object({
  sessions: SessionsParam(
    'the items whose time (created_at: when a signal was detected, a recommendation made, a news item ' +
      'published) is at or after 04:00 New York of the first of those session dates',
  ),
  hours: HoursParam(MAX_HOURS, 'created_at'),
  limit: Type.Integer({
    minimum: 1,
    maximum: MAX_LIMIT,
    default: DEFAULT_LIMIT,
    description: `Items to return (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT})`,
  }),
  ...filters,
})
export type FeedQueryInput = Static<typeof FeedQuery>

export const StreamQuery = Type.Object(filters)
export type StreamQueryInput = Static<typeof StreamQuery>

export const FeedItemSchema = Type.Object({
  id: Type.String({
    description: 'Unique across sources: signal:<id>, flow:<id>, rec:<id>, news:<vendor id>',
  }),
  tag: Type.Enum([...TAGS]),
  symbol: Type.Union([Type.String(), Type.Null()], { description: 'Null for general market news' }),
  text: Type.String({ description: 'One-line human summary' }),
  confidence: Type.Union([Type.Number(), Type.Null()], { description: '0–1; null for news' }),
  source: Type.String({ description: 'What produced it, e.g. intraday.orb, options-flow, news' }),
  created_at: Type.String({ format: 'date-time' }),
})

export const FeedAnswerSchema = Type.Object({
  items: Type.Array(FeedItemSchema, {
    description: 'Newest first; same created_at: by id descending (numeric parts compared as numbers)',
  }),
  degraded: Type.Array(Type.String(), {
    description: 'Sources that failed (e.g. news) and are missing from items; empty when all answered',
  }),
  window: WindowSchema(
    'Items whose created_at is at or after this instant: 04:00 New York of from_session_date, or now − hours',
  ),
  since: Type.String({ format: 'date-time', description: 'Same as window.since' }),
})
