/**
 * From rule hits and a classifier's scores to the guard's verdict.
 *
 * - A category's score is the chance that at least one of its signals is right (noisy-or):
 *   1 − Π(1 − sᵢ) over its rule hits and, when a classifier answered, its score for the category
 *   (the highest of the vendor's sub-categories, e.g. `harassment/threatening` counts as `harassment`).
 * - `block` when a blocking category scores ≥ BLOCK_AT; else `flag` when any category scores ≥
 *   FLAG_AT; else `allow`. Every category blocks except `self_harm`, which only flags: a person in
 *   distress is pointed to help, not sanctioned.
 * - `categories`: those at FLAG_AT or above, highest first; `reasons`: the rule hits and classifier
 *   signals behind them.
 */
import type { RuleHit } from './rules.ts'
import { RULE_CATEGORIES } from './rules.ts'

export const CLASSIFIER_CATEGORIES = ['harassment', 'hate', 'self_harm', 'sexual', 'violence', 'illicit'] as const
export const CATEGORIES = [...new Set([...RULE_CATEGORIES, ...CLASSIFIER_CATEGORIES])] as const
export type Category = (typeof CATEGORIES)[number]

export const FLAG_AT = 0.5
export const BLOCK_AT = 0.8
export const NON_BLOCKING: readonly Category[] = ['self_harm']

export type Verdict = 'allow' | 'flag' | 'block'

export interface Reason {
  category: Category
  /** A rule id (`pump.multiplier`) or `classifier:<vendor category>`. */
  rule: string
  excerpt: string
}

export interface ClassifierScores {
  /** Vendor category name → score in [0, 1]. */
  scores: Record<string, number>
}

export interface GuardResult {
  verdict: Verdict
  categories: Category[]
  scores: Record<Category, number>
  reasons: Reason[]
  /** The categories that made it a block (empty unless `verdict` is block). */
  blocking: Category[]
}

/** Our category for a vendor's (`self-harm/intent` → self_harm); null for one we do not track. */
export function categoryOf(vendor: string): Category | null {
  const base = vendor.split('/')[0]!.replace(/-/g, '_')
  return (CLASSIFIER_CATEGORIES as readonly string[]).includes(base) ? (base as Category) : null
}

const round = (x: number) => Math.round(x * 10_000) / 10_000
const clamp = (x: number) => Math.min(1, Math.max(0, x))

export function decide(hits: RuleHit[], classifier: ClassifierScores | null, lead: string): GuardResult {
  const miss = Object.fromEntries(CATEGORIES.map((c) => [c, 1])) as Record<Category, number>
  const reasons: Reason[] = hits.map((h) => ({ category: h.category, rule: h.rule, excerpt: h.excerpt }))
  for (const h of hits) miss[h.category] *= 1 - clamp(h.score)
  if (classifier) {
    const best = new Map<Category, [string, number]>()
    for (const [name, score] of Object.entries(classifier.scores)) {
      const c = categoryOf(name)
      if (c && score > (best.get(c)?.[1] ?? -1)) best.set(c, [name, score])
    }
    for (const [c, [name, score]] of best) {
      miss[c] *= 1 - clamp(score)
      if (score >= FLAG_AT) reasons.push({ category: c, rule: `classifier:${name}`, excerpt: lead })
    }
  }
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, round(1 - miss[c])])) as Record<Category, number>
  const categories = CATEGORIES.filter((c) => scores[c] >= FLAG_AT).sort((a, b) => scores[b] - scores[a])
  const blocking = categories.filter((c) => scores[c] >= BLOCK_AT && !NON_BLOCKING.includes(c))
  const verdict: Verdict = blocking.length ? 'block' : categories.length ? 'flag' : 'allow'
  return {
    verdict,
    categories,
    scores,
    reasons: reasons.filter((r) => categories.includes(r.category)),
    blocking,
  }
}
