/**
 * The checks every broker adapter runs on the fields it reads from a vendor's JSON: a payload that
 * does not match throws UpstreamProtocolError naming the vendor and the field (never a value, which
 * may be a secret), so bad data never reaches the portfolio.
 */
import { UpstreamProtocolError } from '../../platform/upstream-errors.ts'
import { decimalString } from './broker.port.ts'

/** A parsed JSON object as the vendor sent it. */
export type WireJson = Record<string, unknown>

export interface WireChecks {
  malformed: (what: string) => UpstreamProtocolError
  object: (v: unknown, what: string) => WireJson
  array: (v: unknown, what: string) => unknown[]
  /** A non-empty string. */
  str: (o: WireJson, key: string, what: string) => string
  /** A non-empty string, else null. */
  optStr: (o: WireJson, key: string) => string | null
  /** A decimal string (from a string or a JSON number). */
  dec: (o: WireJson, key: string, what: string) => string
  /** A decimal string, null when absent; null as well when present but not a decimal. */
  optDec: (o: WireJson, key: string) => string | null
}

/** The checks for one vendor: its name is in every error. */
export function wireChecks(provider: string): WireChecks {
  const malformed = (what: string): UpstreamProtocolError =>
    new UpstreamProtocolError(`${provider} returned a malformed payload: ${what}`, { provider })
  return {
    malformed,
    object(v, what) {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) throw malformed(`${what} is not an object`)
      return v as WireJson
    },
    array(v, what) {
      if (!Array.isArray(v)) throw malformed(`${what} is not an array`)
      return v as unknown[]
    },
    str(o, key, what) {
      const v = o[key]
      if (typeof v !== 'string' || v === '') throw malformed(`${what}.${key} is not a string`)
      return v
    },
    optStr: (o, key) => (typeof o[key] === 'string' && o[key] !== '' ? o[key] : null),
    dec(o, key, what) {
      const v = decimalString(o[key])
      if (v === null) throw malformed(`${what}.${key} is not a decimal`)
      return v
    },
    optDec: (o, key) => (o[key] == null ? null : decimalString(o[key])),
  }
}
