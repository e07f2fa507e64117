/**
 * From "the condition holds / does not hold" to firings, by frequency: level conditions (price,
 * % move, watchlist move, drawdown) keep the every_time arm in `alert_rule_state`; events (a signal,
 * a flow reading, a filing, an earnings date, a screen change) fire under their own key.
 */
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { nyDate } from '../../../kernel/calendar/nyse.ts'
import type { Frequency } from './lib/catalog.ts'
import { INITIAL_ARM, levelStep, occurrenceKey } from './lib/frequency.ts'
import type { FireService } from './fire.service.ts'
import * as repo from './firing.repository.ts'

export interface LevelOutcome {
  rule: repo.LiveRule
  holds: boolean
  values: Record<string, unknown>
}

/** Items grouped by a key, in first-seen order. */
export function byKey<T, K>(items: readonly T[], key: (t: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>()
  for (const t of items) {
    const k = key(t)
    const at = out.get(k)
    if (at) at.push(t)
    else out.set(k, [t])
  }
  return out
}

export class OccurrenceService {
  constructor(private readonly deps: { scopes: Scopes; clock: Clock; fire: FireService }) {}

  private session = () => nyDate(this.deps.clock.now())

  /** Applies one evaluation of level rules; answers the firing ids created. */
  async level(outcomes: readonly LevelOutcome[]): Promise<number[]> {
    const fired: number[] = []
    const byTenant = byKey(outcomes, (o) => o.rule.tenant_id)
    for (const [tenantId, group] of byTenant) {
      const every = group.filter((o) => o.rule.frequency === 'every_time')
      const states = new Map(
        (
          await this.deps.scopes.withTenant(tenantId, (s) =>
            repo.statesOf(
              s,
              every.map((o) => o.rule.id),
            ),
          )
        ).map((r) => [Number(r.rule_id), r]),
      )
      for (const o of group) {
        const id = await this.levelOne(o, states.get(o.rule.id))
        if (id !== null) fired.push(id)
      }
    }
    return fired
  }

  private async levelOne(o: LevelOutcome, state: repo.StateRow | undefined): Promise<number | null> {
    const frequency = o.rule.frequency as Frequency
    if (frequency !== 'every_time') {
      if (!o.holds) return null
      const key = occurrenceKey(frequency, { sessionDate: this.session(), arm: 0, rearms: o.rule.rearms })
      return this.deps.fire.fire({ rule: o.rule, key, values: o.values })
    }
    const now = state ? { arm: state.arm, armed: state.armed } : INITIAL_ARM
    const step = levelStep(now, o.holds)
    const id = step.fire
      ? await this.deps.fire.fire({
          rule: o.rule,
          key: occurrenceKey('every_time', { sessionDate: this.session(), arm: now.arm }),
          values: o.values,
        })
      : null
    if (step.next.arm !== now.arm || step.next.armed !== now.armed)
      await this.deps.scopes.withTenant(o.rule.tenant_id, (s) =>
        repo.saveArm(s, o.rule.id, step.next.arm, step.next.armed, this.deps.clock.now()),
      )
    return id
  }

  /** One event for a rule: fires under the event's key (collapsed to once / the session by frequency). */
  event(rule: repo.LiveRule, event: string, values: Record<string, unknown>): Promise<number | null> {
    const key = occurrenceKey(rule.frequency as Frequency, {
      sessionDate: this.session(),
      arm: 0,
      event,
      rearms: rule.rearms,
    })
    return this.deps.fire.fire({ rule, key, values })
  }
}
