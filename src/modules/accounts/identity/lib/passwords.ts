/**
 * Passwords: argon2id with OWASP's recommended parameters (19 MiB, t=2, p=1), and a NIST SP
 * 800-63B style policy — length 8–128, not a commonly used password, not the e-mail itself. No
 * composition rules (they make passwords worse, not stronger).
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2'
import type { FieldError } from '../../../../platform/http/errors.ts'
import { COMMON_PASSWORDS } from './common-passwords.ts'

// Algorithm is an ambient const enum (not importable as a value here): 2 is Argon2id.
const ARGON2ID = 2 as Algorithm
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS)
}

/** A hash of a random password, verified against when the account does not exist (equal timing). */
let dummy: Promise<string> | undefined
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  dummy ??= hashPassword('not-a-real-password-only-for-timing')
  const target = stored ?? (await dummy)
  try {
    const ok = await verify(target, password)
    return ok && stored !== null
  } catch {
    return false
  }
}

/** Field problems of a proposed password (empty when acceptable). */
export function passwordProblems(password: string, email: string | null, field = 'password'): FieldError[] {
  const loc = ['body', field]
  const length = [...password].length
  if (length < PASSWORD_MIN)
    return [{ loc, msg: `must be at least ${PASSWORD_MIN} characters`, type: 'password_too_short' }]
  if (length > PASSWORD_MAX)
    return [{ loc, msg: `must be at most ${PASSWORD_MAX} characters`, type: 'password_too_long' }]
  const lowered = password.toLowerCase()
  if (COMMON_PASSWORDS.has(lowered))
    return [{ loc, msg: 'is too common; choose another', type: 'password_common' }]
  if (email && (lowered === email.toLowerCase() || lowered === email.toLowerCase().split('@')[0])) {
    return [{ loc, msg: 'must not be your e-mail address', type: 'password_is_email' }]
  }
  return []
}
