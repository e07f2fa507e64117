/**
 * The filter editor's state: a tree of groups (all/any) and conditions whose values are the text of
 * their inputs, converted to and from the API's screen spec. Numbers are sent as numbers; text
 * such as "10B" or "5%" is sent as text, and the API resolves (or refuses, naming it) the unit.
 */
import type { CatalogField, Filters } from './api.ts'

export interface CondDraft {
  kind: 'cond'
  key: number
  field: string
  op: string
  /** The value, the low end of between, or a comma-separated list for in / not_in. */
  value: string
  /** The high end of between. */
  value2: string
  /** Compare against another field instead of a literal. */
  useRef: boolean
  refField: string
  refTimes: string
}
export interface GroupDraft {
  kind: 'group'
  key: number
  mode: 'all' | 'any'
  items: Draft[]
}
export type Draft = CondDraft | GroupDraft

type SpecItem = NonNullable<Filters['all']>[number]
type Operand = number | string | boolean | { field: string; times?: number }

let seq = 0
const nextKey = () => ++seq

export const NO_VALUE = new Set(['is_null', 'not_null'])
export const LIST_OPS = new Set(['in', 'not_in'])
export const REF_OPS = new Set(['gt', 'gte', 'lt', 'lte', 'eq', 'neq', 'crosses_above', 'crosses_below'])

export const emptyGroup = (mode: 'all' | 'any' = 'all'): GroupDraft => ({
  kind: 'group',
  key: nextKey(),
  mode,
  items: [],
})

export function newCondition(field: CatalogField | undefined): CondDraft {
  return {
    kind: 'cond',
    key: nextKey(),
    field: field?.id ?? '',
    op: field?.operators[0] ?? 'gt',
    value: field?.type === 'boolean' ? 'true' : '',
    value2: '',
    useRef: false,
    refField: 'sma_200',
    refTimes: '',
  }
}

const isRef = (v: unknown): v is { field: string; times?: number } =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && 'field' in v

const text = (v: unknown): string =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : ''

function condFrom(c: { field: string; op: string; value?: unknown }): CondDraft {
  const d: CondDraft = { ...newCondition(undefined), field: c.field, op: c.op }
  const v = c.value
  if (isRef(v)) return { ...d, useRef: true, refField: v.field, refTimes: text(v.times) }
  if (Array.isArray(v) && c.op === 'between') return { ...d, value: text(v[0]), value2: text(v[1]) }
  if (Array.isArray(v)) return { ...d, value: v.map(text).join(', ') }
  return { ...d, value: text(v) }
}

/** The API's filters → the editor's tree. */
export function fromFilters(g: Filters): GroupDraft {
  const mode = g.any ? 'any' : 'all'
  const items = g.any ?? g.all ?? []
  return {
    kind: 'group',
    key: nextKey(),
    mode,
    items: items.map((x) =>
      'field' in x ? condFrom(x as { field: string; op: string; value?: unknown }) : fromFilters(x),
    ),
  }
}

/** One literal as typed: a plain number is a number, true/false a boolean, anything else text. */
function literal(raw: string, field: CatalogField | undefined): Operand {
  const s = raw.trim()
  if (field?.type === 'boolean' && (s === 'true' || s === 'false')) return s === 'true'
  if (field?.type === 'number' && s !== '' && Number.isFinite(Number(s))) return Number(s)
  return s
}

function condTo(d: CondDraft, byId: ReadonlyMap<string, CatalogField>): SpecItem {
  const field = byId.get(d.field)
  if (NO_VALUE.has(d.op)) return { field: d.field, op: d.op }
  if (d.useRef && REF_OPS.has(d.op)) {
    const times = d.refTimes.trim()
    const ref = times === '' ? { field: d.refField } : { field: d.refField, times: Number(times) }
    return { field: d.field, op: d.op, value: ref }
  }
  if (d.op === 'between')
    return { field: d.field, op: d.op, value: [literal(d.value, field), literal(d.value2, field)] }
  if (LIST_OPS.has(d.op))
    return {
      field: d.field,
      op: d.op,
      value: d.value
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '')
        .map((s) => literal(s, field)),
    }
  return { field: d.field, op: d.op, value: literal(d.value, field) }
}

/** The editor's tree → the API's filters. */
export function toFilters(g: GroupDraft, byId: ReadonlyMap<string, CatalogField>): Filters {
  const items = g.items.map((x) => (x.kind === 'cond' ? condTo(x, byId) : (toFilters(x, byId) as SpecItem)))
  return g.mode === 'any' ? { any: items } : { all: items }
}

/** Replaces the item with `key` anywhere in the tree (or removes it when `next` is null). */
export function replace(g: GroupDraft, key: number, next: Draft | null): GroupDraft {
  const items: Draft[] = []
  for (const x of g.items) {
    if (x.key === key) {
      if (next) items.push(next)
    } else items.push(x.kind === 'group' ? replace(x, key, next) : x)
  }
  return { ...g, items }
}
