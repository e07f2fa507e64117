/**
 * Reads an ECB reference-rate file: `gesmes:Envelope` › `Cube` › `Cube time="YYYY-MM-DD"` ›
 * `Cube currency="USD" rate="1.0807"`. Rates stay decimal strings, exactly as published. Anything
 * else — not XML, no envelope, a day without a valid date, a rate that is not a positive decimal —
 * is an UpstreamProtocolError naming the file.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { UpstreamProtocolError } from '../../shared/http.ts'
import type { FxDay } from '../market-data.port.ts'

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/
const CURRENCY = /^[A-Z]{3}$/
const RATE = /^(?=.*[1-9])\d{1,12}(\.\d{1,12})?$/

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseAttributeValue: false,
  parseTagValue: false,
  processEntities: false,
  isArray: (name) => name === 'Cube',
})

type Node = Record<string, unknown>
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v)
const cubes = (v: unknown): Node[] => (isNode(v) && Array.isArray(v.Cube) ? v.Cube.filter(isNode) : [])

export function parseEcbXml(text: string, url: string, status = 200): FxDay[] {
  const u = new URL(url)
  const fail = (detail: string) =>
    new UpstreamProtocolError(`ecb GET ${u.origin}${u.pathname} ${detail}`, {
      provider: 'ecb',
      status,
      body: text.slice(0, 2000),
    })
  if (XMLValidator.validate(text) !== true) throw fail('did not return XML')
  const doc: unknown = parser.parse(text)
  const envelope = isNode(doc) ? doc.Envelope : undefined
  const outer = cubes(envelope)
  if (!isNode(envelope) || outer.length !== 1) throw fail('returned XML without the reference-rate cube')
  const days: FxDay[] = []
  for (const day of cubes(outer[0])) {
    const date = day.time
    if (typeof date !== 'string' || !DATE.test(date)) throw fail(`has a fixing without a valid date`)
    const rates: Record<string, string> = {}
    for (const q of cubes(day)) {
      const { currency, rate } = q
      if (
        typeof currency !== 'string' ||
        !CURRENCY.test(currency) ||
        typeof rate !== 'string' ||
        !RATE.test(rate)
      )
        throw fail(`has an invalid rate on ${date}`)
      rates[currency] = rate
    }
    days.push({ date, rates })
  }
  // The history files list the newest day first; the port wants them ascending.
  days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
  for (let i = 1; i < days.length; i++)
    if (days[i]!.date === days[i - 1]!.date) throw fail(`lists ${days[i]!.date} twice`)
  return days
}
