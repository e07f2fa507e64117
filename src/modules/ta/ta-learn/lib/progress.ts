/**
 * A user's learning progress from their first views and first answers: totals, per layer, per
 * concept, the last activity. A concept is completed once every one of its questions has an answer (right or wrong:
 * the first answer is final, so completion cannot depend on getting it right).
 */
import { CONCEPTS, LEARN_LAYERS, type LearnLayer } from './catalog.ts'

export interface ViewRow {
  concept_id: string
  viewed_at: Date
}
export interface AnswerRow {
  question_id: string
  concept_id: string
  correct: boolean
  answered_at: Date
}

export interface Counts {
  concepts: number
  concepts_viewed: number
  concepts_completed: number
  questions: number
  questions_answered: number
  correct: number
  progress_pct: number
}

const pct = (n: number, d: number) => (d ? Math.round((1000 * n) / d) / 10 : 0)

function counts(layer: LearnLayer | null, views: ViewRow[], answers: AnswerRow[]): Counts {
  const concepts = CONCEPTS.filter((c) => layer === null || c.layer === layer)
  const viewed = new Set(views.map((v) => v.concept_id))
  const answered = new Set(answers.map((a) => a.question_id))
  const right = new Set(answers.filter((a) => a.correct).map((a) => a.question_id))
  const qs = concepts.flatMap((c) => c.questions.map((q) => q.id))
  const done = qs.filter((id) => answered.has(id)).length
  return {
    concepts: concepts.length,
    concepts_viewed: concepts.filter((c) => viewed.has(c.id)).length,
    concepts_completed: concepts.filter((c) => c.questions.every((q) => answered.has(q.id))).length,
    questions: qs.length,
    questions_answered: done,
    correct: qs.filter((id) => right.has(id)).length,
    progress_pct: pct(done, qs.length),
  }
}

/** Each concept of the catalog, in catalog order: viewed, its questions answered and right, completed. */
function byConcept(views: ViewRow[], answers: AnswerRow[]) {
  const viewed = new Set(views.map((v) => v.concept_id))
  const first = new Map(answers.map((a) => [a.question_id, a.correct]))
  return CONCEPTS.map((c) => {
    const answered = c.questions.filter((q) => first.has(q.id))
    return {
      concept_id: c.id,
      layer: c.layer,
      viewed: viewed.has(c.id),
      questions: c.questions.length,
      questions_answered: answered.length,
      correct: answered.filter((q) => first.get(q.id) === true).length,
      completed: answered.length === c.questions.length,
    }
  })
}

export function progressOf(views: ViewRow[], answers: AnswerRow[]) {
  const total = counts(null, views, answers)
  const times = [...views.map((v) => v.viewed_at), ...answers.map((a) => a.answered_at)].map((d) =>
    new Date(d).getTime(),
  )
  return {
    ...total,
    accuracy: total.questions_answered
      ? Math.round((1e6 * total.correct) / total.questions_answered) / 1e6
      : null,
    layers: LEARN_LAYERS.map((layer) => ({ layer, ...counts(layer, views, answers) })),
    by_concept: byConcept(views, answers),
    last_activity: times.length ? new Date(Math.max(...times)).toISOString() : null,
  }
}
