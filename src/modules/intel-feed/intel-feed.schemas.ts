/** GET /api/trading-intel/intel-feed and its stream: query and answer. */
import { Type, type Static } from 'typebox'
import { Id, Text } from '../../platform/http/schemas.ts'
import { TAGS } from './lib/feed-order.ts'

export const HOUR_MS = 3_600_000
export const DEFAULT_HOURS = 24
/** Also how far back a stream resumes from a Last-Event-ID. */
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
  hours: Type.Integer({
    minimum: 1,
    maximum: MAX_HOURS,
    default: DEFAULT_HOURS,
    description: `Look-back in hours (default ${DEFAULT_HOURS}, at most ${MAX_HOURS})`,
  }),
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
  since: Type.String({ format: 'date-time', description: 'Start of the look-back window' }),
})
