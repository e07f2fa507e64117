/**
 * At most once per condition per frequency: the occurrence key a firing is stored under
 * (unique per rule in the database, so two evaluators racing insert one row) and the arm counter
 * of `every_time` level rules.
 *
 * - once → "once", then "once:<n>" after the n-th re-arm: the rule is disabled after it fires, and a
 *   PUT with enabled: true re-arms it (`rearms` = n), so it can fire once more.
 * - once_per_session → "session:<New York date>".
 * - every_time, level conditions (price, % move, drawdown, watchlist move) → "arm:<n>": after
 *   firing on arm n the rule stays quiet until an evaluation sees the condition false, which moves
 *   it to arm n + 1; events (a signal, a flow reading, a filing, an earnings date, a screen change)
 *   → "event:<what happened>", one firing per event.
 */
import type { Frequency } from './catalog.ts'

export interface ArmState {
  /** The current arm number (0 first). */
  arm: number
  /** True while the current arm has not fired yet. */
  armed: boolean
}

export const INITIAL_ARM: ArmState = { arm: 0, armed: true }

export function occurrenceKey(
  frequency: Frequency,
  at: { sessionDate: string; arm: number; event?: string; rearms?: number },
): string {
  if (frequency === 'once') return at.rearms ? `once:${at.rearms}` : 'once'
  if (frequency === 'once_per_session') return `session:${at.sessionDate}`
  return at.event === undefined ? `arm:${at.arm}` : `event:${at.event}`
}

/**
 * What one evaluation of a level rule does: fire under the current arm when the condition holds
 * (the unique key turns a repeat into nothing), re-arm when it does not hold after having fired.
 */
export function levelStep(state: ArmState, holds: boolean): { fire: boolean; next: ArmState } {
  if (holds) return { fire: true, next: { arm: state.arm, armed: false } }
  if (!state.armed) return { fire: false, next: { arm: state.arm + 1, armed: true } }
  return { fire: false, next: state }
}
