/**
 * The market section of a symbol: last close, returns over 1 month (21 sessions), 3 months (63) and
 * year to date (from the last close of the previous year, New York dates), and the annualized
 * volatility of the last 60 daily returns. Too short a history → null for that figure.
 */
import { annualVolatility, simpleReturns } from '../../../../kernel/quant/index.ts'
import type { Bar } from '../../../../providers/market-data/index.ts'

export const SESSIONS_1M = 21
export const SESSIONS_3M = 63
export const VOL_RETURNS = 60

const r4 = (x: number): number | null => (Number.isFinite(x) ? Math.round(x * 10_000) / 10_000 : null)

function back(closes: number[], n: number): number | null {
  const last = closes.length - 1
  return last - n >= 0 ? r4(closes[last]! / closes[last - n]! - 1) : null
}

export function marketFigures(bars: readonly Bar[], today: string) {
  const closes = bars.map((b) => b.close)
  const last = closes[closes.length - 1]
  const year = today.slice(0, 4)
  // Daily bars start at New York midnight of their date (04:00 or 05:00 UTC): the UTC date is theirs.
  const prior = bars.filter((b) => b.time.slice(0, 10) < `${year}-01-01`)
  const base = prior.length ? prior[prior.length - 1]!.close : null
  return {
    price: last ?? null,
    as_of: bars.length ? bars[bars.length - 1]!.time : null,
    return_1m: back(closes, SESSIONS_1M),
    return_3m: back(closes, SESSIONS_3M),
    return_ytd: last !== undefined && base ? r4(last / base - 1) : null,
    annual_volatility:
      closes.length > 2 ? r4(annualVolatility(simpleReturns(closes.slice(-(VOL_RETURNS + 1))))) : null,
  }
}
