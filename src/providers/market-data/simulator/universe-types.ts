/** Row shapes of the simulated universe's data files (compact tuples keep each file short). */
import type { InstrumentType } from '../market-data.port.ts'

/** [symbol, name, exchange, industry, market cap in $bn, reference price (2025), volatility multiplier] */
export type StockRow = readonly [string, string, string, string, number, number, number?]

export interface SectorBlock {
  sector: string
  rows: readonly StockRow[]
}

/**
 * A fund driven by the factors: [symbol, name, exchange, sector loaded (or null), category,
 * reference price, average daily volume in millions, market beta, sector loading, idiosyncratic
 * daily vol in %].
 */
export type FundRow = readonly [
  string,
  string,
  string,
  string | null,
  string,
  number,
  number,
  number,
  number,
  number,
]

/**
 * A product that tracks another symbol's daily return times a leverage (negative for inverse
 * funds): [symbol, name, exchange, type, underlying, leverage, reference price, avg volume in millions].
 */
export type DerivedRow = readonly [string, string, string, InstrumentType, string, number, number, number]
