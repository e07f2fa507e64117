/**
 * One-time secrets. Tokens carry the tenant they belong to (`<tenantId>.<random>`), so they are
 * looked up inside that tenant's scope, under RLS, without a cross-tenant search; only their
 * SHA-256 is stored. Codes are 6 random digits, hashed with their purpose and owner.
 */
import { randomInt } from 'node:crypto'
import { randomToken, sha256Hex } from '../../../../platform/crypto.ts'

export interface IssuedToken {
  token: string
  hash: string
}

export function issueToken(tenantId: number, prefix = ''): IssuedToken {
  const token = `${prefix}${tenantId}.${randomToken(32)}`
  return { token, hash: sha256Hex(token) }
}

/** The tenant a presented token names, or null when it is not one of ours. */
export function tenantOfToken(token: string, prefix = ''): number | null {
  if (!token.startsWith(prefix)) return null
  const m = /^(\d{1,15})\.[A-Za-z0-9_-]{43}$/.exec(token.slice(prefix.length))
  const id = m ? Number(m[1]) : NaN
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

export function codeHash(purpose: string, userId: number, code: string): string {
  return sha256Hex(`${purpose}:${userId}:${code}`)
}

/** Recovery codes: 10 characters from an unambiguous alphabet, shown as xxxxx-xxxxx. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
export function newRecoveryCode(): string {
  let s = ''
  for (let i = 0; i < 10; i++) s += ALPHABET[randomInt(0, ALPHABET.length)]
  return `${s.slice(0, 5)}-${s.slice(5)}`
}

export function normalizeRecoveryCode(code: string): string {
  return code
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
}
