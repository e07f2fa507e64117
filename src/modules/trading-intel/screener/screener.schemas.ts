/** Request and response schemas of the screener routes (both surfaces). */
import { Type, type Static } from 'typebox'
import { Nullable, Text } from '../../../platform/http/schemas.ts'
import { SOURCE_IDS } from './lib/catalog.ts'
import { OPS, ScreenSpecSchema } from './lib/spec.ts'

const Scalar = Nullable(Type.Union([Type.Number(), Type.String(), Type.Boolean()]))
const Values = (description: string) => Type.Record(Type.String(), Scalar, { description })
const Pct = (description: string) => Nullable(Type.Number({ description }))

export const AsOf = Type.String({
  format: 'date',
  description:
    'A past session (YYYY-MM-DD): run the screen on that day’s snapshot, built from the bars up to that session, ' +
    'and return each row’s forward returns. Leave it out for the latest session.',
})

export const RunBody = Type.Object({ ...ScreenSpecSchema.properties, as_of: Type.Optional(AsOf) })
export type RunBodyInput = Static<typeof RunBody>

export const ForwardReturns = Type.Object(
  {
    d1: Pct('Percent from the session close to the close 1 session later; null until it exists'),
    d5: Pct('… 5 sessions later'),
    d20: Pct('… 20 sessions later'),
  },
  { description: 'With as_of only: (close_{t+k} / close_t − 1) × 100' },
)

export const RunRow = Type.Object({
  symbol: Type.String(),
  values: Values('The requested columns, by field id (null: not known)'),
  why: Values('The values of every field the filters used (the reason the row matched)'),
  forward_returns: Type.Optional(ForwardReturns),
})

export const RunResponse = Type.Object({
  as_of: Type.String({ format: 'date', description: 'The session the snapshot values are of' }),
  built_at: Type.String({ format: 'date-time', description: 'When the snapshot was built' }),
  total: Type.Integer({ description: 'Rows that matched, before limit/offset' }),
  limit: Type.Integer(),
  offset: Type.Integer(),
  columns: Type.Array(Type.String()),
  rows: Type.Array(RunRow),
  degraded_sources: Type.Optional(
    Type.Array(Type.Enum([...SOURCE_IDS]), {
      description: 'Sources whose provider failed: their fields are null',
    }),
  ),
})

const Source = Type.Object({
  label: Type.String(),
  as_of: Nullable(
    Type.String({ description: 'The session (or date) its values are of; null: not available' }),
  ),
  note: Type.Optional(Type.String()),
})
export const Sources = Type.Record(Type.String(), Source, { description: 'By source id' })

export const FieldOut = Type.Object({
  id: Type.String(),
  label: Type.String(),
  type: Type.Enum(['number', 'string', 'boolean']),
  unit: Nullable(Type.Enum(['usd', 'percent', 'ratio', 'shares', 'score'])),
  category: Type.String(),
  description: Type.String(),
  source: Type.Enum([...SOURCE_IDS]),
  as_of: Nullable(Type.String({ description: 'How fresh the field is: its source’s as_of' })),
  values: Type.Optional(Type.Array(Type.String(), { description: 'The closed set of a string field' })),
  crossable: Type.Boolean(),
  operators: Type.Array(Type.Enum([...OPS])),
})

export const Preset = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  spec: Type.Unknown({ description: 'A screen spec, ready for POST /api/screener' }),
})

export const FiltersResponse = Type.Object({
  as_of: Type.String({ format: 'date' }),
  built_at: Type.String({ format: 'date-time' }),
  fields: Type.Array(FieldOut),
  sources: Sources,
  operators: Type.Array(Type.Enum([...OPS])),
  presets: Type.Array(Preset),
})

export const Metric = Type.Object({
  key: Type.String(),
  name: Type.String(),
  category: Type.String(),
  data_type: Type.Enum(['number', 'string', 'boolean']),
  unit: Nullable(Type.String()),
  description: Type.String(),
  source: Type.String(),
  freshness: Nullable(Type.String({ description: 'Its source’s as_of' })),
  allowed_values: Type.Optional(Type.Array(Type.String())),
  operators: Type.Array(Type.Enum([...OPS])),
})
export const MetricsResponse = Type.Object({
  as_of: Type.String({ format: 'date' }),
  metrics: Type.Array(Metric),
  sources: Sources,
})

export const SavedBody = Type.Object({
  name: Text({
    minLength: 1,
    maxLength: 80,
    description: 'Trimmed; unique per user on this surface (409 when taken)',
  }),
  spec: ScreenSpecSchema,
})
export type SavedBodyInput = Static<typeof SavedBody>

export const SavedScreen = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  surface: Type.Enum(['classic', 'stock_screener']),
  spec: Type.Unknown({ description: 'The validated screen spec (defaults filled)' }),
  created_at: Type.String({ format: 'date-time' }),
})
export const SavedList = Type.Object({ items: Type.Array(SavedScreen) })
export const SavedParams = Type.Object({ screen_id: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }) })
export const Deleted = Type.Object({ deleted: Type.Integer() })
