/**
 * FCM HTTP v1 sender: POST {FCM_BASE_URL}/v1/projects/{project_id}/messages:send with a bearer
 * token from the service account (fcm-auth.ts). The error's `details[FcmError].errorCode` decides
 * the outcome, else `error.status`, else the HTTP status:
 * UNREGISTERED, SENDER_ID_MISMATCH, INVALID_ARGUMENT on message.token → gone;
 * QUOTA_EXCEEDED / RESOURCE_EXHAUSTED → retry after at least 60 s; UNAVAILABLE, INTERNAL → retry
 * (Retry-After when given); THIRD_PARTY_AUTH_ERROR, 401, 403 and other 4xx → failed.
 */
import type { Clock } from '../../platform/clock.ts'
import { systemClock } from '../../platform/clock.ts'
import { UpstreamError, type HttpClient } from '../shared/http.ts'
import { createFcmTokenSource, FcmTokenError, type FcmServiceAccount } from './fcm-auth.ts'
import { apnsCollapseId, isLowUrgency, type PlatformPushSender } from './mobile.ts'
import type { MobilePushTarget, PushMessage, PushResult } from './push.port.ts'
import { DEFAULT_TTL_SECONDS } from './web-push.ts'

export { FCM_SCOPE, JWT_BEARER_GRANT, parseServiceAccount, type FcmServiceAccount } from './fcm-auth.ts'

export interface FcmSenderOptions {
  http: HttpClient
  account: FcmServiceAccount
  /** https://fcm.googleapis.com, or a loopback fake. */
  baseUrl: string
  clock?: Clock
}

/** QUOTA_EXCEEDED: FCM asks for at least a minute before the first retry. */
export const FCM_QUOTA_MIN_RETRY_MS = 60_000

/** The v1 `message` for one device. */
export function fcmMessage(target: MobilePushTarget, message: PushMessage): Record<string, unknown> {
  const ttl = message.ttlSeconds ?? DEFAULT_TTL_SECONDS
  const data: Record<string, string> = { ...message.data }
  if (message.url !== undefined) data['url'] = message.url
  const android: Record<string, unknown> = {
    priority: isLowUrgency(message) ? 'normal' : 'high',
    ttl: `${ttl}s`,
  }
  if (message.tag !== undefined) android['collapse_key'] = message.tag
  const out: Record<string, unknown> = {
    token: target.deviceToken,
    notification: { title: message.title, body: message.body },
    android,
  }
  if (Object.keys(data).length) out['data'] = data
  if (target.platform === 'ios') {
    const headers: Record<string, string> = {
      'apns-priority': isLowUrgency(message) ? '5' : '10',
      'apns-push-type': 'alert',
    }
    if (message.tag !== undefined) headers['apns-collapse-id'] = apnsCollapseId(message.tag)
    out['apns'] = { headers }
  }
  return out
}

interface GoogleError {
  status?: string
  message?: string
  details?: Array<{ '@type'?: string; errorCode?: string; fieldViolations?: Array<{ field?: string }> }>
}

function googleError(body: string | undefined): GoogleError {
  try {
    const o = JSON.parse(body ?? '') as { error?: unknown }
    return typeof o.error === 'object' && o.error !== null ? o.error : {}
  } catch {
    return {}
  }
}

/** INVALID_ARGUMENT about the token itself (a field violation on message.token, or its message). */
function aboutToken(err: GoogleError): boolean {
  const onToken = (err.details ?? []).some((d) =>
    (d.fieldViolations ?? []).some((v) => v.field === 'message.token'),
  )
  return onToken || /registration token/i.test(err.message ?? '')
}

/** The outcome of FCM's error answer. */
export function fcmResultForError(
  status: number,
  body: string | undefined,
  retryAfterMs?: number,
): PushResult {
  const err = googleError(body)
  const fcmCode = (err.details ?? []).find((d) =>
    d['@type']?.endsWith('google.firebase.fcm.v1.FcmError'),
  )?.errorCode
  const code = fcmCode ?? err.status
  const reason = code ?? (err.message || `HTTP ${status}`)
  const result = (outcome: PushResult['outcome'], after?: number): PushResult =>
    after === undefined ? { outcome, status, reason } : { outcome, status, reason, retryAfterMs: after }
  switch (code) {
    case 'UNREGISTERED':
    case 'SENDER_ID_MISMATCH':
      return result('gone')
    case 'INVALID_ARGUMENT':
      return result(aboutToken(err) ? 'gone' : 'failed')
    case 'QUOTA_EXCEEDED':
    case 'RESOURCE_EXHAUSTED':
      return result('retry', Math.max(FCM_QUOTA_MIN_RETRY_MS, retryAfterMs ?? 0))
    case 'UNAVAILABLE':
    case 'INTERNAL':
    case 'UNSPECIFIED_ERROR':
      return result('retry', retryAfterMs)
    case 'THIRD_PARTY_AUTH_ERROR':
    case 'UNAUTHENTICATED':
    case 'PERMISSION_DENIED':
      return result('failed')
  }
  if (status === 404) return result('gone')
  if (status === 429) return result('retry', Math.max(FCM_QUOTA_MIN_RETRY_MS, retryAfterMs ?? 0))
  if (status >= 500) return result('retry', retryAfterMs)
  return result('failed')
}

export function createFcmSender(opts: FcmSenderOptions): PlatformPushSender {
  const clock = opts.clock ?? systemClock
  const tokens = createFcmTokenSource({ http: opts.http, account: opts.account, clock })
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/v1/projects/${encodeURIComponent(opts.account.project_id)}/messages:send`
  return {
    async send(target, message) {
      let token: string
      try {
        token = await tokens.get()
      } catch (e) {
        if (e instanceof FcmTokenError) return e.result
        throw e
      }
      try {
        const res = await opts.http.request<unknown>({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
          json: { message: fcmMessage(target, message) },
          provider: 'fcm',
          // The caller schedules retries (a 5xx may come after FCM queued the message).
          retries: 0,
          idempotent: false,
        })
        const name = (res.body as { name?: unknown } | null)?.name
        return typeof name === 'string'
          ? { outcome: 'sent', status: res.status, id: name }
          : { outcome: 'sent', status: res.status }
      } catch (e) {
        if (!(e instanceof UpstreamError)) throw e
        if (e.status === undefined) return { outcome: 'retry', reason: e.kind }
        // FCM refused our token: the next send asks for a new one.
        if (e.status === 401) tokens.invalidate()
        return fcmResultForError(e.status, e.body, e.retryAfterMs)
      }
    },
  }
}
