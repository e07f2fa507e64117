/** Learning routes under /api/ta/learn (the listing is public). */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { HISTORY } from '../../market/market-data/index.ts'
import {
  AnswerBody,
  AnswerResult,
  ConceptContent,
  ConceptList,
  ConceptParams,
  ConceptsQuery,
  Progress,
} from './ta-learn.schemas.ts'
import { ANSWER_EXAMPLE, CONCEPT_EXAMPLE, PROGRESS_EXAMPLE } from './ta-learn.examples.ts'
import { ADVANCED_FEATURE, type LearnService } from './ta-learn.service.ts'

const tags = ['technical-analysis']
const BASE = '/api/ta/learn'

const PROGRESS_RULES =
  'Progress is per user (tenant and user): concepts viewed (content opened at least once), concepts ' +
  'completed (every question answered, right or wrong), questions answered, correct first answers, ' +
  'accuracy = correct / answered, progress_pct = 100 × answered / questions (one decimal) overall and ' +
  'per layer, each concept in catalog order (`by_concept`: viewed, questions answered and correct, ' +
  'completed), and the last activity (latest first view or first answer).'

export function learnRoutes(app: App, learn: LearnService): void {
  listRoute(app, learn)
  conceptRoute(app, learn)
  progressRoutes(app, learn)
}

function listRoute(app: App, learn: LearnService): void {
  app.get(
    `${BASE}/concepts`,
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'listLearnConcepts',
        summary: 'The learning catalog (public)',
        description:
          'Public: no session and no plan gate. Every concept with its id, layer, title, ' +
          'level (basic: every plan; advanced: plans with the `learn_advanced` feature), summary and ' +
          'question count, in catalog order (structure, price action, ICT); no content. `layer` keeps ' +
          'one layer; any other value → 422. The catalog is fixed data of 30 concepts, so it is not paged.',
        querystring: ConceptsQuery,
        examples: {
          query: { layer: 'structure' },
          200: {
            description: 'The catalog',
            value: {
              concepts: [
                {
                  id: 'swing-points',
                  layer: 'structure',
                  title: 'Swing highs and lows',
                  level: 'basic',
                  summary: 'The turning points (pivots) that every other structure reading is built on.',
                  question_count: 3,
                },
              ],
            },
          },
        },
        tags,
        response: { 200: ConceptList, ...problems(422) },
      },
    },
    (req) => learn.concepts(req.query.layer),
  )
}

function conceptRoute(app: App, learn: LearnService): void {
  app.get(
    `${BASE}/concepts/:concept_id`,
    {
      schema: {
        operationId: 'getLearnConcept',
        summary: 'A concept’s teaching content (plan-gated)',
        description:
          'The explanation, the rule the service applies (with its constants), pitfalls, the questions ' +
          '(without answers) and a worked example computed now from the market data provider on daily ' +
          `bars (${HISTORY['1d'].about}; pivots L = R = 3). When the provider fails (or the symbol has no ` +
          'bars) `example` is null and `example_unavailable` says why (`upstream.unavailable`, …); the ' +
          `rest still answers 200. Basic concepts are open to every plan; advanced ones need the \`${ADVANCED_FEATURE}\` ` +
          'feature (off on free, on for pro and premium), else 402 `plan.feature_unavailable`. An unknown ' +
          'id → 404 `learn.concept_not_found`. Opening a concept records it as viewed for the user.',
        params: ConceptParams,
        examples: {
          params: { concept_id: 'premium-discount' },
          200: { description: 'The content', value: CONCEPT_EXAMPLE },
        },
        tags,
        response: { 200: ConceptContent, ...problems(401, 402, 404, 422) },
      },
    },
    (req) => learn.concept(scopeOf(req), req.params.concept_id),
  )
}

function progressRoutes(app: App, learn: LearnService): void {
  app.get(
    `${BASE}/progress`,
    {
      schema: {
        operationId: 'getLearnProgress',
        summary: 'The caller’s learning progress',
        description: `${PROGRESS_RULES} Another user’s or tenant’s progress is never included.`,
        examples: { 200: { description: 'Progress', value: PROGRESS_EXAMPLE } },
        tags,
        response: { 200: Progress, ...problems(401) },
      },
    },
    (req) => learn.progress(scopeOf(req)),
  )
  app.post(
    `${BASE}/quiz/answer`,
    {
      schema: {
        operationId: 'answerLearnQuiz',
        summary: 'Answer a quiz question',
        description:
          'Scores `answer` (a choice id) against the question and answers the correct choice and the ' +
          'explanation. Only the first answer to a question counts: it is stored and scored; answering ' +
          'again (right or wrong) reports whether that answer is correct with `counted: false` and ' +
          'changes nothing — a later correct answer does not upgrade a wrong first one. An unknown ' +
          '`question_id` → 422 naming it; an answer that is not one of the choices → 422 naming `answer`. ' +
          `Any plan may answer any question (the questions of advanced concepts are only shown to plans with ${ADVANCED_FEATURE}). ${PROGRESS_RULES}`,
        body: AnswerBody,
        examples: {
          body: { question_id: 'swing-points-1', answer: 'c' },
          200: { description: 'Scored', value: ANSWER_EXAMPLE },
        },
        tags,
        response: { 200: AnswerResult, ...problems(401, 422) },
      },
    },
    (req) => learn.answer(scopeOf(req), req.body),
  )
}
