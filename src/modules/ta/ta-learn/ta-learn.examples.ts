/** OpenAPI example values of the learning operations. */
import { CONCEPTS } from './lib/catalog.ts'
import type { AnswerOut, ConceptContentOut, ProgressOut } from './ta-learn.schemas.ts'

const counts = (concepts: number, questions: number, viewed: number, answered: number, correct: number) => ({
  concepts,
  concepts_viewed: viewed,
  concepts_completed: answered >= 3 ? 1 : 0,
  questions,
  questions_answered: answered,
  correct,
  progress_pct: Math.round((1000 * answered) / questions) / 10,
})

export const PROGRESS_EXAMPLE: ProgressOut = {
  ...counts(30, 90, 2, 3, 2),
  accuracy: 0.666667,
  layers: [
    { layer: 'structure', ...counts(10, 30, 2, 3, 2) },
    { layer: 'price_action', ...counts(10, 30, 0, 0, 0) },
    { layer: 'ict', ...counts(10, 30, 0, 0, 0) },
  ],
  // The first two concepts opened, the first one's three questions answered (two right); the answer
  // lists all 30 concepts, the example the first three.
  by_concept: CONCEPTS.slice(0, 3).map((c, i) => ({
    concept_id: c.id,
    layer: c.layer,
    viewed: i < 2,
    questions: c.questions.length,
    questions_answered: i === 0 ? 3 : 0,
    correct: i === 0 ? 2 : 0,
    completed: i === 0,
  })),
  last_activity: '2026-11-24T15:02:11.000Z',
}

export const ANSWER_EXAMPLE: AnswerOut = {
  correct: true,
  counted: true,
  correct_answer: 'c',
  explanation: 'It needs the R = 2 bars after it: bar 10 + 2 = 12.',
  progress: PROGRESS_EXAMPLE,
}

export const CONCEPT_EXAMPLE: ConceptContentOut = {
  id: 'premium-discount',
  layer: 'ict',
  title: 'Premium and discount',
  level: 'basic',
  summary: 'Where price sits in the dealing range, around equilibrium.',
  question_count: 3,
  explanation: 'The dealing range runs from the latest swing low to the latest swing high. …',
  detection: 'EQ = (hi + lo)/2; position = (C − lo)/(hi − lo).',
  pitfalls: ['Position can leave [0, 1] when price breaks out of the range.'],
  example: {
    symbol: 'SPY',
    timeframe: '1d',
    as_of: '2026-11-24T05:00:00.000Z',
    bars_read: 260,
    summary: 'Range 571.2–598.4, EQ 584.8; close 590.1 at position 0.694853 (premium).',
    values: {
      lo: 571.2,
      hi: 598.4,
      eq: 584.8,
      position: 0.694853,
      zone: 'premium',
      leg: 'up',
      ote_low: 576.912,
      ote_high: 581.536,
    },
    points: [
      { label: 'range low', time: '2026-10-30T04:00:00.000Z', price: 571.2 },
      { label: 'range high', time: '2026-11-14T05:00:00.000Z', price: 598.4 },
    ],
  },
  example_unavailable: null,
  questions: [
    {
      id: 'premium-discount-1',
      prompt: 'lo 9.4, hi 11.3: EQ is…',
      choices: [
        { id: 'a', text: '10.35' },
        { id: 'b', text: '10.0' },
        { id: 'c', text: '10.5' },
        { id: 'd', text: '9.85' },
      ],
    },
  ],
}
