/**
 * Notifications (`/api/notifications`, `/api/alerts/in-app`): notifications with idempotency keys,
 * per-channel deliveries (in-app, e-mail, web push, mobile push) retried with backoff and
 * dead-lettered, suppressions, and the one-click unsubscribe of bulk mail. Other modules send
 * through `notifications.dispatch` and read the trace with `notifications.deliveries`. Rules:
 * README.md and docs/notifications.md.
 */
import type { App } from '../../../platform/http/app-type.ts'
import type { Identity } from '../../accounts/identity/index.ts'
import type { Push } from '../push/index.ts'
import { defineModule, job, type ModuleContext } from '../../module.ts'
import { ChannelsService, type PushApi } from './channels.service.ts'
import { DeliveryService, JOB_DELIVER, type DeliverPayload } from './delivery.service.ts'
import { IdempotencyService } from './idempotency.service.ts'
import { inAppRoutes } from './in-app.routes.ts'
import { InAppService } from './in-app.service.ts'
import * as m0043 from './migrations/0043_notifications.ts'
import * as m0051 from './migrations/0051_notification_dedupe_key_order.ts'
import { notificationsRoutes } from './notifications.routes.ts'
import { NotificationsService } from './notifications.service.ts'
import { NotificationWriter } from './writer.service.ts'
import { notificationsSweep } from './notifications.sweep.ts'
import { providerEventsRoutes } from './provider-events.routes.ts'
import { ProviderEventsService } from './provider-events.service.ts'
import { NOTIFICATIONS_TABLES, type Channel } from './notifications.tables.ts'
import { suppressionsRoutes } from './suppressions.routes.ts'
import { SuppressionsService } from './suppressions.service.ts'
import { unsubscribeRoutes } from './unsubscribe.routes.ts'
import {
  UnsubscribeService,
  type UnsubscribeHeaders,
  type UnsubscribeListener,
} from './unsubscribe.service.ts'

export type { Channel, DeliveryStatus } from './notifications.tables.ts'
export type { DeliveryViewOut as DeliveryView } from './notifications.schemas.ts'
export type { DispatchInput, ChannelRequest } from './notifications.service.ts'
export type { UnsubscribeEvent, UnsubscribeHeaders, UnsubscribeListener } from './unsubscribe.service.ts'
export type { PushApi, PushTargetRef } from './channels.service.ts'
export { IdempotencyService, parseIdempotencyKey } from './idempotency.service.ts'

export const JOB_REQUEUE = 'notifications.requeue'
export const JOB_PRUNE_KEYS = 'notifications.prune-idempotency-keys'

export interface Notifications {
  /** Sends `message` to `userId` on each channel; the same dedupeKey answers the first notification. */
  dispatch: NotificationsService['dispatch']
  /** The delivery trace of each notification id (of one tenant). */
  deliveries: NotificationsService['deliveries']
  /** The one-click unsubscribe headers for a bulk mail to `userId` on `list`. */
  unsubscribeHeaders(tenantId: number, userId: number, list: string): UnsubscribeHeaders
  /** The unsubscribe URL (for the mail's body) and the headers. */
  unsubscribeLink(
    tenantId: number,
    userId: number,
    list: string,
  ): { url: string; headers: UnsubscribeHeaders }
  /** Called after every one-click unsubscribe from `list`. */
  onUnsubscribe(list: string, listener: UnsubscribeListener): void
  notifications: NotificationsService
  delivery: DeliveryService
  idempotency: IdempotencyService
  suppressions: SuppressionsService
  unsubscribe: UnsubscribeService
  inApp: InAppService
  providerEvents: ProviderEventsService
}

interface Needs {
  identity: Identity
  push: PushApi
}

export function createNotifications(ctx: ModuleContext, needs: Needs): Notifications {
  const { scopes, clock } = ctx
  const push = needs.push
  const users = needs.identity.users
  const unsubscribe = new UnsubscribeService({
    scopes,
    clock,
    cipher: ctx.cipher,
    users,
    log: ctx.log,
    publicBaseUrl: ctx.config.PUBLIC_BASE_URL,
  })
  const channels = new ChannelsService({ clock, email: ctx.providers.email, push, unsubscribe })
  const delivery = new DeliveryService({ scopes, clock, jobs: ctx.jobs, channels, random: Math.random })
  const idempotency = new IdempotencyService({ scopes, clock })
  const channelsOf = async (tenantId: number, userId: number): Promise<Channel[]> => {
    const user = await users.me({ tenantId, userId })
    const out: Channel[] = ['in_app']
    if (user.email_verified) out.push('email')
    for (const c of ['web_push', 'mobile_push'] as const)
      if ((await push.targets(tenantId, userId, c)).length) out.push(c)
    return out
  }
  const writer = new NotificationWriter({ scopes, clock, idempotency, delivery })
  const notifications = new NotificationsService({ scopes, idempotency, writer, channelsOf })
  return {
    dispatch: (input) => notifications.dispatch(input),
    deliveries: (tenantId, ids) => notifications.deliveries(tenantId, ids),
    unsubscribeHeaders: (t, u, list) => unsubscribe.headers(t, u, list),
    unsubscribeLink: (t, u, list) => unsubscribe.link(t, u, list),
    onUnsubscribe: (list, listener) => unsubscribe.onUnsubscribe(list, listener),
    notifications,
    delivery,
    idempotency,
    suppressions: new SuppressionsService({ scopes, clock, users }),
    unsubscribe,
    inApp: new InAppService({ scopes, clock }),
    providerEvents: new ProviderEventsService({
      scopes,
      clock,
      secret: ctx.config.NOTIFICATIONS_WEBHOOK_SECRET,
      users,
    }),
  }
}

function routes(app: App, api: Notifications): void {
  notificationsRoutes(app, api)
  suppressionsRoutes(app, api.suppressions)
  unsubscribeRoutes(app, api.unsubscribe)
  inAppRoutes(app, api.inApp)
  providerEventsRoutes(app, api.providerEvents)
}

export const notificationsModule = defineModule({
  name: 'notifications',
  key: 'notifications',
  needs: { identity: true, push: true },
  tables: NOTIFICATIONS_TABLES,
  migrations: [
    ['0043_notifications', m0043],
    ['0051_notification_dedupe_key_order', m0051],
  ],
  build: (ctx: ModuleContext, needs: { identity: Identity; push: Push }) => createNotifications(ctx, needs),
  routes,
  jobs: (api) => [
    job<DeliverPayload>(JOB_DELIVER, async (p) => void (await api.delivery.deliver(p))),
    job(JOB_REQUEUE, async () => void (await api.delivery.requeueDue()), { cron: '* * * * *' }),
    job(JOB_PRUNE_KEYS, async () => void (await api.idempotency.prune()), { cron: '17 * * * *' }),
  ],
  sweep: notificationsSweep,
})
