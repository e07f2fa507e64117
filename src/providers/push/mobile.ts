/**
 * Mobile push routing: each platform goes to its remote sender when configured (FCM for Android,
 * APNs for iOS), else to the outbox. With only one configured, the other platform's pushes are kept
 * in `push_outbox`.
 */
import { createHash } from 'node:crypto'
import type { MobilePushSender, MobilePushTarget, PushMessage, PushResult } from './push.port.ts'

/** One platform's remote sender (FCM or APNs). */
export interface PlatformPushSender {
  send(target: MobilePushTarget, message: PushMessage): Promise<PushResult>
  close?(): Promise<void>
}

/** Low and very-low urgency ask for power-friendly delivery (APNs priority 5, Android normal). */
export function isLowUrgency(message: PushMessage): boolean {
  return message.urgency === 'low' || message.urgency === 'very-low'
}

/** `apns-collapse-id` (at most 64 bytes): the tag, or its SHA-256 in hex when longer. */
export function apnsCollapseId(tag: string): string {
  return Buffer.byteLength(tag) <= 64 ? tag : createHash('sha256').update(tag).digest('hex')
}

export function createMobilePushRouter(opts: {
  android?: PlatformPushSender | undefined
  ios?: PlatformPushSender | undefined
  outbox: MobilePushSender
}): MobilePushSender {
  const { android, ios, outbox } = opts
  return {
    kind: android || ios ? 'remote' : 'outbox',
    send(target: MobilePushTarget, message: PushMessage, tenantId?: number) {
      const remote = target.platform === 'ios' ? ios : android
      return remote ? remote.send(target, message) : outbox.send(target, message, tenantId)
    },
    async close() {
      await Promise.all([android?.close?.(), ios?.close?.()])
    },
  }
}
