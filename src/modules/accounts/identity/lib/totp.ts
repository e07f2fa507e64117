/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30 s) via `otpauth`, so any authenticator app works. Codes of
 * the previous and next step are accepted; the step actually used is returned so a caller can
 * refuse its replay.
 */
import { Secret, TOTP } from 'otpauth'

export const TOTP_PERIOD = 30

function totp(secret: string, label = 'account'): TOTP {
  return new TOTP({
    issuer: 'Sextant',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secret),
  })
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

export function otpauthUrl(secret: string, email: string): string {
  return totp(secret, email).toString()
}

/** The 30-second step a valid code belongs to, or null. */
export function matchTotp(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const delta = totp(secret).validate({ token: code, timestamp: now.getTime(), window: 1 })
  if (delta === null) return null
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD) + delta
}
