/**
 * APNs sender (HTTP/2 provider API, token auth): POST /3/device/<token> with an ES256 provider JWT
 * ({alg, kid} {iss: team, iat}) reused for 50 minutes (Apple refuses one older than an hour and
 * throttles regenerating it more often than every 20 minutes). Answers:
 * 200 → sent (apns-id); 410 Unregistered, 400 BadDeviceToken / DeviceTokenNotForTopic → gone;
 * 429 → retry; 500/503 → retry on a new session; 403 ExpiredProviderToken → a new JWT and one
 * more attempt; anything else → failed with Apple's reason.
 */
import { readFileSync } from 'node:fs'
import { importPKCS8, SignJWT } from 'jose'
import { systemClock, type Clock } from '../../platform/clock.ts'
import { parseRetryAfter } from '../shared/http.ts'
import { createApnsConnection, type ApnsResponse } from './apns-connection.ts'
import { apnsCollapseId, isLowUrgency, type PlatformPushSender } from './mobile.ts'
import type { MobilePushTarget, PushMessage, PushResult } from './push.port.ts'
import { DEFAULT_TTL_SECONDS } from './web-push.ts'

export interface ApnsSenderOptions {
  /** The .p8 key (PKCS#8 PEM). */
  key: string
  keyId: string
  teamId: string
  /** Default apns-topic (bundle id) for targets without an appId. */
  topic: string
  /** https://api.push.apple.com, https://api.sandbox.push.apple.com, or a loopback fake. */
  host: string
  clock?: Clock
  /** Extra trusted certificate (a loopback fake's). */
  ca?: string | Buffer
  timeoutMs?: number
}

/** Provider tokens are reused this long. */
export const APNS_JWT_REUSE_MS = 50 * 60_000
export const APNS_MAX_PAYLOAD_BYTES = 4096
const GONE_REASONS = new Set(['Unregistered', 'BadDeviceToken', 'DeviceTokenNotForTopic', 'ExpiredToken'])

/** APNS_KEY: the PEM itself (literal `\n` allowed, as env files often carry it) or a path to the .p8 file. */
export function readApnsKey(value: string): string {
  if (value.includes('-----BEGIN')) return value.replace(/\\n/g, '\n')
  return readFileSync(value.trim(), 'utf8')
}

/** The JSON body: Apple's `aps` plus our `url` and `data` beside it. */
export function apnsPayload(message: PushMessage): Record<string, unknown> {
  const aps: Record<string, unknown> = {
    alert: { title: message.title, body: message.body },
    sound: 'default',
  }
  if (message.tag !== undefined) aps['thread-id'] = message.tag
  const payload: Record<string, unknown> = { aps }
  if (message.url !== undefined) payload['url'] = message.url
  if (message.data !== undefined) payload['data'] = message.data
  return payload
}

function apnsHeaders(
  target: MobilePushTarget,
  message: PushMessage,
  topic: string,
  nowMs: number,
): Record<string, string> {
  const ttl = message.ttlSeconds ?? DEFAULT_TTL_SECONDS
  const headers: Record<string, string> = {
    ':method': 'POST',
    ':path': `/3/device/${target.deviceToken}`,
    'apns-topic': target.appId ?? topic,
    'apns-push-type': 'alert',
    'apns-priority': isLowUrgency(message) ? '5' : '10',
    'apns-expiration': ttl === 0 ? '0' : String(Math.floor(nowMs / 1000) + ttl),
    'content-type': 'application/json',
  }
  if (message.tag !== undefined) headers['apns-collapse-id'] = apnsCollapseId(message.tag)
  return headers
}

function apnsReason(res: ApnsResponse): string {
  try {
    const o = JSON.parse(res.body) as { reason?: unknown }
    if (typeof o.reason === 'string') return o.reason
  } catch {
    // no JSON body
  }
  return `HTTP ${res.status}`
}

/** The outcome of APNs' answer. */
export function apnsResult(res: ApnsResponse, nowMs: number = Date.now()): PushResult {
  const { status } = res
  if (status === 200) {
    const id = res.headers['apns-id']
    return typeof id === 'string' ? { outcome: 'sent', status, id } : { outcome: 'sent', status }
  }
  const reason = apnsReason(res)
  if (status === 410 || ((status === 400 || status === 403) && GONE_REASONS.has(reason)))
    return { outcome: 'gone', status, reason }
  if (status === 429 || status === 500 || status === 503) {
    const after = res.headers['retry-after']
    const retryAfterMs = parseRetryAfter(typeof after === 'string' ? after : null, nowMs)
    return retryAfterMs === undefined
      ? { outcome: 'retry', status, reason }
      : { outcome: 'retry', status, reason, retryAfterMs }
  }
  return { outcome: 'failed', status, reason }
}

export function createApnsSender(opts: ApnsSenderOptions): PlatformPushSender {
  const clock = opts.clock ?? systemClock
  const timeoutMs = opts.timeoutMs ?? 10_000
  const connection = createApnsConnection(opts.host, opts.ca === undefined ? {} : { ca: opts.ca })
  let key: ReturnType<typeof importPKCS8> | undefined
  let jwt: { token: string; issuedAt: number } | undefined

  async function providerToken(renew: boolean): Promise<string> {
    const now = clock.now().getTime()
    if (!renew && jwt && now - jwt.issuedAt < APNS_JWT_REUSE_MS) return jwt.token
    key ??= importPKCS8(opts.key, 'ES256')
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: opts.keyId })
      .setIssuer(opts.teamId)
      .setIssuedAt(Math.floor(now / 1000))
      .sign(await key)
    jwt = { token, issuedAt: now }
    return token
  }

  async function attempt(
    target: MobilePushTarget,
    message: PushMessage,
    body: string,
    renew: boolean,
  ): Promise<PushResult> {
    const headers = {
      ...apnsHeaders(target, message, opts.topic, clock.now().getTime()),
      authorization: `bearer ${await providerToken(renew)}`,
    }
    let res: ApnsResponse
    try {
      res = await connection.request(headers, body, timeoutMs)
    } catch (e) {
      connection.reset()
      const code = (e as { code?: unknown }).code
      return {
        outcome: 'retry',
        reason: typeof code === 'string' ? code : e instanceof Error ? e.message : String(e),
      }
    }
    if (res.status === 500 || res.status === 503) connection.reset()
    return apnsResult(res, clock.now().getTime())
  }

  return {
    async send(target, message) {
      // A token is hex; anything else can never be delivered (and must not reach the path).
      if (!/^[0-9A-Fa-f]{8,400}$/.test(target.deviceToken))
        return { outcome: 'gone', reason: 'BadDeviceToken' }
      const body = JSON.stringify(apnsPayload(message))
      if (Buffer.byteLength(body) > APNS_MAX_PAYLOAD_BYTES)
        return { outcome: 'failed', reason: 'PayloadTooLarge' }
      const first = await attempt(target, message, body, false)
      if (first.status === 403 && first.reason === 'ExpiredProviderToken')
        return attempt(target, message, body, true)
      return first
    },
    close: () => connection.close(),
  }
}
