/**
 * One-click unsubscribe tokens, stateless: `v1.<payload>.<tag>` where payload is the base64url
 * JSON `{t: tenant id, u: user id, list, iat: seconds}` and tag the HMAC-SHA256 (base64url) of
 * `v1.<payload>` under a key derived from the application's secret for this purpose alone. A token
 * is valid for TOKEN_TTL_DAYS from `iat`; nothing is stored, so every mail's link keeps working.
 */
export const TOKEN_VERSION = 'v1'
export const TOKEN_TTL_DAYS = 180
export const TOKEN_MAX_LENGTH = 512
export const TOKEN_PATTERN = '^v1\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{43}$'
const LIST = /^[a-z][a-z0-9_-]{0,39}$/

export interface UnsubscribeClaims {
  tenantId: number
  userId: number
  list: string
  issuedAt: Date
}

export interface TokenMac {
  mac(data: string): string
  verify(data: string, tag: string): boolean
}

export function signUnsubscribeToken(mac: TokenMac, claims: UnsubscribeClaims): string {
  const payload = Buffer.from(
    JSON.stringify({
      t: claims.tenantId,
      u: claims.userId,
      list: claims.list,
      iat: Math.floor(claims.issuedAt.getTime() / 1000),
    }),
  ).toString('base64url')
  const signed = `${TOKEN_VERSION}.${payload}`
  return `${signed}.${mac.mac(signed)}`
}

const positiveId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0

/** The claims of a genuine, unexpired token; null for anything else (forged, altered, expired). */
export function verifyUnsubscribeToken(mac: TokenMac, token: string, now: Date): UnsubscribeClaims | null {
  if (token.length > TOKEN_MAX_LENGTH || !new RegExp(TOKEN_PATTERN).test(token)) return null
  const cut = token.lastIndexOf('.')
  const signed = token.slice(0, cut)
  if (!mac.verify(signed, token.slice(cut + 1))) return null
  let body: unknown
  try {
    body = JSON.parse(Buffer.from(signed.slice(TOKEN_VERSION.length + 1), 'base64url').toString('utf8'))
  } catch {
    return null
  }
  const c = body as { t?: unknown; u?: unknown; list?: unknown; iat?: unknown }
  if (!positiveId(c.t) || !positiveId(c.u) || typeof c.list !== 'string' || !LIST.test(c.list)) return null
  if (!Number.isSafeInteger(c.iat)) return null
  const issuedAt = new Date((c.iat as number) * 1000)
  const age = now.getTime() - issuedAt.getTime()
  if (age > TOKEN_TTL_DAYS * 86_400_000 || age < -300_000) return null
  return { tenantId: c.t, userId: c.u, list: c.list, issuedAt }
}
