/**
 * The screen spec: one JSON shape for every surface (docs/screener.md). `ScreenSpecSchema` checks its
 * structure; `validateSpec` checks it against the catalog and returns it normalised.
 */
import { Type, type TSchema } from 'typebox'
import { Text } from '../../../../platform/http/schemas.ts'

export const OPS = [
  'gt',
  'gte',
  'lt',
  'lte',
  'eq',
  'neq',
  'between',
  'in',
  'not_in',
  'is_null',
  'not_null',
  'crosses_above',
  'crosses_below',
] as const
export type Op = (typeof OPS)[number]

/** Another field as the right-hand side, optionally scaled: `{field: "sma_200", times: 1.05}`. */
export interface FieldRef {
  field: string
  times?: number
}
export type Operand = number | string | boolean | FieldRef
/** between: [lo, hi]; in/not_in: a list; is_null/not_null: no value. */
export interface Condition {
  field: string
  op: Op
  value?: Operand | Operand[]
}
/** Exactly one of all/any. */
export interface Group {
  all?: Array<Condition | Group>
  any?: Array<Condition | Group>
}
export type SortDir = 'asc' | 'desc'
export interface SortKey {
  field: string
  dir: SortDir
}
export type Universe = 'all' | 'stocks' | 'funds'
export interface ScreenSpec {
  filters: Group
  sort?: SortKey[]
  /** Default 50, max 500. */
  limit?: number
  /** Default 0. */
  offset?: number
  /** Default: DEFAULT_COLUMNS. */
  columns?: string[]
  universe?: Universe
}

export const DEFAULT_LIMIT = 50
export const MAX_LIMIT = 500
export const MAX_OFFSET = 100_000
export const DEFAULT_COLUMNS: readonly string[] = [
  'symbol',
  'name',
  'price',
  'change_pct',
  'volume',
  'market_cap',
  'sector',
]
/** Groups nest at most this deep (the top group is level 1). */
export const MAX_DEPTH = 4
/** At most this many conditions in a whole spec, and items in one group. */
export const MAX_CONDITIONS = 50
/** At most this many values in an in/not_in list. */
export const MAX_LIST = 200
export const MAX_SORT_KEYS = 5
export const MAX_COLUMNS = 60

const FieldName = (description: string) => Text({ minLength: 1, maxLength: 64, description })

const FieldRefSchema = Type.Object(
  {
    field: FieldName('Another catalog field whose value is compared.'),
    times: Type.Optional(Type.Number({ minimum: -1e6, maximum: 1e6, description: 'Scale factor (default 1).' })),
  },
  { description: 'Another field, optionally scaled: {"field": "sma_200", "times": 1.05}.' },
)
const OperandSchema = Type.Union([
  Type.Number(),
  Text({ maxLength: 200, description: 'Text, or a number with a unit suffix: "10B", "500M", "2T", "750K", "5%".' }),
  Type.Boolean(),
  FieldRefSchema,
])

const ConditionSchema = Type.Object({
  field: FieldName('A catalog field id (GET /filters).'),
  op: Text({ minLength: 1, maxLength: 32, description: `One of: ${OPS.join(', ')}.` }),
  value: Type.Optional(
    Type.Union([OperandSchema, Type.Array(OperandSchema, { maxItems: MAX_LIST })], {
      description: 'A literal or a field reference; [lo, hi] for between; a list for in/not_in; absent for is_null/not_null.',
    }),
  ),
})

function groupSchema(depth: number): TSchema {
  const item = depth > 1 ? Type.Union([ConditionSchema, groupSchema(depth - 1)]) : ConditionSchema
  const list = Type.Array(item, { maxItems: MAX_CONDITIONS })
  return Type.Object(
    { all: Type.Optional(list), any: Type.Optional(list) },
    { minProperties: 1, description: 'A group: exactly one of all (every item matches) or any (at least one does).' },
  )
}

/** The JSON shape of a screen (structure only; the catalog rules are validateSpec's). */
export const ScreenSpecSchema = Type.Object({
  filters: groupSchema(MAX_DEPTH),
  sort: Type.Optional(
    Type.Array(
      Type.Object({
        field: FieldName('A catalog field id.'),
        dir: Type.Union([Type.Literal('asc'), Type.Literal('desc')]),
      }),
      { maxItems: MAX_SORT_KEYS, description: 'Sort keys in order; nulls last in both directions, then symbol.' },
    ),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_OFFSET, default: 0 })),
  columns: Type.Optional(Type.Array(FieldName('A catalog field id.'), { maxItems: MAX_COLUMNS })),
  universe: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('stocks'), Type.Literal('funds')])),
})
