// Secrets at rest (provider credentials) with AES-256-GCM, plus helpers for one-time tokens.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto'

export interface SecretCipher {
  /** `aad` (e.g. tenant id) binds the ciphertext to its owner; decrypt must pass the same value. */
  encrypt(plaintext: string, aad?: string): string
  decrypt(token: string, aad?: string): string
  /**
   * HMAC-SHA256 of `data` (base64url) under a key derived for `purpose` alone (HKDF), so a MAC made
   * for one use (an OAuth state) can never pass for another.
   */
  mac(purpose: string, data: string): string
  /** Whether `tag` is `mac(purpose, data)`, compared in constant time. */
  verifyMac(purpose: string, data: string, tag: string): boolean
}

const ALGORITHM = 'aes-256-gcm'
const KEY_BYTES = 32
const IV_BYTES = 12 // GCM's standard nonce size; random per encryption
const TAG_BYTES = 16
// Versioned so a future key/algorithm rotation can coexist with old tokens.
const VERSION = 'v1'

function decodeKey(keyBase64: string): Buffer {
  const key = Buffer.from(keyBase64, 'base64')
  // Buffer.from silently skips bad characters, so also check the round trip.
  const canonical = key.toString('base64').replace(/=+$/, '')
  if (key.length !== KEY_BYTES || canonical !== keyBase64.trim().replace(/=+$/, '')) {
    throw new Error(`Encryption key must be ${KEY_BYTES} bytes encoded as base64 (got ${key.length} bytes)`)
  }
  return key
}

function invalidToken(): Error {
  // Deliberately vague: do not tell an attacker which check failed.
  return new Error('Unable to decrypt secret: invalid token, key or AAD')
}

export function createCipher(keyBase64: string): SecretCipher {
  const key = decodeKey(keyBase64)
  const macKeys = new Map<string, Buffer>()
  const macKey = (purpose: string) => {
    let k = macKeys.get(purpose)
    if (!k) {
      k = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `sextant mac: ${purpose}`, 32))
      macKeys.set(purpose, k)
    }
    return k
  }
  const mac = (purpose: string, data: string) =>
    createHmac('sha256', macKey(purpose)).update(data, 'utf8').digest('base64url')

  return {
    mac,
    verifyMac(purpose, data, tag) {
      const expected = Buffer.from(mac(purpose, data))
      const given = Buffer.from(tag)
      return given.length === expected.length && timingSafeEqual(given, expected)
    },

    encrypt(plaintext: string, aad?: string): string {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES })
      if (aad !== undefined) cipher.setAAD(Buffer.from(aad, 'utf8'))
      const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      const tag = cipher.getAuthTag()
      return [VERSION, iv.toString('base64url'), ct.toString('base64url'), tag.toString('base64url')].join(
        '.',
      )
    },

    decrypt(token: string, aad?: string): string {
      const parts = token.split('.')
      if (parts.length !== 4 || parts[0] !== VERSION) throw invalidToken()
      const iv = Buffer.from(parts[1] ?? '', 'base64url')
      const ct = Buffer.from(parts[2] ?? '', 'base64url')
      const tag = Buffer.from(parts[3] ?? '', 'base64url')
      // A short tag would weaken authentication, so require the full 16 bytes.
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw invalidToken()
      try {
        const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES })
        if (aad !== undefined) decipher.setAAD(Buffer.from(aad, 'utf8'))
        decipher.setAuthTag(tag)
        return Buffer.concat([decipher.update(ct), decipher.final()]).toString('utf8')
      } catch {
        throw invalidToken()
      }
    },
  }
}

/** A fresh random 256-bit key, base64-encoded, suitable for createCipher. */
export function generateKey(): string {
  return randomBytes(KEY_BYTES).toString('base64')
}

/** URL-safe random token (e.g. invite or reset links). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

/** For storing one-time tokens: keep only the hash so a DB leak does not expose live tokens. */
export function sha256Hex(s: string): string {
  return createHash('sha256').update(s, 'utf8').digest('hex')
}

/** Constant-time string comparison; returns false (rather than throwing) on length mismatch. */
export function timingSafeEqualStr(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'utf8')
  const bb = Buffer.from(b, 'utf8')
  if (ab.length !== bb.length) return false
  return timingSafeEqual(ab, bb)
}
