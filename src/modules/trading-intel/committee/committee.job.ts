/**
 * The `committee.run` job: works one queued run. `started`, then one `analyst_opinion` event per
 * enabled voting analyst in order (the run's status is checked before each: a cancel stops it),
 * then the portfolio manager's `decision` — by the rules, or by the model when the run was created
 * with it active (then a failure or an invalid answer adds a `model_fallback` event and the rules
 * decide). Every voting analyst unavailable → `failed` (committee.all_analysts_unavailable).
 * A redelivered job finds a finished run and does nothing, or a running one (its earlier attempt
 * died) and fails it as committee.interrupted (platform/run-log/run-log.ts); an unexpected error
 * fails the run (committee.internal) instead of retrying it.
 */
import type { Logger } from 'pino'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import type { DailyBudget } from '../../../platform/daily-budget.ts'
import type { LlmProvider } from '../../../providers/llm/index.ts'
import type { AnalystsService } from './analysts.service.ts'
import { votingWeights, type CommitteeConfig } from './lib/config.ts'
import { ruleAction, ruleDecision, size, type Decision } from './lib/decide.ts'
import { modelPrompt, parseModelAnswer, SYSTEM_PROMPT } from './lib/model.ts'
import type { Opinion } from './lib/opinion.ts'
import type { RunLog } from '../../../platform/run-log/run-log.ts'

export const JOB_COMMITTEE_RUN = 'committee.run'

export interface RunPayload {
  tenantId: number
  runId: string
}

export interface RunInput {
  symbol: string
  account_id: number | null
  config: CommitteeConfig
  model_active: boolean
}

export interface JobDeps {
  log: Pick<Logger, 'warn'>
  runs: RunLog
  analysts: AnalystsService
  llm: LlmProvider | null
  llmBudget: Pick<DailyBudget, 'take'>
}

type Fallback = {
  reason: 'upstream_error' | 'invalid_output' | 'budget_exhausted' | 'unavailable'
  detail: string
}

export class CommitteeJob {
  constructor(private readonly deps: JobDeps) {}

  async work({ tenantId, runId }: RunPayload): Promise<void> {
    const { runs } = this.deps
    const run = await runs.start(tenantId, runId)
    if (!run) return
    try {
      await this.decide(tenantId, runId, run.input as unknown as RunInput)
    } catch (e) {
      this.deps.log.warn({ err: e, tenantId, runId }, 'committee: run failed unexpectedly')
      const detail = e instanceof Error ? e.message : String(e)
      await runs.finish(tenantId, runId, {
        status: 'failed',
        kind: 'failed',
        payload: { code: 'committee.internal', detail },
      })
    }
  }

  private async decide(tenantId: number, runId: string, input: RunInput): Promise<void> {
    const { runs } = this.deps
    const step = (o: Opinion) =>
      runs.step(tenantId, runId, 'analyst_opinion', o as unknown as Record<string, unknown>)
    const ev = await this.deps.analysts.evaluate(tenantId, input.symbol, input.account_id, input.config, step)
    if (ev.stopped) return
    if (!ev.opinions.some((o) => o.status === 'ok')) {
      const payload = {
        code: 'committee.all_analysts_unavailable',
        detail: 'No analyst could read its data',
        opinions: ev.opinions,
      }
      await runs.finish(tenantId, runId, { status: 'failed', kind: 'failed', payload })
      return
    }
    const rules = ruleDecision(ev.opinions, votingWeights(input.config), input.config.risk, ev.sizing)
    let decision = rules
    if (input.model_active) {
      const out = await this.modelDecision(tenantId, input, ev.opinions, rules, ev.sizing)
      if ('fallback' in out) {
        if (!(await runs.step(tenantId, runId, 'model_fallback', out.fallback))) return
      } else decision = out.decision
    }
    const payload = { decision, opinions: ev.opinions } as unknown as Record<string, unknown>
    await runs.finish(tenantId, runId, { status: 'completed', kind: 'decision', payload })
  }

  private async modelDecision(
    tenantId: number,
    input: RunInput,
    opinions: Opinion[],
    rules: Decision,
    sizing: Parameters<typeof size>[3],
  ): Promise<{ decision: Decision } | { fallback: Fallback }> {
    const llm = this.deps.llm
    if (!llm) return { fallback: { reason: 'unavailable', detail: 'no language model is configured' } }
    if (!(await this.deps.llmBudget.take(tenantId)))
      return {
        fallback: { reason: 'budget_exhausted', detail: 'the daily language-model budget is used up' },
      }
    let text: string
    try {
      const answer = await llm.complete({
        system: SYSTEM_PROMPT,
        messages: [{ role: 'user', content: modelPrompt(input.symbol, opinions, rules) }],
        maxTokens: 400,
        temperature: 0,
      })
      text = answer.text
    } catch (e) {
      const detail = isUpstreamError(e) ? `upstream.${e.kind}: ${e.message}` : String(e)
      return { fallback: { reason: 'upstream_error', detail } }
    }
    const parsed = parseModelAnswer(text)
    if (!parsed) return { fallback: { reason: 'invalid_output', detail: text.slice(0, 500) } }
    const limits = input.config.risk
    // The model proposes; the risk limits still apply (min conviction, sizing caps).
    const action = parsed.conviction < limits.min_conviction ? 'hold' : parsed.action
    return {
      decision: {
        ...rules,
        action,
        conviction: parsed.conviction,
        size: size(action, parsed.conviction, limits, sizing),
        rationale: parsed.rationale,
        method: 'model',
        evidence: {
          ...rules.evidence,
          rule_action: ruleAction(rules.weighted_score, rules.conviction, limits),
        },
      },
    }
  }
}
