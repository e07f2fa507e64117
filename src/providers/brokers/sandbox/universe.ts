/** The default universe sandbox positions are drawn from: liquid US tickers with their listing exchange. */
import { createHash } from 'node:crypto'

const LISTINGS: Record<string, string> = {
  AAPL: 'NASDAQ',
  MSFT: 'NASDAQ',
  NVDA: 'NASDAQ',
  AMZN: 'NASDAQ',
  GOOGL: 'NASDAQ',
  META: 'NASDAQ',
  TSLA: 'NASDAQ',
  AVGO: 'NASDAQ',
  COST: 'NASDAQ',
  NFLX: 'NASDAQ',
  AMD: 'NASDAQ',
  ADBE: 'NASDAQ',
  CSCO: 'NASDAQ',
  INTC: 'NASDAQ',
  QCOM: 'NASDAQ',
  TXN: 'NASDAQ',
  PEP: 'NASDAQ',
  AMGN: 'NASDAQ',
  WMT: 'NASDAQ',
  QQQ: 'NASDAQ',
  JPM: 'NYSE',
  V: 'NYSE',
  MA: 'NYSE',
  UNH: 'NYSE',
  XOM: 'NYSE',
  JNJ: 'NYSE',
  PG: 'NYSE',
  HD: 'NYSE',
  LLY: 'NYSE',
  BAC: 'NYSE',
  KO: 'NYSE',
  ABBV: 'NYSE',
  MRK: 'NYSE',
  CVX: 'NYSE',
  CRM: 'NYSE',
  ORCL: 'NYSE',
  DIS: 'NYSE',
  MCD: 'NYSE',
  NKE: 'NYSE',
  PFE: 'NYSE',
  SPY: 'ARCA',
}

export const DEFAULT_SYMBOLS: readonly string[] = Object.keys(LISTINGS)

/** The listing exchange Alpaca reports for a symbol (NYSE when the sandbox does not know it). */
export const exchangeOf = (symbol: string): string => LISTINGS[symbol] ?? 'NYSE'

/** A UUID-looking string from a hash (version 4 and variant bits set, so parsers accept it). */
export function uuidFromBytes(bytes: Buffer): string {
  const b = Buffer.from(bytes.subarray(0, 16))
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80
  const h = b.toString('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`
}

/** A deterministic UUID for a label (asset ids, generated order and activity ids). */
export const hashUuid = (label: string): string => uuidFromBytes(createHash('sha256').update(label).digest())

/** A 32-bit seed for a label. */
export const seedOf = (label: string): number => createHash('sha256').update(label).digest().readUInt32BE(0)

/** Alpaca's asset id for a symbol: stable, so positions and orders agree. */
export const assetIdOf = (symbol: string): string => hashUuid(`asset:${symbol}`)
