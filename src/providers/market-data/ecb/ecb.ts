/**
 * The ECB's euro foreign-exchange reference rates: one fixing per TARGET business day (about 16:00
 * CET), units of each currency per 1 EUR. Three files under one base URL, each a gesmes:Envelope
 * holding `Cube` / `Cube time=YYYY-MM-DD` / `Cube currency=XXX rate=…`:
 *   eurofxref-daily.xml     the latest fixing only
 *   eurofxref-hist-90d.xml  the fixings of about the last 90 days
 *   eurofxref-hist.xml      every fixing since 4 January 1999
 * A request reads the smallest file that covers its range; the latest file also tells which
 * currencies are quoted. Failures are the typed upstream errors of the shared HTTP client; a file
 * that is not that XML is an UpstreamProtocolError.
 */
import type { Clock } from '../../../platform/clock.ts'
import { addDays } from '../../../kernel/dates.ts'
import type { HttpClient } from '../../shared/http.ts'
import type { FxDay, FxProvider } from '../market-data.port.ts'
import { parseEcbXml } from './parse.ts'

export const ECB_PROVIDER = 'ecb'
export const ECB_FILES = {
  daily: 'eurofxref-daily.xml',
  days90: 'eurofxref-hist-90d.xml',
  all: 'eurofxref-hist.xml',
} as const
export type EcbFile = keyof typeof ECB_FILES

/** The 90-day file starts about 90 calendar days back; a margin keeps its first days out of doubt. */
const DAYS_90_REACH = 85
/** The daily file is tried for ranges starting this recently (a long Easter weekend is 4 days). */
const DAILY_REACH = 5
/** How long the list of quoted currencies is kept (it changes a few times a decade). */
const CURRENCIES_TTL_MS = 6 * 3600_000

export interface EcbOptions {
  http: HttpClient
  /** https://www.ecb.europa.eu/stats/eurofxref, or a loopback fake. */
  baseUrl: string
  clock: Clock
}

const isWeekend = (date: string): boolean => {
  const wd = new Date(`${date}T00:00:00Z`).getUTCDay()
  return wd === 0 || wd === 6
}

/** Whether every day from `from` up to (not including) `until` is a weekend: no fixing in between. */
function onlyWeekendsBetween(from: string, until: string): boolean {
  for (let d = from; d < until; d = addDays(d, 1)) if (!isWeekend(d)) return false
  return true
}

/** The smallest file sure to hold every fixing from `from` on, given today's date (UTC). */
export function fileFor(from: string, today: string): EcbFile {
  if (from >= addDays(today, -DAILY_REACH)) return 'daily'
  if (from >= addDays(today, -DAYS_90_REACH)) return 'days90'
  return 'all'
}

export function createEcbFx(opts: EcbOptions): FxProvider {
  const base = opts.baseUrl.replace(/\/+$/, '')
  let quoted: { at: number; list: string[] } | null = null

  async function read(file: EcbFile): Promise<FxDay[]> {
    const url = `${base}/${ECB_FILES[file]}`
    const res = await opts.http.request<unknown>({
      url,
      headers: { accept: 'application/xml, text/xml' },
      provider: ECB_PROVIDER,
    })
    const days = parseEcbXml(res.text, url, res.status)
    const latest = days.at(-1)
    if (latest)
      quoted = { at: opts.clock.now().getTime(), list: ['EUR', ...Object.keys(latest.rates)].sort() }
    return days
  }

  /** The fixings from `from` on, from the smallest file that holds them all. */
  async function since(from: string): Promise<FxDay[]> {
    const today = opts.clock.now().toISOString().slice(0, 10)
    const file = fileFor(from, today)
    if (file !== 'daily') return read(file)
    const days = await read('daily')
    const date = days[0]?.date
    // The daily file holds one fixing: enough when no business day lies between `from` and it.
    if (date === undefined || date <= from || onlyWeekendsBetween(from, date)) return days
    return read('days90')
  }

  return {
    name: ECB_PROVIDER,
    async currencies() {
      if (!quoted || opts.clock.now().getTime() - quoted.at > CURRENCIES_TTL_MS) await read('daily')
      return quoted?.list ?? ['EUR']
    },
    async dailyRates(from, to) {
      if (from > to) return []
      return (await since(from)).filter((d) => d.date >= from && d.date <= to)
    },
  }
}
