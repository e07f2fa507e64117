/**
 * Web push sender (RFC 8030 delivery, RFC 8291 aes128gcm encryption, RFC 8292 VAPID) through the
 * `web-push` package. Every answer of the push service becomes a PushResult:
 * 2xx → sent; 404/410 → gone (the subscription is dead); 429, 5xx and network errors → retry (with
 * the service's Retry-After); 400/401/403/413 and other 4xx → failed. `reason` keeps the service's
 * own words (Mozilla's errno and message, else the body text).
 */
import { createHash } from 'node:crypto'
import type { Agent } from 'node:https'
import webpush from 'web-push'
import { systemClock, type Clock } from '../../platform/clock.ts'
import { parseRetryAfter } from '../shared/http.ts'
import type { PushMessage, PushResult, WebPushSender, WebPushTarget } from './push.port.ts'
import type { VapidKeys } from './vapid-keys.ts'

export interface WebPushSenderOptions {
  /** Null: web push is off; every send answers failed `not_configured`. */
  keys: VapidKeys | null
  /** `mailto:` or `https:` contact put in the VAPID JWT's `sub`. */
  subject: string
  /** Socket timeout of one request (ms). */
  timeoutMs?: number
  /** An HTTPS agent, e.g. one trusting a loopback fake's self-signed certificate. */
  agent?: Agent
  clock?: Clock
}

/** Default time a push service may hold a message: 4 hours. */
export const DEFAULT_TTL_SECONDS = 4 * 3600
/** A push service need not accept more than 4096 bytes of body: 4096 − 86 header − 1 delimiter − 16 tag. */
export const MAX_WEB_PUSH_PLAINTEXT = 3993

const TOPIC = /^[A-Za-z0-9_-]{1,32}$/

/**
 * The `Topic` header for a tag: the tag itself when it is at most 32 URL-safe base64 characters,
 * else the first 32 characters of its SHA-256 in base64url (same tag → same topic, so coalescing
 * still works).
 */
export function topicForTag(tag: string): string {
  if (TOPIC.test(tag)) return tag
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32)
}

/** The JSON the service worker receives: `{title, body, url?, tag?, data?}`. */
export function webPushPayload(message: PushMessage): string {
  const payload: Record<string, unknown> = { title: message.title, body: message.body }
  if (message.url !== undefined) payload['url'] = message.url
  if (message.tag !== undefined) payload['tag'] = message.tag
  if (message.data !== undefined) payload['data'] = message.data
  return JSON.stringify(payload)
}

interface ServiceError {
  statusCode: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

function isServiceError(e: unknown): e is ServiceError {
  return (
    e instanceof webpush.WebPushError ||
    (e instanceof Error && typeof (e as Partial<ServiceError>).statusCode === 'number')
  )
}

function header(headers: ServiceError['headers'], name: string): string | null {
  const v = headers[name]
  if (v === undefined) return null
  return Array.isArray(v) ? (v[0] ?? null) : v
}

/** Mozilla's `{code, errno, error, message}` as "errno 103: message", else the body text. */
export function serviceReason(status: number, body: string): string {
  const text = body.trim()
  try {
    const parsed = JSON.parse(text) as { errno?: unknown; message?: unknown; error?: unknown }
    const errno = typeof parsed === 'object' && parsed !== null ? parsed.errno : undefined
    if (typeof errno === 'number' || typeof errno === 'string') {
      const words =
        typeof parsed.message === 'string'
          ? parsed.message
          : typeof parsed.error === 'string'
            ? parsed.error
            : ''
      return `errno ${errno}${words ? `: ${words}` : ''}`.slice(0, 300)
    }
  } catch {
    // not JSON: the text itself
  }
  return text === '' ? `HTTP ${status}` : text.slice(0, 300)
}

/** The outcome of a non-2xx answer. */
export function webPushResultForStatus(
  status: number,
  body: string,
  retryAfter: string | null,
  now: number = Date.now(),
): PushResult {
  const reason = serviceReason(status, body)
  if (status === 404 || status === 410) return { outcome: 'gone', status, reason }
  if (status === 429 || status >= 500) {
    const retryAfterMs = parseRetryAfter(retryAfter, now)
    return retryAfterMs === undefined
      ? { outcome: 'retry', status, reason }
      : { outcome: 'retry', status, reason, retryAfterMs }
  }
  return { outcome: 'failed', status, reason }
}

function errorResult(e: unknown, now: number): PushResult {
  if (isServiceError(e))
    return webPushResultForStatus(e.statusCode, e.body ?? '', header(e.headers ?? {}, 'retry-after'), now)
  const code = (e as { code?: unknown } | null)?.code
  if (typeof code === 'string') return { outcome: 'retry', reason: code }
  const message = e instanceof Error ? e.message : String(e)
  // web-push rejects a timed-out socket with a plain Error; its other plain errors are bad input.
  if (/timeout/i.test(message)) return { outcome: 'retry', reason: message }
  return { outcome: 'failed', reason: message }
}

export function createWebPushSender(opts: WebPushSenderOptions): WebPushSender {
  const clock = opts.clock ?? systemClock
  const keys = opts.keys
  return {
    vapidPublicKey: keys?.publicKey ?? null,
    async send(target: WebPushTarget, message: PushMessage): Promise<PushResult> {
      if (!keys) return { outcome: 'failed', reason: 'not_configured' }
      const payload = webPushPayload(message)
      if (Buffer.byteLength(payload) > MAX_WEB_PUSH_PLAINTEXT)
        return { outcome: 'failed', reason: `payload_too_large: over ${MAX_WEB_PUSH_PLAINTEXT} bytes` }
      const options: webpush.RequestOptions = {
        vapidDetails: { subject: opts.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: message.ttlSeconds ?? DEFAULT_TTL_SECONDS,
        urgency: message.urgency ?? 'normal',
        contentEncoding: 'aes128gcm',
        timeout: opts.timeoutMs ?? 10_000,
      }
      if (message.tag !== undefined) options.topic = topicForTag(message.tag)
      if (opts.agent) options.agent = opts.agent
      try {
        const res = await webpush.sendNotification(
          { endpoint: target.endpoint, keys: target.keys },
          payload,
          options,
        )
        const location = header(res.headers, 'location')
        return location
          ? { outcome: 'sent', status: res.statusCode, id: location }
          : { outcome: 'sent', status: res.statusCode }
      } catch (e) {
        return errorResult(e, clock.now().getTime())
      }
    },
  }
}
