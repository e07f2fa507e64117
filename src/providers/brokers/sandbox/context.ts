/** What the sandbox's route files share. */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Accounts } from './accounts.ts'
import { apiError, type ChaosState } from './chaos.ts'
import type { SandboxSigner } from './sandbox-tokens.ts'

export interface SandboxContext {
  clientId: string
  clientSecret: string
  redirectUris: readonly string[]
  now: () => Date
  signer: SandboxSigner
  chaos: ChaosState
  accounts: Accounts
  /** Nonces of codes already exchanged (single use). */
  usedCodes: Set<string>
  /** Ids of revoked access tokens. */
  revoked: Set<string>
}

/** Route options shared by every sandbox route: public for the app's authentication, hidden from its docs. */
export const hidden = (consumes?: string) => ({
  config: { auth: 'public' as const },
  schema: { hide: true, ...(consumes ? { consumes: [consumes] } : {}) },
})

/** Query values as single strings (the first of a repeated key). */
export function queryOf(req: FastifyRequest): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {}
  for (const [k, v] of Object.entries((req.query ?? {}) as Record<string, unknown>)) {
    const first: unknown = Array.isArray(v) ? v[0] : v
    if (typeof first === 'string') out[k] = first
  }
  return out
}

export const fail = (reply: FastifyReply, status: number, code: number, message: string) =>
  reply.code(status).send(apiError(code, message))
