/**
 * The portfolio manager's rules: the voting analysts' opinions aggregated into a decision.
 * - contribution_i = weight_i · confidence_i (enabled analysts with an opinion);
 * - weighted_score S = Σ contribution_i · score_i / Σ contribution_i (0 when Σ = 0);
 * - coverage = Σ contribution_i / Σ weight_i over every enabled voting analyst, unavailable ones too;
 * - conviction = |S| · coverage;
 * - buy when S ≥ ACTION_THRESHOLD and conviction ≥ min_conviction; sell when S ≤ −ACTION_THRESHOLD
 *   and conviction ≥ min_conviction; hold otherwise;
 * - size: buy % = min(max_size_per_decision · conviction, headroom); sell % = min(max_size_per_decision
 *   · conviction, current weight); shares = floor(% · account value / price), a sale at most the
 *   shares held; hold → 0. No holdings (account value 0) → 0 shares.
 */
import { round4 } from './opinion.ts'
import type { Opinion, VotingAnalyst } from './opinion.ts'

export const ACTION_THRESHOLD = 0.15

export type Action = 'buy' | 'sell' | 'hold'

export interface RiskLimits {
  max_position_weight: number
  max_size_per_decision: number
  min_conviction: number
}

export interface SizingInputs {
  price: number | null
  account_value: number
  held_quantity: number
  position_weight: number
}

export interface Decision {
  action: Action
  conviction: number
  weighted_score: number
  size: {
    shares: number
    percent_of_account: number
    price: number | null
    account_value: number
    capped_by: string | null
  }
  rationale: string
  method: 'rules' | 'model'
  evidence: {
    contributions: {
      analyst: VotingAnalyst
      weight: number
      score: number
      confidence: number
      contribution: number
    }[]
    unavailable: VotingAnalyst[]
    coverage: number
    action_threshold: number
    limits: RiskLimits
    /** With the model: what the rules alone would have done. */
    rule_action?: Action
  }
}

export function aggregate(opinions: readonly Opinion[], weights: Partial<Record<VotingAnalyst, number>>) {
  const ok = opinions.filter((o) => o.status === 'ok')
  const contributions = ok.map((o) => {
    const weight = weights[o.analyst] ?? 0
    return {
      analyst: o.analyst,
      weight,
      score: o.score!,
      confidence: o.confidence!,
      contribution: round4(weight * o.confidence!),
    }
  })
  const mass = contributions.reduce((a, c) => a + c.weight * c.confidence, 0)
  const total = opinions.reduce((a, o) => a + (weights[o.analyst] ?? 0), 0)
  const s = mass > 0 ? contributions.reduce((a, c) => a + c.weight * c.confidence * c.score, 0) / mass : 0
  const coverage = total > 0 ? mass / total : 0
  return {
    weighted_score: round4(s),
    coverage: round4(coverage),
    conviction: round4(Math.abs(s) * coverage),
    contributions,
    unavailable: opinions.filter((o) => o.status !== 'ok').map((o) => o.analyst),
  }
}

export function ruleAction(s: number, conviction: number, limits: RiskLimits): Action {
  if (conviction < limits.min_conviction) return 'hold'
  if (s >= ACTION_THRESHOLD) return 'buy'
  if (s <= -ACTION_THRESHOLD) return 'sell'
  return 'hold'
}

export function size(
  action: Action,
  conviction: number,
  limits: RiskLimits,
  p: SizingInputs,
): Decision['size'] {
  const base = { price: p.price, account_value: p.account_value }
  if (action === 'hold' || p.price === null || p.price <= 0 || p.account_value <= 0)
    return {
      ...base,
      shares: 0,
      percent_of_account: 0,
      capped_by: action === 'hold' ? null : 'no_account_value_or_price',
    }
  const wanted = limits.max_size_per_decision * conviction
  const cap =
    action === 'buy' ? Math.max(0, limits.max_position_weight - p.position_weight) : p.position_weight
  const pct = Math.min(wanted, cap)
  let shares = Math.floor((pct * p.account_value) / p.price)
  let capped_by: string | null =
    pct < wanted ? (action === 'buy' ? 'max_position_weight' : 'position_held') : 'max_size_per_decision'
  if (action === 'sell' && shares > p.held_quantity) {
    shares = Math.max(0, Math.floor(p.held_quantity))
    capped_by = 'position_held'
  }
  return { ...base, shares, percent_of_account: round4(pct), capped_by }
}

export function ruleDecision(
  opinions: readonly Opinion[],
  weights: Partial<Record<VotingAnalyst, number>>,
  limits: RiskLimits,
  sizing: SizingInputs,
): Decision {
  const agg = aggregate(opinions, weights)
  const action = ruleAction(agg.weighted_score, agg.conviction, limits)
  const parts = agg.contributions.map(
    (c) => `${c.analyst} ${c.score >= 0 ? '+' : ''}${c.score} (w ${c.weight}, c ${c.confidence})`,
  )
  const rationale =
    `Weighted score ${agg.weighted_score} from ${parts.join(', ') || 'no analyst'}; coverage ${agg.coverage}, ` +
    `conviction ${agg.conviction} (min ${limits.min_conviction}); ${action} ` +
    `(act at |score| ≥ ${ACTION_THRESHOLD}).` +
    (agg.unavailable.length ? ` Unavailable: ${agg.unavailable.join(', ')}.` : '')
  return {
    action,
    conviction: agg.conviction,
    weighted_score: agg.weighted_score,
    size: size(action, agg.conviction, limits, sizing),
    rationale,
    method: 'rules',
    evidence: {
      contributions: agg.contributions,
      unavailable: agg.unavailable,
      coverage: agg.coverage,
      action_threshold: ACTION_THRESHOLD,
      limits,
    },
  }
}
