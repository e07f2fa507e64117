/**
 * Checks one rule's parameters against its type's specification (catalog.ts) and answers them
 * normalised — decimals as exact decimal strings, symbols upper case, defaults filled in — or the
 * field errors, each at its location. Existence checks (a listed symbol, the caller's saved screen
 * or watchlist) need I/O and are the service's.
 */
import type { AlertTypeSpec, ParamSpec } from './catalog.ts'

export type Loc = (string | number)[]
export interface ParamError {
  loc: Loc
  msg: string
  type: string
}
export type ParamValue = string | number | string[]
export type Params = Record<string, ParamValue>

const SYMBOL = /^[A-Z0-9^][A-Z0-9.^-]{0,15}$/
const DECIMAL = /^\d{1,15}(\.\d+)?$/
const NAME_OK = /^[^\p{Cc}]+$/u

/** The decimal string of a JSON number or string, or null when it is not a plain decimal. */
export function decimalOf(v: unknown): string | null {
  let s: string
  if (typeof v === 'number') {
    if (!Number.isFinite(v) || v < 0) return null
    s = String(v)
    if (s.includes('e')) s = v.toFixed(10)
  } else if (typeof v === 'string') s = v.trim()
  else return null
  if (!DECIMAL.test(s)) return null
  const [int, frac = ''] = s.split('.')
  const f = frac.replace(/0+$/, '')
  const i = int!.replace(/^0+(?=\d)/, '')
  return f ? `${i}.${f}` : i
}

const places = (dec: string) => dec.split('.')[1]?.length ?? 0

/** Compares two non-negative decimal strings exactly: -1, 0 or 1. */
export function compareDecimal(a: string, b: string): number {
  const [ai, af = ''] = a.split('.')
  const [bi, bf = ''] = b.split('.')
  const n = Math.max(af.length, bf.length)
  const x = BigInt(ai! + af.padEnd(n, '0'))
  const y = BigInt(bi! + bf.padEnd(n, '0'))
  return x < y ? -1 : x > y ? 1 : 0
}

const DECIMAL_PLACES: Record<string, number> = { usd: 4, percent: 4 }

function checkDecimal(p: ParamSpec, raw: unknown, loc: Loc, errors: ParamError[]): string | undefined {
  const dec = decimalOf(raw)
  const maxPlaces = p.name === 'min_value' ? 2 : (DECIMAL_PLACES[p.unit ?? ''] ?? 4)
  if (dec === null) {
    errors.push({ loc, msg: `${p.name} must be a non-negative decimal number`, type: 'type_error' })
    return undefined
  }
  if (places(dec) > maxPlaces) {
    errors.push({ loc, msg: `${p.name} has more than ${maxPlaces} decimals`, type: 'value_error' })
    return undefined
  }
  if (!inRange(p, dec, loc, errors)) return undefined
  return dec
}

function inRange(p: ParamSpec, dec: string, loc: Loc, errors: ParamError[]): boolean {
  const min = p.min === null ? null : decimalOf(p.min)
  const max = p.max === null ? null : decimalOf(p.max)
  if ((min !== null && compareDecimal(dec, min) < 0) || (max !== null && compareDecimal(dec, max) > 0)) {
    errors.push({
      loc,
      msg: `${p.name} must be from ${p.min ?? '-∞'} to ${p.max ?? '∞'}`,
      type: 'range_error',
    })
    return false
  }
  return true
}

function checkOne(p: ParamSpec, raw: unknown, loc: Loc, errors: ParamError[]): ParamValue | undefined {
  const bad = (msg: string, type = 'type_error') => void errors.push({ loc, msg, type })
  switch (p.type) {
    case 'decimal':
      return checkDecimal(p, raw, loc, errors)
    case 'number': {
      // A decimal string too ("3.5"), as for prices: clients that keep decimals as strings send both alike.
      if (!(typeof raw === 'number' && Number.isFinite(raw)) && typeof raw !== 'string')
        return bad(`${p.name} must be a number`)
      const dec = checkDecimal(p, raw, loc, errors)
      return dec === undefined ? undefined : Number(dec)
    }
    case 'integer': {
      if (typeof raw !== 'number' || !Number.isSafeInteger(raw)) return bad(`${p.name} must be an integer`)
      if ((p.min !== null && raw < p.min) || (p.max !== null && raw > p.max))
        return bad(`${p.name} must be from ${p.min ?? '-∞'} to ${p.max ?? '∞'}`, 'range_error')
      return raw
    }
    case 'symbol': {
      const s = typeof raw === 'string' ? raw.trim().toUpperCase() : ''
      if (!SYMBOL.test(s)) return bad(`${p.name} must be a ticker such as AAPL or BRK.B`)
      return s
    }
    case 'enum':
      if (typeof raw !== 'string' || !p.values!.includes(raw))
        return bad(`${p.name} must be one of ${p.values!.join(', ')}`, 'enum')
      return raw
    case 'enum_list':
      return checkList(p, raw, loc, errors)
    case 'string': {
      const s = typeof raw === 'string' ? raw.trim() : ''
      if (!s || s.length > (p.max ?? Infinity) || !NAME_OK.test(s))
        return bad(`${p.name} must be 1–${p.max} characters without control characters`)
      return s
    }
  }
}

function checkList(p: ParamSpec, raw: unknown, loc: Loc, errors: ParamError[]): string[] | undefined {
  if (!Array.isArray(raw) || raw.length === 0) {
    errors.push({
      loc,
      msg: `${p.name} must be a non-empty list of ${p.values!.join(', ')}`,
      type: 'type_error',
    })
    return undefined
  }
  const out: string[] = []
  raw.forEach((v, i) => {
    if (typeof v !== 'string' || !p.values!.includes(v))
      errors.push({ loc: [...loc, i], msg: `must be one of ${p.values!.join(', ')}`, type: 'enum' })
    else if (!out.includes(v)) out.push(v)
  })
  return errors.length ? undefined : out
}

/** The normalised parameters, or the errors (locations under `at`, e.g. body.rules.0.params). */
export function checkParams(
  spec: AlertTypeSpec,
  raw: unknown,
  at: Loc,
): { params: Params } | { errors: ParamError[] } {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    return { errors: [{ loc: at, msg: 'params must be an object', type: 'type_error' }] }
  const given = raw as Record<string, unknown>
  const errors: ParamError[] = []
  const known = new Set(spec.params.map((p) => p.name))
  for (const k of Object.keys(given))
    if (!known.has(k))
      errors.push({
        loc: [...at, k],
        msg: `unknown parameter ${k} for ${spec.type}; allowed: ${[...known].join(', ')}`,
        type: 'unknown_param',
      })
  const params: Params = {}
  for (const p of spec.params) {
    const v = given[p.name]
    if (v === undefined || v === null) {
      if (p.default !== undefined) params[p.name] = p.default
      continue
    }
    const out = checkOne(p, v, [...at, p.name], errors)
    if (out !== undefined) params[p.name] = out
  }
  checkRequired(spec, given, params, at, errors)
  return errors.length ? { errors } : { params }
}

function checkRequired(
  spec: AlertTypeSpec,
  given: Record<string, unknown>,
  params: Params,
  at: Loc,
  errors: ParamError[],
) {
  for (const p of spec.params) {
    const present = given[p.name] !== undefined && given[p.name] !== null
    const cond = p.required_when
    const needed = p.required || (cond !== undefined && params[cond.param] === cond.equals)
    if (needed && !present)
      errors.push({ loc: [...at, p.name], msg: `${p.name} is required`, type: 'missing' })
    if (cond && present && params[cond.param] !== cond.equals)
      errors.push({
        loc: [...at, p.name],
        msg: `${p.name} is only allowed when ${cond.param} is "${cond.equals}"`,
        type: 'not_allowed',
      })
  }
}
