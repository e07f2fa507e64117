/**
 * Simulated ex-dividend dates (the only dividends provider so far: no vendor adapter yet). Rules,
 * a pure function of the symbol: stocks only; the companies that pay no regular dividend (Amazon,
 * Tesla, AMD, Netflix, Berkshire, most young growth names) pay none, and those that started or
 * stopped paying pay only while they did (Alphabet from June 2024, Meta from February 2024, Intel
 * until August 2024, Boeing until February 2020, …); every other stock pays quarterly, in one of
 * the three month cycles (Jan/Apr/Jul/Oct, Feb/May/Aug/Nov, Mar/Jun/Sep/Dec), the ex-date on the
 * symbol's day of the month (5th–24th) rolled forward to a business day, paid two weeks later (on a
 * business day). The amount, fixed per symbol, is a quarter of a yield typical of its sector
 * (0.6–1.4× of it) on the symbol's reference price.
 */
import { addDays } from '../../../../kernel/dates.ts'
import type { DividendsProvider, ExDividend, Instrument } from '../../market-data.port.ts'
import { instrumentOf, profileOf } from '../universe.ts'
import { hash53, isBusinessDay, round2 } from './random.ts'

const MAX_MONTHS = 24

/** Stocks of the universe without a regular cash dividend. */
const NON_PAYERS = new Set(
  (
    'AMZN TSLA AMD ADBE NOW PLTR ANET PANW CRWD SNPS CDNS FTNT ADSK WDAY ON KEYS IT SMCI APP DDOG TTD FICO ' +
    'TYL PTC GDDY AKAM EPAM FFIV TDY TRMB ZBRA SNDK FSLR Q NFLX CHTR TTWO WBD LYV ORLY AZO CMG ABNB DASH ' +
    'LULU CVNA ULTA KMX CCL NCLH MGM APTV DECK NVR MHK MNST ISRG VRTX BSX IDXX EW DXCM ALGN PODD HOLX ' +
    'MTD WAT CRL INCY MRNA BIIB MOH CNC DVA IQV SOLV COO HSIC BRK.B COIN HOOD XYZ FI CPAY ACGL UBER ' +
    'TDG AXON CPRT UAL GNRC BLDR DAY CBRE CSGP'
  ).split(' '),
)

/** Payers only from a date (first ex-date on or after it). */
const PAYING_SINCE: Readonly<Record<string, string>> = {
  GOOGL: '2024-06-01',
  GOOG: '2024-06-01',
  META: '2024-02-01',
  CRM: '2024-03-01',
  BKNG: '2024-03-01',
  TMUS: '2023-12-01',
  DELL: '2023-04-01',
  URI: '2023-02-01',
  GEV: '2024-11-01',
  MTCH: '2024-04-01',
  REGN: '2025-05-01',
  VRSN: '2025-05-01',
  TKO: '2025-03-01',
  PYPL: '2025-12-01',
  WYNN: '2023-02-01',
  PCG: '2024-03-01',
}

/** Payers only until a date (last ex-date before it). */
const PAID_UNTIL: Readonly<Record<string, string>> = {
  INTC: '2024-09-01',
  BA: '2020-03-01',
}

/** Typical dividend yield per sector. */
const YIELD: Readonly<Record<string, number>> = {
  'Information Technology': 0.009,
  'Communication Services': 0.015,
  'Consumer Discretionary': 0.012,
  'Consumer Staples': 0.028,
  'Health Care': 0.017,
  Financials: 0.02,
  Industrials: 0.014,
  Energy: 0.035,
  Utilities: 0.033,
  'Real Estate': 0.038,
  Materials: 0.02,
}

export interface DividendPolicy {
  /** Month cycle: 0 → Jan/Apr/Jul/Oct, 1 → Feb/May/Aug/Nov, 2 → Mar/Jun/Sep/Dec. */
  cycle: number
  /** Day of the month of the ex-date (before rolling to a business day). */
  day: number
  /** USD a share, per quarter. */
  amount: number
  /** First and last ex-dates allowed (inclusive; '' and '9999-12-31' when unbounded). */
  from: string
  until: string
}

/** A stock's dividend policy, or null when it pays none (or is not a stock of the universe). */
export function dividendPolicy(symbol: string): DividendPolicy | null {
  const instrument = instrumentOf(symbol)
  const price = profileOf(symbol)?.ref
  if (instrument?.type !== 'stock' || !price || NON_PAYERS.has(symbol)) return null
  const h = hash53(`dividend|${symbol}`)
  const yieldOf = (YIELD[instrument.sector ?? ''] ?? 0.015) * (0.6 + 0.8 * ((h % 1000) / 1000))
  return {
    cycle: Math.floor(h / 1000) % 3,
    day: 5 + (Math.floor(h / 3000) % 20),
    amount: Math.max(0.01, round2((price * yieldOf) / 4)),
    from: PAYING_SINCE[symbol] ?? '',
    until: PAID_UNTIL[symbol] ? addDays(PAID_UNTIL[symbol], -1) : '9999-12-31',
  }
}

const ymd = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10)

const businessDayOnOrAfter = (date: string): string => {
  let d = date
  while (!isBusinessDay(d)) d = addDays(d, 1)
  return d
}

/** The policy's ex-dividend events with from ≤ ex_date ≤ to (at most `months` months from `from`). */
export function exDatesOf(
  symbol: string,
  p: DividendPolicy,
  from: string,
  to: string,
  months = MAX_MONTHS,
): ExDividend[] {
  const out: ExDividend[] = []
  let y = Number(from.slice(0, 4))
  let m = Number(from.slice(5, 7))
  for (let n = 0; n <= months && ymd(y, m, 1) <= to; n++, m === 12 ? ((m = 1), y++) : m++) {
    if ((m - 1) % 3 !== p.cycle) continue
    const ex = businessDayOnOrAfter(ymd(y, m, p.day))
    if (ex < from || ex > to || ex < p.from || ex > p.until) continue
    const pay = businessDayOnOrAfter(addDays(ex, 14))
    out.push({ symbol, ex_date: ex, pay_date: pay, amount: p.amount, currency: 'USD' })
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
        const p = stocks.has(s) ? dividendPolicy(s) : null
        return p ? exDatesOf(s, p, from, to) : []
      })
      return out.sort((a, b) => a.ex_date.localeCompare(b.ex_date) || a.symbol.localeCompare(b.symbol))
    },
  }
}
