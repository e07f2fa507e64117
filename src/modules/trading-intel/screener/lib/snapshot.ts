/**
 * The metrics snapshot: every catalog field over the whole universe as columns (one typed array per
 * number field, NaN for null), previous-session columns for the crossable fields, and which source
 * filled each field as of when. Row i of every column is symbols[i].
 */
import { FIELDS, type SourceId } from './catalog.ts'

export type Value = number | string | boolean | null

export interface SourceInfo {
  label: string
  /** When the source's values are from (ISO date or time); null when it supplied nothing. */
  as_of: string | null
  note?: string
}

export interface Snapshot {
  /** The session date (YYYY-MM-DD) the values are of. */
  as_of: string
  /** ISO time it was built. */
  built_at: string
  /** Row i is symbols[i]. */
  symbols: readonly string[]
  /** Number and boolean fields (booleans as 1/0); NaN = null. */
  numbers: ReadonlyMap<string, Float64Array>
  /** Previous-session values of the crossable fields; NaN = null. */
  previous: ReadonlyMap<string, Float64Array>
  strings: ReadonlyMap<string, ReadonlyArray<string | null>>
  sources: Record<SourceId, SourceInfo>
}

/** Per-request columns (the portfolio fields), same row order as the snapshot. */
export type Overlay = ReadonlyMap<string, Float64Array>

/** One symbol's values by field id; a field absent or undefined is null. */
export interface SnapshotRowInput {
  symbol: string
  values: Readonly<Record<string, Value | undefined>>
  /** Previous-session values of crossable fields. */
  previous?: Readonly<Record<string, number | null | undefined>>
}

export interface SnapshotMeta {
  as_of: string
  built_at: string
  sources: Record<SourceId, SourceInfo>
  /** Fields stored in the snapshot; default: every catalog field outside the portfolio category. */
  fields?: readonly string[]
}

const SNAPSHOT_FIELDS = FIELDS.filter((d) => d.category !== 'portfolio')

function numberOf(field: string, symbol: string, v: Value | undefined): number {
  if (v === null || v === undefined) return NaN
  if (typeof v === 'boolean') return v ? 1 : 0
  if (typeof v !== 'number') throw new TypeError(`${symbol}.${field}: expected a number, got ${typeof v}`)
  return Number.isFinite(v) ? v : NaN
}

function stringOf(field: string, symbol: string, v: Value | undefined): string | null {
  if (v === null || v === undefined) return null
  if (typeof v !== 'string') throw new TypeError(`${symbol}.${field}: expected text, got ${typeof v}`)
  return v
}

/** Builds a columnar snapshot from row objects (any order; rows keep the order given). */
export function snapshotFromRows(rows: readonly SnapshotRowInput[], meta: SnapshotMeta): Snapshot {
  const wanted = meta.fields ? new Set(meta.fields) : null
  const defs = SNAPSHOT_FIELDS.filter((d) => !wanted || wanted.has(d.id))
  const n = rows.length
  const numbers = new Map<string, Float64Array>()
  const previous = new Map<string, Float64Array>()
  const strings = new Map<string, Array<string | null>>()
  const symbols = rows.map((r) => r.symbol)
  strings.set('symbol', symbols)
  for (const d of defs) {
    if (d.id === 'symbol') continue
    if (d.type === 'string') {
      strings.set(
        d.id,
        rows.map((r) => stringOf(d.id, r.symbol, r.values[d.id])),
      )
    } else {
      const col = new Float64Array(n)
      for (let i = 0; i < n; i++) col[i] = numberOf(d.id, rows[i]!.symbol, rows[i]!.values[d.id])
      numbers.set(d.id, col)
    }
    if (d.crossable) {
      const prev = new Float64Array(n)
      for (let i = 0; i < n; i++) prev[i] = numberOf(d.id, rows[i]!.symbol, rows[i]!.previous?.[d.id])
      previous.set(d.id, prev)
    }
  }
  return {
    as_of: meta.as_of,
    built_at: meta.built_at,
    symbols,
    numbers,
    previous,
    strings,
    sources: meta.sources,
  }
}

/** One row's value of a field, from the overlay or the snapshot; null when neither has it. */
export function valueAt(
  snap: Snapshot,
  overlay: Overlay | undefined,
  field: string,
  i: number,
  type: string,
): Value {
  const s = snap.strings.get(field)
  if (s) return s[i] ?? null
  const col = overlay?.get(field) ?? snap.numbers.get(field)
  if (!col) return null
  const v = col[i]!
  if (Number.isNaN(v)) return null
  return type === 'boolean' ? v === 1 : v
}
