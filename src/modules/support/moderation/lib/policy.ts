/**
 * The appeal policy and the statement of reasons a user gets with every action.
 * - An action may be appealed for APPEAL_WINDOW_DAYS after it was taken (at least six months, as
 *   complaint systems for online platforms must allow); later → 409 `moderation.appeal_window_closed`.
 * - One appeal per action: while it is open a second → 409 `moderation.appeal_open`; once decided →
 *   409 `moderation.appeal_decided` (the decision is final on the platform).
 * - A person decides (an administrator, never the appellant), with a stated reason, within
 *   DECIDE_WITHIN_DAYS (`decide_by`, shown to the appellant). Reversing lifts the action.
 */
import { DAY_MS } from '../../../../kernel/dates.ts'
import type { Reason } from './verdict.ts'

export const APPEAL_WINDOW_DAYS = 180
export const DECIDE_WITHIN_DAYS = 7

export const appealableUntil = (takenAt: Date) => new Date(takenAt.getTime() + APPEAL_WINDOW_DAYS * DAY_MS)
export const decideBy = (filedAt: Date) => new Date(filedAt.getTime() + DECIDE_WITHIN_DAYS * DAY_MS)

const LABELS: Record<string, string> = {
  pump_and_dump: 'pump-and-dump or coordinated promotion',
  guaranteed_returns: 'claims of guaranteed returns',
  impersonation: 'impersonation of the service or a broker',
  off_platform_solicitation: 'solicitation to move off the platform',
  harassment: 'harassment or threats',
  hate: 'hate',
  self_harm: 'self-harm',
  sexual: 'sexual content',
  violence: 'violence',
  illicit: 'illicit activity',
}

export const labelOf = (category: string) => LABELS[category] ?? category

/** The statement of reasons: what was done, on what grounds, how it was decided, how to contest it. */
export function statementOf(a: {
  categories: string[]
  reasons: Reason[]
  sources: string[]
  surface: string | null
}): string {
  const where = a.surface ? ` (${a.surface})` : ''
  const grounds = a.categories.map(labelOf).join('; ')
  const rules = [...new Set(a.reasons.map((r) => r.rule))].join(', ')
  const how = a.sources.length > 1 ? 'our rules and an automated classifier' : 'our rules'
  return (
    `Your content${where} was blocked and not published. Grounds: ${grounds} (rules: ${rules}). ` +
    `It was detected and decided automatically, by ${how}; no person reviewed it before the block.`
  )
}

export function howToAppeal(actionId: number, until: Date): string {
  return (
    `Appeal until ${until.toISOString()} with POST /api/moderation/actions/${actionId}/appeal and your reason ` +
    `(free of charge). A person reviews it and answers with a reason within ${DECIDE_WITHIN_DAYS} days. If you ` +
    'disagree with the outcome you may also turn to an out-of-court dispute settlement body.'
  )
}
