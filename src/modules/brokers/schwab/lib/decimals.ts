/**
 * Money and quantities cross our API as decimal strings (ADR 0023). Schwab's objects passed on as
 * sent (balances, transfer items) carry them as JSON numbers: these turn them into strings exactly,
 * with the port's `decimalString` (the number's own shortest digits, never an exponent).
 */
import { decimalString, type SchwabJson } from '../../../../providers/brokers/index.ts'

/** Schwab balance fields that are counts, not money: left as numbers. */
const COUNTS = new Set(['roundTrips'])

/** Every finite number of a flat vendor object as a decimal string (counts and non-numbers as sent). */
export function decimalFields(o: SchwabJson): SchwabJson {
  return Object.fromEntries(
    Object.entries(o).map(([k, v]) => [
      k,
      typeof v === 'number' && !COUNTS.has(k) ? (decimalString(v) ?? v) : v,
    ]),
  )
}

/** A transfer item with its amount, cost and price as decimal strings (the instrument as sent). */
export function transferItem(item: SchwabJson): SchwabJson {
  const out: SchwabJson = { ...item }
  for (const k of ['amount', 'cost', 'price'])
    if (typeof item[k] === 'number') out[k] = decimalString(item[k]) ?? item[k]
  return out
}
