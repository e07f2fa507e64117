/**
 * screen_membership: after each rebuild of the screener's snapshot, every saved screen that an
 * enabled rule watches is run again for its owner and its symbols compared with the membership
 * stored at the previous run (`alert_rule_state.membership`). The first run only records the
 * baseline; later runs fire when a symbol entered (gain) or left (loss), per the rule's `on`.
 * One screen run serves every rule that watches it. The event key is the change and the snapshot's
 * build time, so two processes told of the same rebuild fire once.
 */
import type { Logger } from 'pino'
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import type { Screener } from '../../trading-intel/screener/index.ts'
import * as repo from './firing.repository.ts'
import type { OccurrenceService } from './occurrence.service.ts'
import type { ReadPass, ReadsService } from './reads.service.ts'

/** Rows read per run page (the screener's maximum) and the most symbols a membership keeps. */
const PAGE = 500
export const MEMBERSHIP_MAX = 5000

export interface ScreensDeps {
  scopes: Scopes
  clock: Clock
  log: Logger
  screener: Pick<Screener, 'saved' | 'runs'>
  occurrences: OccurrenceService
  reads: Pick<ReadsService, 'within'>
}

/** Symbols that entered and left, each sorted. */
export function diffMembership(before: readonly string[], after: readonly string[]) {
  const was = new Set(before)
  const is = new Set(after)
  return {
    gained: [...is].filter((s) => !was.has(s)).sort(),
    lost: [...was].filter((s) => !is.has(s)).sort(),
  }
}

type Members = { name: string; symbols: string[] }

export class ScreensService {
  constructor(private readonly deps: ScreensDeps) {}

  /** Re-runs the watched screens and fires their rules; answers the firing ids. */
  afterRebuild(builtAt: string): Promise<number[]> {
    return this.deps.reads.within((pass) => this.rebuilt(pass, builtAt))
  }

  private async rebuilt(pass: ReadPass, builtAt: string): Promise<number[]> {
    const rules = await this.deps.scopes.withSystem('alerts: screen rules', (s) =>
      repo.rulesOfTypes(s, ['screen_membership']),
    )
    const fired: number[] = []
    const runs = new Map<string, Promise<Members | null>>()
    for (const rule of rules) {
      const key = `${rule.tenant_id}:${rule.user_id}:${String(rule.params.saved_screen_id)}`
      const run = (scope: RequestScope) => {
        if (!runs.has(key)) runs.set(key, this.run(scope, rule))
        return runs.get(key)!
      }
      const now = await this.members(pass, rule, run)
      if (now) fired.push(...(await this.compare(rule, now, builtAt)))
    }
    return fired
  }

  private async compare(rule: repo.LiveRule, now: Members, builtAt: string): Promise<number[]> {
    const [state] = await this.deps.scopes.withTenant(rule.tenant_id, (s) => repo.statesOf(s, [rule.id]))
    await this.deps.scopes.withTenant(rule.tenant_id, (s) =>
      repo.saveMembership(s, rule.id, now.symbols, this.deps.clock.now()),
    )
    if (!state?.membership) return [] // the baseline
    const { gained, lost } = diffMembership(state.membership, now.symbols)
    const on = typeof rule.params.on === 'string' ? rule.params.on : 'both'
    const g = on === 'loss' ? [] : gained
    const l = on === 'gain' ? [] : lost
    if (!g.length && !l.length) return []
    const event = `${g.map((s) => `+${s}`).join(',')}${l.map((s) => `-${s}`).join(',')}@${builtAt}`
    const id = await this.deps.occurrences.event(rule, event, {
      saved_screen_id: rule.params.saved_screen_id,
      screen_name: now.name,
      gained: g,
      lost: l,
    })
    return id === null ? [] : [id]
  }

  /** The screen's symbols now (one run per screen and pass), or null when it is gone or cannot run. */
  private async members(
    pass: ReadPass,
    rule: repo.LiveRule,
    run: (scope: RequestScope) => Promise<Members | null>,
  ): Promise<Members | null> {
    try {
      return await pass.as(rule, 'saved screen', run)
    } catch (err) {
      this.deps.log.warn({ err, rule_id: rule.id }, 'alerts: saved screen run failed')
      return null
    }
  }

  /** The screen's symbols now, or null when the screen is gone. */
  private async run(scope: RequestScope, rule: repo.LiveRule): Promise<Members | null> {
    const all = [
      ...(await this.deps.screener.saved.list(scope, 'classic')).items,
      ...(await this.deps.screener.saved.list(scope, 'stock_screener')).items,
    ]
    const screen = all.find((x) => x.id === rule.params.saved_screen_id)
    if (!screen) return null
    const symbols: string[] = []
    for (let offset = 0; offset < MEMBERSHIP_MAX; offset += PAGE) {
      const out = await this.deps.screener.runs.run(scope, {
        ...screen.spec,
        columns: ['symbol'],
        limit: PAGE,
        offset,
      })
      symbols.push(...out.rows.map((r) => r.symbol))
      if (offset + PAGE >= out.total) break
    }
    return { name: screen.name, symbols: [...new Set(symbols)].sort() }
  }
}
