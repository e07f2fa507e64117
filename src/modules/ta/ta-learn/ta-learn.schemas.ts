import { Type, type Static } from 'typebox'
import { Nullable } from '../../../platform/http/schemas.ts'
import { LEARN_LAYERS } from './lib/catalog.ts'

const Layer = Type.Enum([...LEARN_LAYERS], { description: 'structure, price_action or ict' })
const Level = Type.Enum(['basic', 'advanced'], {
  description: 'basic: every plan; advanced: plans with learn_advanced',
})

export const ConceptsQuery = Type.Object({ layer: Type.Optional(Layer) }, { additionalProperties: false })

export const ConceptParams = Type.Object({
  concept_id: Type.String({ pattern: '^[a-z0-9-]{1,64}$', description: 'A concept id from the listing' }),
})

export const ConceptSummary = Type.Object({
  id: Type.String(),
  layer: Layer,
  title: Type.String(),
  level: Level,
  summary: Type.String(),
  question_count: Type.Integer(),
})
export const ConceptList = Type.Object({ concepts: Type.Array(ConceptSummary) })

const Value = Type.Union([Type.Number(), Type.String(), Type.Boolean(), Type.Null()])
const Example = Type.Object({
  symbol: Type.String(),
  timeframe: Type.Literal('1d'),
  as_of: Type.String({ description: 'Start of the latest bar read (ISO 8601 UTC)' }),
  bars_read: Type.Integer(),
  summary: Type.String(),
  values: Type.Record(Type.String(), Value),
  points: Type.Array(Type.Object({ label: Type.String(), time: Type.String(), price: Type.Number() })),
})
const Question = Type.Object({
  id: Type.String(),
  prompt: Type.String(),
  choices: Type.Array(Type.Object({ id: Type.String(), text: Type.String() })),
})

export const ConceptContent = Type.Object({
  ...ConceptSummary.properties,
  explanation: Type.String(),
  detection: Type.String({ description: 'The rule the service applies, with its constants' }),
  pitfalls: Type.Array(Type.String()),
  example: Nullable(Example),
  example_unavailable: Nullable(
    Type.Object({ code: Type.String(), detail: Type.String() }, { description: 'Why example is null' }),
  ),
  questions: Type.Array(Question, { description: 'Without their answers (POST /learn/quiz/answer tells)' }),
})

const Counts = {
  concepts: Type.Integer(),
  concepts_viewed: Type.Integer(),
  concepts_completed: Type.Integer({ description: 'Concepts whose every question has been answered' }),
  questions: Type.Integer(),
  questions_answered: Type.Integer(),
  correct: Type.Integer({ description: 'First answers that were correct' }),
  progress_pct: Type.Number({ description: '100 × questions_answered / questions, one decimal' }),
}
export const Progress = Type.Object({
  ...Counts,
  accuracy: Nullable(Type.Number({ description: 'correct / questions_answered; null before any answer' })),
  layers: Type.Array(Type.Object({ layer: Layer, ...Counts })),
  by_concept: Type.Array(
    Type.Object({
      concept_id: Type.String(),
      layer: Layer,
      viewed: Type.Boolean({ description: 'The content has been opened at least once' }),
      questions: Type.Integer(),
      questions_answered: Type.Integer(),
      correct: Type.Integer({ description: 'First answers that were correct' }),
      completed: Type.Boolean({ description: 'Every question answered (right or wrong)' }),
    }),
    { description: 'Every concept of the catalog, in catalog order' },
  ),
  last_activity: Nullable(Type.String({ description: 'Latest first view or first answer (ISO 8601)' })),
})

export const AnswerBody = Type.Object(
  {
    question_id: Type.String({ pattern: '^[a-z0-9-]{1,80}$', description: 'A question id from a concept' }),
    answer: Type.String({ pattern: '^[a-z]{1,8}$', description: 'The id of a choice (a, b, c, …)' }),
  },
  { additionalProperties: false },
)

export const AnswerResult = Type.Object({
  correct: Type.Boolean({ description: 'Whether this answer is correct' }),
  counted: Type.Boolean({
    description: 'False when the question had already been answered: nothing changed',
  }),
  correct_answer: Type.String(),
  explanation: Type.String(),
  progress: Progress,
})

export type ConceptsQueryInput = Static<typeof ConceptsQuery>
export type ConceptSummaryOut = Static<typeof ConceptSummary>
export type ConceptContentOut = Static<typeof ConceptContent>
export type ExampleOut = Static<typeof Example>
export type ProgressOut = Static<typeof Progress>
export type AnswerInput = Static<typeof AnswerBody>
export type AnswerOut = Static<typeof AnswerResult>
