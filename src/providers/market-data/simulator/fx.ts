/**
 * Simulated euro reference rates, 2015–2030: one fixing per TARGET business day (weekdays except
 * 1 January, Good Friday, Easter Monday, 1 May, 25 and 26 December). Each currency's log rate
 * reverts slowly to a plausible level (half-life about three years) under daily shocks of its
 * own volatility; DKK stays inside its ERM II band and HKD follows USD inside its peg. Seeded per
 * currency and day, so every run and every process sees the same rates.
 */
import type { FxDay, FxProvider } from '../market-data.port.ts'
import { hashString, normalAt } from './random.ts'
import { dayNumberOf, FIRST_DATE, LAST_DATE } from './calendar.ts'
import { DAY_MS } from '../../../kernel/dates.ts'
import { easterSunday } from '../../../kernel/calendar/nyse.holidays.ts'

/** Per 1 EUR: the level rates revert to, and the annual volatility of the daily log change. */
const LEVELS: Record<string, [level: number, vol: number, places: number]> = {
  USD: [1.1, 0.075, 4],
  GBP: [0.86, 0.065, 5],
  JPY: [150, 0.09, 2],
  CHF: [0.98, 0.06, 4],
  CAD: [1.5, 0.07, 4],
  AUD: [1.62, 0.09, 4],
  NZD: [1.75, 0.09, 4],
  SEK: [11, 0.07, 4],
  NOK: [11.2, 0.08, 4],
  PLN: [4.4, 0.06, 4],
  CZK: [25.5, 0.04, 3],
  SGD: [1.5, 0.05, 4],
  CNY: [7.7, 0.06, 4],
  INR: [88, 0.07, 4],
  BRL: [5.8, 0.15, 4],
  MXN: [20, 0.12, 4],
  ZAR: [19.5, 0.14, 4],
  KRW: [1450, 0.08, 2],
}
const DKK_CENTRAL = 7.46038
const HKD_PER_USD = 7.8
const REVERSION = Math.log(2) / (3 * 252)

/** Whether the ECB publishes a fixing on the day (TARGET2 is open). */
export function isTargetDay(date: string): boolean {
  const dn = dayNumberOf(date)
  const weekday = new Date(dn * DAY_MS).getUTCDay()
  if (weekday === 0 || weekday === 6) return false
  const md = date.slice(5)
  if (md === '01-01' || md === '05-01' || md === '12-25' || md === '12-26') return false
  const easter = dayNumberOf(easterSunday(Number(date.slice(0, 4))))
  return dn !== easter - 2 && dn !== easter + 1
}

interface Table {
  dates: string[]
  rates: Map<string, number[]>
}
let table: Table | null = null

function build(): Table {
  const dates: string[] = []
  for (let dn = dayNumberOf(FIRST_DATE); dn <= dayNumberOf(LAST_DATE); dn++) {
    const date = new Date(dn * DAY_MS).toISOString().slice(0, 10)
    if (isTargetDay(date)) dates.push(date)
  }
  const rates = new Map<string, number[]>()
  for (const [ccy, [level, vol]] of Object.entries(LEVELS)) {
    const key = hashString(`fx:${ccy}`)
    const target = Math.log(level)
    let x = target + 0.08 * normalAt(key, 0, 0)
    rates.set(
      ccy,
      dates.map((_, i) => {
        x += REVERSION * (target - x) + (vol / Math.sqrt(252)) * normalAt(key, i + 1, 1)
        return Math.exp(x)
      }),
    )
  }
  const key = hashString('fx:DKK')
  rates.set(
    'DKK',
    dates.map((_, i) => DKK_CENTRAL * (1 + 0.0015 * Math.tanh(normalAt(key, i, 2)))),
  )
  const usd = rates.get('USD')!
  const hk = hashString('fx:HKD')
  rates.set(
    'HKD',
    usd.map((u, i) => u * HKD_PER_USD * (1 + 0.003 * Math.tanh(normalAt(hk, i, 3)))),
  )
  return { dates, rates }
}

const PLACES: Record<string, number> = { DKK: 4, HKD: 4 }

export function createSimulatedFx(): FxProvider {
  const get = () => (table ??= build())
  return {
    name: 'simulated',
    currencies: async () => ['EUR', ...[...get().rates.keys()].sort()],
    async dailyRates(from, to) {
      const { dates, rates } = get()
      const out: FxDay[] = []
      dates.forEach((date, i) => {
        if (date < from || date > to) return
        const day: Record<string, string> = {}
        for (const [ccy, series] of rates) day[ccy] = series[i]!.toFixed(LEVELS[ccy]?.[2] ?? PLACES[ccy] ?? 4)
        out.push({ date, rates: day })
      })
      return out
    },
  }
}
