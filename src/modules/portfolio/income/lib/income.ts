/**
 * Income from the activity ledger, in the base currency: each DIVIDEND and INTEREST (gross, before
 * tax and fees; a negative one is a reversal) and each TAX (tax withheld), every amount and its fee
 * already converted at its own day's rate and rounded to cents. Summed per period (YYYY-MM or YYYY)
 * and per symbol: gross = dividends + interest, net = gross − tax − fees.
 */
import { centsToNumber } from '../../../../kernel/decimal/cents.ts'

export interface IncomeEntry {
  type: 'DIVIDEND' | 'INTEREST' | 'TAX'
  date: string
  symbol: string | null
  /** The amount in the base currency, cents. */
  amount: bigint
  /** The fee in the base currency, cents (always a cost). */
  fee: bigint
}

interface Sums {
  dividends: bigint
  interest: bigint
  tax: bigint
  fees: bigint
}

const zero = (): Sums => ({ dividends: 0n, interest: 0n, tax: 0n, fees: 0n })

function add(s: Sums, e: IncomeEntry): void {
  if (e.type === 'DIVIDEND') s.dividends += e.amount
  else if (e.type === 'INTEREST') s.interest += e.amount
  else s.tax += e.amount
  s.fees += e.fee
}

export function shape(s: Sums) {
  const gross = s.dividends + s.interest
  return {
    dividends: centsToNumber(s.dividends),
    interest: centsToNumber(s.interest),
    gross: centsToNumber(gross),
    tax: centsToNumber(s.tax),
    fees: centsToNumber(s.fees),
    net: centsToNumber(gross - s.tax - s.fees),
  }
}

/** Every month of `year` (zeros included), or its one year; without a year, each period with income. */
function periodsOf(by: 'month' | 'year', year: number | undefined, seen: Iterable<string>): string[] {
  if (year === undefined) return [...new Set(seen)].sort()
  if (by === 'year') return [String(year)]
  return Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`)
}

/** Per period (oldest first) and in total, the entries dated in `year` (all, without one). */
export function byPeriod(entries: readonly IncomeEntry[], by: 'month' | 'year', year?: number) {
  const keyOf = (date: string) => (by === 'month' ? date.slice(0, 7) : date.slice(0, 4))
  const within = entries.filter((e) => year === undefined || e.date.startsWith(`${year}-`))
  const sums = new Map<string, Sums>()
  const total = zero()
  for (const e of within) {
    const k = keyOf(e.date)
    const s = sums.get(k) ?? zero()
    add(s, e)
    sums.set(k, s)
    add(total, e)
  }
  const periods = periodsOf(
    by,
    year,
    within.map((e) => keyOf(e.date)),
  )
  return { items: periods.map((period) => ({ period, ...shape(sums.get(period) ?? zero()) })), totals: total }
}

/**
 * Per symbol, the entries dated from `from` to `to` (inclusive), largest gross first, then by
 * symbol; entries without a symbol (cash interest, an account-level tax) under a null symbol, last.
 */
export function bySymbol(entries: readonly IncomeEntry[], from: string, to: string) {
  const sums = new Map<string | null, Sums>()
  const total = zero()
  for (const e of entries) {
    if (e.date < from || e.date > to) continue
    const s = sums.get(e.symbol) ?? zero()
    add(s, e)
    sums.set(e.symbol, s)
    add(total, e)
  }
  const rows = [...sums.entries()].map(([symbol, s]) => ({ symbol, gross: s.dividends + s.interest, s }))
  rows.sort((a, b) => {
    if (a.symbol === null || b.symbol === null) return a.symbol === null ? 1 : -1
    return a.gross === b.gross ? (a.symbol < b.symbol ? -1 : 1) : a.gross > b.gross ? -1 : 1
  })
  return { items: rows.map((r) => ({ symbol: r.symbol, ...shape(r.s) })), totals: total }
}
