/**
 * The sandbox's self-validating authorization codes and access tokens: `<claims>.<HMAC-SHA256>`,
 * both base64url. Nothing is stored to validate them, so tokens survive a restart; only what a
 * restart may forget (used codes, revocations) is kept in memory.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { uuidFromBytes } from './universe.ts'

/** An authorization code: nonce, client, redirect URI, scope, issue time (ms). */
export interface CodeClaims {
  k: 'code'
  n: string
  c: string
  r: string
  s: string
  t: number
}

/** An access token: token id, account id, client, scope, connection time (ms), expiry generation. */
export interface TokenClaims {
  k: 'at'
  j: string
  a: string
  c: string
  s: string
  t: number
  g: number
}

const STRING_FIELDS = { code: ['n', 'c', 'r', 's'], at: ['j', 'a', 'c', 's'] } as const
const NUMBER_FIELDS = { code: ['t'], at: ['t', 'g'] } as const

export interface SandboxSigner {
  sign(claims: CodeClaims | TokenClaims): string
  verifyCode(code: string): CodeClaims | undefined
  verifyToken(token: string): TokenClaims | undefined
  /** A UUID-looking id derived from the secret and a label (account ids). */
  uuid(label: string): string
  /**
   * A fresh nonce for a code or token: from the clock and a counter, so a fake with a fixed clock
   * hands out the same accounts on every run; unique because the clock moves between restarts.
   */
  nonce(now: Date): string
}

export function createSigner(secret: string): SandboxSigner {
  const mac = (data: string) => createHmac('sha256', secret).update(data).digest()
  let issued = 0

  function verify(token: string, kind: 'code' | 'at'): Record<string, unknown> | undefined {
    const [body, sig, extra] = token.split('.')
    if (!body || !sig || extra !== undefined) return undefined
    const want = mac(body)
    const got = Buffer.from(sig, 'base64url')
    if (got.length !== want.length || !timingSafeEqual(got, want)) return undefined
    let claims: unknown
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
    } catch {
      return undefined
    }
    if (typeof claims !== 'object' || claims === null) return undefined
    const c = claims as Record<string, unknown>
    if (c['k'] !== kind) return undefined
    if (!STRING_FIELDS[kind].every((f) => typeof c[f] === 'string')) return undefined
    if (!NUMBER_FIELDS[kind].every((f) => typeof c[f] === 'number')) return undefined
    return c
  }

  return {
    sign(claims) {
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url')
      return `${body}.${mac(body).toString('base64url')}`
    },
    verifyCode: (code) => verify(code, 'code') as CodeClaims | undefined,
    verifyToken: (token) => verify(token, 'at') as TokenClaims | undefined,
    uuid: (label) => uuidFromBytes(mac(label)),
    nonce: (now) => mac(`nonce:${now.getTime()}:${++issued}`).subarray(0, 12).toString('base64url'),
  }
}
