/** Earnings-call transcripts: parameters and answers. */
import { Id } from '../../../platform/http/schemas.ts'
import { Type, type Static } from 'typebox'

const Symbol = Type.String({ pattern: '^[A-Za-z0-9.\\-^]{1,16}$', description: 'Ticker (case-insensitive)' })

export const SymbolParams = Type.Object({ symbol: Symbol })
export const SummaryParams = Type.Object({
  symbol: Symbol,
  transcript_id: Id(),
})

export const IngestQuery = Type.Object({
  limit: Type.Integer({
    minimum: 1,
    maximum: 20,
    default: 4,
    description: 'Most recent transcripts to fetch',
  }),
})
export const SummaryQuery = Type.Object({
  force_refresh: Type.Boolean({ default: false, description: 'Recompute and replace the stored summary' }),
})

export const TranscriptItem = Type.Object({
  transcript_id: Type.Integer(),
  symbol: Type.String(),
  title: Type.String(),
  year: Type.Integer(),
  quarter: Type.Integer({ minimum: 1, maximum: 4 }),
  time: Type.String({ format: 'date-time', description: 'When the call took place' }),
  has_summary: Type.Boolean(),
})
export type TranscriptItem = Static<typeof TranscriptItem>

export const TranscriptList = Type.Object({
  items: Type.Array(TranscriptItem, { description: 'Stored transcripts of the symbol, newest first' }),
})

export const IngestResult = Type.Object({
  ingested: Type.Integer({ description: 'Transcripts newly stored by this call' }),
  total: Type.Integer({ description: 'Transcripts stored for the symbol' }),
})
export type IngestResult = Static<typeof IngestResult>

export const SummaryResult = Type.Object({
  transcript_id: Type.Integer(),
  summary: Type.String(),
  method: Type.Union([Type.Literal('llm'), Type.Literal('extractive')]),
  model: Type.Optional(Type.String({ description: 'The language model that wrote it (method llm)' })),
  cached: Type.Boolean({ description: 'True when the stored summary was returned' }),
  degraded: Type.Boolean({
    description: 'True when the language model failed and the extractive summary stands in',
  }),
  reason: Type.Optional(Type.String()),
})
export type SummaryResult = Static<typeof SummaryResult>
