/**
 * The screen spec: one JSON shape for every surface (docs/screener.md). `ScreenSpecSchema` checks its
 * structure; `validateSpec` checks it against the catalog and returns it normalised.
 */
import { Type, type TSchema } from 'typebox'
import type { FieldError } from '../../../../platform/http/errors.ts'
import { Text } from '../../../../platform/http/schemas.ts'
import { conditionValue, knownField, OPS_BY_TYPE, type Loc, type Report } from './operands.ts'

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
    times: Type.Optional(
      Type.Number({ minimum: -1e6, maximum: 1e6, description: 'Scale factor (default 1).' }),
    ),
  },
  { description: 'Another field, optionally scaled: {"field": "sma_200", "times": 1.05}.' },
)
const OperandSchema = Type.Union([
  Type.Number(),
  Text({
    maxLength: 200,
    description: 'Text, or a number with a unit suffix: "10B", "500M", "2T", "750K", "5%".',
  }),
  Type.Boolean(),
  FieldRefSchema,
])

const ConditionSchema = Type.Object({
  field: FieldName('A catalog field id (GET /filters).'),
  op: Text({ minLength: 1, maxLength: 32, description: `One of: ${OPS.join(', ')}.` }),
  value: Type.Optional(
    Type.Union([OperandSchema, Type.Array(OperandSchema, { maxItems: MAX_LIST })], {
      description:
        'A literal or a field reference; [lo, hi] for between; a list for in/not_in; absent for is_null/not_null.',
    }),
  ),
})

function groupSchema(depth: number): TSchema {
  const item = depth > 1 ? Type.Union([ConditionSchema, groupSchema(depth - 1)]) : ConditionSchema
  const list = Type.Array(item, { maxItems: MAX_CONDITIONS })
  return Type.Object(
    { all: Type.Optional(list), any: Type.Optional(list) },
    {
      minProperties: 1,
      description: 'A group: exactly one of all (every item matches) or any (at least one does).',
    },
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
      {
        maxItems: MAX_SORT_KEYS,
        description: 'Sort keys in order; nulls last in both directions, then symbol.',
      },
    ),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_OFFSET, default: 0 })),
  columns: Type.Optional(Type.Array(FieldName('A catalog field id.'), { maxItems: MAX_COLUMNS })),
  universe: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('stocks'), Type.Literal('funds')])),
})

const OP_SET: ReadonlySet<string> = new Set(OPS)
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
export const isGroup = (item: Condition | Group): item is Group => !('field' in item) && !('op' in item)

interface Walk {
  report: Report
  conditions: number
}

function checkCondition(c: Record<string, unknown>, loc: Loc, w: Walk): Condition | undefined {
  w.conditions++
  const def = knownField(c.field, [...loc, 'field'], w.report)
  const op = c.op
  if (typeof op !== 'string' || !OP_SET.has(op)) {
    w.report(
      [...loc, 'op'],
      `unknown operator "${String(op)}"; one of: ${OPS.join(', ')}`,
      'screener.unknown_operator',
    )
    return undefined
  }
  if (!def) return undefined
  const typed = op as Op
  if (!OPS_BY_TYPE[def.type].has(typed)) {
    const allowed = [...OPS_BY_TYPE[def.type]].join(', ')
    w.report(
      [...loc, 'op'],
      `${op} does not apply to ${def.id} (${def.type}); use one of: ${allowed}`,
      'screener.wrong_type',
    )
    return undefined
  }
  if ((typed === 'crosses_above' || typed === 'crosses_below') && !def.crossable) {
    w.report([...loc, 'op'], `${def.id} has no previous-session value to cross`, 'screener.not_crossable')
    return undefined
  }
  const value = conditionValue(
    def,
    { field: def.id, op: typed, value: c.value as Condition['value'] },
    loc,
    w.report,
  )
  if (value === null) return undefined
  return value === undefined ? { field: def.id, op: typed } : { field: def.id, op: typed, value }
}

function checkGroup(g: unknown, loc: Loc, depth: number, w: Walk): Group | undefined {
  if (!isObject(g)) {
    w.report(loc, 'must be a group {"all": [...]} or {"any": [...]}', 'screener.wrong_type')
    return undefined
  }
  const keys = Object.keys(g)
  if (keys.length !== 1 || (keys[0] !== 'all' && keys[0] !== 'any')) {
    w.report(loc, 'a group has exactly one of all or any', 'screener.wrong_type')
    return undefined
  }
  const kind = keys[0]
  const items = g[kind]
  if (!Array.isArray(items)) {
    w.report([...loc, kind], 'must be a list of conditions and groups', 'screener.wrong_type')
    return undefined
  }
  if (depth > MAX_DEPTH) {
    w.report(loc, `groups nest at most ${MAX_DEPTH} deep`, 'screener.too_deep')
    return undefined
  }
  const out: Array<Condition | Group | undefined> = items.map((item, i) => {
    const at = [...loc, kind, i]
    if (isObject(item) && ('field' in item || 'op' in item)) return checkCondition(item, at, w)
    return checkGroup(item, at, depth + 1, w)
  })
  if (out.some((x) => x === undefined)) return undefined
  return { [kind]: out as Array<Condition | Group> }
}

function checkFields(list: unknown, loc: Loc, w: Walk, what: 'sort' | 'columns'): unknown[] | undefined {
  if (list === undefined) return []
  if (!Array.isArray(list)) {
    w.report(loc, 'must be a list', 'screener.wrong_type')
    return undefined
  }
  let ok = true
  const out = list.map((item, i) => {
    const key: unknown = what === 'sort' && isObject(item) ? item.field : item
    const def = knownField(key, what === 'sort' ? [...loc, i, 'field'] : [...loc, i], w.report)
    const dir = what === 'sort' && isObject(item) ? item.dir : 'asc'
    if (dir !== 'asc' && dir !== 'desc')
      w.report([...loc, i, 'dir'], 'must be asc or desc', 'screener.wrong_type')
    if (!def || (dir !== 'asc' && dir !== 'desc')) ok = false
    return what === 'sort' ? { field: def?.id, dir } : def?.id
  })
  return ok ? out : undefined
}

function checkInteger(v: unknown, fallback: number, min: number, max: number, loc: Loc, w: Walk): number {
  if (v === undefined) return fallback
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    w.report(loc, `must be an integer from ${min} to ${max}`, 'screener.wrong_type')
  }
  return v as number
}

/**
 * Semantic validation against the catalog: unknown field or operator, a value of the wrong type or
 * unit, an operator that does not apply to the field's type, crossing a field without a previous
 * value, depth and size limits. Returns the screen spec normalised (unit suffixes resolved, closed-set
 * values canonical, defaults filled) or field errors whose `loc` starts at `at` (default ["body"]).
 */
export function validateSpec(
  input: ScreenSpec,
  at: Loc = ['body'],
): { spec: ScreenSpec } | { errors: FieldError[] } {
  const errors: FieldError[] = []
  const report: Report = (loc, msg, type, hint) =>
    errors.push(hint === undefined ? { loc, msg, type } : { loc, msg, type, hint })
  const w: Walk = { report, conditions: 0 }
  const raw: Record<string, unknown> = isObject(input) ? input : {}
  if (!isObject(input)) report(at, 'must be a screen spec object', 'screener.wrong_type')
  const filters = checkGroup(raw.filters, [...at, 'filters'], 1, w)
  if (w.conditions > MAX_CONDITIONS)
    report([...at, 'filters'], `at most ${MAX_CONDITIONS} conditions`, 'screener.too_many')
  const sort = checkFields(raw.sort, [...at, 'sort'], w, 'sort') as SortKey[] | undefined
  const columns =
    raw.columns === undefined
      ? [...DEFAULT_COLUMNS]
      : (checkFields(raw.columns, [...at, 'columns'], w, 'columns') as string[])
  if (sort && sort.length > MAX_SORT_KEYS)
    report([...at, 'sort'], `at most ${MAX_SORT_KEYS} sort keys`, 'screener.too_many')
  if (columns && columns.length > MAX_COLUMNS)
    report([...at, 'columns'], `at most ${MAX_COLUMNS} columns`, 'screener.too_many')
  const limit = checkInteger(raw.limit, DEFAULT_LIMIT, 1, MAX_LIMIT, [...at, 'limit'], w)
  const offset = checkInteger(raw.offset, 0, 0, MAX_OFFSET, [...at, 'offset'], w)
  const universe = raw.universe ?? 'all'
  if (universe !== 'all' && universe !== 'stocks' && universe !== 'funds') {
    report([...at, 'universe'], 'must be all, stocks or funds', 'screener.wrong_type')
  }
  if (errors.length > 0 || !filters || !sort || !columns) return { errors }
  const spec: ScreenSpec = {
    filters,
    sort,
    limit,
    offset,
    columns: [...new Set(columns)],
    universe: universe as Universe,
  }
  return { spec }
}
