/** Request and response schemas of the market-research operations. */
import { Type } from 'typebox'
import { Nullable } from '../../../platform/http/schemas.ts'
import { Page, PageQuery } from '../../../platform/http/pagination.ts'
import { THEME_NAMES } from './lib/themes.ts'
import { SECTION_NAMES } from './sections.service.ts'

const SymbolIn = Type.String({
  minLength: 1,
  maxLength: 16,
  pattern: '^\\^?[A-Za-z0-9]{1,10}([.-][A-Za-z0-9]{1,5})?$',
  description: 'Ticker, e.g. AAPL',
})
const ThemeIn = Type.Enum(THEME_NAMES, { description: 'A documented theme (its basket of symbols)' })
const Json = Type.Record(Type.String(), Type.Unknown())
const STATUS = Type.Enum(['queued', 'running', 'completed', 'failed', 'cancelled'])

export const RunParams = Type.Object({
  run_id: Type.String({
    pattern: '^[0-9A-HJKMNP-TV-Z]{26}$',
    minLength: 26,
    maxLength: 26,
    description: 'The run id (ULID)',
  }),
})

export const CreateBody = Type.Object(
  { symbol: Type.Optional(SymbolIn), theme: Type.Optional(ThemeIn) },
  { additionalProperties: false },
)

export const Accepted = Type.Object({ run_id: Type.String(), status: STATUS })

export const ResearchRun = Type.Object({
  run_id: Type.String(),
  symbol: Nullable(Type.String()),
  theme: Nullable(Type.String()),
  symbols: Type.Array(Type.String()),
  status: STATUS,
  sections_ok: Type.Array(Type.String(), { description: 'Sections that could be read (once completed)' }),
  error: Nullable(Type.Object({ code: Type.String(), detail: Type.String() })),
  created_at: Type.String({ format: 'date-time' }),
  started_at: Nullable(Type.String({ format: 'date-time' })),
  finished_at: Nullable(Type.String({ format: 'date-time' })),
})
export const ResearchPage = Page(ResearchRun)
export const ListQuery = Type.Object({
  ...PageQuery.properties,
  symbol: Type.Optional(SymbolIn),
  theme: Type.Optional(ThemeIn),
})

export const EventsQuery = Type.Object({
  after: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'Only events with seq > after (default 0)' }),
  ),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, description: 'At most this many (default and max 100)' }),
  ),
})
export const EventList = Type.Object({
  run_id: Type.String(),
  status: STATUS,
  items: Type.Array(
    Type.Object({
      seq: Type.Integer({ minimum: 1 }),
      kind: Type.String(),
      payload: Json,
      created_at: Type.String({ format: 'date-time' }),
    }),
  ),
  next_after: Type.Integer({ minimum: 0 }),
})

export const ReportQuery = Type.Object({
  format: Type.Optional(
    Type.Enum(['json', 'markdown'], {
      default: 'json',
      description: 'json (default) or markdown (text/markdown)',
    }),
  ),
})
export const Section = Type.Object({
  name: Type.Enum(SECTION_NAMES),
  status: Type.Enum(['ok', 'unavailable']),
  items: Type.Array(Json, { description: 'One per symbol; `error` when its data could not be read' }),
  reason: Type.Optional(Type.String()),
})
export const Report = Type.Object({
  run_id: Type.String(),
  symbol: Nullable(Type.String()),
  theme: Nullable(Type.String()),
  symbols: Type.Array(Type.String()),
  generated_at: Type.String({ format: 'date-time' }),
  sections: Type.Array(Section),
})
