/**
 * Schwab's wire conventions shared by the route files (docs/vendor-formats.md#schwab-trader): the three error shapes
 * (OAuth `{error, error_description}`, Trader API ServiceError `{message, errors[]}`, Market Data
 * `{errors:[{id, status, title, detail, source}]}`), timestamps and query helpers.
 */
import { randomUUID } from 'node:crypto'
import type { FastifyReply } from 'fastify'
import { oauthError } from '../chaos.ts'

export type Api = 'oauth' | 'trader' | 'marketdata'

/** Which of Schwab's APIs a path (relative to the mount point) belongs to. */
export function apiOf(path: string): Api {
  if (path.startsWith('/v1/oauth/')) return 'oauth'
  if (path.startsWith('/marketdata/')) return 'marketdata'
  return 'trader'
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
}
export const titleOf = (status: number): string => TITLES[status] ?? `HTTP ${status}`

export const serviceError = (message: string, errors: string[] = [message]) => ({ message, errors })

export interface ErrorSource {
  pointer?: string[]
  parameter?: string
  header?: string
}

export function marketError(status: number, detail: string, source?: ErrorSource) {
  const error = { id: randomUUID(), status: String(status), title: titleOf(status), detail }
  return { errors: [source ? { ...error, source } : error] }
}

const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'invalid_client',
  429: 'temporarily_unavailable',
  503: 'temporarily_unavailable',
}

/** Schwab's error body for a status on one of its APIs (what chaos and the error handler send). */
export function errorBody(api: Api, status: number, detail = titleOf(status).toLowerCase()): unknown {
  if (api === 'oauth')
    return oauthError(OAUTH_ERRORS[status] ?? (status >= 500 ? 'server_error' : 'invalid_request'), detail)
  if (api === 'marketdata') return marketError(status, detail)
  return serviceError(detail)
}

export const traderFail = (reply: FastifyReply, status: number, message: string, errors?: string[]) =>
  reply.code(status).send(serviceError(message, errors))

export const marketFail = (reply: FastifyReply, status: number, detail: string, parameter?: string) =>
  reply.code(status).send(marketError(status, detail, parameter ? { parameter } : undefined))

/** Schwab's transaction and order timestamps: `2025-04-23T19:59:12+0000`. */
export const wireTime = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000')

const ISO_MILLIS = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})(Z|[+-]\d{2}:?\d{2})$/

/** An ISO-8601 time with milliseconds and a zone (`Z`, `+00:00` or `+0000`); NaN otherwise. */
export function parseIsoMillis(v: string | undefined): number {
  const m = ISO_MILLIS.exec(v ?? '')
  if (!m?.[1] || !m[2]) return NaN
  const zone = m[2] === 'Z' ? 'Z' : `${m[2].slice(0, 3)}:${m[2].slice(-2)}`
  return Date.parse(`${m[1]}${zone}`)
}

export const csv = (v: string | undefined): string[] =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

/** `true`/`false` (case-insensitive), the fallback when absent, undefined when anything else. */
export function bool(v: string | undefined, fallback: boolean): boolean | undefined {
  if (v === undefined || v === '') return fallback
  const s = v.toLowerCase()
  return s === 'true' ? true : s === 'false' ? false : undefined
}

/** A whole number in [min, max], the fallback when absent, undefined when invalid. */
export function whole(v: string | undefined, fallback: number, min: number, max: number): number | undefined {
  if (v === undefined || v === '') return fallback
  if (!/^-?\d+$/.test(v)) return undefined
  const n = Number(v)
  return n >= min && n <= max ? n : undefined
}
