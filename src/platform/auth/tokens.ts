/**
 * Access tokens: HS256 JWTs (jose) with the algorithm pinned, so `alg: none` and tokens signed by
 * any other key or algorithm are rejected. Claims: sub (user id), tid (tenant), role, sid (session),
 * jti. The identity module issues them; the platform only verifies.
 */
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose'
import { LRUCache } from 'lru-cache'
import type { Role } from './scope.ts'

const ALG = 'HS256'
export const ISSUER = 'sextant'
export const AUDIENCE = 'sextant-api'

export interface AccessClaims {
  userId: number
  tenantId: number
  role: Role
  sessionId: string
  tokenId: string
  expiresAt: Date
}

export interface TokenSigner {
  sign(claims: Omit<AccessClaims, 'expiresAt'>, ttlSeconds: number, now: Date): Promise<string>
  verify(token: string, now: Date): Promise<AccessClaims | null>
}

/**
 * Tokens already verified, by their exact text (signature included, so no other text can hit), with
 * their claims: the HMAC check through WebCrypto was a fifth of an authenticated request's CPU. Expiry is
 * still checked on every use; an entry is dropped once the token has expired or when the LRU is full.
 */
const VERIFIED_MAX = 10_000

export function createTokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret)
  const verified = new LRUCache<string, AccessClaims>({ max: VERIFIED_MAX })
  // jose's rule: valid while the current second is before `exp`.
  const live = (c: AccessClaims, now: Date) => Math.floor(now.getTime() / 1000) < c.expiresAt.getTime() / 1000
  return {
    async sign(c, ttlSeconds, now) {
      const iat = Math.floor(now.getTime() / 1000)
      return new SignJWT({ tid: c.tenantId, role: c.role, sid: c.sessionId })
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setSubject(String(c.userId))
        .setJti(c.tokenId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(key)
    },
    async verify(token, now) {
      const known = verified.get(token)
      if (known) {
        if (live(known, now)) return { ...known }
        verified.delete(token)
        return null
      }
      const claims = await verifyWithJose(token, now)
      if (claims) verified.set(token, claims)
      return claims ? { ...claims } : null
    },
  }

  async function verifyWithJose(token: string, now: Date): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALG],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: now,
        requiredClaims: ['sub', 'exp', 'jti'],
      })
      const userId = Number(payload.sub)
      const tenantId = payload['tid']
      const role = payload['role']
      const sid = payload['sid']
      if (!Number.isSafeInteger(userId) || typeof tenantId !== 'number' || !Number.isSafeInteger(tenantId))
        return null
      if (role !== 'user' && role !== 'admin') return null
      if (typeof sid !== 'string' || typeof payload.jti !== 'string' || typeof payload.exp !== 'number')
        return null
      return {
        userId,
        tenantId,
        role,
        sessionId: sid,
        tokenId: payload.jti,
        expiresAt: new Date(payload.exp * 1000),
      }
    } catch (e) {
      if (e instanceof joseErrors.JOSEError) return null
      throw e
    }
  }
}
