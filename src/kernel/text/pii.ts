/**
 * Personal data redaction for free text that is stored or shown to people other than its author
 * (support transcripts, feedback comments, training candidates). Each kind is found by a pattern and
 * then, where a checksum exists, confirmed by it, so ordinary numbers stay as they are:
 *
 * - e-mail addresses → `[email]`;
 * - IBANs (two letters, two check digits, 11–30 letters or digits, written whole or in groups of four) whose
 *   ISO 13616 mod-97 check gives 1 → `[iban]`;
 * - payment card numbers: 13–19 digits, optionally grouped by spaces or dashes, that pass the Luhn
 *   check → `[card]` (a 16-digit number that fails it is an order id or a reference, not a card);
 * - account numbers: 8–17 digits right after "account", "acct", "a/c", "routing", "ABA" or "sort
 *   code" (optionally "number", "no.", "#", ":") → `[account]`, the words are kept;
 * - phone numbers: international (`+` and 8–15 digits, grouped by single spaces, dots or dashes, the
 *   area code possibly in brackets) and North American (`(555) 123-4567`, `555-123-4567`,
 *   `555.123.4567`, optional `+1`/`1` prefix) → `[phone]`. A bare run of digits is never a phone
 *   number (order ids, amounts), and dates (2024-01-15) and prices (1,234.56) have no phone shape.
 *
 * Kinds are redacted in that order (a card number is not then read as a phone number). Separators
 * inside a match are single spaces, dots or dashes, never line breaks.
 */

export type PiiKind = 'email' | 'phone' | 'card' | 'iban' | 'account_number'

export interface PiiRedaction {
  text: string
  found: { kind: PiiKind; count: number }[]
}

/** True when the digits pass the Luhn check (the last one is the check digit). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

/** True when `iban` (spaces allowed) has a valid ISO 13616 mod-97 check. */
export function ibanValid(iban: string): boolean {
  const s = iban.replace(/ /g, '').toUpperCase()
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(s)) return false
  const rearranged = s.slice(4) + s.slice(0, 4)
  let rem = 0
  for (const ch of rearranged) {
    const v = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch
    for (const digit of v) rem = (rem * 10 + (digit.charCodeAt(0) - 48)) % 97
  }
  return rem === 1
}

export interface PiiSpan {
  kind: PiiKind
  /** [start, end) in the text; for an account number, the digits only. */
  start: number
  end: number
  replacement: string
}

interface Rule {
  kind: PiiKind
  pattern: RegExp
  /** The span of one match to replace, or null to leave it. */
  accept: (m: RegExpExecArray) => { start: number; end: number } | null
}

const digitsOf = (s: string) => s.replace(/\D/g, '')
const whole = (m: RegExpExecArray) => ({ start: m.index, end: m.index + m[0].length })

const EMAIL =
  /(?<![\w.+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}(?![\w-])/g
const IBAN =
  /(?<![A-Za-z0-9])[A-Za-z]{2}\d{2}(?:(?: ?[A-Za-z0-9]{4}){2,7}(?: ?[A-Za-z0-9]{1,3})?|[A-Za-z0-9]{11,30})(?![A-Za-z0-9])/g
const CARD = /(?<![\d.,-])\d(?:[ -]?\d){12,18}(?![\d-]|[.,]\d)/g
const ACCOUNT =
  /\b(?:account|acct|a\/c|routing|aba|sort code)(?: +(?:number|num|no\.?|nr\.?))?(?: *[:#])? *(\d(?:[ -]?\d){7,16})(?![\d-]|[.,]\d)/dgi
const PHONE_INTL = /(?<![\w+])\+\d{1,3}(?:[ .-]?(?:\(\d{1,4}\)|\d{1,5})){2,6}(?![\d-]|[.,]\d)/g
const PHONE_US = /(?<![\w+.-])(?:\+?1[ .-]?)?(?:\(\d{3}\) ?|\d{3}[ .-])\d{3}[ .-]\d{4}(?![\d-]|[.,]\d)/g

const RULES: Rule[] = [
  { kind: 'email', pattern: EMAIL, accept: whole },
  { kind: 'iban', pattern: IBAN, accept: (m) => (ibanValid(m[0]) ? whole(m) : null) },
  {
    kind: 'card',
    pattern: CARD,
    accept: (m) => {
      const d = digitsOf(m[0])
      return d.length >= 13 && d.length <= 19 && luhnValid(d) ? whole(m) : null
    },
  },
  {
    kind: 'account_number',
    pattern: ACCOUNT,
    accept: (m) => {
      const [start, end] = m.indices![1]!
      const n = digitsOf(m[1]!).length
      return n >= 8 && n <= 17 ? { start, end } : null
    },
  },
  {
    kind: 'phone',
    pattern: PHONE_INTL,
    accept: (m) => {
      const n = digitsOf(m[0]).length
      return n >= 8 && n <= 15 ? whole(m) : null
    },
  },
  { kind: 'phone', pattern: PHONE_US, accept: whole },
]

const REPLACEMENT: Record<PiiKind, string> = {
  email: '[email]',
  phone: '[phone]',
  card: '[card]',
  iban: '[iban]',
  account_number: '[account]',
}

/** Where `text` holds personal data, in order, none overlapping (an earlier kind wins an overlap). */
export function findPii(text: string): PiiSpan[] {
  const spans: PiiSpan[] = []
  const overlaps = (s: number, e: number) => spans.some((x) => s < x.end && x.start < e)
  for (const rule of RULES) {
    for (const m of text.matchAll(rule.pattern)) {
      const at = rule.accept(m)
      if (at && !overlaps(at.start, at.end))
        spans.push({ kind: rule.kind, ...at, replacement: REPLACEMENT[rule.kind] })
    }
  }
  return spans.sort((a, b) => a.start - b.start)
}

/** `text` with its e-mail addresses, phone, card, IBAN and account numbers replaced; counts by kind. */
export function redactPii(text: string): PiiRedaction {
  const spans = findPii(text)
  let out = ''
  let at = 0
  const counts = new Map<PiiKind, number>()
  for (const span of spans) {
    out += text.slice(at, span.start) + span.replacement
    at = span.end
    counts.set(span.kind, (counts.get(span.kind) ?? 0) + 1)
  }
  out += text.slice(at)
  const order: PiiKind[] = ['email', 'phone', 'card', 'iban', 'account_number']
  return {
    text: out,
    found: order.filter((k) => counts.has(k)).map((kind) => ({ kind, count: counts.get(kind)! })),
  }
}
