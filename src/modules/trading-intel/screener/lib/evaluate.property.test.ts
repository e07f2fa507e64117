/**
 * runScreen against a brute-force evaluator written here from the rules alone, over random
 * snapshots (with nulls) and random nested specs: same total, same page, same values and why.
 * The reference reads row objects, never the columns.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import type { SourceId } from './catalog.ts'
import { runScreen } from './evaluate.ts'
import { snapshotFromRows, type SnapshotRowInput } from './snapshot.ts'
import { validateSpec, type Condition, type Group, type Operand, type ScreenSpec } from './spec.ts'

type V = number | string | boolean | null
interface Row {
  symbol: string
  v: Record<string, V>
  p: Record<string, number | null>
}

const USD = ['price', 'sma_50', 'sma_200', 'market_cap']
const CROSS = ['price', 'sma_50', 'sma_200', 'rsi_14']
const NUMS = [...USD, 'rsi_14', 'pe']
const SECTORS = ['Energy', 'Utilities', 'Financials']
const SETUPS = ['orb', 'gap']

const num = fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 6 }))
const rowArb = (symbol: string): fc.Arbitrary<Row> =>
  fc
    .record({
      nums: fc.array(num, { minLength: NUMS.length, maxLength: NUMS.length }),
      prev: fc.array(num, { minLength: CROSS.length, maxLength: CROSS.length }),
      sector: fc.constantFrom(null, ...SECTORS),
      setup: fc.constantFrom(null, ...SETUPS),
      held: fc.constantFrom(null, true, false),
    })
    .map(({ nums, prev, sector, setup, held }) => ({
      symbol,
      v: { ...Object.fromEntries(NUMS.map((f, i) => [f, nums[i]!])), sector, intraday_setup: setup, held },
      p: Object.fromEntries(CROSS.map((f, i) => [f, prev[i]!])),
    }))
const rowsArb = fc
  .uniqueArray(fc.stringMatching(/^[A-Z]{1,3}$/), { maxLength: 30 })
  .chain((syms) => (syms.length ? fc.tuple(...syms.map(rowArb)) : fc.constant([] as Row[])))

const lit = fc.integer({ min: 0, max: 6 })
const ref = (fields: string[]) =>
  fc
    .record({ field: fc.constantFrom(...fields), times: fc.constantFrom(undefined, 0.5, 1.5, 2) })
    .map((r) => (r.times === undefined ? { field: r.field } : r))
const numCond: fc.Arbitrary<Condition> = fc.constantFrom(...NUMS).chain((field) => {
  const same = USD.includes(field) ? USD : [field]
  const rhs: fc.Arbitrary<Operand> = fc.oneof(lit, ref(same))
  const ops = fc.constantFrom('gt', 'gte', 'lt', 'lte', 'eq', 'neq') as fc.Arbitrary<Condition['op']>
  const list = fc.array(lit, { minLength: 1, maxLength: 3 })
  const arms: Array<fc.Arbitrary<Condition>> = [
    fc.record({ field: fc.constant(field), op: ops, value: rhs }),
    fc
      .record({ field: fc.constant(field), op: fc.constant('between' as const), value: fc.tuple(rhs, rhs) })
      .filter(
        (c) => !(typeof c.value[0] === 'number' && typeof c.value[1] === 'number' && c.value[0] > c.value[1]),
      ),
    fc.record({
      field: fc.constant(field),
      op: fc.constantFrom('in' as const, 'not_in' as const),
      value: list,
    }),
    fc.record({ field: fc.constant(field), op: fc.constantFrom('is_null' as const, 'not_null' as const) }),
  ]
  if (CROSS.includes(field)) {
    const crossRhs = fc.oneof(lit, ref(same.filter((f) => CROSS.includes(f))))
    arms.push(
      fc.record({
        field: fc.constant(field),
        op: fc.constantFrom('crosses_above' as const, 'crosses_below' as const),
        value: crossRhs,
      }),
    )
  }
  return fc.oneof(...arms)
})
const strCond: fc.Arbitrary<Condition> = fc.oneof(
  fc.record({
    field: fc.constant('sector'),
    op: fc.constantFrom('eq' as const, 'neq' as const),
    value: fc.oneof(fc.constantFrom(...SECTORS), fc.constant({ field: 'sector' })),
  }),
  fc.record({
    field: fc.constant('sector'),
    op: fc.constantFrom('in' as const, 'not_in' as const),
    value: fc.subarray(SECTORS, { minLength: 1 }),
  }),
  fc.record({
    field: fc.constantFrom('sector', 'intraday_setup'),
    op: fc.constantFrom('is_null' as const, 'not_null' as const),
  }),
  fc.record({
    field: fc.constant('held'),
    op: fc.constantFrom('eq' as const, 'neq' as const),
    value: fc.boolean(),
  }),
)
const { group } = fc.letrec<{ group: Group; item: Condition | Group }>((tie) => ({
  group: fc
    .record({ kind: fc.constantFrom('all', 'any'), items: fc.array(tie('item'), { maxLength: 4 }) })
    .map((g) => ({ [g.kind]: g.items })),
  item: fc.oneof({ depthSize: 'small', maxDepth: 3 }, numCond, strCond, tie('group')),
}))
const specArb = fc.record({
  filters: group,
  sort: fc.array(
    fc.record({
      field: fc.constantFrom(...NUMS, 'sector', 'held'),
      dir: fc.constantFrom('asc' as const, 'desc' as const),
    }),
    { maxLength: 2 },
  ),
  limit: fc.integer({ min: 1, max: 40 }),
  offset: fc.integer({ min: 0, max: 10 }),
  columns: fc.subarray(['symbol', 'price', 'sector', 'held', 'pe']),
})

// ---- the reference: rows as objects, the rules as written in docs/screener.md ----
const rhs = (row: Row, x: Operand, prev: boolean): V => {
  if (typeof x !== 'object') return x
  const b = prev ? row.p[x.field] : row.v[x.field]
  if (b === null || b === undefined) return null
  return x.times === undefined ? b : (b as number) * x.times
}
function holds(row: Row, c: Condition): boolean {
  const a = row.v[c.field] ?? null
  if (c.op === 'is_null') return a === null
  if (c.op === 'not_null') return a !== null
  if (a === null) return false
  if (c.op === 'in') return (c.value as V[]).includes(a)
  if (c.op === 'not_in') return !(c.value as V[]).includes(a)
  if (c.op === 'between') {
    const [lo, hi] = (c.value as Operand[]).map((x) => rhs(row, x, false))
    return lo !== null && hi !== null && lo! <= a && a <= hi!
  }
  const b = rhs(row, c.value as Operand, false)
  if (b === null) return false
  if (c.op === 'crosses_above' || c.op === 'crosses_below') {
    const a0 = row.p[c.field] ?? null
    const b0 = rhs(row, c.value as Operand, true)
    if (a0 === null || typeof b0 !== 'number') return false
    return c.op === 'crosses_above' ? a0 <= b0 && a > b : a0 >= b0 && a < b
  }
  const ops = { gt: a > b, gte: a >= b, lt: a < b, lte: a <= b, eq: a === b, neq: a !== b } as Record<
    string,
    boolean
  >
  return ops[c.op]!
}
const matches = (row: Row, g: Condition | Group): boolean =>
  'field' in g
    ? holds(row, g)
    : g.all
      ? g.all.every((x) => matches(row, x))
      : g.any!.some((x) => matches(row, x))
const used = (g: Condition | Group, out: string[] = []): string[] => {
  if ('field' in g) {
    for (const f of [
      g.field,
      ...[g.value].flat().flatMap((x) => (typeof x === 'object' && x !== null ? [x.field] : [])),
    ])
      if (!out.includes(f)) out.push(f)
  } else for (const x of g.all ?? g.any!) used(x, out)
  return out
}
function brute(rows: Row[], spec: ScreenSpec) {
  const hits = rows.filter((r) => matches(r, spec.filters))
  hits.sort((x, y) => {
    for (const k of spec.sort!) {
      const a = x.v[k.field] ?? null
      const b = y.v[k.field] ?? null
      if (a === null && b === null) continue
      if (a === null || b === null) return a === null ? 1 : -1
      if (a !== b) return (a < b ? -1 : 1) * (k.dir === 'asc' ? 1 : -1)
    }
    return x.symbol < y.symbol ? -1 : x.symbol > y.symbol ? 1 : 0
  })
  const pick = (r: Row, fs: string[]) =>
    Object.fromEntries(fs.map((f) => [f, f === 'symbol' ? r.symbol : (r.v[f] ?? null)]))
  const page = hits.slice(spec.offset, spec.offset! + spec.limit!)
  const why = used(spec.filters)
  return {
    total: hits.length,
    rows: page.map((r) => ({ symbol: r.symbol, values: pick(r, spec.columns!), why: pick(r, why) })),
  }
}

describe('runScreen against a brute-force evaluation', () => {
  it('agrees on random snapshots with nulls and random nested specs', () => {
    fc.assert(
      fc.property(rowsArb, specArb, (rows, input) => {
        const r = validateSpec(input)
        assert.ok('spec' in r, JSON.stringify(r))
        const inputs: SnapshotRowInput[] = rows.map((x) => ({ symbol: x.symbol, values: x.v, previous: x.p }))
        const snap = snapshotFromRows(inputs, {
          as_of: '2026-11-24',
          built_at: '',
          sources: {} as Record<SourceId, never>,
        })
        const held = Float64Array.from(rows, (x) => (x.v.held === null ? NaN : x.v.held ? 1 : 0))
        assert.deepEqual(runScreen(snap, r.spec, new Map([['held', held]])), brute(rows, r.spec))
      }),
      { numRuns: 400 },
    )
  })
})
