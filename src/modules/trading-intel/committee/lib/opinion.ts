/**
 * What every analyst answers: a score in [−1, 1] (bearish … bullish), a confidence in [0, 1] (how
 * much evidence stood behind it), the stance the score falls in, the numbers that justify it, and a
 * one-line summary; or `unavailable` with the reason (its data could not be read).
 */
export const ANALYSTS = [
  'technical',
  'fundamental',
  'news_sentiment',
  'flow',
  'risk_manager',
  'portfolio_manager',
] as const
export type AnalystName = (typeof ANALYSTS)[number]
/** The five that score the symbol; the portfolio manager aggregates their opinions into the decision. */
export const VOTING_ANALYSTS = ['technical', 'fundamental', 'news_sentiment', 'flow', 'risk_manager'] as const
export type VotingAnalyst = (typeof VOTING_ANALYSTS)[number]

/** |score| below this is neutral; at or above it, bullish (positive) or bearish (negative). */
export const STANCE_BAND = 0.1

export type Stance = 'bullish' | 'bearish' | 'neutral'

export interface Opinion {
  analyst: VotingAnalyst
  status: 'ok' | 'unavailable'
  score: number | null
  confidence: number | null
  stance: Stance | null
  evidence: Record<string, unknown>
  summary: string
  /** Why an unavailable analyst has no opinion (e.g. `upstream.unavailable: …`). */
  reason?: string
}

export const round4 = (x: number): number => Math.round(x * 10_000) / 10_000
export const clamp = (x: number, lo = -1, hi = 1): number => Math.min(hi, Math.max(lo, x))
/** NaN (an indicator still warming up) as null for the wire. */
export const num = (x: number | undefined): number | null =>
  x === undefined || !Number.isFinite(x) ? null : round4(x)

export function stanceOf(score: number): Stance {
  if (score >= STANCE_BAND) return 'bullish'
  if (score <= -STANCE_BAND) return 'bearish'
  return 'neutral'
}

export function opinion(
  analyst: VotingAnalyst,
  score: number,
  confidence: number,
  evidence: Record<string, unknown>,
  summary: string,
): Opinion {
  const s = round4(clamp(score))
  return {
    analyst,
    status: 'ok',
    score: s,
    confidence: round4(clamp(confidence, 0, 1)),
    stance: stanceOf(s),
    evidence,
    summary,
  }
}

export function unavailable(
  analyst: VotingAnalyst,
  reason: string,
  evidence: Record<string, unknown> = {},
): Opinion {
  return {
    analyst,
    status: 'unavailable',
    score: null,
    confidence: null,
    stance: null,
    evidence,
    summary: `${analyst} unavailable: ${reason}`,
    reason,
  }
}
