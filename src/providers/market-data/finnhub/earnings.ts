/** Finnhub earnings calendar (/calendar/earnings), one request per symbol or one for all. */
import type { EarningsEvent } from '../market-data.port.ts'
import { reader, type FinnhubGet } from './wire.ts'

const HOURS = new Set(['bmo', 'amc', 'dmh'])

export async function calendar(
  get: FinnhubGet,
  from: string,
  to: string,
  symbols?: string[],
): Promise<EarningsEvent[]> {
  const path = '/calendar/earnings'
  const targets: (string | undefined)[] = symbols && symbols.length > 0 ? symbols : [undefined]
  const events: EarningsEvent[] = []
  for (const symbol of targets) {
    const payload = await get(path, { from, to, symbol })
    const r = reader(path, payload)
    for (const raw of r.array(payload, 'earningsCalendar')) {
      const o = r.obj(raw, 'earningsCalendar item')
      const hour = r.optStr(o, 'hour')
      events.push({
        symbol: r.str(o, 'symbol'),
        date: r.date(o, 'date'),
        hour: HOURS.has(hour) ? (hour as EarningsEvent['hour']) : null,
        quarter: r.int(o, 'quarter'),
        year: r.int(o, 'year'),
        eps_estimate: r.optNum(o, 'epsEstimate'),
        eps_actual: r.optNum(o, 'epsActual'),
        revenue_estimate: r.optNum(o, 'revenueEstimate'),
        revenue_actual: r.optNum(o, 'revenueActual'),
      })
    }
  }
  return events
    .filter((e) => e.date >= from && e.date <= to)
    .sort((a, b) => a.date.localeCompare(b.date) || a.symbol.localeCompare(b.symbol))
}
