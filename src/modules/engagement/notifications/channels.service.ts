/**
 * One attempt on one channel, after the suppressions: e-mail to the user's verified address
 * through the e-mail port (bulk lists with the one-click unsubscribe headers), push to each of the
 * user's targets through the push module. Answers what the attempt came to; the delivery service
 * records it and schedules the retry. A permanent refusal of the address (SMTP 5xx) suppresses it
 * (`hard_bounce`); a push target the service says is gone gets a `push_gone` suppression.
 */
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import type { EmailSender } from '../../../providers/email/index.ts'
import type { PushMessage, PushResult } from '../../../providers/push/push.port.ts'
import type { Identity } from '../../accounts/identity/index.ts'
import type { RetryHint } from './lib/backoff.ts'
import type { DeliveryRow, NotificationRow } from './notifications.repository.ts'
import { ensureSuppression, findSuppression } from './suppressions.repository.ts'
import type { UnsubscribeService } from './unsubscribe.service.ts'

/** The push module's API this module uses. */
export interface PushTargetRef {
  kind: 'web_push' | 'mobile_push'
  id: number
  recipient: string
}
export interface PushApi {
  targets(tenantId: number, userId: number, channel: 'web_push' | 'mobile_push'): Promise<PushTargetRef[]>
  sendTo(tenantId: number, target: PushTargetRef, message: PushMessage): Promise<PushResult>
}

/** Lists whose mail is not bulk (no unsubscribe headers): account and security notices. */
export const TRANSACTIONAL_LISTS = new Set(['system'])
const RETRYABLE = new Set(['timeout', 'network', 'server', 'rate_limited', 'auth', 'protocol'])
const QUOTA_REASONS = new Set(['QUOTA_EXCEEDED', 'RESOURCE_EXHAUSTED'])

export type Attempt =
  | { status: 'sent' | 'suppressed' | 'skipped'; detail: Record<string, unknown> }
  | { status: 'failed'; detail: Record<string, unknown> }
  | { status: 'retry'; detail: Record<string, unknown>; hint: RetryHint }

export interface ChannelDeps {
  scopes: Scopes
  clock: Clock
  email: EmailSender
  users: Pick<Identity['users'], 'me'>
  push: PushApi
  unsubscribe: Pick<UnsubscribeService, 'link'>
}

export const normaliseEmail = (address: string) => address.trim().toLowerCase()

export class ChannelsService {
  constructor(private readonly deps: ChannelDeps) {}

  attempt(d: DeliveryRow, n: NotificationRow): Promise<Attempt> {
    if (d.channel === 'email') return this.email(d, n)
    if (d.channel === 'web_push' || d.channel === 'mobile_push') return this.push(d, n, d.channel)
    return Promise.resolve({ status: 'skipped', detail: { reason: 'not_a_queued_channel' } })
  }

  private async email(d: DeliveryRow, n: NotificationRow): Promise<Attempt> {
    const user = await this.deps.users.me({ tenantId: d.tenant_id, userId: d.user_id }).catch(() => null)
    if (!user?.email_verified) return { status: 'skipped', detail: { reason: 'no_verified_email' } }
    const to = normaliseEmail(user.email)
    const sup = await this.deps.scopes.withTenant(d.tenant_id, (s) => findSuppression(s, 'email', to, n.list))
    if (sup)
      return { status: 'suppressed', detail: { suppression_id: sup.id, reason: sup.reason, recipient: to } }
    const bulk = !TRANSACTIONAL_LISTS.has(n.list)
    const link = bulk ? this.deps.unsubscribe.link(d.tenant_id, d.user_id, n.list) : null
    const lines = [n.body, ...(n.url ? ['', n.url] : []), ...(link ? ['', `Unsubscribe: ${link.url}`] : [])]
    try {
      const { id } = await this.deps.email.send({
        to: user.email,
        subject: n.title,
        text: lines.join('\n'),
        tenantId: d.tenant_id,
        ...(link ? { headers: link.headers } : {}),
      })
      return { status: 'sent', detail: { message_id: id, recipient: to } }
    } catch (e) {
      if (!isUpstreamError(e)) throw e
      const provider = { status: e.status ?? null, reason: e.body ?? e.message }
      if (RETRYABLE.has(e.kind))
        return { status: 'retry', detail: { provider }, hint: { retryAfterMs: e.retryAfterMs } }
      if (e.status !== undefined && e.status >= 500 && e.status < 600) {
        const bounce = await this.suppress(d, 'email', to, 'hard_bounce')
        return { status: 'failed', detail: { provider, suppression_id: bounce, reason: 'hard_bounce' } }
      }
      return { status: 'failed', detail: { provider } }
    }
  }

  private async push(
    d: DeliveryRow,
    n: NotificationRow,
    channel: 'web_push' | 'mobile_push',
  ): Promise<Attempt> {
    const targets = await this.deps.push.targets(d.tenant_id, d.user_id, channel)
    if (!targets.length) return { status: 'skipped', detail: { reason: 'no_push_target' } }
    const message: PushMessage = {
      title: n.title,
      body: n.body,
      tag: `n${n.id}`,
      data: { ...n.data, notification_id: String(n.id) },
      ...(n.url ? { url: n.url } : {}),
    }
    const results: Record<string, unknown>[] = []
    let firstSuppression: { suppression_id: number; reason: string } | null = null
    let hint: RetryHint = {}
    for (const t of targets) {
      const sup = await this.deps.scopes.withTenant(d.tenant_id, (s) =>
        findSuppression(s, channel, t.recipient, n.list),
      )
      if (sup) {
        firstSuppression ??= { suppression_id: sup.id, reason: sup.reason }
        results.push({ target_id: t.id, outcome: 'suppressed', suppression_id: sup.id, reason: sup.reason })
        continue
      }
      const r = await this.deps.push.sendTo(d.tenant_id, t, message)
      const row: Record<string, unknown> = {
        target_id: t.id,
        outcome: r.outcome,
        status: r.status ?? null,
        reason: r.reason ?? null,
      }
      if (r.outcome === 'gone')
        row['suppression_id'] = await this.suppress(d, channel, t.recipient, 'push_gone')
      if (r.outcome === 'retry')
        hint = {
          retryAfterMs: Math.max(hint.retryAfterMs ?? 0, r.retryAfterMs ?? 0) || undefined,
          quota: hint.quota || QUOTA_REASONS.has(r.reason ?? ''),
        }
      results.push(row)
    }
    return summarise(results, firstSuppression, hint)
  }

  private async suppress(
    d: DeliveryRow,
    channel: DeliveryRow['channel'],
    recipient: string,
    reason: 'hard_bounce' | 'push_gone',
  ) {
    const row = await this.deps.scopes.withTenant(d.tenant_id, (s) =>
      ensureSuppression(
        s,
        { user_id: d.user_id, channel, recipient, reason, list: null },
        this.deps.clock.now(),
      ),
    )
    return row.id
  }
}

/** Any target sent → sent; else one to retry → retry; else a refusal → failed; else suppressed or gone. */
function summarise(
  targets: Record<string, unknown>[],
  suppression: { suppression_id: number; reason: string } | null,
  hint: RetryHint,
): Attempt {
  const has = (o: string) => targets.some((t) => t['outcome'] === o)
  if (has('sent')) return { status: 'sent', detail: { targets } }
  if (has('retry')) return { status: 'retry', detail: { targets }, hint }
  if (has('failed'))
    return { status: 'failed', detail: { targets, provider: targets.find((t) => t['outcome'] === 'failed') } }
  if (suppression && !has('gone')) return { status: 'suppressed', detail: { ...suppression, targets } }
  return { status: 'skipped', detail: { reason: 'push_targets_gone', targets } }
}
