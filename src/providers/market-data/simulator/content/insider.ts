/**
 * Simulated Form 4 filings: a handful of transactions per company and calendar quarter, mostly
 * officers' sales (S) and stock grants (A), with the occasional open-market purchase (P), which
 * directors make more often than officers. Each quarter depends only on (seed, symbol, quarter).
 */
import type { InsiderTransaction } from '../../market-data.port.ts'
import type { Insider } from './shared.ts'
import { insiders } from './shared.ts'
import type { Rand } from './random.ts'
import { addDays } from '../../../../kernel/dates.ts'
import { dayNumber, hashHex, nyInstant, quarterEnd, rand, round2, shiftBusinessDays } from './random.ts'

type Code = 'S' | 'A' | 'P'

function pickInsider(r: Rand, roster: Insider[], code: Code): Insider {
  const directors = roster.filter((i) => i.director)
  const officers = roster.filter((i) => !i.director)
  // Buyers are mostly directors, sellers mostly officers; grants go to everyone.
  const pool =
    code === 'P'
      ? r.chance(0.8)
        ? directors
        : officers
      : code === 'S'
        ? r.chance(0.75)
          ? officers
          : directors
        : roster
  return r.pick(pool.length > 0 ? pool : roster)
}

function sharesFor(r: Rand, code: Code, who: Insider): number {
  const [lo, hi] =
    code === 'P'
      ? [500, 25_000]
      : code === 'A'
        ? who.director
          ? [1_000, 8_000]
          : [5_000, 80_000]
        : [1_000, 60_000]
  return Math.round(r.logBetween(lo, Math.min(hi, Math.max(lo * 2, who.holding / 3))) / 10) * 10
}

/** A business day of the quarter, seeded; never past the quarter's end. */
function dayInQuarter(r: Rand, year: number, quarter: number): string {
  const start = `${year}-${String(quarter * 3 - 2).padStart(2, '0')}-01`
  const end = quarterEnd(year, quarter)
  const day = shiftBusinessDays(addDays(start, r.int(0, dayNumber(end) - dayNumber(start))), 0)
  return day <= end ? day : shiftBusinessDays(addDays(end, 1), -1)
}

/**
 * The transactions of one company in one calendar quarter, unfiltered by time. `priceOf` gives
 * the share price on a date (the market's own price when the caller has one).
 */
export function insiderQuarter(
  seed: string,
  symbol: string,
  year: number,
  quarter: number,
  priceOf: (date: string) => number,
): InsiderTransaction[] {
  const roster = insiders(seed, symbol)
  const r = rand(seed, symbol, year, quarter, 'insider')
  const count = r.int(2, 6)
  const out: InsiderTransaction[] = []
  for (let i = 0; i < count; i++) {
    const tr = rand(seed, symbol, year, quarter, 'insider', i)
    const u = tr.next()
    const code: Code = u < 0.58 ? 'S' : u < 0.88 ? 'A' : 'P'
    const who = pickInsider(tr, roster, code)
    const date = dayInQuarter(tr, year, quarter)
    const shares = sharesFor(tr, code, who)
    // Grants are reported at $0; trades at the day's price give or take the intraday range.
    const price = code === 'A' ? 0 : round2(priceOf(date) * (1 + 0.006 * tr.normal()))
    const before = Math.max(shares + 100, Math.round((who.holding * tr.between(0.85, 1.15)) / 10) * 10)
    const filed = shiftBusinessDays(date, tr.int(1, 2))
    const filedAt = nyInstant(filed, tr.int(16, 19), tr.int(0, 59)).toISOString()
    out.push({
      symbol,
      insider_name: who.name,
      insider_title: who.title,
      transaction_code: code,
      transaction_date: date,
      shares,
      price,
      value: round2(shares * price),
      shares_owned_after: code === 'S' ? before - shares : before + shares,
      filing_url: `https://filings.sextant.invalid/form4/${symbol}/${hashHex([seed, symbol, date, who.name, i].join('|'))}`,
      filed_at: filedAt,
    })
  }
  return out
}
