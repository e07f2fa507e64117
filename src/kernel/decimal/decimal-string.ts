/**
 * Exact arithmetic on decimal strings ('-12.5', '0.001'; as the broker port's `decimalString`
 * writes them): a scaled BigInt, never a float. For the figures a vendor does not send ready-made
 * (Schwab, SnapTrade): net quantities, cost bases, per-share prices, summed fees and average fill
 * prices. Any scale in, the exact result out; only `decDiv` rounds (to `places`, half away from zero).
 */

interface Dec {
  units: bigint
  scale: number
}

function parse(s: string): Dec {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s)
  if (!m) throw new RangeError(`not a decimal: ${s}`)
  const frac = m[3] ?? ''
  const units = BigInt(`${m[2] ?? '0'}${frac}`)
  return { units: m[1] ? -units : units, scale: frac.length }
}

/** The shortest form: no trailing fractional zeros, no `-0`. */
function format({ units, scale }: Dec): string {
  const negative = units < 0n
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0')
  const int = digits.slice(0, digits.length - scale)
  const frac = digits.slice(digits.length - scale).replace(/0+$/, '')
  const body = frac ? `${int}.${frac}` : int
  return negative ? `-${body}` : body
}

const pow10 = (n: number) => 10n ** BigInt(n)

function aligned(a: string, b: string): [bigint, bigint, number] {
  const x = parse(a)
  const y = parse(b)
  const scale = Math.max(x.scale, y.scale)
  return [x.units * pow10(scale - x.scale), y.units * pow10(scale - y.scale), scale]
}

export function decAdd(a: string, b: string): string {
  const [x, y, scale] = aligned(a, b)
  return format({ units: x + y, scale })
}

export function decSub(a: string, b: string): string {
  const [x, y, scale] = aligned(a, b)
  return format({ units: x - y, scale })
}

export function decMul(a: string, b: string): string {
  const x = parse(a)
  const y = parse(b)
  return format({ units: x.units * y.units, scale: x.scale + y.scale })
}

/** a / b rounded half away from zero to `places` decimals (trailing zeros dropped); null when b is zero. */
export function decDiv(a: string, b: string, places = 8): string | null {
  const x = parse(a)
  const y = parse(b)
  if (y.units === 0n) return null
  let num = x.units * pow10(y.scale + places)
  let den = y.units * pow10(x.scale)
  if (den < 0n) [num, den] = [-num, -den]
  const negative = num < 0n
  const n = negative ? -num : num
  const q = n / den + ((n % den) * 2n >= den ? 1n : 0n)
  return format({ units: negative ? -q : q, scale: places })
}

export const decAbs = (a: string): string => (a.startsWith('-') ? a.slice(1) : a)

/** -1, 0 or 1. */
export const decSign = (a: string): number => (/[1-9]/.test(a) ? (a.startsWith('-') ? -1 : 1) : 0)

export const decSum = (values: readonly string[]): string => values.reduce(decAdd, '0')
