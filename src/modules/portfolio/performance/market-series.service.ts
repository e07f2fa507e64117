/**
 * The market side of a performance series: daily closes of the symbols (one batch through the
 * market-data provider), their quote currencies, and exchange rates into the base currency, each
 * aligned to the series days. A close is carried over a day without a bar; a symbol has no close
 * before its first bar. Rates come from the FX service (carried there at most a week); a day
 * without one is NaN, never 1.
 */
import { nyDate } from '../../../kernel/calendar/nyse.ts'
import { addDays, dateToMs } from '../../../kernel/dates.ts'
import { mapLimit } from '../../../platform/concurrency.ts'
import { barsOfMany, type MarketDataProvider } from '../../../providers/market-data/index.ts'
import type { FxService } from '../../market/market-data/index.ts'

/** Bars looked up this many days before the base day, to carry a close into it. */
const LOOKBACK_DAYS = 10

export type Market = Pick<MarketDataProvider, 'bars' | 'barsMany' | 'instrument'>

/** Closes per symbol on each of `days`, carried forward; NaN before the first close. */
export async function closesOn(
  market: Market,
  symbols: readonly string[],
  days: readonly string[],
  now: Date,
): Promise<Map<string, Float64Array>> {
  const out = new Map<string, Float64Array>()
  if (!symbols.length || !days.length) return out
  const start = new Date(dateToMs(addDays(days[0]!, -LOOKBACK_DAYS)))
  const bars = await barsOfMany(market, symbols, { interval: '1d', start, end: now })
  for (const symbol of symbols) {
    const list = (bars.get(symbol) ?? []).map((b) => ({ date: nyDate(new Date(b.time)), close: b.close }))
    const closes = new Float64Array(days.length)
    let j = -1
    for (let i = 0; i < days.length; i++) {
      while (j + 1 < list.length && list[j + 1]!.date <= days[i]!) j++
      closes[i] =
        j >= 0 && Number.isFinite(list[j]!.close) && list[j]!.close > 0 ? list[j]!.close : Number.NaN
    }
    out.set(symbol, closes)
  }
  return out
}

/** Quote currency of each symbol the provider knows (unknown symbols are absent). */
export async function currencies(market: Market, symbols: readonly string[]): Promise<Map<string, string>> {
  const found = await mapLimit(symbols, 8, (s) => market.instrument(s))
  const out = new Map<string, string>()
  found.forEach((i, k) => {
    if (i) out.set(symbols[k]!, i.currency)
  })
  return out
}

export interface Rates {
  /** Base-currency units per unit of each currency on each series day (NaN: none). */
  series: Map<string, Float64Array>
  /** The rate of a calendar day from `start` to the last series day, or null. */
  on: (currency: string, date: string) => number | null
}

/** Rates of `list` into `base` from `start` (a calendar day) to the last of `days`. */
export async function ratesInto(
  fx: Pick<FxService, 'daily'>,
  base: string,
  list: readonly string[],
  days: readonly string[],
): Promise<Rates> {
  const byDay = new Map<string, Map<string, string>>()
  if (days.length)
    for (const c of new Set(list)) byDay.set(c, await fx.daily(c, base, days[0]!, days.at(-1)!))
  const series = new Map<string, Float64Array>()
  for (const [c, m] of byDay)
    series.set(
      c,
      Float64Array.from(days, (d) => Number(m.get(d) ?? Number.NaN)),
    )
  return {
    series,
    on: (c, d) => {
      if (c === base) return 1
      const r = byDay.get(c)?.get(d)
      return r === undefined ? null : Number(r)
    },
  }
}
