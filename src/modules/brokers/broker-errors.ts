/** The brokers module's problems and the small texts every part of it shares. */
import { UnprocessableError } from '../../platform/http/errors.ts'
import { isUpstreamError } from '../../platform/upstream-errors.ts'
import type { StateProblem } from './lib/oauth-state.ts'

export const STATE_MESSAGES: Record<StateProblem | 'mismatch' | 'reused', string> = {
  missing: 'state is required: take it from the auth-url operation',
  malformed: 'state is not a state this service issued',
  tampered: 'state failed its signature check',
  expired: 'state has expired (it is valid for 10 minutes): start again from the auth-url operation',
  mismatch: 'state was issued to another user, tenant or broker',
  reused: 'state has already been used: start again from the auth-url operation',
}

export const stateError = (problem: keyof typeof STATE_MESSAGES, where: 'query' | 'body') =>
  new UnprocessableError(`broker.state_${problem}`, STATE_MESSAGES[problem], [
    { loc: [where, 'state'], msg: STATE_MESSAGES[problem], type: `state_${problem}` },
  ])

export const UNREADABLE = 'stored token unreadable: disconnect and connect again'

/**
 * The broker operations' answer when there is no connection to use. A 422, the spec's code for a
 * request this state cannot serve (§4.8–§4.10 list no other), with its own code.
 */
export const notConnected = (broker: string) =>
  new UnprocessableError(
    'broker.not_connected',
    `${broker} is not connected: start with GET /api/${broker}/auth-url, then connect`,
  )

export const reconnectRequired = (broker: string, why: string) =>
  new UnprocessableError('broker.reconnect_required', `${broker}: ${why}; disconnect and connect again`)

/** What a person needs to recognise an account: the last four characters. */
export const maskNumber = (n: string) =>
  n.length <= 4 ? n : `${'•'.repeat(Math.min(4, n.length - 4))}${n.slice(-4)}`

export function errorText(err: unknown): string {
  if (isUpstreamError(err)) return `${err.provider} ${err.kind}${err.status ? ` (HTTP ${err.status})` : ''}`
  return err instanceof Error ? err.message : 'unknown error'
}
