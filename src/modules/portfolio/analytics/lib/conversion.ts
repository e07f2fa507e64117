/**
 * Conversion of per-currency analytics rows into the tenant's base currency, exactly (decimal
 * strings; the answer rounds to cents once, as before). The convention:
 *
 * - a flow (capital flow) and a realized P&L figure convert at the rate of their own date;
 * - a level (unrealized P&L, market value) converts at the rate of the date it is shown for, so a
 *   holding's value moves with the exchange rate between snapshots (the currency effect).
 *
 * Amounts already in the base currency are never multiplied: an all-base portfolio gets exactly
 * the unconverted figures. A needed rate that does not exist leaves that amount out and is
 * reported (`degraded`, `missing_rates`), never replaced by 1.
 */
import { decAdd, decMul } from '../../../../kernel/decimal/index.ts'

/** What the conversion needs of the exchange rates: units of `to` per 1 `from` per calendar day. */
export interface DailyRates {
  daily(from: string, to: string, start: string, end: string): Promise<Map<string, string>>
}

export interface MissingRate {
  currency: string
  /** The first and last date a rate was needed and missing, and on how many distinct dates. */
  first_date: string
  last_date: string
  days: number
}

export interface CurrencyReport {
  currency: string
  degraded?: true
  missing_rates?: MissingRate[]
}

export class Conversion {
  private readonly missing = new Map<string, Set<string>>()

  private constructor(
    readonly base: string,
    private readonly rates: Map<string, Map<string, string>>,
  ) {}

  /** Loads the rates of every currency in `needs` (dated amounts) into `base`, one range per currency. */
  static async load(
    fx: DailyRates,
    base: string,
    needs: { currency: string; date: string }[],
  ): Promise<Conversion> {
    const span = new Map<string, { start: string; end: string }>()
    for (const { currency, date } of needs) {
      if (currency === base) continue
      const s = span.get(currency)
      if (!s) span.set(currency, { start: date, end: date })
      else {
        if (date < s.start) s.start = date
        if (date > s.end) s.end = date
      }
    }
    const rates = new Map<string, Map<string, string>>()
    for (const [currency, { start, end }] of span) {
      try {
        rates.set(currency, await fx.daily(currency, base, start, end))
      } catch {
        // No rates is what an unreachable source means: every amount of it is reported missing.
        rates.set(currency, new Map())
      }
    }
    return new Conversion(base, rates)
  }

  /** `amount` of `currency` on `date` in the base currency, or null (recorded) without a rate. */
  convert(amount: string | number, currency: string, date: string): string | null {
    const a = String(amount)
    if (currency === this.base) return a
    const rate = this.rates.get(currency)?.get(date)
    if (rate === undefined) {
      const dates = this.missing.get(currency) ?? new Set<string>()
      dates.add(date)
      this.missing.set(currency, dates)
      return null
    }
    return decMul(a, rate)
  }

  /** `currency`, and `degraded` with `missing_rates` when some rate was missing (here or in `others`). */
  report(...others: Conversion[]): CurrencyReport {
    const all = new Map<string, Set<string>>()
    for (const c of [this, ...others])
      for (const [currency, dates] of c.missing)
        all.set(currency, new Set([...(all.get(currency) ?? []), ...dates]))
    if (!all.size) return { currency: this.base }
    const missing_rates = [...all]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([currency, set]) => {
        const dates = [...set].sort()
        return { currency, first_date: dates[0]!, last_date: dates.at(-1)!, days: dates.length }
      })
    return { currency: this.base, degraded: true, missing_rates }
  }
}

/** Rows of one date and several currencies merged into one base-currency row per date (dates in order). */
export function mergeByDate<R extends { date: string; currency: string; pnl: string; trades: number }>(
  rows: R[],
  conv: Conversion,
): { date: string; pnl: string; trades: number }[] {
  const out: { date: string; pnl: string; trades: number }[] = []
  for (const r of rows) {
    let row = out.at(-1)
    if (row?.date !== r.date) {
      row = { date: r.date, pnl: '0', trades: 0 }
      out.push(row)
    }
    row.trades += r.trades
    const v = conv.convert(r.pnl, r.currency, r.date)
    if (v !== null) row.pnl = decAdd(row.pnl, v)
  }
  return out
}

/**
 * The snapshot levels (running totals per currency, rows in date order) at each of `dates`
 * (sorted), each currency's latest level on or before the date converted at that date's rate.
 */
export function levelsAt(
  rows: { date: string; currency: string; unrealized: string; market_value: string }[],
  dates: string[],
  conv: Conversion,
): { date: string; unrealized: string; market_value: string }[] {
  const latest = new Map<string, { unrealized: string; market_value: string }>()
  const out: { date: string; unrealized: string; market_value: string }[] = []
  let i = 0
  for (const date of dates) {
    for (; i < rows.length && rows[i]!.date <= date; i++) latest.set(rows[i]!.currency, rows[i]!)
    if (!latest.size) continue
    let unrealized = '0'
    let marketValue = '0'
    for (const [currency, level] of latest) {
      const u = conv.convert(level.unrealized, currency, date)
      const m = conv.convert(level.market_value, currency, date)
      if (u !== null) unrealized = decAdd(unrealized, u)
      if (m !== null) marketValue = decAdd(marketValue, m)
    }
    out.push({ date, unrealized, market_value: marketValue })
  }
  return out
}
