/**
 * Schwab's self-validating tokens, signed by the shared sandbox signer. The authorization code is
 * the shared code claims plus a trailing `@` (the real vendor's codes end with one, so it arrives
 * as `%40` in the redirect). Access tokens live 30 minutes from issue; the refresh token 7 days
 * from the code exchange, a hard limit (refreshing returns the same refresh token).
 */
import { DAY_MS } from '../../../../kernel/dates.ts'
import type { ClaimFields, SandboxSigner } from '../sandbox-tokens.ts'

export const ACCESS_TTL_S = 1800
export const REFRESH_TTL_MS = 7 * DAY_MS
export const CODE_TTL_MS = 10 * 60_000

/** What every token of a login carries: the login, the app, when the login was created and the code exchanged. */
export interface Grant {
  /** Login id. */
  l: string
  /** The app key. */
  c: string
  /** Login creation (consent) time, ms: the accounts' history ends there. */
  t: number
  /** Code exchange time, ms: the refresh token's 7 days run from it. */
  x: number
}

export interface AccessClaims extends Grant {
  k: 'sat'
  j: string
  /** Issued at, ms. */
  i: number
  /** Chaos generation (expireTokens). */
  g: number
}

export interface RefreshClaims extends Grant {
  k: 'srt'
  j: string
  /** Refresh generation (expireRefreshTokens). */
  g: number
}

const ACCESS: ClaimFields = { strings: ['j', 'l', 'c'], numbers: ['t', 'x', 'i', 'g'] }
const REFRESH: ClaimFields = { strings: ['j', 'l', 'c'], numbers: ['t', 'x', 'g'] }

export interface SchwabTokens {
  code(appKey: string, redirectUri: string, now: Date): string
  /** The code's claims (its trailing `@` required), or undefined when it is not one of ours. */
  verifyCode(code: string): { n: string; c: string; r: string; t: number } | undefined
  access(grant: Grant, now: Date, generation: number): string
  refresh(grant: Grant, now: Date, generation: number): string
  verifyAccess(token: string): AccessClaims | undefined
  verifyRefresh(token: string): RefreshClaims | undefined
  /** A JWT-shaped OpenID id token (HMAC-signed; nothing reads it back). */
  idToken(grant: Grant, now: Date): string
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')

export function schwabTokens(signer: SandboxSigner): SchwabTokens {
  const grantOf = (g: Grant): Grant => ({ l: g.l, c: g.c, t: g.t, x: g.x })
  return {
    code(appKey, redirectUri, now) {
      const claims = { k: 'code' as const, n: signer.nonce(now), c: appKey, r: redirectUri, s: 'api' }
      return `${signer.sign({ ...claims, t: now.getTime() })}@`
    },
    verifyCode(code) {
      if (!code.endsWith('@')) return undefined
      return signer.verifyCode(code.slice(0, -1))
    },
    access: (grant, now, g) =>
      signer.sign({ k: 'sat', j: signer.nonce(now), ...grantOf(grant), i: now.getTime(), g }),
    refresh: (grant, now, g) => signer.sign({ k: 'srt', j: signer.nonce(now), ...grantOf(grant), g }),
    verifyAccess: (token) => signer.verifyClaims(token, 'sat', ACCESS) as AccessClaims | undefined,
    verifyRefresh: (token) => signer.verifyClaims(token, 'srt', REFRESH) as RefreshClaims | undefined,
    idToken(grant, now) {
      const iat = Math.floor(now.getTime() / 1000)
      const payload = { sub: grant.l, aud: grant.c, iss: 'schwab-sandbox', iat, exp: iat + ACCESS_TTL_S }
      const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`
      return `${head}.${signer.digest(`schwab:id-token:${head}`).toString('base64url')}`
    },
  }
}
