/**
 * Simulated ex-dividend dates (the only dividends provider so far: no vendor adapter yet). Rules,
 * a pure function of the symbol: stocks only; about 60 % pay (a hash of the symbol decides),
 * quarterly, in one of the three month cycles (Jan/Apr/Jul/Oct, Feb/May/Aug/Nov, Mar/Jun/Sep/Dec);
 * the ex-date is the symbol's day of the month (5th–24th), rolled forward to a business day; paid
 * two weeks later; the amount (USD 0.10–1.10 a share) is fixed per symbol.
 */
import { addDays } from '../../../../platform/dates.ts'
import type { DividendsProvider, ExDividend, Instrument } from '../../market-data.port.ts'
import { hash53, isBusinessDay, round2 } from './random.ts'

const PAYERS_PER_100 = 60
const MAX_MONTHS = 24

interface Policy {
  cycle: number
  day: number
  amount: number
}

function policyOf(symbol: string): Policy | null {
  const h = hash53(`dividend|${symbol}`)
  if (h % 100 >= PAYERS_PER_100) return null
  return {
    cycle: Math.floor(h / 100) % 3,
    day: 5 + (Math.floor(h / 300) % 20),
    amount: round2(0.1 + (Math.floor(h / 6000) % 101) / 100),
  }
}

const ymd = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10)

function exDatesOf(symbol: string, p: Policy, from: string, to: string): ExDividend[] {
  const out: ExDividend[] = []
  let y = Number(from.slice(0, 4))
  let m = Number(from.slice(5, 7))
  for (let n = 0; n <= MAX_MONTHS && ymd(y, m, 1) <= to; n++, m === 12 ? ((m = 1), y++) : m++) {
    if ((m - 1) % 3 !== p.cycle) continue
    let ex = ymd(y, m, p.day)
    while (!isBusinessDay(ex)) ex = addDays(ex, 1)
    if (ex >= from && ex <= to)
      out.push({ symbol, ex_date: ex, pay_date: addDays(ex, 14), amount: p.amount, currency: 'USD' })
  }
  return out
}

export function createSimulatedDividends(
  instruments: readonly Pick<Instrument, 'symbol' | 'type'>[],
): DividendsProvider {
  const stocks = new Set(instruments.filter((i) => i.type === 'stock').map((i) => i.symbol))
  return {
    name: 'simulated',
    async exDividends(symbols, from, to) {
      const out = [...new Set(symbols.map((s) => s.toUpperCase()))].flatMap((s) => {
        const p = stocks.has(s) ? policyOf(s) : null
        return p ? exDatesOf(s, p, from, to) : []
      })
      return out.sort((a, b) => a.ex_date.localeCompare(b.ex_date) || a.symbol.localeCompare(b.symbol))
    },
  }
}
