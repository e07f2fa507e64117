/**
 * The learning catalog's shapes: a concept (teaching content, the rule the service applies, the
 * live worked example it computes, pitfalls) and its multiple-choice questions. Content is data.
 */
export const LEARN_LAYERS = ['structure', 'price_action', 'ict'] as const
export type LearnLayer = (typeof LEARN_LAYERS)[number]
export type Level = 'basic' | 'advanced'

/** Which computation over live bars illustrates a concept (lib/examples.ts). */
export type ExampleKind = 'swings' | 'trend' | 'breaks' | 'candle' | 'fvg' | 'range' | 'volume'

export interface Choice {
  id: string
  text: string
}

export interface Question {
  id: string
  prompt: string
  choices: Choice[]
  /** The id of the correct choice. */
  correct: string
  explanation: string
}

export interface Concept {
  id: string
  layer: LearnLayer
  title: string
  level: Level
  summary: string
  explanation: string
  /** How the service detects it: the rule and its constants (docs/definitions.md#market-structure). */
  detection: string
  pitfalls: string[]
  /** The live example: a computation on the daily bars of a symbol. */
  example: { kind: ExampleKind; symbol: string }
  questions: Question[]
}

const CHOICE_IDS = ['a', 'b', 'c', 'd', 'e']

/** A question from its choice texts; `correct` is the 0-based index of the right one. */
export function q(
  id: string,
  prompt: string,
  texts: string[],
  correct: number,
  explanation: string,
): Question {
  const choices = texts.map((text, i) => ({ id: CHOICE_IDS[i]!, text }))
  return { id, prompt, choices, correct: CHOICE_IDS[correct]!, explanation }
}
