/**
 * Decoding Finnhub's wire format (docs/vendor-formats.md#finnhub): field readers that throw a protocol error naming
 * the path and field (never the URL or key), and the shared date and ordering helpers.
 */
import { UpstreamProtocolError } from '../../shared/http.ts'

export type Obj = Record<string, unknown>
export type Query = Record<string, string | undefined>
/** One authenticated GET of a Finnhub path; the body is decoded by the caller. */
export type FinnhubGet = (path: string, query: Query) => Promise<unknown>

const YMD = /^\d{4}-\d{2}-\d{2}$/

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
export const ymd = (d: Date): string => d.toISOString().slice(0, 10)
export const round2 = (n: number): number => Math.round(n * 100) / 100

export function malformed(path: string, detail: string, payload: unknown): UpstreamProtocolError {
  return new UpstreamProtocolError(`finnhub GET ${path} returned a malformed payload: ${detail}`, {
    provider: 'finnhub',
    status: 200,
    body: JSON.stringify(payload) ?? '',
  })
}

const isStr = (v: unknown): v is string => typeof v === 'string'
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)
const isInt = (v: unknown): v is number => Number.isInteger(v)
const isDate = (v: unknown): v is string => isStr(v) && YMD.test(v)
const isArr = (v: unknown): v is unknown[] => Array.isArray(v)

/** Field readers that throw a protocol error naming the path and field (never the URL or key). */
export function reader(path: string, payload: unknown) {
  const pick =
    <T>(want: string, ok: (v: unknown) => v is T) =>
    (o: unknown, k: string): T => {
      const v = isObj(o) ? o[k] : undefined
      if (!ok(v)) throw malformed(path, `${k} is not ${want}`, payload)
      return v
    }
  const str = pick('a string', isStr)
  const num = pick('a number', isNum)
  return {
    str,
    num,
    int: pick('an integer', isInt),
    date: pick('a YYYY-MM-DD date', isDate),
    array: pick('an array', isArr),
    obj: (v: unknown, what: string): Obj => pick('an object', isObj)({ [what]: v }, what),
    optStr: (o: Obj, k: string): string => (o[k] === undefined || o[k] === null ? '' : str(o, k)),
    optNum: (o: Obj, k: string): number | null => (o[k] === undefined || o[k] === null ? null : num(o, k)),
  }
}
export type Reader = ReturnType<typeof reader>

/** Transcript times have no documented zone; a zone-less "YYYY-MM-DD hh:mm:ss" is read as UTC (an assumption). */
export function isoTime(s: string): string | null {
  const naive = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(s)
  const d = new Date(naive ? `${s.replace(' ', 'T')}Z` : s)
  return Number.isNaN(d.getTime()) ? null : d.toISOString()
}

export const newestFirst =
  <T>(key: (t: T) => string) =>
  (a: T, b: T) =>
    key(a) < key(b) ? 1 : key(a) > key(b) ? -1 : 0
