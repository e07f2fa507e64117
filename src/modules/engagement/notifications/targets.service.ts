/**
 * Where a batch of claimed deliveries goes, read as plain reads after the claim: each recipient's
 * verified address (once per user) and push targets (once per user and channel), then the
 * suppressions of all those recipients in one statement. A suppression stops a recipient for a
 * list when it is for that list or for every list (a list-wide one is named first). A `push_gone`
 * suppression stops a target only when it is newer than the target's last registration; an older
 * one is reported `stale` (the caller deletes it: the user registered the target again).
 */
import type { TenantScope } from '../../../platform/db/index.ts'
import { accountMailbox } from '../../accounts/identity/index.ts'
import type { PushChannel, PushTargetRef } from '../push/index.ts'
import type { Attempt } from './channels.service.ts'
import type { ClaimedDelivery, NotificationRow } from './notifications.repository.ts'
import type { Channel } from './notifications.tables.ts'
import { suppressionsOf, type SuppressionRow } from './suppressions.repository.ts'

export type { PushTargetRef } from '../push/index.ts'

interface PushTargetsApi {
  targetsIn(s: TenantScope, userId: number, channel: PushChannel): Promise<PushTargetRef[]>
}

export type Route =
  | { kind: 'decided'; attempt: Attempt }
  | { kind: 'email'; to: { address: string; recipient: string } }
  | { kind: 'push'; targets: Array<{ target: PushTargetRef; suppression: SuppressionRow | null }> }

export interface Targets {
  routes: Route[]
  /** push_gone suppressions older than their target's last registration. */
  stale: number[]
}

const isPush = (c: Channel): c is PushChannel => c === 'web_push' || c === 'mobile_push'
const lower = (address: string) => address.trim().toLowerCase()
const decided = (attempt: Attempt): Route => ({ kind: 'decided', attempt })

export async function findTargets(
  s: TenantScope,
  rows: Array<{ d: ClaimedDelivery; n: NotificationRow }>,
  push: PushTargetsApi,
): Promise<Targets> {
  const mailboxes = new Map<number, string | null>()
  const pushTargets = new Map<string, PushTargetRef[]>()
  for (const { d } of rows) {
    if (d.channel === 'email' && !mailboxes.has(d.user_id)) {
      const box = await accountMailbox(s, d.user_id)
      mailboxes.set(d.user_id, box?.email_verified_at ? box.email : null)
    }
    const key = `${d.user_id}:${d.channel}`
    if (isPush(d.channel) && !pushTargets.has(key))
      pushTargets.set(key, await push.targetsIn(s, d.user_id, d.channel))
  }
  const wanted: Array<{ channel: Channel; recipient: string }> = []
  for (const address of mailboxes.values())
    if (address) wanted.push({ channel: 'email', recipient: lower(address) })
  for (const list of pushTargets.values())
    for (const t of list) wanted.push({ channel: t.kind, recipient: t.recipient })
  const all = await suppressionsOf(s, wanted)
  const stale = new Set<number>()
  const matching = (channel: Channel, recipient: string, list: string) =>
    all.filter(
      (x) => x.channel === channel && x.recipient === recipient && (x.list === null || x.list === list),
    )

  const routes = rows.map(({ d, n }): Route => {
    if (d.channel === 'email') {
      const address = mailboxes.get(d.user_id)
      if (!address) return decided({ status: 'skipped', detail: { reason: 'no_verified_email' } })
      const recipient = lower(address)
      const sup = matching('email', recipient, n.list)[0]
      if (sup)
        return decided({
          status: 'suppressed',
          detail: { suppression_id: sup.id, reason: sup.reason, recipient },
        })
      return { kind: 'email', to: { address, recipient } }
    }
    if (!isPush(d.channel)) return decided({ status: 'skipped', detail: { reason: 'not_a_queued_channel' } })
    const targets = pushTargets.get(`${d.user_id}:${d.channel}`) ?? []
    if (!targets.length) return decided({ status: 'skipped', detail: { reason: 'no_push_target' } })
    return {
      kind: 'push',
      targets: targets.map((target) => {
        const live = matching(target.kind, target.recipient, n.list).filter((x) => {
          const old = x.reason === 'push_gone' && x.created_at.getTime() <= target.seenAt.getTime()
          if (old) stale.add(x.id)
          return !old
        })
        return { target, suppression: live[0] ?? null }
      }),
    }
  })
  return { routes, stale: [...stale] }
}
