/**
 * One attempt on each delivery of a batch, in three steps around the send so that the database sees
 * a few reads and two short writes per batch of deliveries, not several transactions per delivery:
 * - `prepare` (plain reads, just after the claim): the recipient's verified address or push
 *   targets and, in ONE statement for the whole batch, the suppressions that stop them. A
 *   `push_gone` suppression applies only when it is newer than the target's last registration (the
 *   browser or app registering again is fresh consent); an older one is `stale` (deleted with the
 *   outcomes).
 * - `send` (outside any transaction): e-mail through the e-mail port (bulk lists with the one-click
 *   unsubscribe headers), push to each target through the push module.
 * - `record` (in the outcome's transaction): the suppressions the answers call for — a permanent
 *   refusal of the address (SMTP 5xx) → `hard_bounce`, a push target gone → `push_gone`.
 */
import type { Clock } from '../../../platform/clock.ts'
import type { TenantScope } from '../../../platform/db/index.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import type { EmailSender } from '../../../providers/email/index.ts'
import type { PushMessage, PushResult } from '../../../providers/push/push.port.ts'
import type { RetryHint } from './lib/backoff.ts'
import type { ClaimedDelivery, NotificationRow } from './notifications.repository.ts'
import type { Channel } from './notifications.tables.ts'
import { findTargets, type PushTargetRef, type Route, type Targets } from './targets.service.ts'
import { ensureSuppression } from './suppressions.repository.ts'
import type { UnsubscribeService } from './unsubscribe.service.ts'

export type { PushTargetRef, Route } from './targets.service.ts'

/** The push module's API this module uses. */
export interface PushApi {
  targets(tenantId: number, userId: number, channel: 'web_push' | 'mobile_push'): Promise<PushTargetRef[]>
  targetsIn(s: TenantScope, userId: number, channel: 'web_push' | 'mobile_push'): Promise<PushTargetRef[]>
  sendTo(tenantId: number, target: PushTargetRef, message: PushMessage): Promise<PushResult>
}

/** Lists whose mail is not bulk (no unsubscribe headers): account and security notices. */
export const TRANSACTIONAL_LISTS = new Set(['system'])
const RETRYABLE = new Set(['timeout', 'network', 'server', 'rate_limited', 'auth', 'protocol'])
const QUOTA_REASONS = new Set(['QUOTA_EXCEEDED', 'RESOURCE_EXHAUSTED'])

/** A suppression an answer calls for; its id is written into `into.suppression_id` when recorded. */
export interface SuppressionRequest {
  channel: Channel
  recipient: string
  reason: 'hard_bounce' | 'push_gone'
  into: Record<string, unknown>
}

export type Attempt = (
  | { status: 'sent' | 'suppressed' | 'skipped'; detail: Record<string, unknown> }
  | { status: 'failed'; detail: Record<string, unknown> }
  | { status: 'retry'; detail: Record<string, unknown>; hint: RetryHint }
) & { suppress?: SuppressionRequest[] }

/** A claimed delivery with its notification and where it goes. */
export interface Prepared {
  d: ClaimedDelivery
  n: NotificationRow
  route: Route
}

export interface ChannelDeps {
  clock: Clock
  email: EmailSender
  push: PushApi
  unsubscribe: Pick<UnsubscribeService, 'link'>
}

export const normaliseEmail = (address: string) => address.trim().toLowerCase()

export class ChannelsService {
  constructor(private readonly deps: ChannelDeps) {}

  /** Plain reads in `s`: where each delivery goes, or why it goes nowhere; stale push_gone ids. */
  async prepare(
    s: TenantScope,
    open: ClaimedDelivery[],
    notes: Map<number, NotificationRow>,
  ): Promise<{ prepared: Prepared[]; stale: number[] }> {
    const rows = open.flatMap((d) => {
      const n = notes.get(d.notification_id)
      return n ? [{ d, n }] : []
    })
    const found: Targets = await findTargets(s, rows, this.deps.push)
    return { prepared: rows.map((r, i) => ({ ...r, route: found.routes[i]! })), stale: found.stale }
  }

  /** The send, outside any transaction. */
  send(p: Prepared): Promise<Attempt> {
    const { route } = p
    if (route.kind === 'decided') return Promise.resolve(route.attempt)
    if (route.kind === 'email') return this.email(p.d, p.n, route.to)
    return this.push(p.d, p.n, route.targets)
  }

  /** In the outcome's transaction: the suppressions the attempt calls for, their ids into its detail. */
  async record(s: TenantScope, d: ClaimedDelivery, a: Attempt): Promise<void> {
    for (const r of a.suppress ?? []) {
      const row = await ensureSuppression(
        s,
        { user_id: d.user_id, channel: r.channel, recipient: r.recipient, reason: r.reason, list: null },
        this.deps.clock.now(),
      )
      r.into['suppression_id'] = row.id
    }
  }

  private async email(
    d: ClaimedDelivery,
    n: NotificationRow,
    to: { address: string; recipient: string },
  ): Promise<Attempt> {
    const bulk = !TRANSACTIONAL_LISTS.has(n.list)
    const link = bulk ? this.deps.unsubscribe.link(d.tenant_id, d.user_id, n.list) : null
    const lines = [n.body, ...(n.url ? ['', n.url] : []), ...(link ? ['', `Unsubscribe: ${link.url}`] : [])]
    try {
      const { id } = await this.deps.email.send({
        to: to.address,
        subject: n.title,
        text: lines.join('\n'),
        tenantId: d.tenant_id,
        ...(link ? { headers: link.headers } : {}),
      })
      return { status: 'sent', detail: { message_id: id, recipient: to.recipient } }
    } catch (e) {
      if (!isUpstreamError(e)) throw e
      const provider = { status: e.status ?? null, reason: e.body ?? e.message }
      if (RETRYABLE.has(e.kind))
        return { status: 'retry', detail: { provider }, hint: { retryAfterMs: e.retryAfterMs } }
      if (e.status !== undefined && e.status >= 500 && e.status < 600) {
        const detail: Record<string, unknown> = { provider, suppression_id: null, reason: 'hard_bounce' }
        const suppress = [
          {
            channel: 'email' as const,
            recipient: to.recipient,
            reason: 'hard_bounce' as const,
            into: detail,
          },
        ]
        return { status: 'failed', detail, suppress }
      }
      return { status: 'failed', detail: { provider } }
    }
  }

  private async push(
    d: ClaimedDelivery,
    n: NotificationRow,
    targets: Extract<Route, { kind: 'push' }>['targets'],
  ): Promise<Attempt> {
    const message: PushMessage = {
      title: n.title,
      body: n.body,
      tag: `n${n.id}`,
      data: { ...n.data, notification_id: String(n.id) },
      ...(n.url ? { url: n.url } : {}),
    }
    const results: Record<string, unknown>[] = []
    const suppress: SuppressionRequest[] = []
    let firstSuppression: { suppression_id: number; reason: string } | null = null
    let hint: RetryHint = {}
    for (const { target: t, suppression: sup } of targets) {
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
        suppress.push({ channel: t.kind, recipient: t.recipient, reason: 'push_gone', into: row })
      if (r.outcome === 'retry')
        hint = {
          retryAfterMs: Math.max(hint.retryAfterMs ?? 0, r.retryAfterMs ?? 0) || undefined,
          quota: hint.quota || QUOTA_REASONS.has(r.reason ?? ''),
        }
      results.push(row)
    }
    return { ...summarise(results, firstSuppression, hint), suppress }
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
