/**
 * The simulated universe's data (universe.json), checked against its shape once at load. The
 * rows are compact tuples; each block's `columns` names them, and the schemas below type them.
 *
 * How the file is found: it is imported as a JSON module, so it resolves relative to this
 * file. tsx reads it in place; `tsc` (resolveJsonModule) copies it beside the emitted .js in the
 * output folder, and esbuild inlines it into the bundle, so a built service runs with plain `node`
 * without any path lookup at runtime.
 */
import { Type, type Static } from 'typebox'
import { Value } from 'typebox/value'
import raw from './universe.json' with { type: 'json' }

const Num = Type.Number()
const Str = Type.String()

/** [symbol, name, exchange, industry, market cap in $bn, reference price (2025), volatility multiplier?] */
const StockRow = Type.Union([
  Type.Tuple([Str, Str, Str, Str, Num, Num]),
  Type.Tuple([Str, Str, Str, Str, Num, Num, Num]),
])

/**
 * A fund driven by the factors: [symbol, name, exchange, sector loaded (or null), category,
 * reference price, average daily volume in millions, market beta, sector loading, idiosyncratic
 * daily vol in %].
 */
const FundRow = Type.Tuple([Str, Str, Str, Type.Union([Str, Type.Null()]), Str, Num, Num, Num, Num, Num])

/**
 * A product that tracks another symbol's daily return times a leverage (negative for inverse
 * funds): [symbol, name, exchange, type, underlying, leverage, reference price, avg volume in millions].
 */
const DerivedType = Type.Union([Type.Literal('etf'), Type.Literal('inverse_etf'), Type.Literal('index')])
const DerivedRow = Type.Tuple([Str, Str, Str, DerivedType, Str, Num, Num, Num])

const Columns = Type.Array(Str)
const UniverseData = Type.Object({
  stocks: Type.Object({
    columns: Columns,
    sectors: Type.Array(Type.Object({ sector: Str, rows: Type.Array(StockRow) })),
  }),
  funds: Type.Object({ columns: Columns, rows: Type.Array(FundRow) }),
  derived: Type.Object({ columns: Columns, rows: Type.Array(DerivedRow) }),
  vix: Type.Object({ symbol: Str, name: Str, exchange: Str, level: Num }),
})
export type UniverseData = Static<typeof UniverseData>
export type StockRow = Static<typeof StockRow>
export type FundRow = Static<typeof FundRow>
export type DerivedRow = Static<typeof DerivedRow>

/** The data if it has the universe's shape; otherwise throws, naming the first offending path. */
export function parseUniverseData(data: unknown): UniverseData {
  if (Value.Check(UniverseData, data)) return data
  const first = Value.Errors(UniverseData, data)[0]
  throw new Error(`universe.json: ${first?.instancePath ?? ''} ${first?.message ?? 'invalid'}`)
}

export const UNIVERSE_DATA: UniverseData = parseUniverseData(raw)
