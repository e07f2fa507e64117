/**
 * Runs a validated screen over a snapshot. The filters compile once into closures over the columns
 * (one predicate per condition, one per group); evaluating a row allocates nothing. A comparison
 * with a null on either side is false (neq and not_in too); only is_null/not_null match nulls.
 */
import { FIELD_BY_ID } from './catalog.ts'
import { isRef } from './operands.ts'
import {
  DEFAULT_COLUMNS,
  DEFAULT_LIMIT,
  isGroup,
  type Condition,
  type Group,
  type Operand,
  type ScreenSpec,
} from './spec.ts'
import { valueAt, type Overlay, type Snapshot, type Value } from './snapshot.ts'

export interface ScreenRow {
  symbol: string
  values: Record<string, Value>
  why: Record<string, Value>
}
export interface ScreenResult {
  total: number
  rows: ScreenRow[]
}

type Pred = (i: number) => boolean
/** The right-hand side of a number comparison at row i (NaN = null). */
type Num = (i: number) => number

interface Columns {
  n: number
  num(field: string): Float64Array
  prev(field: string): Float64Array
  str(field: string): ReadonlyArray<string | null>
}

function columns(snap: Snapshot, overlay: Overlay | undefined): Columns {
  const n = snap.symbols.length
  let empty: Float64Array | undefined
  const nulls = () => (empty ??= new Float64Array(n).fill(NaN))
  return {
    n,
    num: (f) => overlay?.get(f) ?? snap.numbers.get(f) ?? nulls(),
    prev: (f) => snap.previous.get(f) ?? nulls(),
    str: (f) => snap.strings.get(f) ?? new Array<string | null>(n).fill(null),
  }
}

function numOperand(cols: Columns, v: Operand, previous: boolean): Num {
  if (isRef(v)) {
    const col = previous ? cols.prev(v.field) : cols.num(v.field)
    const t = v.times ?? 1
    return t === 1 ? (i) => col[i]! : (i) => col[i]! * t
  }
  const k = typeof v === 'boolean' ? (v ? 1 : 0) : (v as number)
  return () => k
}

function numberCondition(cols: Columns, c: Condition): Pred {
  const a = cols.num(c.field)
  const v = c.value
  switch (c.op) {
    case 'is_null':
      return (i) => Number.isNaN(a[i])
    case 'not_null':
      return (i) => !Number.isNaN(a[i])
    case 'in':
    case 'not_in': {
      const set = new Set((v as Operand[]).map((x) => (typeof x === 'boolean' ? (x ? 1 : 0) : (x as number))))
      return c.op === 'in' ? (i) => set.has(a[i]!) : (i) => !Number.isNaN(a[i]) && !set.has(a[i]!)
    }
    case 'between': {
      const [lo, hi] = (v as Operand[]).map((x) => numOperand(cols, x, false)) as [Num, Num]
      return (i) => a[i]! >= lo(i) && a[i]! <= hi(i)
    }
    case 'crosses_above':
    case 'crosses_below': {
      const p = cols.prev(c.field)
      const b = numOperand(cols, v as Operand, false)
      const b0 = numOperand(cols, v as Operand, true)
      return c.op === 'crosses_above'
        ? (i) => p[i]! <= b0(i) && a[i]! > b(i)
        : (i) => p[i]! >= b0(i) && a[i]! < b(i)
    }
  }
  const b = numOperand(cols, v as Operand, false)
  switch (c.op) {
    case 'gt':
      return (i) => a[i]! > b(i)
    case 'gte':
      return (i) => a[i]! >= b(i)
    case 'lt':
      return (i) => a[i]! < b(i)
    case 'lte':
      return (i) => a[i]! <= b(i)
    case 'eq':
      return (i) => a[i] === b(i)
    default: {
      // neq: both sides present and different.
      return (i) => {
        const x = a[i]!
        const y = b(i)
        return x === x && y === y && x !== y
      }
    }
  }
}

function stringCondition(cols: Columns, c: Condition): Pred {
  const a = cols.str(c.field)
  const v = c.value
  switch (c.op) {
    case 'is_null':
      return (i) => a[i] === null
    case 'not_null':
      return (i) => a[i] !== null
    case 'in':
    case 'not_in': {
      const set = new Set(v as string[])
      return c.op === 'in' ? (i) => set.has(a[i] as string) : (i) => a[i] !== null && !set.has(a[i]!)
    }
  }
  const eq = c.op === 'eq'
  if (isRef(v)) {
    const b = cols.str(v.field)
    return (i) => a[i] !== null && b[i] !== null && (a[i] === b[i]) === eq
  }
  return (i) => a[i] !== null && (a[i] === v) === eq
}

function compile(cols: Columns, item: Condition | Group): Pred {
  if (isGroup(item)) {
    const all = item.all !== undefined
    const ps = (item.all ?? item.any ?? []).map((x) => compile(cols, x))
    const m = ps.length
    if (m === 1) return ps[0]!
    return all
      ? (i) => {
          for (let j = 0; j < m; j++) if (!ps[j]!(i)) return false
          return true
        }
      : (i) => {
          for (let j = 0; j < m; j++) if (ps[j]!(i)) return true
          return false
        }
  }
  const def = FIELD_BY_ID.get(item.field)
  if (def?.type === 'string') return stringCondition(cols, item)
  return numberCondition(cols, item)
}

/** Every field a group's conditions read, right-hand fields included, in order of first use. */
export function fieldsUsed(group: Group): string[] {
  const out = new Set<string>()
  const operand = (v: unknown) => {
    if (isRef(v)) out.add(v.field)
  }
  const walk = (item: Condition | Group) => {
    if (isGroup(item)) return (item.all ?? item.any ?? []).forEach(walk)
    out.add(item.field)
    if (Array.isArray(item.value)) item.value.forEach(operand)
    else operand(item.value)
  }
  walk(group)
  return [...out]
}

function universe(cols: Columns, which: ScreenSpec['universe']): Pred | null {
  if (which === undefined || which === 'all') return null
  const type = cols.str('type')
  return which === 'stocks'
    ? (i) => type[i] === 'stock'
    : (i) => type[i] === 'etf' || type[i] === 'inverse_etf'
}

function comparator(cols: Columns, snap: Snapshot, spec: ScreenSpec): (x: number, y: number) => number {
  const keys = (spec.sort ?? []).map((k) => {
    const s = FIELD_BY_ID.get(k.field)?.type === 'string' ? cols.str(k.field) : null
    return { s, a: s ? null : cols.num(k.field), d: k.dir === 'desc' ? -1 : 1 }
  })
  const sym = snap.symbols
  return (x, y) => {
    for (const k of keys) {
      const p = k.s ? k.s[x] : k.a![x]!
      const q = k.s ? k.s[y] : k.a![y]!
      const pn = p === null || p !== p
      const qn = q === null || q !== q
      if (pn || qn) {
        if (pn && qn) continue
        return pn ? 1 : -1
      }
      if (p !== q) return (p! < q! ? -1 : 1) * k.d
    }
    return sym[x]! < sym[y]! ? -1 : sym[x]! > sym[y]! ? 1 : 0
  }
}

/** Runs a spec returned by validateSpec: the total matched, and the requested page of rows. */
export function runScreen(snap: Snapshot, spec: ScreenSpec, overlay?: Overlay): ScreenResult {
  const cols = columns(snap, overlay)
  const match = compile(cols, spec.filters)
  const only = universe(cols, spec.universe)
  const hits = new Int32Array(cols.n)
  let total = 0
  for (let i = 0; i < cols.n; i++) if ((only === null || only(i)) && match(i)) hits[total++] = i
  const order = hits.subarray(0, total).sort(comparator(cols, snap, spec))
  const offset = spec.offset ?? 0
  const page = order.subarray(offset, offset + (spec.limit ?? DEFAULT_LIMIT))
  const show = spec.columns ?? DEFAULT_COLUMNS
  const why = fieldsUsed(spec.filters)
  const pick = (list: readonly string[], i: number) => {
    const out: Record<string, Value> = {}
    for (const f of list) out[f] = valueAt(snap, overlay, f, i, FIELD_BY_ID.get(f)?.type ?? 'number')
    return out
  }
  const rows = Array.from(page, (i) => ({
    symbol: snap.symbols[i]!,
    values: pick(show, i),
    why: pick(why, i),
  }))
  return { total, rows }
}
