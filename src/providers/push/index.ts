/**
 * Push delivery. Web push: the `web-push` package with the VAPID pair from vapid-keys.ts (off in
 * production without configured keys). Mobile push: FCM HTTP v1 for Android when
 * FCM_SERVICE_ACCOUNT is set, APNs for iOS when the APNS_* set is; a platform without credentials
 * keeps its messages in the `push_outbox` table (the offline default).
 */
import type { Clock } from '../../platform/clock.ts'
import type { Config } from '../../platform/config.ts'
import type { Scopes } from '../../platform/db/index.ts'
import type { HttpClient } from '../shared/http.ts'
import { createApnsSender, readApnsKey } from './apns.ts'
import { createFcmSender, parseServiceAccount } from './fcm.ts'
import { createMobilePushRouter } from './mobile.ts'
import { createOutboxMobilePushSender, type PushLogger } from './outbox.ts'
import type { MobilePushSender, WebPushSender } from './push.port.ts'
import { resolveVapidKeys, vapidSubject } from './vapid-keys.ts'
import { createWebPushSender } from './web-push.ts'

export type {
  MobilePushSender,
  MobilePushTarget,
  PushMessage,
  PushOutcome,
  PushResult,
  WebPushSender,
  WebPushTarget,
} from './push.port.ts'
export { createOutboxMobilePushSender, type PushLogger } from './outbox.ts'
export { createApnsSender, apnsPayload, apnsResult, readApnsKey, type ApnsSenderOptions } from './apns.ts'
export {
  createFcmSender,
  fcmMessage,
  fcmResultForError,
  parseServiceAccount,
  FCM_SCOPE,
  type FcmSenderOptions,
  type FcmServiceAccount,
} from './fcm.ts'
export { createMobilePushRouter, type PlatformPushSender } from './mobile.ts'
export { PUSH_OUTBOX_MIGRATION } from './push-outbox.migration.ts'
export { PUSH_OUTBOX_TABLES, type PushOutboxTable, type PushOutboxTables } from './push.tables.ts'
export { loadOrCreateVapidKeys, resolveVapidKeys, vapidSubject, type VapidKeys } from './vapid-keys.ts'
export {
  createWebPushSender,
  topicForTag,
  webPushPayload,
  webPushResultForStatus,
  DEFAULT_TTL_SECONDS,
  MAX_WEB_PUSH_PLAINTEXT,
} from './web-push.ts'

export type WebPushConfig = Pick<
  Config,
  | 'VAPID_PUBLIC_KEY'
  | 'VAPID_PRIVATE_KEY'
  | 'VAPID_SUBJECT'
  | 'EMAIL_FROM'
  | 'NODE_ENV'
  | 'DATA_DIR'
  | 'DATABASE_URL'
>

/** The configured web push sender; `vapidPublicKey` is null when web push is off. */
export function createWebPush(config: WebPushConfig, deps: { log: PushLogger }): WebPushSender {
  const vapid = resolveVapidKeys(config)
  if (vapid.source === 'off')
    deps.log.warn({}, 'web push is off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY in production')
  if (vapid.source === 'file')
    deps.log.info({ file: vapid.file }, 'web push uses the VAPID keys kept in the data directory')
  return createWebPushSender({ keys: vapid.keys, subject: vapidSubject(config) })
}

export type MobilePushConfig = Pick<
  Config,
  | 'NODE_ENV'
  | 'FCM_SERVICE_ACCOUNT'
  | 'FCM_BASE_URL'
  | 'APNS_KEY'
  | 'APNS_KEY_ID'
  | 'APNS_TEAM_ID'
  | 'APNS_TOPIC'
  | 'APNS_HOST'
>

/**
 * The configured mobile push sender: Android through FCM when FCM_SERVICE_ACCOUNT is set, iOS
 * through APNs when the APNS_* set is; the other platform(s) to the outbox. Throws at start when a
 * credential set is present but unreadable.
 */
export function createMobilePush(
  config: MobilePushConfig,
  deps: { scopes: Scopes; log: PushLogger; http: HttpClient; clock: Clock },
): MobilePushSender {
  const outbox = createOutboxMobilePushSender({
    scopes: deps.scopes,
    log: deps.log,
    logBody: config.NODE_ENV === 'development',
  })
  const android = config.FCM_SERVICE_ACCOUNT
    ? createFcmSender({
        http: deps.http,
        account: parseServiceAccount(config.FCM_SERVICE_ACCOUNT),
        baseUrl: config.FCM_BASE_URL,
        clock: deps.clock,
      })
    : undefined
  const { APNS_KEY: key, APNS_KEY_ID: keyId, APNS_TEAM_ID: teamId, APNS_TOPIC: topic } = config
  const ios =
    key && keyId && teamId && topic
      ? createApnsSender({
          key: readApnsKey(key),
          keyId,
          teamId,
          topic,
          host: config.APNS_HOST,
          clock: deps.clock,
        })
      : undefined
  return createMobilePushRouter({ android, ios, outbox })
}
