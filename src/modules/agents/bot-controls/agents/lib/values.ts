/** Pure rules of the agents' settings: symbols, hours, decimal limits, and how they are shown. */
import { UnprocessableError } from '../../../../../platform/http/errors.ts'
import type { AllowedHours } from '../../controls.tables.ts'
import { minuteOfDay } from '../../lib/gate-rules.ts'

export const MAX_ALLOWED_SYMBOLS = 200
export const SYMBOL_PATTERN = /^[A-Z][A-Z0-9.-]{0,9}$/

/** Symbols upper-cased, trimmed and deduplicated in first-seen order. */
export function normalizeSymbols(symbols: readonly string[]): string[] {
  const out: string[] = []
  for (const [i, raw] of symbols.entries()) {
    const s = raw.trim().toUpperCase()
    if (!SYMBOL_PATTERN.test(s)) {
      throw UnprocessableError.field(
        ['body', 'allowed_symbols', i],
        'must be a ticker: a letter, then up to 9 letters, digits, dots or dashes',
      )
    }
    if (!out.includes(s)) out.push(s)
  }
  return out
}

/**
 * `start` must come before `end` (same day, New York time; the end minute is outside the window, and
 * an end of `24:00` is midnight, the end of the day).
 */
export function checkHours(h: AllowedHours | null | undefined): void {
  if (h && minuteOfDay(h.start) >= minuteOfDay(h.end)) {
    throw UnprocessableError.field(
      ['body', 'allowed_hours', 'end'],
      `must be after start (${h.start}); a window cannot span midnight`,
    )
  }
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/

/** A decimal string in its shortest form ('1000.50' → '1000.5', '0.250000' → '0.25'). */
export function shortDecimal(d: string): string {
  const m = DECIMAL.exec(d)
  if (!m) return d
  const int = (m[1] ?? '0').replace(/^0+(?=\d)/, '')
  const frac = (m[2] ?? '').replace(/0+$/, '')
  return frac ? `${int}.${frac}` : int
}

/** Money as a decimal string with exactly two places ('1000' → '1000.00'). */
export function money(d: string): string
export function money(d: string | null): string | null
export function money(d: string | null): string | null {
  if (d === null) return null
  const [int = '0', frac = ''] = shortDecimal(d).split('.')
  return `${int}.${frac.padEnd(2, '0')}`
}

export const moneyOrNull = (d: string | null | undefined): string | null => (d == null ? null : money(d))

/** Exact comparison of two non-negative decimal strings: -1, 0 or 1. */
export function compareDecimal(a: string, b: string): number {
  const [ai = '0', af = ''] = shortDecimal(a).split('.')
  const [bi = '0', bf = ''] = shortDecimal(b).split('.')
  if (ai.length !== bi.length) return ai.length < bi.length ? -1 : 1
  if (ai !== bi) return ai < bi ? -1 : 1
  const n = Math.max(af.length, bf.length)
  const x = af.padEnd(n, '0')
  const y = bf.padEnd(n, '0')
  return x === y ? 0 : x < y ? -1 : 1
}
