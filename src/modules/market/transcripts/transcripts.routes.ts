/** Earnings-call transcripts: list, ingest, summary. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import {
  IngestQuery,
  IngestResult,
  SummaryParams,
  SummaryQuery,
  SummaryResult,
  SymbolParams,
  TranscriptList,
} from './transcripts.schemas.ts'
import type { TranscriptsService } from './transcripts.service.ts'

const tags = ['earnings']

export function transcriptsRoutes(app: App, transcripts: TranscriptsService): void {
  listEarningsTranscriptsRoute(app, transcripts)
  ingestEarningsTranscriptsRoute(app, transcripts)
  summarizeEarningsTranscriptRoute(app, transcripts)
}

function listEarningsTranscriptsRoute(app: App, transcripts: TranscriptsService): void {
  app.get(
    '/api/earnings/transcripts/:symbol',
    {
      config: { auth: 'user' },
      schema: {
        operationId: 'listEarningsTranscripts',
        summary: 'Stored earnings-call transcripts of a symbol, newest first',
        description:
          'The earnings-call transcripts stored for a symbol (by POST …/ingest), newest first, without their ' +
          'text; has_summary says whether a summary is stored. Empty until something is ingested.',
        examples: {
          params: { symbol: 'AAPL' },
          200: {
            description: 'The stored transcripts',
            value: {
              items: [
                {
                  transcript_id: 1,
                  symbol: 'AAPL',
                  title: 'Apple Inc. (AAPL) Q3 2026 Earnings Call Transcript',
                  year: 2026,
                  quarter: 3,
                  time: '2026-11-02T13:30:00.000Z',
                  has_summary: true,
                },
                {
                  transcript_id: 2,
                  symbol: 'AAPL',
                  title: 'Apple Inc. (AAPL) Q2 2026 Earnings Call Transcript',
                  year: 2026,
                  quarter: 2,
                  time: '2026-08-04T12:30:00.000Z',
                  has_summary: false,
                },
              ],
            },
          },
        },
        tags,
        params: SymbolParams,
        response: { 200: TranscriptList, ...problems(401, 422) },
      },
    },
    (req) => transcripts.list(req.params.symbol.toUpperCase()),
  )
}

function ingestEarningsTranscriptsRoute(app: App, transcripts: TranscriptsService): void {
  app.post(
    '/api/earnings/transcripts/:symbol/ingest',
    {
      config: { auth: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        operationId: 'ingestEarningsTranscripts',
        summary: "Fetch a symbol's most recent transcripts from the provider and store the new ones",
        description: 'Idempotent: transcripts already stored (same vendor id) are not added again.',
        examples: {
          params: { symbol: 'AAPL' },
          query: { limit: 2 },
          200: {
            description: 'How many were added, and how many are stored now',
            value: { ingested: 2, total: 2 },
          },
        },
        tags,
        params: SymbolParams,
        querystring: IngestQuery,
        response: { 200: IngestResult, ...problems(401, 422, 429, 502) },
      },
    },
    (req) => transcripts.ingest(req.params.symbol.toUpperCase(), req.query.limit),
  )
}

function summarizeEarningsTranscriptRoute(app: App, transcripts: TranscriptsService): void {
  app.post(
    '/api/earnings/transcripts/:symbol/:transcript_id/summary',
    {
      config: { auth: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        operationId: 'summarizeEarningsTranscript',
        summary: 'Summary of a stored transcript (language model, or extractive without one)',
        description:
          'Stored after the first computation and returned with cached=true until force_refresh=true. ' +
          'A language-model failure, or a tenant past its daily model budget (LLM_DAILY_CALLS_PER_TENANT), ' +
          'answers the extractive summary with degraded=true and a reason (not stored).',
        examples: {
          params: { symbol: 'AAPL', transcript_id: 1 },
          query: { force_refresh: false },
          200: {
            description: 'The summary',
            value: {
              transcript_id: 1,
              summary:
                'Revenue grew 8% year over year to a September-quarter record, led by services. Gross margin was 46.2%, above guidance. Management expects revenue to grow 10 to 12% in the December quarter.',
              method: 'extractive',
              cached: false,
              degraded: false,
            },
          },
        },
        tags,
        params: SummaryParams,
        querystring: SummaryQuery,
        response: { 200: SummaryResult, ...problems(401, 404, 422, 429) },
      },
    },
    (req) =>
      transcripts.summary(
        scopeOf(req).tenantId,
        req.params.symbol.toUpperCase(),
        req.params.transcript_id,
        req.query.force_refresh,
      ),
  )
}
