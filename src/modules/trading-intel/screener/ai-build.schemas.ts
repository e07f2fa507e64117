/** Request and response schemas of building a screen from words (ai-build and stock-screener /build). */
import { Type } from 'typebox'
import { NOT_BLANK } from '../../../platform/http/schemas.ts'
import { MAX_PROMPT_CHARS } from './lib/nl-rules.ts'
import { ScreenSpecSchema } from './lib/spec.ts'

const Prompt = Type.String({
  minLength: 1,
  maxLength: MAX_PROMPT_CHARS,
  pattern: NOT_BLANK,
  errorMessage: { pattern: 'must not be blank' },
  description: `What to screen for, in plain English (at most ${MAX_PROMPT_CHARS} characters).`,
})

export const AiBuildBody = Type.Object({ prompt: Prompt }, { additionalProperties: false })

export const BuildBody = Type.Object(
  {
    prompt: Type.Optional(Prompt),
    spec: Type.Optional({
      ...ScreenSpecSchema,
      description: 'A structured screen spec to validate and normalise.',
    }),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    maxProperties: 1,
    description: 'Exactly one of prompt (natural language) or spec (structured).',
  },
)

export const BuildResultSchema = Type.Object({
  spec: { ...ScreenSpecSchema, description: 'The validated, normalised spec (defaults filled in).' },
  paraphrase: Type.String({ description: 'The screen spec in words, clause by clause, separated by "; ".' }),
  clauses: Type.Array(
    Type.Object({
      text: Type.Union([Type.String(), Type.Null()], {
        description:
          'The words of the prompt the clause was read from (null when the model or a structured spec built it).',
      }),
      paraphrase: Type.String(),
    }),
  ),
  degraded: Type.Boolean({
    description:
      'True when the keyword rules answered because the model was not configured, over budget, failing or gave an invalid spec.',
  }),
  source: Type.Union([Type.Literal('model'), Type.Literal('rules')], {
    description:
      'model: the language model built it (validated); rules: the keyword rules (or a structured spec).',
  }),
  reason: Type.Optional(
    Type.String({ description: 'Why the rules answered instead of the model (when degraded).' }),
  ),
})
