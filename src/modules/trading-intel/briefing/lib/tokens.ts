/**
 * One-click unsubscribe tokens: `<tenant id>.<43 random base64url characters>` (256 bits), one per
 * subscription. The tenant prefix routes the lookup to its tenant's scope; the row is found by the
 * token's SHA-256, and the token is kept encrypted (bound to its tenant) to write it into each mail.
 * The same shape as identity's link tokens.
 */
import { randomToken, sha256Hex } from '../../../../platform/crypto.ts'

export interface IssuedToken {
  token: string
  hash: string
}

export function issueUnsubToken(tenantId: number): IssuedToken {
  const token = `${tenantId}.${randomToken(32)}`
  return { token, hash: sha256Hex(token) }
}

/** The tenant a presented token names, or null when it is not one of ours. */
export function tenantOfUnsubToken(token: string): number | null {
  const m = /^(\d{1,15})\.[A-Za-z0-9_-]{43}$/.exec(token)
  const id = m ? Number(m[1]) : NaN
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

export const hashOf = (token: string) => sha256Hex(token)
