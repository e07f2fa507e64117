/** The brokers module's problems and the small texts every part of it shares. */
import { AppError, ServiceUnavailableError, UnprocessableError } from '../../../platform/http/errors.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import type { StateProblem } from '../connections/lib/oauth-state.ts'

/** Where each broker's connection starts: the operation that issues its state. */
const START: Record<string, string> = {
  brokera: 'GET /api/brokera/auth-url',
  brokerb: 'GET /api/brokerb/auth-url',
  aggregator: 'POST /api/brokers/aggregator/connect',
}
/** The server settings that configure each broker's app. */
const CREDENTIALS: Record<string, string> = {
  brokera: 'ALPACA_OAUTH_CLIENT_ID and ALPACA_OAUTH_CLIENT_SECRET',
  brokerb: 'SCHWAB_APP_KEY and SCHWAB_APP_SECRET',
  aggregator: 'SNAPTRADE_CLIENT_ID and SNAPTRADE_CONSUMER_KEY',
}
/** Where a broker's connection starts, as hints name it. */
export const startOf = (broker: string) => START[broker] ?? `GET /api/${broker}/auth-url`

export function stateMessage(problem: StateProblem | 'mismatch' | 'reused', broker: string): string {
  const start = startOf(broker)
  switch (problem) {
    case 'missing':
      return `state is required: take it from ${start}`
    case 'malformed':
      return 'state is not a state this service issued'
    case 'tampered':
      return 'state failed its signature check'
    case 'expired':
      return `state has expired (it is valid for 10 minutes): start again with ${start}`
    case 'mismatch':
      return 'state was issued to another user, tenant or broker'
    case 'reused':
      return `state has already been used: start again with ${start}`
  }
}

export const stateError = (
  problem: StateProblem | 'mismatch' | 'reused',
  where: 'query' | 'body',
  broker: string,
) => {
  const msg = stateMessage(problem, broker)
  return new UnprocessableError(`broker.state_${problem}`, msg, [
    { loc: [where, 'state'], msg, type: `state_${problem}` },
  ])
}

/** 503 `broker.not_configured`, naming the settings that configure this broker. */
export const notConfigured = (broker: string) =>
  new ServiceUnavailableError(
    'broker.not_configured',
    `${broker} is not configured on this server: set ${CREDENTIALS[broker] ?? 'its app credentials'} or BROKER_SANDBOX=true`,
  )

export const UNREADABLE = 'stored token unreadable: disconnect and connect again'

/**
 * The broker operations' answer when there is no connection to use. A 422, the code for a
 * request this state cannot serve (docs/api-behaviour.md#degraded-answers), with its own code.
 */
export const notConnected = (broker: string) => {
  const msg = `${broker} is not connected: start with ${startOf(broker)}${broker === 'aggregator' ? '' : ', then connect'}`
  return new UnprocessableError('broker.not_connected', msg, [
    { loc: ['path', 'broker_type'], msg, type: 'not_connected' },
  ])
}

/** A failure before any sync began (no connection, broker not configured): no sync-log row for it. */
export const neverStarted = (err: unknown) =>
  err instanceof AppError && (err.code === 'broker.not_connected' || err.code === 'broker.not_configured')

/**
 * Whether an order call failed before anything reached the broker, so the order was certainly not
 * placed: this server has no app for the broker (503 `broker.not_configured`), the tenant has no
 * connection to it, or the connection must be made again (a token unreadable, or refused by the
 * broker). Any other failure (a timeout, a vendor 5xx) leaves the outcome unknown.
 */
export const neverSent = (err: unknown): boolean =>
  err instanceof AppError &&
  (err.code === 'broker.not_configured' ||
    err.code === 'broker.not_connected' ||
    err.code === 'broker.reconnect_required')

export const reconnectRequired = (broker: string, why: string) =>
  new UnprocessableError('broker.reconnect_required', `${broker}: ${why}; disconnect and connect again`)

/** What a person needs to recognise an account: the last four characters. */
export const maskNumber = (n: string) =>
  n.length <= 4 ? n : `${'•'.repeat(Math.min(4, n.length - 4))}${n.slice(-4)}`

export function errorText(err: unknown): string {
  if (isUpstreamError(err)) return `${err.provider} ${err.kind}${err.status ? ` (HTTP ${err.status})` : ''}`
  return err instanceof Error ? err.message : 'unknown error'
}

/** Our query's name for a parameter Schwab names in its refusal (camelCase there, snake_case here). */
const SCHWAB_NAMES: Record<string, string> = {
  symbol_id: 'index',
  needExtendedHoursData: 'need_extended_hours',
}
const snake = (name: string) => SCHWAB_NAMES[name] ?? name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/** A vendor's text made safe to answer: bounded, no control characters, no token-like runs. */
const clean = (text: string) =>
  text
    .slice(0, 300)
    .replace(/\p{Cc}/gu, ' ')
    .replace(/[A-Za-z0-9+/=._@~-]{24,}/g, '…')

/** What a vendor's error body says, and the parameter it names: Schwab's market data and trader shapes. */
function vendorRefusal(body: string | undefined): { message?: string; parameter?: string } {
  try {
    const b = JSON.parse(body ?? '') as {
      message?: unknown
      errors?: Array<{ detail?: unknown; source?: { parameter?: unknown } } | string>
    }
    const first = Array.isArray(b.errors) ? b.errors[0] : undefined
    const detail = typeof first === 'object' && first !== null ? first.detail : first
    const message = typeof b.message === 'string' && b.message !== '' ? b.message : detail
    const parameter = typeof first === 'object' && first !== null ? first.source?.parameter : undefined
    return {
      ...(typeof message === 'string' && message !== '' ? { message: clean(message) } : {}),
      ...(typeof parameter === 'string' && parameter !== '' ? { parameter: parameter.slice(0, 64) } : {}),
    }
  } catch {
    return {}
  }
}

/**
 * A vendor's refusal of a read (an upstream bad_request) is the caller's to fix: 422
 * `broker.request_rejected` with the vendor's message and the parameter it names (`guess` when it
 * names none), never a 502. Anything else passes through unchanged.
 */
export function requestRejected(vendor: string, guess: string): (err: unknown) => never {
  return (err) => {
    if (!isUpstreamError(err) || err.kind !== 'bad_request') throw err
    const { message, parameter } = vendorRefusal(err.body)
    const msg = message ?? 'the request was refused'
    const name = parameter ? snake(parameter) : guess
    throw new UnprocessableError('broker.request_rejected', `${vendor} rejected the request: ${msg}`, [
      { loc: ['query', name], msg, type: 'request_rejected' },
    ])
  }
}
