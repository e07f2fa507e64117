/**
 * The learning area's reads: the public catalog, one concept's content (plan-gated: 402 for an
 * advanced concept without `learn_advanced`), the caller's progress, and the daily bars a worked
 * example was computed from. Types come from the generated client.
 */
import { api, data } from '../../api/client.ts'

export const LEARN = ['learn'] as const
export const PROGRESS = ['learn', 'progress'] as const

export const fetchConcepts = () => data(api.GET('/api/ta/learn/concepts'))
export const fetchProgress = () => data(api.GET('/api/ta/learn/progress'))
export const fetchConcept = (id: string) =>
  data(api.GET('/api/ta/learn/concepts/{concept_id}', { params: { path: { concept_id: id } } }))
export const answerQuestion = (question_id: string, answer: string) =>
  data(api.POST('/api/ta/learn/quiz/answer', { body: { question_id, answer } }))
export const fetchDailyBars = (symbol: string, limit: number) =>
  data(
    api.GET('/api/bars/{symbol}', {
      params: { path: { symbol }, query: { interval: '1d', limit: Math.min(Math.max(limit, 1), 1000) } },
    }),
  )

export type ConceptSummary = Awaited<ReturnType<typeof fetchConcepts>>['concepts'][number]
export type Concept = Awaited<ReturnType<typeof fetchConcept>>
export type Example = NonNullable<Concept['example']>
export type Question = Concept['questions'][number]
export type Progress = Awaited<ReturnType<typeof fetchProgress>>
export type ConceptProgress = Progress['by_concept'][number]
export type AnswerResult = Awaited<ReturnType<typeof answerQuestion>>
export type Layer = ConceptSummary['layer']

export const LAYERS: { id: Layer; label: string }[] = [
  { id: 'structure', label: 'Market structure' },
  { id: 'price_action', label: 'Price action' },
  { id: 'ict', label: 'ICT' },
]

export const layerLabel = (id: Layer) => LAYERS.find((l) => l.id === id)?.label ?? id

/** The plan feature that opens advanced concepts. */
export const ADVANCED_FEATURE = 'learn_advanced'
