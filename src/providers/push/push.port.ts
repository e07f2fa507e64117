/**
 * Push delivery ports. Web push goes to the endpoint a browser's push service gave it (RFC 8030,
 * encrypted per RFC 8291, VAPID per RFC 8292); mobile push goes to FCM HTTP v1 (Android) or APNs
 * (iOS), or to the `push_outbox` table when neither is configured (the offline default).
 *
 * Senders never throw for an answer of the push service: every outcome is a `PushResult`, so the
 * caller can record it in the delivery trace, prune a gone target and schedule a retry.
 */

/** The browser's `PushSubscription.toJSON()`, as stored. */
export interface WebPushTarget {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

export interface MobilePushTarget {
  platform: 'ios' | 'android'
  deviceToken: string
  /** iOS bundle id (the APNs topic) or Android package; the configured default when absent. */
  appId?: string | null
}

export interface PushMessage {
  title: string
  body: string
  /** Opened when the notification is clicked: a path of the console, e.g. /app/alerts. */
  url?: string
  /** Coalescing key: a newer message with the same tag replaces an undelivered one. */
  tag?: string
  /** String values only (FCM's rule), e.g. { alert_firing_id: "42" }. */
  data?: Record<string, string>
  /** Seconds the push service may hold the message (default 4 h). */
  ttlSeconds?: number
  urgency?: 'very-low' | 'low' | 'normal' | 'high'
}

/**
 * - `sent`: accepted by the push service;
 * - `gone`: the target is dead (web 404/410, FCM UNREGISTERED or an invalid token, APNs
 *   BadDeviceToken/Unregistered): delete it and do not retry;
 * - `retry`: transient (429, 5xx, network); `retryAfterMs` when the service said when;
 * - `failed`: permanent for this message (400, 413, auth/config errors).
 */
export type PushOutcome = 'sent' | 'gone' | 'retry' | 'failed'

export interface PushResult {
  outcome: PushOutcome
  /** HTTP status of the push service's answer; absent for a network error or the outbox. */
  status?: number
  /** The provider's own words: FCM errorCode, APNs reason, Mozilla errno, or the network error. */
  reason?: string
  retryAfterMs?: number
  /** Provider message id (FCM name, apns-id, outbox row id, Location). */
  id?: string
}

export interface WebPushSender {
  /** The VAPID application server key browsers subscribe with (base64url); null: web push is off. */
  readonly vapidPublicKey: string | null
  send(target: WebPushTarget, message: PushMessage): Promise<PushResult>
}

export interface MobilePushSender {
  readonly kind: 'outbox' | 'remote'
  send(target: MobilePushTarget, message: PushMessage, tenantId?: number): Promise<PushResult>
  close?(): Promise<void>
}
