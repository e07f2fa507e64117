/**
 * Schwab's OAuth code flow (docs/vendor-formats.md#schwab-trader): the consent URL, the code exchange and the refresh, both
 * at POST /v1/oauth/token with `Authorization: Basic base64(appKey:appSecret)`. Access tokens live
 * 30 minutes (`expires_in`); the refresh token 7 days from the code exchange, a hard limit no refresh
 * extends. Schwab has no revoke endpoint: disconnecting just drops the tokens.
 */
import type { Clock } from '../../../platform/clock.ts'
import { DAY_MS } from '../../../kernel/dates.ts'
import type { HttpClient } from '../../shared/http.ts'
import type { BrokerGrant, OAuthBroker } from '../broker.port.ts'
import { consentUrl } from '../consent-url.ts'
import { withoutTokenText } from '../token-errors.ts'
import { malformed, object, optStr, PROVIDER, str } from './schwab-wire.ts'

/** The refresh token's hard lifetime from the code exchange. */
export const REFRESH_TOKEN_TTL_MS = 7 * DAY_MS

export interface SchwabOAuthOptions {
  http: HttpClient
  /** https://api.schwabapi.com: trader under /trader/v1, market data under /marketdata/v1, OAuth under /v1/oauth. */
  apiBaseUrl: string
  /** The browser consent page, https://api.schwabapi.com/v1/oauth/authorize (the sandbox gives a public URL). */
  authorizeUrl: string
  appKey: string
  appSecret: string
  /** The registered callback, exactly as registered. */
  redirectUri: string
  clock: Clock
}

/** Schwab's OAuth: a refresh, never a revoke. */
export interface SchwabOAuth extends OAuthBroker {
  refresh(grant: BrokerGrant): Promise<BrokerGrant>
  revoke?: never
}

/** The code as the callback received it: decoded once more when still URL-encoded (`…%40`). */
export function decodedCode(code: string): string {
  if (!code.includes('%')) return code
  try {
    return decodeURIComponent(code)
  } catch {
    return code // a literal `%` that is no escape: leave it to the vendor
  }
}

function expiresIn(o: Record<string, unknown>): number {
  const v = o['expires_in']
  const s = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v
  if (typeof s !== 'number' || !Number.isFinite(s) || s <= 0)
    throw malformed('token response.expires_in is not a positive number')
  return s
}

/**
 * A grant from a token response. `refreshExpiresAt` undefined: a code exchange (7 days from now);
 * otherwise the refresh token's original expiry, kept even when the vendor sends a refresh token.
 */
function toGrant(body: unknown, now: Date, previous?: BrokerGrant): BrokerGrant {
  const o = object(body, 'token response')
  const accessToken = str(o, 'access_token', 'token response')
  const type = str(o, 'token_type', 'token response')
  if (type.toLowerCase() !== 'bearer') throw malformed(`token response.token_type is ${type}`)
  const seconds = expiresIn(o)
  const refreshToken = previous
    ? (optStr(o, 'refresh_token') ?? previous.refreshToken)
    : str(o, 'refresh_token', 'token response')
  return {
    accessToken,
    refreshToken,
    accessExpiresAt: new Date(now.getTime() + seconds * 1000),
    refreshExpiresAt: previous ? previous.refreshExpiresAt : new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
    scope: optStr(o, 'scope') ?? previous?.scope,
  }
}

export function schwabOAuth(opts: SchwabOAuthOptions): SchwabOAuth {
  const tokenUrl = `${opts.apiBaseUrl.replace(/\/+$/, '')}/v1/oauth/token`
  const basic = `Basic ${Buffer.from(`${opts.appKey}:${opts.appSecret}`).toString('base64')}`
  const post = (form: Record<string, string>, retry: boolean) =>
    opts.http
      .request({
        provider: PROVIDER,
        method: 'POST',
        url: tokenUrl,
        headers: { authorization: basic, accept: 'application/json' },
        form,
        // A code is single-use: a repeated exchange could only fail. A refresh may be repeated: Schwab
        // answers the same refresh token and a new access token, whichever attempt got through.
        ...(retry ? { idempotent: true } : { retries: 0, idempotent: false }),
      })
      .catch(withoutTokenText)

  return {
    authorizationUrl: (state) =>
      consentUrl(opts.authorizeUrl, { clientId: opts.appKey, redirectUri: opts.redirectUri, state }),
    async exchangeCode(code) {
      const form = {
        grant_type: 'authorization_code',
        code: decodedCode(code),
        redirect_uri: opts.redirectUri,
      }
      const now = opts.clock.now() // before the request: expiries err on the early side
      return toGrant((await post(form, false)).body, now)
    },
    async refresh(grant) {
      if (!grant.refreshToken)
        throw new TypeError('a Schwab grant without a refresh token cannot be refreshed')
      const now = opts.clock.now()
      const res = await post({ grant_type: 'refresh_token', refresh_token: grant.refreshToken }, true)
      return toGrant(res.body, now, grant)
    },
  }
}
