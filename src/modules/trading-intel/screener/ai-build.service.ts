/**
 * Building a screen from words (POST /api/screener/ai-build, POST /stock-screener/build). With the
 * tenant's `stock_screener_ai` flag off → 503. With a language model configured, it is asked for a
 * spec under a JSON schema restricted to the catalog's fields and operators; its answer is parsed and
 * validated (never executed). Without a model, over the daily budget, on an upstream error or
 * timeout, or when the answer is not a valid spec, the keyword rules answer with `degraded: true`
 * and the reason. A structured spec is validated and normalised the same way.
 */
import type { Logger } from 'pino'
import type { DailyBudget } from '../../../platform/daily-budget.ts'
import type { FeatureFlags } from '../../../platform/feature-flags.ts'
import { AppError, UnprocessableError, type FieldError } from '../../../platform/http/errors.ts'
import type { LlmProvider } from '../../../providers/llm/index.ts'
import { isUpstreamError } from '../../../providers/shared/http.ts'
import {
  MODEL_SCHEMA_NAME,
  describeSpec,
  modelInstructions,
  modelSchema,
  readModelAnswer,
} from './lib/nl-model.ts'
import { EXAMPLE_PROMPTS, parsePrompt } from './lib/nl-rules.ts'
import { validateSpec, type ScreenSpec } from './lib/spec.ts'

export interface BuildClause {
  /** The prompt's words the clause was read from (null when the model built the screen spec). */
  text: string | null
  paraphrase: string
}

export interface BuildResult {
  spec: ScreenSpec
  /** The whole spec in words, clause by clause. */
  paraphrase: string
  clauses: BuildClause[]
  /** True when the keyword rules answered although the model path was wanted. */
  degraded: boolean
  source: 'model' | 'rules'
  /** Why the rules answered instead of the model (when degraded). */
  reason?: string
}

/** An interactive request: a slow model is worse than the rules. */
export const MODEL_TIMEOUT_MS = 15_000
export const MODEL_MAX_TOKENS = 1_000

export interface AiBuildDeps {
  llm: LlmProvider | null
  llmBudget: DailyBudget
  flags: FeatureFlags
  log?: Pick<Logger, 'warn'>
}

type ModelOutcome = { spec: ScreenSpec } | { reason: string }

/** Moves validateSpec's locations (["body", "filters", …]) under the request's `spec` member. */
const under = (member: string, errors: FieldError[]): FieldError[] =>
  errors.map((e) => ({ ...e, loc: e.loc[0] === 'body' ? ['body', member, ...e.loc.slice(1)] : e.loc }))

export class AiBuildService {
  constructor(private readonly deps: AiBuildDeps) {}

  /** A prompt → a validated spec, from the model when it can, else from the rules. */
  async fromPrompt(tenantId: number, prompt: string): Promise<BuildResult> {
    if (!(await this.deps.flags.isEnabled(tenantId, 'stock_screener_ai')))
      throw new AppError(
        503,
        'screener.ai_disabled',
        'Building screens from words is switched off for this tenant (feature stock_screener_ai); build the screen from filters instead',
      )
    const outcome = await this.fromModel(tenantId, prompt)
    if ('spec' in outcome) {
      const clauses = describeSpec(outcome.spec).map((paraphrase) => ({ text: null, paraphrase }))
      return { spec: outcome.spec, ...said(clauses), degraded: false, source: 'model' }
    }
    return { ...this.fromRules(prompt), degraded: true, reason: outcome.reason }
  }

  /** A structured spec → the same answer shape, validated and normalised (422 naming what is wrong). */
  fromSpec(input: ScreenSpec, member = 'spec'): BuildResult {
    const checked = validateSpec(input)
    if ('errors' in checked)
      throw new UnprocessableError(
        'validation.failed',
        checked.errors[0]?.msg ?? 'invalid spec',
        under(member, checked.errors),
      )
    const clauses = describeSpec(checked.spec).map((paraphrase) => ({ text: null, paraphrase }))
    return { spec: checked.spec, ...said(clauses), degraded: false, source: 'rules' }
  }

  private fromRules(prompt: string): Omit<BuildResult, 'degraded' | 'reason'> {
    const parsed = parsePrompt(prompt)
    if (!parsed) {
      const examples = EXAMPLE_PROMPTS.map((p) => `"${p}"`).join(', ')
      const msg = `No screening phrase was recognised; try phrasings such as ${examples}`
      throw new UnprocessableError('screener.prompt_not_understood', msg, [
        { loc: ['body', 'prompt'], msg, type: 'prompt_not_understood' },
      ])
    }
    const checked = validateSpec(parsed.spec)
    if ('errors' in checked)
      throw new UnprocessableError(
        'screener.prompt_not_understood',
        checked.errors[0]?.msg ?? 'invalid spec',
        [
          {
            loc: ['body', 'prompt'],
            msg: checked.errors[0]?.msg ?? 'invalid spec',
            type: 'prompt_not_understood',
          },
        ],
      )
    return { spec: checked.spec, paraphrase: parsed.paraphrase, clauses: parsed.clauses, source: 'rules' }
  }

  private async fromModel(tenantId: number, prompt: string): Promise<ModelOutcome> {
    const llm = this.deps.llm
    if (!llm) return { reason: 'no language model is configured' }
    if (!(await this.deps.llmBudget.take(tenantId)))
      return { reason: `daily language-model budget used up (${this.deps.llmBudget.limit} calls per day)` }
    let text: string
    try {
      const answer = await llm.complete({
        system: modelInstructions(),
        messages: [{ role: 'user', content: prompt }],
        maxTokens: MODEL_MAX_TOKENS,
        temperature: 0,
        timeoutMs: MODEL_TIMEOUT_MS,
        responseFormat: { type: 'json_schema', name: MODEL_SCHEMA_NAME, schema: modelSchema(), strict: true },
      })
      text = answer.text
    } catch (e) {
      this.deps.log?.warn({ err: e }, 'screen builder fell back to the keyword rules')
      return { reason: `language model unavailable (${isUpstreamError(e) ? e.kind : 'error'})` }
    }
    const read = readModelAnswer(text)
    if ('problem' in read) return { reason: read.problem }
    const checked = validateSpec(read.candidate)
    if ('errors' in checked) {
      const first = checked.errors[0]
      const where = first ? ` at ${first.loc.slice(1).join('.')}: ${first.msg}` : ''
      return { reason: `the language model's spec was rejected${where}` }
    }
    return { spec: checked.spec }
  }
}

function said(clauses: BuildClause[]): { paraphrase: string; clauses: BuildClause[] } {
  return { paraphrase: clauses.map((c) => c.paraphrase).join('; '), clauses }
}
