/**
 * The model-assisted portfolio manager: the language model gets the opinions and the rule decision
 * and must answer one JSON object matching ModelAnswer (TypeBox `Value.Check`). Its action and
 * conviction replace the rules' (a non-hold below min_conviction becomes hold); the size is then
 * computed by the same rules and risk limits. Anything else — no JSON, a wrong shape — is an
 * `invalid_output` fallback to the rules.
 */
import { Type, type Static } from 'typebox'
import { Value } from 'typebox/value'
import type { Opinion } from './opinion.ts'
import { round4 } from './opinion.ts'
import type { Decision } from './decide.ts'

export const ModelAnswer = Type.Object(
  {
    action: Type.Union([Type.Literal('buy'), Type.Literal('sell'), Type.Literal('hold')]),
    conviction: Type.Number({ minimum: 0, maximum: 1 }),
    rationale: Type.String({ minLength: 1, maxLength: 2000 }),
  },
  { additionalProperties: false },
)
export type ModelAnswer = Static<typeof ModelAnswer>

export const SYSTEM_PROMPT =
  "You are the portfolio manager of an investment committee. Given the analysts' scored opinions " +
  '(score in [-1, 1], confidence in [0, 1], evidence) and the rule-based proposal, answer ONLY one ' +
  'JSON object: {"action": "buy" | "sell" | "hold", "conviction": number between 0 and 1, ' +
  '"rationale": string}. No prose outside the JSON.'

export function modelPrompt(symbol: string, opinions: readonly Opinion[], rules: Decision): string {
  const ops = opinions.map((o) => ({
    analyst: o.analyst,
    status: o.status,
    score: o.score,
    confidence: o.confidence,
    summary: o.summary,
  }))
  const proposal = {
    action: rules.action,
    conviction: rules.conviction,
    weighted_score: rules.weighted_score,
  }
  return JSON.stringify({ symbol, opinions: ops, rule_proposal: proposal })
}

/** The answer as a ModelAnswer, or null (not JSON, or not the schema). A ```json fence is tolerated. */
export function parseModelAnswer(text: string): ModelAnswer | null {
  const body = text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '')
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return null
  }
  if (!Value.Check(ModelAnswer, parsed)) return null
  return { ...parsed, conviction: round4(parsed.conviction) }
}
