/**
 * `/v1/moderations` of the OpenAI fake (docs/vendor-formats.md#openai-moderation): one result per input,
 * in order. An input is flagged in a category when it contains a word registered with `flag(word,
 * category, score)`; every other category scores a small constant. The `text-moderation-*` models
 * answer `illicit` and `illicit/violent` as null, as they do not judge them. A whole answer can be
 * scripted for the next request.
 */

export const MODERATION_CATEGORIES = [
  'harassment',
  'harassment/threatening',
  'hate',
  'hate/threatening',
  'illicit',
  'illicit/violent',
  'self-harm',
  'self-harm/intent',
  'self-harm/instructions',
  'sexual',
  'sexual/minors',
  'violence',
  'violence/graphic',
] as const

export interface ModerationRule {
  word: string
  category: string
  score: number
}

/** The category scores below which nothing is flagged. */
export const BASELINE_SCORE = 0.0001

export function moderationResult(
  input: string,
  model: string,
  rules: ModerationRule[],
): Record<string, unknown> {
  const older = model.startsWith('text-moderation')
  const categories: Record<string, boolean | null> = {}
  const scores: Record<string, number> = {}
  const applied: Record<string, string[]> = {}
  for (const name of MODERATION_CATEGORIES) {
    const hit = rules.find((r) => r.category === name && input.toLowerCase().includes(r.word.toLowerCase()))
    const nulled = older && name.startsWith('illicit')
    categories[name] = nulled ? null : Boolean(hit)
    scores[name] = hit ? hit.score : BASELINE_SCORE
    applied[name] = ['text']
  }
  return {
    flagged: Object.values(categories).some((v) => v === true),
    categories,
    category_scores: scores,
    category_applied_input_types: applied,
  }
}

/** null when the input is valid: a non-empty string or a non-empty array of strings. */
export function moderationInputs(input: unknown): string[] | null {
  if (typeof input === 'string' && input !== '') return [input]
  if (Array.isArray(input) && input.length > 0 && input.every((s) => typeof s === 'string')) return input
  return null
}
