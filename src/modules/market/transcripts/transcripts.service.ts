/**
 * Earnings-call transcripts: ingest from the TranscriptsProvider (idempotent by the
 * vendor's id), list, and summarise. Transcripts are public data, stored globally and shared by
 * every tenant. Summaries come from the language model when one is configured, else (or when it
 * fails) from the deterministic extractive summariser; a successful one is stored until a forced
 * refresh. Providers and the model are called outside any transaction.
 */
import type { Logger } from 'pino'
import type { Scopes } from '../../../platform/db/index.ts'
import { AppError, NotFoundError } from '../../../platform/http/errors.ts'
import type { DailyBudget } from '../../../platform/daily-budget.ts'
import type { LlmProvider } from '../../../providers/llm/index.ts'
import type { Transcript, TranscriptsProvider } from '../../../providers/market-data/index.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import { extractiveSummary, type SummarySection } from './lib/extractive.ts'
import * as repo from './transcripts.repository.ts'
import type { IngestResult, SummaryResult, TranscriptItem } from './transcripts.schemas.ts'

export interface TranscriptsDeps {
  scopes: Scopes
  transcripts: TranscriptsProvider
  /** null: no language model configured; summaries are extractive. */
  llm: LlmProvider | null
  /** Model calls per tenant and day; past it, summaries are extractive (degraded, not stored). */
  llmBudget: DailyBudget
  log?: Pick<Logger, 'warn'>
}

/** Keeps the prompt within small context windows; prepared remarks come first and matter most. */
const MAX_PROMPT_CHARS = 40_000

const SYSTEM_PROMPT =
  'You summarise earnings-call transcripts for investors. In at most six plain sentences, state ' +
  'revenue, margins, earnings, guidance and the main risks, with the figures given on the call. ' +
  'Use only facts from the transcript; no advice, no headings, no bullet points.'

const notFound = () => new NotFoundError('transcripts.not_found', 'Transcript not found')

export class TranscriptsService {
  constructor(private readonly deps: TranscriptsDeps) {}

  async list(symbol: string): Promise<{ items: TranscriptItem[] }> {
    const rows = await this.deps.scopes.withGlobal((db) => repo.list(db, symbol))
    return {
      items: rows.map((r) => ({
        transcript_id: r.id,
        symbol: r.symbol,
        title: r.title,
        year: r.year,
        quarter: r.quarter,
        time: r.call_time.toISOString(),
        has_summary: r.has_summary,
      })),
    }
  }

  async ingest(symbol: string, limit: number): Promise<IngestResult> {
    const provider = this.deps.transcripts
    let fetched: Transcript[]
    try {
      fetched = await provider.transcripts(symbol, limit)
    } catch (e) {
      if (!isUpstreamError(e)) throw e
      if (e.kind === 'not_found') fetched = []
      else {
        throw new AppError(
          502,
          'transcripts.upstream_unavailable',
          `Transcripts provider unavailable (${e.kind})`,
        )
      }
    }
    // Only valid calls of this symbol; at most `limit` even if the vendor sends more.
    const items = fetched
      .filter((t) => t.symbol.toUpperCase() === symbol && !Number.isNaN(Date.parse(t.time)))
      .slice(0, limit)
    return this.deps.scopes.withSystem('transcripts: ingest', async ({ db }) => {
      const ingested = await repo.insertNew(db, provider.name, symbol, items)
      return { ingested, total: await repo.count(db, symbol) }
    })
  }

  /** `tenantId`: whose daily model budget a new summary draws on. */
  async summary(
    tenantId: number,
    symbol: string,
    transcriptId: number,
    forceRefresh: boolean,
  ): Promise<SummaryResult> {
    const row = await this.deps.scopes.withGlobal((db) => repo.findWithSummary(db, symbol, transcriptId))
    if (!row) throw notFound()
    if (row.summary !== null && row.method !== null && !forceRefresh) {
      return {
        transcript_id: row.id,
        summary: row.summary,
        method: row.method,
        ...(row.model ? { model: row.model } : {}),
        cached: true,
        degraded: false,
      }
    }
    const made = await this.summarise(tenantId, row.title, row.sections)
    // A fallback after a model failure is not stored: the next request tries the model again.
    if (!made.degraded) {
      await this.deps.scopes.withSystem('transcripts: store summary', ({ db }) =>
        repo.saveSummary(db, {
          transcriptId: row.id,
          summary: made.summary,
          method: made.method,
          model: made.model ?? null,
        }),
      )
    }
    return { transcript_id: row.id, ...made, cached: false }
  }

  private async summarise(
    tenantId: number,
    title: string,
    sections: SummarySection[],
  ): Promise<Omit<SummaryResult, 'transcript_id' | 'cached'>> {
    const extractive = () => ({ summary: extractiveSummary(sections), method: 'extractive' as const })
    const llm = this.deps.llm
    if (!llm) return { ...extractive(), degraded: false }
    if (!(await this.deps.llmBudget.take(tenantId))) {
      return {
        ...extractive(),
        degraded: true,
        reason: `daily language-model budget used up (${this.deps.llmBudget.limit} calls per day)`,
      }
    }
    try {
      const transcript = sections
        .map((s) => `${s.speaker}${s.role ? ` (${s.role})` : ''}: ${s.text}`)
        .join('\n')
      const answer = await llm.complete({
        system: SYSTEM_PROMPT,
        messages: [{ role: 'user', content: `${title}\n\n${transcript.slice(0, MAX_PROMPT_CHARS)}` }],
        maxTokens: 400,
        temperature: 0.2,
      })
      const summary = answer.text.trim()
      if (!summary) throw new Error('the language model answered an empty summary')
      return { summary, method: 'llm', model: answer.model, degraded: false }
    } catch (e) {
      this.deps.log?.warn({ err: e }, 'transcript summary fell back to extractive')
      const kind = isUpstreamError(e) ? e.kind : 'invalid_answer'
      return { ...extractive(), degraded: true, reason: `language model unavailable (${kind})` }
    }
  }
}
