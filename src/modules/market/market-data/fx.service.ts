/**
 * Exchange rates by day, for converting money between currencies: the provider's euro reference
 * fixings, crossed (from → to = per-EUR(to) ÷ per-EUR(from), to 10 decimal places) and carried
 * forward over the days without a fixing (weekends, holidays) for at most `MAX_STALE_DAYS`. A day
 * beyond that, or a currency the provider does not quote, has no rate: callers report it, they
 * never assume 1. Built with the database (`store`), the fixings come from the fx_rate table, which
 * the provider fills only with what it lacks (fx-store.service.ts); without it, straight from the provider.
 */
import type { FxDay, FxProvider } from '../../../providers/market-data/index.ts'
import { addDays } from '../../../kernel/dates.ts'
import { decDiv } from '../../../kernel/decimal/decimal-string.ts'
import { StoredFx, type FxStoreDeps } from './fx-store.service.ts'

/** A fixing older than this many days does not price a day (a week covers every holiday run). */
export const MAX_STALE_DAYS = 7
const PLACES = 10

export interface FxPoint {
  date: string
  rate: string | null
  fixing_date: string | null
}

export class FxService {
  private readonly source: FxProvider

  constructor(deps: { fx: FxProvider; store?: Omit<FxStoreDeps, 'fx'> }) {
    this.source = deps.store ? new StoredFx({ ...deps.store, fx: deps.fx }) : deps.fx
  }

  /** The currencies rates exist for, EUR included. */
  currencies(): Promise<string[]> {
    return this.source.currencies()
  }

  /** The euro fixings themselves (units per 1 EUR) between two dates, ascending. */
  fixings(from: string, to: string): Promise<FxDay[]> {
    return this.source.dailyRates(from, to)
  }

  /**
   * Units of `to` per 1 `from` on every calendar day from `start` to `end` inclusive that has a
   * rate; the same currency is 1 on every day.
   */
  async daily(from: string, to: string, start: string, end: string): Promise<Map<string, string>> {
    const out = new Map<string, string>()
    for (const d of await this.series(from, to, start, end)) if (d.rate !== null) out.set(d.date, d.rate)
    return out
  }

  /**
   * Every calendar day from `start` to `end` with its rate and the date of the fixing it comes
   * from (the day itself, or the last fixing at most `MAX_STALE_DAYS` before); both null when none.
   */
  async series(from: string, to: string, start: string, end: string): Promise<FxPoint[]> {
    const out: FxPoint[] = []
    if (from === to) {
      for (let d = start; d <= end; d = addDays(d, 1)) out.push({ date: d, rate: '1', fixing_date: d })
      return out
    }
    const fixings = await this.source.dailyRates(addDays(start, -MAX_STALE_DAYS), end)
    let i = 0
    let last: { date: string; rate: string } | null = null
    for (let d = addDays(start, -MAX_STALE_DAYS); d <= end; d = addDays(d, 1)) {
      while (i < fixings.length && fixings[i]!.date <= d) {
        const r = cross(fixings[i]!.rates, from, to)
        if (r !== null) last = { date: fixings[i]!.date, rate: r }
        i++
      }
      if (d < start) continue
      const fresh = last && last.date >= addDays(d, -MAX_STALE_DAYS) ? last : null
      out.push({ date: d, rate: fresh?.rate ?? null, fixing_date: fresh?.date ?? null })
    }
    return out
  }

  /** The rate of one day, or null when there is none within reach. */
  async rate(from: string, to: string, date: string): Promise<string | null> {
    return (await this.daily(from, to, date, date)).get(date) ?? null
  }
}

function cross(perEur: Record<string, string>, from: string, to: string): string | null {
  const f = from === 'EUR' ? '1' : perEur[from]
  const t = to === 'EUR' ? '1' : perEur[to]
  if (f === undefined || t === undefined) return null
  return decDiv(t, f, PLACES)
}
