/**
 * The content guard: the rules (lib/rules.ts) and, when one is configured, the OpenAI-compatible
 * classifier, combined into a verdict (lib/verdict.ts). A classifier that fails or times out
 * never fails the check: the rules judge alone and the answer says so (`degraded`). A block
 * records an action against the caller with its statement of reasons.
 */
import type { Logger } from 'pino'
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import type { ModerationProvider } from '../../../providers/moderation/index.ts'
import { appealableUntil } from './lib/policy.ts'
import { applyRules, excerpt, normalise } from './lib/rules.ts'
import { decide, type ClassifierScores } from './lib/verdict.ts'
import { insertAction } from './moderation.repository.ts'
import type { GuardInputBody, GuardResultOut } from './moderation.schemas.ts'

/** How long the guard waits for the classifier before judging by the rules alone. */
export const CLASSIFIER_TIMEOUT_MS = 3_000

export interface GuardDeps {
  scopes: Scopes
  clock: Clock
  log: Logger
  classifier: ModerationProvider | null
}

type ClassifierState = GuardResultOut['classifier']

export class GuardService {
  constructor(private readonly deps: GuardDeps) {}

  async check(scope: RequestScope, b: GuardInputBody): Promise<GuardResultOut> {
    const hits = applyRules(b.content)
    const { scores, state } = await this.classify(b.content)
    const lead = excerpt(normalise(b.content), 0, 0)
    const r = decide(hits, scores, lead)
    const sources: GuardResultOut['sources'] = state === 'used' ? ['rules', 'openai'] : ['rules']
    let actionId: number | null = null
    if (r.verdict === 'block') {
      const now = this.deps.clock.now()
      const reasons = r.reasons.filter((x) => r.blocking.includes(x.category))
      const action = await this.deps.scopes.withTenant(scope.tenantId, (s) =>
        insertAction(s, {
          user_id: scope.userId,
          kind: 'content_blocked',
          status: 'active',
          categories: JSON.stringify(r.blocking),
          reasons: JSON.stringify(reasons),
          scores: JSON.stringify(r.scores),
          sources: JSON.stringify(sources),
          surface: b.context?.surface ?? null,
          reference: b.context?.reference ?? null,
          automated: true,
          appealable_until: appealableUntil(now),
          created_at: now,
        }),
      )
      actionId = action.id
    }
    return {
      verdict: r.verdict,
      categories: r.categories,
      scores: r.scores,
      action_id: actionId,
      reasons: r.reasons,
      sources,
      classifier: state,
      degraded: state === 'unavailable',
    }
  }

  private async classify(content: string): Promise<{ scores: ClassifierScores | null; state: ClassifierState }> {
    const classifier = this.deps.classifier
    if (!classifier) return { scores: null, state: 'not_configured' }
    try {
      const [verdict] = await classifier.moderate([content], { timeoutMs: CLASSIFIER_TIMEOUT_MS })
      if (!verdict) throw new Error('the classifier returned no verdict')
      return { scores: { scores: verdict.scores }, state: 'used' }
    } catch (err) {
      this.deps.log.warn({ err, provider: classifier.name }, 'moderation: classifier failed, rules only')
      return { scores: null, state: 'unavailable' }
    }
  }
}
