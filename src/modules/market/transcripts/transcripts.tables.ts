/**
 * Row types of the transcripts tables. They join `Database` (platform/db/schema.ts) by declaration
 * merging, so the platform's scopes type every query without the platform importing this layer.
 */
import type { ColumnType, Generated } from 'kysely'
import { type CreatedAt, ownedTables } from '../../../platform/db/index.ts'

export interface TranscriptSectionRow {
  speaker: string
  role: string | null
  text: string
}

/** Global (0004): earnings-call transcripts, public data shared by every tenant. */
export interface EarningsTranscriptTable {
  id: Generated<number>
  symbol: string
  provider: string
  vendor_id: string
  title: string
  year: number
  quarter: number
  call_time: Date
  sections: ColumnType<TranscriptSectionRow[], string, string>
  created_at: CreatedAt
}

/** Global (0004): the stored summary of a transcript. */
export interface TranscriptSummaryTable {
  transcript_id: number
  summary: string
  method: 'llm' | 'extractive'
  model: string | null
  created_at: ColumnType<Date, Date | string | undefined, Date | string>
}

/** The tables this module alone reads and writes (the table-ownership test holds the code to it). */
export interface TranscriptsTables {
  earnings_transcript: EarningsTranscriptTable
  transcript_summary: TranscriptSummaryTable
}

declare module '../../../platform/db/schema.ts' {
  interface Database extends TranscriptsTables {}
}

export const TRANSCRIPTS_TABLES = ownedTables<TranscriptsTables>({
  earnings_transcript: true,
  transcript_summary: true,
})
