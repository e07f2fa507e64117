/**
 * The committee configuration: each analyst enabled with a weight, the risk limits and the model
 * switch. Absent → DEFAULT_CONFIG. A PATCH merges into the current one and must leave at least one
 * enabled voting analyst with weight > 0 (so the weights sum above 0); the portfolio manager
 * cannot be disabled (it makes the decision) and its weight is not used.
 */
import type { RiskLimits } from './decide.ts'
import { ANALYSTS, VOTING_ANALYSTS, type AnalystName, type VotingAnalyst } from './opinion.ts'

export interface Member {
  enabled: boolean
  weight: number
}

export interface CommitteeConfig {
  members: Record<AnalystName, Member>
  risk: RiskLimits
  model: boolean
}

export type ConfigPatch = {
  members?: Partial<Record<AnalystName, Partial<Member>>>
  risk?: Partial<RiskLimits>
  model?: boolean
}

export const DEFAULT_CONFIG: CommitteeConfig = {
  members: {
    technical: { enabled: true, weight: 1 },
    fundamental: { enabled: true, weight: 1 },
    news_sentiment: { enabled: true, weight: 0.5 },
    flow: { enabled: true, weight: 0.5 },
    risk_manager: { enabled: true, weight: 1 },
    portfolio_manager: { enabled: true, weight: 1 },
  },
  risk: { max_position_weight: 0.1, max_size_per_decision: 0.05, min_conviction: 0.2 },
  model: false,
}

/** A stored or patched config over the defaults (keys missing from storage take the default). */
export function mergeConfig(base: CommitteeConfig, patch: ConfigPatch): CommitteeConfig {
  const members = Object.fromEntries(
    ANALYSTS.map((a) => [a, { ...base.members[a], ...(patch.members?.[a] ?? {}) }]),
  ) as Record<AnalystName, Member>
  return { members, risk: { ...base.risk, ...(patch.risk ?? {}) }, model: patch.model ?? base.model }
}

/** The field errors of a merged config (empty when valid). */
export function configErrors(c: CommitteeConfig): { loc: (string | number)[]; msg: string; type: string }[] {
  const errors: { loc: (string | number)[]; msg: string; type: string }[] = []
  if (!c.members.portfolio_manager.enabled)
    errors.push({
      loc: ['body', 'members', 'portfolio_manager', 'enabled'],
      msg: 'the portfolio manager makes the decision and cannot be disabled',
      type: 'committee_rule',
    })
  if (!VOTING_ANALYSTS.some((a) => c.members[a].enabled && c.members[a].weight > 0))
    errors.push({
      loc: ['body', 'members'],
      msg: 'at least one voting analyst must be enabled with a weight above 0',
      type: 'committee_rule',
    })
  return errors
}

/** The weights the portfolio manager uses: enabled voting analysts only. */
export function votingWeights(c: CommitteeConfig): Partial<Record<VotingAnalyst, number>> {
  return Object.fromEntries(
    VOTING_ANALYSTS.filter((a) => c.members[a].enabled && c.members[a].weight > 0).map((a) => [
      a,
      c.members[a].weight,
    ]),
  )
}
