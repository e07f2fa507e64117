/** What the simulated SnapTrade's route files share. */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Accounts } from '../accounts.ts'
import type { ChaosState } from '../chaos.ts'
import type { SnapUsers } from './users.ts'

export interface SnapContext {
  clientId: string
  consumerKey: string
  now: () => Date
  accounts: Accounts
  users: SnapUsers
  chaos: ChaosState
  /** The browser-facing base of the portal pages (null: from the request's Host). */
  portalBaseUrl: string | null
}

/** SnapTrade's error body for 400/401/403/404. */
export const snapError = (reply: FastifyReply, status: number, code: number, detail: string) =>
  reply.code(status).send({ default_detail: detail, default_code: code })

/** The vendor's body for each status a chaos script names. */
export function errorBody(status: number): unknown {
  if (status === 401) return { default_detail: 'Unable to verify signature sent', default_code: 1076 }
  if (status === 403) return { default_detail: 'Forbidden', default_code: 1066 }
  if (status === 404) return { default_detail: 'Not found', default_code: 1011 }
  if (status === 402) return { detail: 'Connection disabled', code: 3003 }
  if (status === 425) return { detail: 'Data is still being populated', code: 3012 }
  if (status === 503) return { detail: 'Brokerage is syncing, please retry', status_code: 503, code: 3002 }
  if (status >= 500) return { detail: 'Internal server error', status_code: status, code: 1000 }
  return { default_detail: 'Bad request', default_code: 1000 + status }
}

export const rateLimitedBody = (seconds: number) => ({
  detail: `Request was throttled. Expected available in ${seconds} seconds.`,
  status_code: 429,
  code: '0000',
})

/** The caller's user, set by the authentication hook for user-scoped routes. */
const CALLER = new WeakMap<FastifyRequest, string>()
export const setCaller = (req: FastifyRequest, userId: string) => void CALLER.set(req, userId)
export function callerOf(req: FastifyRequest): string {
  const id = CALLER.get(req)
  if (id === undefined) throw new Error('snaptrade sandbox: route without a user')
  return id
}

export const hiddenRoute = { config: { auth: 'public' as const }, schema: { hide: true } }
