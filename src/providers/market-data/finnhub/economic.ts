/**
 * Finnhub economic calendar: GET /calendar/economic?from=&to= →
 * `{"economicCalendar":[{actual, country, estimate, event, impact, prev, time, unit}]}`.
 * Wire shape as published in Finnhub's SDK models (e.g. finnhub_api's EconomicEvent on hexdocs:
 * actual/estimate/prev float or nil, country/event/impact/time/unit strings); `time` is a zone-less
 * "YYYY-MM-DD hh:mm:ss" read as UTC [unconfirmed, as for transcripts]. Numbers sent as strings are
 * accepted; an unknown impact maps to 'low'. The endpoint is premium on Finnhub's free tier (403).
 */
import type { EconomicEvent, EconomicImpact } from '../market-data.port.ts'
import { isoTime, malformed, reader, type FinnhubGet, type Obj } from './wire.ts'

const PATH = '/calendar/economic'
const IMPACTS = new Set(['low', 'medium', 'high'])

function numberOf(o: Obj, k: string, payload: unknown): number | null {
  const v = o[k]
  if (v === undefined || v === null || v === '') return null
  const n = typeof v === 'string' ? Number(v) : v
  if (typeof n !== 'number' || !Number.isFinite(n)) throw malformed(PATH, `${k} is not a number`, payload)
  return n
}

export async function economicCalendar(get: FinnhubGet, from: string, to: string): Promise<EconomicEvent[]> {
  const payload = await get(PATH, { from, to })
  const r = reader(PATH, payload)
  const out: EconomicEvent[] = []
  for (const raw of r.array(payload, 'economicCalendar')) {
    const o = r.obj(raw, 'economicCalendar item')
    const time = isoTime(r.str(o, 'time'))
    if (!time) throw malformed(PATH, 'time is not a date-time', payload)
    const impact = typeof o['impact'] === 'string' ? o['impact'].toLowerCase() : ''
    out.push({
      event: r.str(o, 'event'),
      country: r.optStr(o, 'country'),
      time,
      impact: (IMPACTS.has(impact) ? impact : 'low') as EconomicImpact,
      actual: numberOf(o, 'actual', payload),
      estimate: numberOf(o, 'estimate', payload),
      previous: numberOf(o, 'prev', payload),
      unit: r.optStr(o, 'unit'),
    })
  }
  return out.sort((a, b) => a.time.localeCompare(b.time) || a.event.localeCompare(b.event))
}
