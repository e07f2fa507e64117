/**
 * Shared by the push HTTP tests: recording push senders whose answers a test scripts per target,
 * browser-like subscription keys (a real P-256 key pair and auth secret), and device tokens.
 */
import { createECDH, randomBytes } from 'node:crypto'
import type {
  MobilePushSender,
  MobilePushTarget,
  PushMessage,
  PushResult,
  WebPushSender,
  WebPushTarget,
} from '../../src/providers/push/push.port.ts'

export class RecordingWebPush implements WebPushSender {
  vapidPublicKey: string | null = createECDH('prime256v1').generateKeys().toString('base64url')
  readonly sent: { target: WebPushTarget; message: PushMessage }[] = []
  /** Scripted answers by endpoint; anything else is accepted (201). */
  readonly answers = new Map<string, PushResult>()

  send(target: WebPushTarget, message: PushMessage): Promise<PushResult> {
    this.sent.push({ target, message })
    return Promise.resolve(this.answers.get(target.endpoint) ?? { outcome: 'sent', status: 201 })
  }
}

export class RecordingMobilePush implements MobilePushSender {
  readonly kind = 'remote' as const
  readonly sent: { target: MobilePushTarget; message: PushMessage; tenantId: number | undefined }[] = []
  readonly answers = new Map<string, PushResult>()

  send(target: MobilePushTarget, message: PushMessage, tenantId?: number): Promise<PushResult> {
    this.sent.push({ target, message, tenantId })
    return Promise.resolve(
      this.answers.get(target.deviceToken) ?? { outcome: 'sent', status: 200, id: 'm-1' },
    )
  }
}

/** What `PushSubscription.toJSON()` gives for a new subscription on `endpoint`. */
export function browserSubscription(endpoint: string, expirationTime: number | null = null) {
  return {
    endpoint,
    expirationTime,
    keys: {
      p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  }
}

let n = 0
/** A unique push service endpoint. */
export const endpoint = () =>
  `https://push.example.net/wpush/v2/${process.pid}-${++n}-${randomBytes(6).toString('hex')}`

/** An APNs device token: 32 random bytes in hex. */
export const iosToken = () => randomBytes(32).toString('hex')

/** An FCM registration token: 152 characters of its alphabet. */
export const androidToken = () =>
  `${randomBytes(8).toString('hex')}:APA91b${randomBytes(105).toString('base64url')}`.slice(0, 152)
