/** Request and response schemas of the market-research operations. */
import { Type } from 'typebox'
import { Nullable } from '../../../platform/http/schemas.ts'
import { Page, PageQuery } from '../../../platform/http/pagination.ts'
import { RunEventList, RunIdParams, RunStatusSchema } from '../../../platform/run-log/run-log.schemas.ts'
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

export const RunParams = RunIdParams('The run id (ULID)')

export const CreateBody = Type.Object(
  { symbol: Type.Optional(SymbolIn), theme: Type.Optional(ThemeIn) },
  { additionalProperties: false },
)

export const Accepted = Type.Object({ run_id: Type.String(), status: RunStatusSchema })

export const ResearchRun = Type.Object({
  run_id: Type.String(),
  symbol: Nullable(Type.String()),
  theme: Nullable(Type.String()),
  symbols: Type.Array(Type.String()),
  status: RunStatusSchema,
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

export const EventList = RunEventList()

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
