/**
 * FCM's OAuth access token: a service-account JWT (RS256, signed with the account's private key)
 * exchanged at the account's `token_uri` by the JWT-bearer grant, cached until 60 s before it
 * expires, with one refresh in flight at a time however many sends wait for it.
 */
import { readFileSync } from 'node:fs'
import { importPKCS8, SignJWT } from 'jose'
import type { Clock } from '../../platform/clock.ts'
import { UpstreamError, type HttpClient } from '../shared/http.ts'
import type { PushResult } from './push.port.ts'

export interface FcmServiceAccount {
  project_id: string
  client_email: string
  private_key: string
  /** Where the grant goes; Google's https://oauth2.googleapis.com/token unless the JSON says otherwise. */
  token_uri: string
}

export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging'
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer'
const DEFAULT_TOKEN_URI = 'https://oauth2.googleapis.com/token'
/** A cached token is replaced this long before Google's expiry. */
export const TOKEN_EARLY_REFRESH_MS = 60_000

/** FCM_SERVICE_ACCOUNT: the JSON itself, or a path to the file holding it. Throws naming what is wrong. */
export function parseServiceAccount(value: string): FcmServiceAccount {
  const text = value.trim().startsWith('{') ? value : readFileSync(value.trim(), 'utf8')
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new Error('FCM_SERVICE_ACCOUNT: not JSON (give the service-account JSON or a path to its file)')
  }
  const o = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>
  const missing = ['project_id', 'client_email', 'private_key'].filter(
    (k) => typeof o[k] !== 'string' || o[k] === '',
  )
  if (missing.length) throw new Error(`FCM_SERVICE_ACCOUNT: missing ${missing.join(', ')}`)
  const tokenUri =
    typeof o['token_uri'] === 'string' && o['token_uri'] !== '' ? o['token_uri'] : DEFAULT_TOKEN_URI
  return {
    project_id: o['project_id'] as string,
    client_email: o['client_email'] as string,
    private_key: o['private_key'] as string,
    token_uri: tokenUri,
  }
}

/** A token request that did not give a token, already mapped to the send's outcome. */
export class FcmTokenError extends Error {
  constructor(readonly result: PushResult) {
    super(`fcm token: ${result.reason ?? result.outcome}`)
    this.name = 'FcmTokenError'
  }
}

/** Google's OAuth error body `{error, error_description}` in a few words. */
function oauthReason(body: string | undefined): string {
  try {
    const o = JSON.parse(body ?? '') as { error?: unknown; error_description?: unknown }
    const words = [o.error, o.error_description].filter((x) => typeof x === 'string')
    if (words.length) return words.join(': ')
  } catch {
    // not JSON
  }
  return (body ?? '').trim().slice(0, 200)
}

/** A failed grant: rate limits, 5xx and the network may pass; a refused account will not. */
export function tokenFailure(e: unknown): PushResult {
  if (!(e instanceof UpstreamError)) throw e
  const words = oauthReason(e.body)
  const reason = `token endpoint: ${words || e.kind}`
  const transient =
    e.kind === 'rate_limited' ||
    e.kind === 'timeout' ||
    e.kind === 'network' ||
    (e.status !== undefined && e.status >= 500)
  const base: PushResult = { outcome: transient ? 'retry' : 'failed', reason }
  if (e.status !== undefined) base.status = e.status
  if (transient && e.retryAfterMs !== undefined) base.retryAfterMs = e.retryAfterMs
  return base
}

export interface FcmTokenSource {
  /** A valid access token (cached or fresh); rejects with FcmTokenError. */
  get(): Promise<string>
  /** Forgets the cached token (after FCM refused it). */
  invalidate(): void
}

export function createFcmTokenSource(opts: {
  http: HttpClient
  account: FcmServiceAccount
  clock: Clock
}): FcmTokenSource {
  const { http, account, clock } = opts
  let cached: { token: string; expiresAt: number } | undefined
  let inFlight: Promise<string> | undefined
  let key: ReturnType<typeof importPKCS8> | undefined

  async function assertion(): Promise<string> {
    key ??= importPKCS8(account.private_key, 'RS256')
    const iat = Math.floor(clock.now().getTime() / 1000)
    return new SignJWT({ scope: FCM_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(account.client_email)
      .setAudience(account.token_uri)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(await key)
  }

  async function refresh(): Promise<string> {
    const jwt = await assertion()
    let body: unknown
    try {
      const res = await http.request<unknown>({
        method: 'POST',
        url: account.token_uri,
        form: { grant_type: JWT_BEARER_GRANT, assertion: jwt },
        headers: { accept: 'application/json' },
        provider: 'fcm-oauth',
        retries: 0,
      })
      body = typeof res.body === 'string' ? JSON.parse(res.body || 'null') : res.body
    } catch (e) {
      if (e instanceof SyntaxError)
        throw new FcmTokenError({ outcome: 'failed', reason: 'token endpoint: not JSON' })
      throw new FcmTokenError(tokenFailure(e))
    }
    const o = (body ?? {}) as { access_token?: unknown; expires_in?: unknown }
    if (typeof o.access_token !== 'string' || o.access_token === '' || typeof o.expires_in !== 'number')
      throw new FcmTokenError({ outcome: 'failed', reason: 'token endpoint: no access_token or expires_in' })
    cached = { token: o.access_token, expiresAt: clock.now().getTime() + o.expires_in * 1000 }
    return o.access_token
  }

  return {
    get() {
      if (cached && clock.now().getTime() < cached.expiresAt - TOKEN_EARLY_REFRESH_MS)
        return Promise.resolve(cached.token)
      inFlight ??= refresh().finally(() => {
        inFlight = undefined
      })
      return inFlight
    },
    invalidate() {
      cached = undefined
    },
  }
}
