/**
 * The sandbox's self-validating authorization codes and access tokens: `<claims>.<HMAC-SHA256>`,
 * both base64url. Nothing is stored to validate them, so tokens survive a restart; only what a
 * restart may forget (used codes, revocations) is kept in memory. A vendor with other kinds of
 * token (Schwab's refresh tokens) signs its own claims with `sign` and checks them with `verifyClaims`.
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

/** Claims of a vendor's own kind of token: `k` names the kind; the other fields are strings or numbers. */
export type OtherClaims = { k: string } & Record<string, string | number>

/** The fields a kind of claims must carry, by type. */
export interface ClaimFields {
  strings: readonly string[]
  numbers: readonly string[]
}

const FIELDS: Record<'code' | 'at', ClaimFields> = {
  code: { strings: ['n', 'c', 'r', 's'], numbers: ['t'] },
  at: { strings: ['j', 'a', 'c', 's'], numbers: ['t', 'g'] },
}

export interface SandboxSigner {
  sign(claims: CodeClaims | TokenClaims | OtherClaims): string
  verifyCode(code: string): CodeClaims | undefined
  verifyToken(token: string): TokenClaims | undefined
  /** Claims of kind `kind` carrying `fields`, when the signature is valid; undefined otherwise. */
  verifyClaims(token: string, kind: string, fields: ClaimFields): Record<string, unknown> | undefined
  /** 32 bytes derived from the secret and a label (account numbers, hashes); never a token's signature. */
  digest(label: string): Buffer
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

  function verify(token: string, kind: string, fields: ClaimFields): Record<string, unknown> | undefined {
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
    if (!fields.strings.every((f) => typeof c[f] === 'string')) return undefined
    if (!fields.numbers.every((f) => typeof c[f] === 'number')) return undefined
    return c
  }

  return {
    sign(claims) {
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url')
      return `${body}.${mac(body).toString('base64url')}`
    },
    verifyCode: (code) => verify(code, 'code', FIELDS.code) as CodeClaims | undefined,
    verifyToken: (token) => verify(token, 'at', FIELDS.at) as TokenClaims | undefined,
    verifyClaims: verify,
    // A signature is the MAC of base64url text, which never contains a NUL: no label collides with one.
    digest: (label) => mac(`\0derive:${label}`),
    uuid: (label) => uuidFromBytes(mac(label)),
    nonce: (now) => mac(`nonce:${now.getTime()}:${++issued}`).subarray(0, 12).toString('base64url'),
  }
}
