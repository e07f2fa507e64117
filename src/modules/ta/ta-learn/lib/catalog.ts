/** The whole learning catalog and its lookups, built once at load. */
import { ICT_CONCEPTS } from './catalog-ict.ts'
import { PRICE_ACTION_CONCEPTS } from './catalog-price-action.ts'
import { STRUCTURE_CONCEPTS } from './catalog-structure.ts'
import type { Concept, LearnLayer, Question } from './catalog.types.ts'

export * from './catalog.types.ts'

/** Structure, then price action, then ICT: the listing order. */
export const CONCEPTS: readonly Concept[] = [...STRUCTURE_CONCEPTS, ...PRICE_ACTION_CONCEPTS, ...ICT_CONCEPTS]

const byId = new Map(CONCEPTS.map((c) => [c.id, c]))
const questions = new Map<string, { question: Question; concept: Concept }>(
  CONCEPTS.flatMap((concept) =>
    concept.questions.map((question) => [question.id, { question, concept }] as const),
  ),
)

export const conceptById = (id: string): Concept | undefined => byId.get(id)
export const questionById = (id: string) => questions.get(id)

/** Concepts and questions per layer, the denominators of progress. */
export function layerTotals(layer: LearnLayer): { concepts: number; questions: number } {
  const cs = CONCEPTS.filter((c) => c.layer === layer)
  return { concepts: cs.length, questions: cs.reduce((n, c) => n + c.questions.length, 0) }
}
