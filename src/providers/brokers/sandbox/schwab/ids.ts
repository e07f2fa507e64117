/**
 * Schwab's identifiers, deterministic: CUSIPs (the real ones for well-known tickers, otherwise a
 * generated one with a valid check digit), instrument ids, int64-like order and activity ids,
 * 8-digit account numbers and their 64-hex-digit hash values (HMAC-derived, so they survive restarts).
 */
import { createHash } from 'node:crypto'
import type { SandboxSigner } from '../sandbox-tokens.ts'
import { exchangeOf } from '../universe.ts'

const KNOWN_CUSIPS: Readonly<Record<string, string>> = {
  AAPL: '037833100',
  MSFT: '594918104',
  NVDA: '67066G104',
  AMZN: '023135106',
  GOOGL: '02079K305',
  META: '30303M102',
  TSLA: '88160R101',
  INTC: '458140100',
  CSCO: '17275R102',
  WMT: '931142103',
  JPM: '46625H100',
  JNJ: '478160104',
  XOM: '30231G102',
  KO: '191216100',
  PFE: '717081103',
  DIS: '254687106',
  SPY: '78462F103',
  QQQ: '46090E103',
}

const ALNUM = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'

/** The CUSIP check digit of 8 characters (digits, then letters valued 10…35). */
export function cusipCheckDigit(base: string): number {
  let sum = 0
  for (let i = 0; i < 8; i++) {
    const c = base[i] ?? '0'
    let v = /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55
    if (i % 2 === 1) v *= 2
    sum += Math.floor(v / 10) + (v % 10)
  }
  return (10 - (sum % 10)) % 10
}

const hashBytes = (label: string): Buffer => createHash('sha256').update(label).digest()

/** A symbol's 9-character CUSIP (leading zeros are significant). */
export function cusipOf(symbol: string): string {
  const known = KNOWN_CUSIPS[symbol]
  if (known) return known
  const h = hashBytes(`schwab:cusip:${symbol}`)
  let issuer = String((h[0] ?? 0) % 10)
  for (let i = 1; i < 6; i++) issuer += ALNUM[(h[i] ?? 0) % ALNUM.length]
  const base = `${issuer}10`
  return `${base}${cusipCheckDigit(base)}`
}

/** A whole number of exactly `digits` digits derived from a label (order, activity, position ids). */
export function numericId(label: string, digits: number): number {
  const h = hashBytes(`schwab:id:${label}`).readUIntBE(0, 6)
  const low = 10 ** (digits - 1)
  return low + (h % (9 * low))
}

/** Schwab's instrument id (and quote `ssid`) of a symbol: a stable 31-bit number. */
export const instrumentIdOf = (symbol: string): number =>
  hashBytes(`schwab:instrument:${symbol}`).readUInt32BE(0) >>> 1

const EXCHANGE_CODES: Readonly<Record<string, string>> = {
  NASDAQ: 'Q',
  NYSE: 'N',
  ARCA: 'P',
  'NYSE ARCA': 'P',
  AMEX: 'A',
  CBOE: 'C',
}

/** The quote's `exchange` code and `exchangeName` for a listing exchange name. */
export function exchangeCode(exchange: string | undefined, symbol: string): { code: string; name: string } {
  const name = (exchange ?? exchangeOf(symbol)).toUpperCase()
  const code = EXCHANGE_CODES[name] ?? 'N'
  return { code, name: name === 'ARCA' ? 'NYSE Arca' : (exchange ?? name) }
}

export type AccountType = 'MARGIN' | 'CASH'

/** An 8-digit account number and its hash value for one of a login's two accounts. */
export function accountIds(signer: SandboxSigner, loginId: string, type: AccountType) {
  const n = signer.digest(`schwab:account:${loginId}:${type}`).readUInt32BE(0)
  const accountNumber = String(10_000_000 + (n % 90_000_000))
  const hashValue = signer.digest(`schwab:hash:${accountNumber}`).toString('hex').toUpperCase()
  return { accountNumber, hashValue }
}
