/**
 * Learning: the public concept listing, the plan-gated content with a worked example
 * computed live from market data, and per-user quiz progress. The provider is read outside any
 * transaction; its failure leaves the example null with a reason, the rest of the content answers.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { AppError, NotFoundError, UnprocessableError } from '../../../platform/http/errors.ts'
import { UpstreamError } from '../../../platform/upstream-errors.ts'
import type { TimeframeBars } from '../../market/market-data/index.ts'
import type { EntitlementsService } from '../../accounts/tenancy/index.ts'
import { CONCEPTS, conceptById, questionById, type Concept, type LearnLayer } from './lib/catalog.ts'
import { readExample } from './lib/examples.ts'
import { progressOf } from './lib/progress.ts'
import * as repo from './ta-learn.repository.ts'
import type {
  AnswerInput,
  AnswerOut,
  ConceptContentOut,
  ConceptSummaryOut,
  ExampleOut,
  ProgressOut,
} from './ta-learn.schemas.ts'

/** The plan feature that opens the advanced concepts (migration 0023: off on free, on for paid plans). */
export const ADVANCED_FEATURE = 'learn_advanced'
/** Worked examples read daily bars (about one year, lib/timeframes.ts in market-data). */
export const EXAMPLE_TIMEFRAME = '1d'

export interface LearnDeps {
  scopes: Scopes
  clock: Clock
  timeframes: Pick<TimeframeBars, 'read'>
  entitlements: Pick<EntitlementsService, 'requireFeature'>
}

type Unavailable = { code: string; detail: string }

const summaryOf = (c: Concept): ConceptSummaryOut => ({
  id: c.id,
  layer: c.layer,
  title: c.title,
  level: c.level,
  summary: c.summary,
  question_count: c.questions.length,
})

export class LearnService {
  constructor(private readonly deps: LearnDeps) {}

  concepts(layer?: LearnLayer): { concepts: ConceptSummaryOut[] } {
    return { concepts: CONCEPTS.filter((c) => !layer || c.layer === layer).map(summaryOf) }
  }

  async concept(scope: RequestScope, id: string): Promise<ConceptContentOut> {
    const c = conceptById(id)
    if (!c) throw new NotFoundError('learn.concept_not_found', `No concept ${id}`)
    if (c.level === 'advanced') await this.deps.entitlements.requireFeature(scope, ADVANCED_FEATURE)
    const { example, unavailable } = await this.example(c)
    const at = this.deps.clock.now()
    await this.deps.scopes.withTenant(scope.tenantId, (s) => repo.recordView(s, scope.userId, c.id, at))
    return {
      ...summaryOf(c),
      explanation: c.explanation,
      detection: c.detection,
      pitfalls: c.pitfalls,
      example,
      example_unavailable: unavailable,
      questions: c.questions.map(({ id, prompt, choices }) => ({ id, prompt, choices })),
    }
  }

  /** The live example, or null and why (upstream failure, unknown symbol, no bars). */
  private async example(
    c: Concept,
  ): Promise<{ example: ExampleOut | null; unavailable: Unavailable | null }> {
    const { symbol, kind } = c.example
    let bars
    try {
      bars = await this.deps.timeframes.read(symbol, EXAMPLE_TIMEFRAME)
    } catch (err) {
      if (err instanceof UpstreamError)
        return { example: null, unavailable: { code: 'upstream.unavailable', detail: err.message } }
      if (err instanceof AppError)
        return { example: null, unavailable: { code: err.code, detail: err.message } }
      throw err
    }
    if (bars.length === 0)
      return { example: null, unavailable: { code: 'market.no_bars', detail: `No daily bars for ${symbol}` } }
    const reading = readExample(kind, bars)
    const as_of = bars.at(-1)!.time
    return {
      example: { symbol, timeframe: EXAMPLE_TIMEFRAME, as_of, bars_read: bars.length, ...reading },
      unavailable: null,
    }
  }

  async progress(scope: RequestScope): Promise<ProgressOut> {
    return this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const views = await repo.views(s, scope.userId)
      const answers = await repo.answers(s, scope.userId)
      return progressOf(views, answers)
    })
  }

  /** Scores an answer; only the first answer to a question is stored and counted. */
  async answer(scope: RequestScope, body: AnswerInput): Promise<AnswerOut> {
    const found = questionById(body.question_id)
    if (!found) throw UnprocessableError.field(['body', 'question_id'], 'unknown question')
    const { question, concept } = found
    if (!question.choices.some((ch) => ch.id === body.answer))
      throw UnprocessableError.field(
        ['body', 'answer'],
        `not one of the choices (${question.choices.map((ch) => ch.id).join(', ')})`,
      )
    const correct = body.answer === question.correct
    const at = this.deps.clock.now()
    return this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const counted = await repo.recordAnswer(s, scope.userId, {
        question_id: question.id,
        concept_id: concept.id,
        layer: concept.layer,
        answer: body.answer,
        correct,
        answered_at: at,
      })
      const views = await repo.views(s, scope.userId)
      const answers = await repo.answers(s, scope.userId)
      const progress = progressOf(views, answers)
      return {
        correct,
        counted,
        correct_answer: question.correct,
        explanation: question.explanation,
        progress,
      }
    })
  }
}
