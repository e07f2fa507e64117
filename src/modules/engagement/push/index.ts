/**
 * Push (`/api/push`, `/api/me/push-tokens`): each user's web push subscriptions and mobile device
 * tokens, and sending one message to one of them through the push providers (web push with
 * VAPID; FCM, APNs or the outbox). The notifications module sends through `targets` and `sendTo`.
 * Rules: README.md and docs/push.md.
 */
import type { App } from '../../../platform/http/app-type.ts'
import type { PushMessage, PushResult } from '../../../providers/push/index.ts'
import { defineModule, type ModuleContext } from '../../module.ts'
import type { TenantScope } from '../../../platform/db/index.ts'
import { type PushChannel, PushDeliveryService, type PushTargetRef, targetsIn } from './delivery.service.ts'
import * as m0042 from './migrations/0042_push.ts'
import { pushJobs } from './push.job.ts'
import { pushSweep } from './push.sweep.ts'
import { PUSH_TABLES } from './push.tables.ts'
import { subscriptionRoutes } from './subscriptions.routes.ts'
import { SubscriptionsService } from './subscriptions.service.ts'
import { tokenRoutes } from './tokens.routes.ts'
import { TokensService } from './tokens.service.ts'

export type { PushChannel, PushTargetRef } from './delivery.service.ts'
export type { PushMessage, PushOutcome, PushResult } from '../../../providers/push/index.ts'
export type { PushDeliveryService } from './delivery.service.ts'
export type { SubscriptionsService } from './subscriptions.service.ts'
export type { TokensService } from './tokens.service.ts'
export { JOB_PUSH_PRUNE } from './push.job.ts'

export interface Push {
  /** The user's targets on a channel (recipient = the endpoint or the device token), most recent first. */
  targets(tenantId: number, userId: number, channel: PushChannel): Promise<PushTargetRef[]>
  /** The same, read in the caller's transaction `s` (a delivery's claim reads them with it). */
  targetsIn(s: TenantScope, userId: number, channel: PushChannel): Promise<PushTargetRef[]>
  /** One message to one target; `gone` deletes the target, `sent` records `last_success_at`. Never throws for the push service's answer. */
  sendTo(tenantId: number, target: PushTargetRef, message: PushMessage): Promise<PushResult>
  subscriptions: SubscriptionsService
  tokens: TokensService
  delivery: PushDeliveryService
}

function createPush(ctx: ModuleContext): Push {
  const { webPush, mobilePush } = ctx.providers
  const subscriptions = new SubscriptionsService({
    scopes: ctx.scopes,
    clock: ctx.clock,
    webPush,
    production: ctx.config.NODE_ENV === 'production',
  })
  const tokens = new TokensService({ scopes: ctx.scopes, clock: ctx.clock })
  const delivery = new PushDeliveryService({
    scopes: ctx.scopes,
    clock: ctx.clock,
    log: ctx.log,
    webPush,
    mobilePush,
  })
  return {
    targets: (tenantId, userId, channel) => delivery.targets(tenantId, userId, channel),
    targetsIn,
    sendTo: (tenantId, target, message) => delivery.sendTo(tenantId, target, message),
    subscriptions,
    tokens,
    delivery,
  }
}

function routes(app: App, api: Push): void {
  subscriptionRoutes(app, api)
  tokenRoutes(app, api)
}

export const pushModule = defineModule({
  name: 'push',
  key: 'push',
  needs: {},
  tables: PUSH_TABLES,
  migrations: [['0042_push', m0042]],
  build: createPush,
  routes,
  jobs: (api) => pushJobs(api.delivery),
  sweep: pushSweep,
})
