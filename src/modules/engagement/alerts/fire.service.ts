/**
 * Firing a rule for one occurrence: the firing row is inserted with `on conflict do nothing
 * returning`, and only the evaluator whose insert created it dispatches (dedupe key
 * `alert:<firing id>`), so a storm of evaluations yields one notification per occurrence. Per
 * channel, in the same transaction: a place under the daily cap is taken with one conditional
 * increment of the user's counter for the New York day (`alert_channel_day`); none left → `capped`
 * (exact under concurrent firings: the increment locks the counter row); quiet hours → in-app now,
 * the other channels held until the window ends. A `once` rule is disabled in that transaction too.
 */
import type { Logger } from 'pino'
import { nyDate } from '../../../kernel/calendar/nyse.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { DAILY_CAPS, type Channel } from './lib/catalog.ts'
import { messageOf } from './lib/message.ts'
import { quietUntil, type QuietHours } from './lib/quiet-hours.ts'
import * as repo from './firing.repository.ts'
import { quietHoursOf } from './prefs.repository.ts'
import type { Notifier } from './lib/notifier.ts'

export interface Occurrence {
  rule: repo.LiveRule
  key: string
  values: Record<string, unknown>
}

export const ALERTS_LIST = 'alerts'
export const ALERTS_URL = '/app/alerts'

type Planned = { channel: Channel; notBefore?: Date; capped?: { cap: string; limit: number } }

/** Per channel: capped (no place left under its daily cap), held until the quiet window ends, or now. */
export function plan(
  channels: readonly string[],
  now: Date,
  qh: QuietHours | null,
  capped: ReadonlySet<string>,
): Planned[] {
  const until = quietUntil(now, qh)
  return channels.map((c) => {
    const channel = c as Channel
    const limit = DAILY_CAPS[channel]
    if (limit !== null && capped.has(channel))
      return { channel, capped: { cap: `${channel}_per_day`, limit } }
    return until && channel !== 'in_app' ? { channel, notBefore: until } : { channel }
  })
}

const uncapped = (channels: Planned[]) => channels.filter((c) => !c.capped).map((c) => c.channel)

export class FireService {
  constructor(
    private readonly deps: { scopes: Scopes; clock: Clock; log: Logger; notifier: () => Notifier },
  ) {}

  /** The firing id when this call fired it; null when the occurrence had already fired. */
  async fire(o: Occurrence): Promise<number | null> {
    const now = this.deps.clock.now()
    const { rule } = o
    const fired = await this.deps.scopes.withTenant(rule.tenant_id, async (s) => {
      const id = await repo.insertFiring(s, {
        rule_id: rule.id,
        user_id: rule.user_id,
        alert_type: rule.alert_type,
        occurrence_key: o.key,
        condition: { params: rule.params, frequency: rule.frequency },
        values: o.values,
        channels: rule.channels,
        fired_at: now,
      })
      if (id === undefined) return null
      const capped = new Set<string>()
      // Counters in one order (by name) in every transaction: two firings never wait on each other in a cycle.
      for (const c of [...new Set(rule.channels)].sort()) {
        const limit = DAILY_CAPS[c as Channel]
        if (limit !== null && !(await repo.takeDailyPlace(s, rule.user_id, nyDate(now), c, limit)))
          capped.add(c)
      }
      const qh = (await quietHoursOf(s, rule.user_id)) as QuietHours | null
      const channels = plan(rule.channels, now, qh, capped)
      if (capped.size) await repo.setFiringChannels(s, id, uncapped(channels))
      if (rule.frequency === 'once') await repo.disableRule(s, rule.id, now)
      return { id, channels }
    })
    if (!fired) return null
    await this.dispatch(o, fired.id, fired.channels)
    return fired.id
  }

  private async dispatch(o: Occurrence, id: number, channels: Planned[]): Promise<void> {
    const { rule } = o
    try {
      const msg = messageOf(rule.alert_type, rule.params, o.values)
      const out = await this.deps.notifier().dispatch({
        tenantId: rule.tenant_id,
        userId: rule.user_id,
        dedupeKey: `alert:${id}`,
        source: 'alert',
        list: ALERTS_LIST,
        message: {
          ...msg,
          url: ALERTS_URL,
          data: { firing_id: String(id), rule_id: String(rule.id), alert_type: rule.alert_type },
        },
        channels,
      })
      await this.deps.scopes.withTenant(rule.tenant_id, (s) =>
        repo.setFiringDispatch(s, id, out.notificationId),
      )
    } catch (err) {
      // The firing stays; its trace shows no deliveries. Evaluation goes on with the next rule.
      this.deps.log.warn({ err, firing_id: id }, 'alerts: dispatch failed')
    }
  }
}
