/**
 * Sending to push targets: the user's targets on a channel, one message to one target through the
 * providers (outside any transaction), and what the answer means for the target — `gone` deletes
 * it, `sent` records `last_success_at` on a web subscription. The test push sends to every target
 * of the caller; the daily prune drops web subscriptions not posted for SUBSCRIPTION_IDLE_DAYS
 * (or past their expiration time) and device tokens not registered for TOKEN_IDLE_DAYS.
 */
import type { Logger } from 'pino'
import { DAY_MS } from '../../../kernel/dates.ts'
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes, TenantScope } from '../../../platform/db/index.ts'
import { UnprocessableError } from '../../../platform/http/errors.ts'
import type {
  MobilePushSender,
  MobilePushTarget,
  PushMessage,
  PushResult,
  WebPushSender,
  WebPushTarget,
} from '../../../providers/push/index.ts'
import { SUBSCRIPTION_IDLE_DAYS, type TestInput, TOKEN_IDLE_DAYS } from './push.schemas.ts'
import * as subs from './subscriptions.repository.ts'
import * as tokens from './tokens.repository.ts'

export type PushChannel = 'web_push' | 'mobile_push'

/**
 * A target of one user: a web subscription (recipient = its endpoint) or a device token. `seenAt`:
 * when the browser or app last registered it (a registration is the user's fresh consent).
 * `address` is what the provider needs to send to it, read with it, so a send reads nothing.
 */
export type PushTargetRef = { id: number; recipient: string; seenAt: Date } & (
  { kind: 'web_push'; address: WebPushTarget } | { kind: 'mobile_push'; address: MobilePushTarget }
)

/** The user's targets on `channel`, the most recently seen first, read in the caller's transaction. */
export async function targetsIn(
  s: TenantScope,
  userId: number,
  channel: PushChannel,
): Promise<PushTargetRef[]> {
  return channel === 'web_push'
    ? (await subs.subscriptionsToSend(s, userId)).map((r) => ({
        kind: channel,
        id: r.id,
        recipient: r.endpoint,
        seenAt: r.last_seen_at,
        address: { endpoint: r.endpoint, keys: { p256dh: r.p256dh, auth: r.auth } },
      }))
    : (await tokens.listTokens(s, userId)).map((r) => ({
        kind: channel,
        id: r.id,
        recipient: r.device_token,
        seenAt: r.last_seen_at,
        address: { platform: r.platform, deviceToken: r.device_token, appId: r.app_id },
      }))
}

export const TEST_MESSAGE = {
  title: 'Sextant',
  body: 'Test notification: push works on this device.',
  url: '/app/settings',
  tag: 'push-test',
  ttlSeconds: 300,
  urgency: 'normal',
} as const satisfies PushMessage

export class PushDeliveryService {
  constructor(
    private readonly deps: {
      scopes: Scopes
      clock: Clock
      log: Pick<Logger, 'info' | 'warn'>
      webPush: WebPushSender
      mobilePush: MobilePushSender
    },
  ) {}

  /** The user's targets on `channel`, the most recently seen first. */
  async targets(tenantId: number, userId: number, channel: PushChannel): Promise<PushTargetRef[]> {
    return this.deps.scopes.withTenant(tenantId, (s) => targetsIn(s, userId, channel))
  }

  /**
   * Sends `message` to one target, to the address read with it (not read again: a target removed
   * since is sent to once more, as one removed a moment after the send would have been), and
   * answers the provider's outcome. `gone` deletes the target while it still has that address;
   * `sent` records the success of a web subscription. Never throws for the push service's answer.
   */
  async sendTo(tenantId: number, target: PushTargetRef, message: PushMessage): Promise<PushResult> {
    return target.kind === 'web_push'
      ? this.sendWeb(tenantId, target, message)
      : this.sendMobile(tenantId, target, message)
  }

  private async sendWeb(
    tenantId: number,
    target: Extract<PushTargetRef, { kind: 'web_push' }>,
    message: PushMessage,
  ): Promise<PushResult> {
    const result = await guarded(() => this.deps.webPush.send(target.address, message))
    if (result.outcome === 'gone') {
      await this.deps.scopes.withTenant(tenantId, (s) =>
        subs.deleteGoneSubscription(s, target.id, target.address.endpoint),
      )
      this.deps.log.info(
        { tenant_id: tenantId, subscription_id: target.id, status: result.status },
        'push subscription gone',
      )
    } else if (result.outcome === 'sent') {
      const at = this.deps.clock.now()
      await this.deps.scopes.withTenant(tenantId, (s) => subs.markSuccess(s, target.id, at))
    }
    return result
  }

  private async sendMobile(
    tenantId: number,
    target: Extract<PushTargetRef, { kind: 'mobile_push' }>,
    message: PushMessage,
  ): Promise<PushResult> {
    const result = await guarded(() => this.deps.mobilePush.send(target.address, message, tenantId))
    if (result.outcome === 'gone') {
      await this.deps.scopes.withTenant(tenantId, (s) =>
        tokens.deleteGoneToken(s, target.id, target.address.deviceToken),
      )
      this.deps.log.info(
        { tenant_id: tenantId, token_id: target.id, reason: result.reason },
        'push token gone',
      )
    }
    return result
  }

  /** A test push to every target of the caller; none → 422 `push.no_target`. */
  async test(scope: RequestScope, body: TestInput) {
    const all = [
      ...(await this.targets(scope.tenantId, scope.userId, 'web_push')),
      ...(await this.targets(scope.tenantId, scope.userId, 'mobile_push')),
    ]
    if (!all.length)
      throw new UnprocessableError(
        'push.no_target',
        'You have no push target: subscribe a browser (POST /api/push/subscriptions) or register a device (POST /api/me/push-tokens) first',
      )
    const message: PushMessage = {
      ...TEST_MESSAGE,
      title: body.title ?? TEST_MESSAGE.title,
      body: body.body ?? TEST_MESSAGE.body,
    }
    const results = await Promise.all(all.map((t) => this.sendTo(scope.tenantId, t, message)))
    return {
      results: all.map((t, i) => {
        const r = results[i]!
        return {
          kind: t.kind,
          id: t.id,
          outcome: r.outcome,
          ...(r.status === undefined ? {} : { status: r.status }),
          ...(r.reason === undefined ? {} : { reason: r.reason }),
        }
      }),
    }
  }

  /** Drops idle and expired targets of every tenant; answers how many of each. */
  async prune(): Promise<{ subscriptions: number; tokens: number }> {
    const now = this.deps.clock.now()
    const counts = await this.deps.scopes.withSystem('push: prune idle targets', async (s) => ({
      subscriptions: await subs.pruneSubscriptions(
        s,
        new Date(now.getTime() - SUBSCRIPTION_IDLE_DAYS * DAY_MS),
        now,
      ),
      tokens: await tokens.pruneTokens(s, new Date(now.getTime() - TOKEN_IDLE_DAYS * DAY_MS)),
    }))
    if (counts.subscriptions || counts.tokens) this.deps.log.info(counts, 'push targets pruned')
    return counts
  }
}

/** A sender that throws (a bug, not the push service's answer) is a failed send, not a 500. */
async function guarded(send: () => Promise<PushResult>): Promise<PushResult> {
  try {
    return await send()
  } catch (err) {
    return { outcome: 'failed', reason: err instanceof Error ? err.message : String(err) }
  }
}
