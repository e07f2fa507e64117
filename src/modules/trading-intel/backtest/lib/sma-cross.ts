/**
 * Strategy `sma_cross`, built on daily closes: per symbol, long-only — buy one share at the close of
 * the day the fast SMA crosses above the slow one (fast ≤ slow the day before, fast > slow that day),
 * sell at the close of the day it crosses back below (fast ≥ slow before, fast < slow that day); a
 * position still open on the range's last bar is sold at that close. Only crosses on days in
 * [from, to] count; the SMAs are warmed up on the bars before `from`. The trades it yields go through
 * the same selection, sizing and replay as realized ones (one share each, fees 0). Pure.
 */
import { sma } from '../../../../kernel/quant/index.ts'
import type { Bar } from '../../../../providers/market-data/market-data.port.ts'
import { dayNumber } from './calendar.ts'
import type { SourceTrade } from './select.ts'

export const DEFAULT_FAST = 20
export const DEFAULT_SLOW = 50

/** Trading days of warm-up read before `from` for a slow SMA of `slow` bars (calendar days). */
export const warmupDays = (slow: number) => Math.ceil((slow * 7) / 5) + 10

/** The trades of one symbol; ids continue from `firstId` (synthetic, in entry order). */
export function smaCrossTrades(
  symbol: string,
  bars: readonly Bar[],
  range: { from: number; to: number },
  periods: { fast: number; slow: number },
  firstId: number,
): SourceTrade[] {
  const closes = Float64Array.from(bars, (b) => b.close)
  const fast = sma(closes, periods.fast)
  const slow = sma(closes, periods.slow)
  const out: SourceTrade[] = []
  let entry = -1
  let last = -1
  const trade = (i: number, j: number): SourceTrade => ({
    id: firstId + out.length,
    symbol,
    quantity: 1,
    date_acquired: bars[i]!.time.slice(0, 10),
    sold_on: bars[j]!.time.slice(0, 10),
    proceeds: closes[j]!,
    cost_basis: closes[i]!,
    fees: 0,
    gain_loss: closes[j]! - closes[i]!,
  })
  for (let i = 1; i < bars.length; i++) {
    const day = dayNumber(bars[i]!.time.slice(0, 10))
    if (day < range.from) continue
    if (day > range.to) break
    last = i
    const [f0, s0, f1, s1] = [fast[i - 1]!, slow[i - 1]!, fast[i]!, slow[i]!]
    if (Number.isNaN(f0 + s0 + f1 + s1)) continue
    if (entry < 0 && f0 <= s0 && f1 > s1) entry = i
    else if (entry >= 0 && f0 >= s0 && f1 < s1) {
      out.push(trade(entry, i))
      entry = -1
    }
  }
  if (entry >= 0 && last > entry) out.push(trade(entry, last))
  return out
}
