/**
 * Exact money: amounts are parsed as decimals into BigInt and rounded once, at the cent, half away
 * from zero. Throughout this lib a bigint is a count of cents; numbers and strings are currency units.
 * BigInt rather than big.js (as exact without a precision setting, and faster): ADR 0019.
 */

export type MoneyInput = number | string

/** value = units / 10^scale, exactly. */
interface Decimal {
  units: bigint
  scale: number
}

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/
// Bounds the BigInt powers of ten; no double reaches 1e309 and no amount needs 400 decimals.
const MAX_EXPONENT = 400

function parseDecimal(x: MoneyInput): Decimal {
  let text: string
  if (typeof x === 'number') {
    if (!Number.isFinite(x)) throw new RangeError(`not a finite amount: ${x}`)
    // String(x) is the shortest decimal that round-trips, so 0.1 is read as 0.1, not 0.1000000000000000055…
    text = String(x)
  } else {
    text = x.trim()
  }
  const m = DECIMAL.exec(text)
  const int = m?.[2] ?? ''
  const frac = m?.[3] ?? ''
  const exp = Number(m?.[4] ?? '0')
  if (!m || int + frac === '' || Math.abs(exp) > MAX_EXPONENT) {
    throw new RangeError(`not a decimal amount: ${JSON.stringify(x)}`)
  }
  let units = BigInt(int + frac || '0')
  let scale = frac.length - exp
  if (scale < 0) {
    units *= 10n ** BigInt(-scale)
    scale = 0
  }
  return { units: m[1] === '-' ? -units : units, scale }
}

/** n / d rounded half away from zero. */
export function roundDiv(n: bigint, d: bigint): bigint {
  if (d === 0n) throw new RangeError('division by zero')
  if (d < 0n) return roundDiv(-n, -d)
  const q = n / d // truncates toward zero
  const r = n % d
  if (2n * (r < 0n ? -r : r) >= d) return n < 0n ? q - 1n : q + 1n
  return q
}

function decimalToCents({ units, scale }: Decimal): bigint {
  return scale <= 2 ? units * 10n ** BigInt(2 - scale) : roundDiv(units, 10n ** BigInt(scale - 2))
}

// Exact sum at the finer of the two scales.
function add(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale)
  return {
    units: a.units * 10n ** BigInt(scale - a.scale) + b.units * 10n ** BigInt(scale - b.scale),
    scale,
  }
}

function toDecimal(x: MoneyInput | bigint): Decimal {
  return typeof x === 'bigint' ? { units: x, scale: 2 } : parseDecimal(x)
}

/**
 * Significant decimal places (trailing zeros do not count, they change nothing): 1e-9 → 9,
 * 120 → 0, '12.50' → 1. Throws RangeError on a non-decimal.
 */
export function decimalPlaces(x: MoneyInput): number {
  let { units, scale } = parseDecimal(x)
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n
    scale--
  }
  return scale
}

/** An amount in cents: '0.1' and 0.1 are both exactly 10 cents; 0.005 → 1, −0.005 → −1. */
export function toCents(x: MoneyInput): bigint {
  return decimalToCents(parseDecimal(x))
}

/**
 * A computed amount (a float product or quotient) to the nearest cent, as the number JSON carries:
 * read through its shortest decimal form, rounded half away from zero (1.005 → 1.01, −0.005 →
 * −0.01), so a sum like 1000204.0999999999 comes out 1000204.1. Never −0.
 */
export function cents(x: number): number {
  return centsToNumber(toCents(x)) || 0
}

/** `cents`, with null (and NaN or ±∞, which have no cent value) passed through as null. */
export function centsOrNull(x: number | null | undefined): number | null {
  return x === null || x === undefined || !Number.isFinite(x) ? null : cents(x)
}

/** '-12.05' for −1205n: exact, for any size. */
export function centsToString(c: bigint): string {
  const abs = c < 0n ? -c : c
  const cents = String(abs % 100n).padStart(2, '0')
  return `${c < 0n ? '-' : ''}${abs / 100n}.${cents}`
}

/** The double nearest to c / 100 (what JSON will carry). */
export function centsToNumber(c: bigint): number {
  return Number(centsToString(c))
}

/**
 * The exact sum, rounded to cents once (so '0.005' + '0.005' is 1 cent, not 2). bigint items are
 * already cents.
 */
export function sumCents(xs: Iterable<MoneyInput | bigint>): bigint {
  let total: Decimal = { units: 0n, scale: 2 }
  for (const x of xs) total = add(total, toDecimal(x))
  return decimalToCents(total)
}

/** proceeds − cost basis − fees, exact, rounded to cents once. A missing fee is 0. */
export function gainLoss(
  proceeds: MoneyInput | bigint,
  costBasis: MoneyInput | bigint,
  fees?: MoneyInput | bigint | null,
): bigint {
  const negate = (d: Decimal): Decimal => ({ units: -d.units, scale: d.scale })
  let total = add(toDecimal(proceeds), negate(toDecimal(costBasis)))
  if (fees !== undefined && fees !== null) total = add(total, negate(toDecimal(fees)))
  return decimalToCents(total)
}
