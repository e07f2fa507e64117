/**
 * GET /marketdata/v1/markets (docs/vendor-formats.md#schwab-market-data): each requested market's products with their sessions
 * in New York time (ISO with offset). Closed days (weekends, or what `isOpen` says) answer
 * `isOpen: false` without `sessionHours`.
 */
import { DateTime } from 'luxon'
import { ZONE } from '../history.ts'

type Session = [start: string, end: string]

interface Product {
  marketType: string
  product: string
  productName: string
  sessions: { preMarket?: Session; regularMarket: Session; postMarket?: Session }
  /** The regular session starts the evening before (futures, forex). */
  overnight?: boolean
}

const PRODUCTS: Record<string, Product[]> = {
  equity: [
    {
      marketType: 'EQUITY',
      product: 'EQ',
      productName: 'equity',
      sessions: {
        preMarket: ['07:00', '09:30'],
        regularMarket: ['09:30', '16:00'],
        postMarket: ['16:00', '20:00'],
      },
    },
  ],
  option: [
    {
      marketType: 'OPTION',
      product: 'EQO',
      productName: 'equity option',
      sessions: { regularMarket: ['09:30', '16:00'] },
    },
    {
      marketType: 'OPTION',
      product: 'IND',
      productName: 'index option',
      sessions: { regularMarket: ['09:30', '16:15'] },
    },
  ],
  bond: [
    {
      marketType: 'BOND',
      product: 'BON',
      productName: 'bond',
      sessions: {
        preMarket: ['07:00', '08:00'],
        regularMarket: ['08:00', '17:00'],
        postMarket: ['17:00', '20:00'],
      },
    },
  ],
  future: [
    {
      marketType: 'FUTURE',
      product: 'future',
      productName: 'future',
      sessions: { regularMarket: ['18:00', '17:00'] },
      overnight: true,
    },
  ],
  forex: [
    {
      marketType: 'FOREX',
      product: 'forex',
      productName: 'forex',
      sessions: { regularMarket: ['17:00', '17:00'] },
      overnight: true,
    },
  ],
}

export const MARKETS = Object.keys(PRODUCTS)

/** The default `isOpen`: Monday to Friday (no holiday calendar). */
export const isWeekday = (date: string): boolean => DateTime.fromISO(date, { zone: ZONE }).weekday <= 5

function sessionHours(p: Product, date: string) {
  const at = (hm: string, dayBefore = false) => {
    const [h, m] = hm.split(':').map(Number)
    const d = DateTime.fromISO(date, { zone: ZONE }).set({ hour: h ?? 0, minute: m ?? 0 })
    return (dayBefore ? d.minus({ days: 1 }) : d).toISO({ suppressMilliseconds: true })
  }
  const out: Record<string, Array<{ start: string | null; end: string | null }>> = {}
  for (const [name, [start, end]] of Object.entries<Session>(p.sessions))
    out[name] = [{ start: at(start, p.overnight === true && name === 'regularMarket'), end: at(end) }]
  return out
}

/** The hours of the markets on a date (YYYY-MM-DD). */
export function marketHours(markets: string[], date: string, isOpen: (date: string) => boolean = isWeekday) {
  const open = isOpen(date)
  const out: Record<string, Record<string, unknown>> = {}
  for (const m of markets) {
    const products: Record<string, unknown> = {}
    for (const p of PRODUCTS[m] ?? []) {
      const base = {
        date,
        marketType: p.marketType,
        product: p.product,
        productName: p.productName,
        isOpen: open,
      }
      products[p.product] = open ? { ...base, sessionHours: sessionHours(p, date) } : base
    }
    out[m] = products
  }
  return out
}
