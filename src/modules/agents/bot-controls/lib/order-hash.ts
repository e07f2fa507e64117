/**
 * The fingerprint of an order's terms: SHA-256 (hex) of account | symbol | side | qty | notional |
 * type | limit price, decimals in their shortest form (`2.50` and `2.5` are the same order) and an
 * absent value empty. An approval is bound to the order whose hash it recorded; the gate's
 * idempotency compares requests with it too.
 */
import { createHash } from 'node:crypto'

export interface HashedOrder {
  account_id: number
  symbol: string
  side: string
  qty: string | null
  notional: string | null
  order_type: string
  limit_price: string | null
}

/** `002.500` → `2.5`, `10.00` → `10`: one spelling per value. */
function canonical(x: string | null): string {
  if (x === null) return ''
  const m = /^(-?)0*(\d*?)(?:\.(\d*?)0*)?$/.exec(x.trim())
  if (!m) return x.trim()
  const int = m[2] || '0'
  const frac = m[3] ?? ''
  const body = frac ? `${int}.${frac}` : int
  return body === '0' ? '0' : `${m[1]}${body}`
}

export function orderHash(o: HashedOrder): string {
  const parts = [
    String(o.account_id),
    o.symbol.toUpperCase(),
    o.side,
    canonical(o.qty),
    canonical(o.notional),
    o.order_type,
    canonical(o.limit_price),
  ]
  return createHash('sha256').update(parts.join('|')).digest('hex')
}
