/**
 * The rules a push target must meet before it is stored (pure: no I/O). Each check answers the
 * field errors it finds, each naming its field, so one 422 lists every problem of a body.
 *
 * Web push subscription (the browser's `PushSubscription.toJSON()`):
 * - `endpoint`: an absolute https URL without user info; plain http only for a loopback host
 *   (localhost, 127.0.0.0/8, ::1) and never in production, where loopback hosts are refused too;
 * - `keys.p256dh`: base64url of 65 bytes, an uncompressed point (0x04 first) on the P-256 curve;
 * - `keys.auth`: base64url of exactly 16 bytes;
 * - `expirationTime`: null or milliseconds since the epoch, not in the past.
 * Mobile device token: iOS (APNs) hex, 64 characters or, for longer tokens, up to 200 and whole
 * bytes, stored lower case; Android (FCM) 100–4096 characters of A–Z, a–z, 0–9, `_`, `:` and `-`.
 */
import { createECDH, type ECDH } from 'node:crypto'
import { isIP } from 'node:net'

export interface FieldProblem {
  loc: (string | number)[]
  msg: string
  type: string
}

const problem = (loc: (string | number)[], msg: string, type = 'value_error'): FieldProblem => ({
  loc,
  msg,
  type,
})

/** localhost and its subdomains, 127.0.0.0/8 and ::1 (URL hostnames keep IPv6 brackets). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost')) return true
  if (isIP(host) === 4) return host.startsWith('127.')
  return isIP(host) === 6 && (host === '::1' || host === '0:0:0:0:0:0:0:1')
}

export function endpointProblems(endpoint: string, production: boolean): FieldProblem[] {
  const loc = ['body', 'endpoint']
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return [problem(loc, 'must be an absolute URL', 'url')]
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return [problem(loc, 'must be an https URL', 'url_scheme')]
  if (url.username || url.password) return [problem(loc, 'must not carry a user name or password', 'url')]
  const loopback = isLoopbackHost(url.hostname)
  if (production && loopback) return [problem(loc, 'must not name a loopback host', 'url_host')]
  if (url.protocol === 'http:' && !loopback)
    return [
      problem(loc, 'must be an https URL (http only for a loopback host outside production)', 'url_scheme'),
    ]
  return []
}

/** The bytes of a base64url text, or null when it is not canonical base64url (padding allowed). */
export function base64urlBytes(text: string): Buffer | null {
  const bare = text.replace(/={1,2}$/, '')
  if (!/^[A-Za-z0-9_-]*$/.test(bare) || bare.length % 4 === 1) return null
  if (bare.length !== text.length && text.length % 4 !== 0) return null
  const bytes = Buffer.from(bare, 'base64url')
  return bytes.toString('base64url') === bare ? bytes : null
}

/** A key pair of our own to test a point against: ECDH with a point off the curve throws. */
let probeKeys: ECDH | undefined
const probe = () => {
  if (!probeKeys) {
    probeKeys = createECDH('prime256v1')
    probeKeys.generateKeys()
  }
  return probeKeys
}

function p256dhProblems(p256dh: string): FieldProblem[] {
  const loc = ['body', 'keys', 'p256dh']
  const bytes = base64urlBytes(p256dh)
  if (!bytes) return [problem(loc, 'must be base64url', 'base64url')]
  if (bytes.length !== 65 || bytes[0] !== 0x04)
    return [
      problem(
        loc,
        `must decode to a 65-byte uncompressed P-256 point starting 0x04 (got ${bytes.length} bytes)`,
        'p256dh',
      ),
    ]
  try {
    probe().computeSecret(bytes)
  } catch {
    return [problem(loc, 'is not a point on the P-256 curve', 'p256dh')]
  }
  return []
}

function authProblems(auth: string): FieldProblem[] {
  const loc = ['body', 'keys', 'auth']
  const bytes = base64urlBytes(auth)
  if (!bytes) return [problem(loc, 'must be base64url', 'base64url')]
  if (bytes.length !== 16) return [problem(loc, `must decode to 16 bytes (got ${bytes.length})`, 'auth')]
  return []
}

export interface SubscriptionDraft {
  endpoint: string
  expirationTime?: number | null | undefined
  keys: { p256dh: string; auth: string }
}

/** Every problem of a posted subscription; `now` and `production` as the caller knows them. */
export function subscriptionProblems(s: SubscriptionDraft, now: Date, production: boolean): FieldProblem[] {
  const found = [
    ...endpointProblems(s.endpoint, production),
    ...p256dhProblems(s.keys.p256dh),
    ...authProblems(s.keys.auth),
  ]
  if (s.expirationTime != null && s.expirationTime <= now.getTime())
    found.push(
      problem(['body', 'expirationTime'], 'is in the past: the subscription has already ended', 'expired'),
    )
  return found
}

/** Keys stored without padding, as browsers send them. */
export const unpadded = (key: string) => key.replace(/={1,2}$/, '')

/** The token as stored (iOS lower case), or the problem with it. */
export function deviceTokenRule(
  platform: 'ios' | 'android',
  token: string,
): { token: string; problem: null } | { token: null; problem: FieldProblem } {
  const loc = ['body', 'device_token']
  if (platform === 'ios') {
    const ok =
      /^[0-9a-fA-F]+$/.test(token) && token.length >= 64 && token.length <= 200 && token.length % 2 === 0
    return ok
      ? { token: token.toLowerCase(), problem: null }
      : {
          token: null,
          problem: problem(
            loc,
            'an iOS device token must be 64 hex characters (longer: whole bytes, at most 200)',
            'device_token',
          ),
        }
  }
  const ok = /^[A-Za-z0-9_:-]+$/.test(token) && token.length >= 100 && token.length <= 4096
  return ok
    ? { token, problem: null }
    : {
        token: null,
        problem: problem(
          loc,
          'an Android (FCM) token must be 100–4096 characters of A–Z, a–z, 0–9, _, : and -',
          'device_token',
        ),
      }
}
