/** POST /api/trading-intel/market-research/runs and the unlisted list/get/events/report. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { runEventsRoute } from '../../../platform/run-log/run-events.routes.ts'
import { EVENTS_PAGE_MAX } from '../../../platform/run-log/run-log.ts'
import { themeDoc } from './lib/themes.ts'
import { EVENTS, REPORT, RUN, RUN_ID } from './research.examples.ts'
import {
  Accepted,
  CreateBody,
  EventList,
  ListQuery,
  Report,
  ReportQuery,
  ResearchPage,
  ResearchRun,
  RunParams,
} from './research.schemas.ts'
import type { ResearchService } from './research.service.ts'
import { INSIDER_DAYS, NEWS_DAYS, NEWS_MAX } from './sections.service.ts'

const tags = ['trading-intel']
const BASE = '/api/trading-intel/market-research/runs'

const REPORT_DOC =
  'The report has five sections, in order, each with one item per symbol: market (last close, 1M = 21 ' +
  'sessions, 3M = 63, YTD from the last close of the previous year, annualized volatility of 60 daily ' +
  `returns), news (headlines of ${NEWS_DAYS} days, at most ${NEWS_MAX} per symbol, each scored with the ` +
  "committee's lexicon, (P-N)/(P+N)), transcripts (the latest earnings call, summarized extractively), " +
  `insider (Form 4 purchases P and sales S of ${INSIDER_DAYS} days: count, shares, value, net), committee ` +
  "(the committee's analysts and rule decision on the tenant's committee configuration, computed without " +
  'creating a committee run). A symbol whose data cannot be read carries `error`; a section where none ' +
  'could be read is unavailable; all five unavailable → the run fails (research.all_sections_unavailable).'
const EVENTS_DOC =
  'Events, seq = 1, 2, … per run: `started`, one `section` (the section) per part in order, then ' +
  '`completed` ({sections_ok, sections_unavailable}) or `failed` ({code, detail}: ' +
  'research.all_sections_unavailable, research.internal, or research.interrupted when the worker stopped mid-run).'

export function researchRoutes(app: App, { research }: { research: ResearchService }): void {
  app.post(
    BASE,
    {
      schema: {
        operationId: 'createResearchRun',
        summary: 'Start an asynchronous research report on a symbol or a theme',
        description:
          'Exactly one of `symbol` (a symbol the market data lists; else 422) and `theme` (422 for both or ' +
          `neither). Themes and their baskets: ${themeDoc()}. Answers 202 {run_id, status} and enqueues the ` +
          '`market-research.run` job; poll GET …/runs/{run_id} or its events, then GET …/report. ' +
          `${REPORT_DOC} 502 \`upstream.<kind>\` when the symbol lookup itself fails (nothing is created).`,
        examples: {
          body: { theme: 'semiconductors' },
          202: { description: 'The run, queued', value: { run_id: RUN_ID, status: 'queued' } },
        },
        tags,
        body: CreateBody,
        response: { 202: Accepted, ...problems(401, 422, 502) },
      },
    },
    async (req, reply) => reply.code(202).send(await research.create(scopeOf(req), req.body)),
  )
  app.get(
    BASE,
    {
      schema: {
        operationId: 'listResearchRuns',
        summary: "The tenant's research runs, newest first",
        description:
          'Newest first (created_at, then run id), optionally of one symbol or theme. Paged: page_size ' +
          '25/50/100 or legacy limit ≤ 100 (default 25), cursor from next_cursor. Exists so that runs started ' +
          'asynchronously can be found again.',
        examples: {
          query: { limit: 25 },
          200: {
            description: 'A page of runs',
            value: { items: [RUN], next_cursor: null, page: 1, page_size: 25 },
          },
        },
        tags,
        querystring: ListQuery,
        response: { 200: ResearchPage, ...problems(401, 422) },
      },
    },
    (req) => research.list(scopeOf(req).tenantId, req.query),
  )
  runRoutes(app, research)
}

function runRoutes(app: App, research: ResearchService): void {
  app.get(
    `${BASE}/:run_id`,
    {
      schema: {
        operationId: 'getResearchRun',
        summary: 'One research run: status, basket, sections read, timestamps',
        description:
          'Status queued → running → completed | failed. sections_ok lists the sections that could be read ' +
          "once completed; error {code, detail} when failed. Another tenant's run → 404 " +
          '(research.run_not_found); a malformed run id → 422.',
        examples: { params: { run_id: RUN_ID }, 200: { description: 'A completed run', value: RUN } },
        tags,
        params: RunParams,
        response: { 200: ResearchRun, ...problems(401, 404, 422) },
      },
    },
    (req) => research.get(scopeOf(req).tenantId, req.params.run_id),
  )
  runEventsRoute(app, {
    base: BASE,
    operationId: 'listResearchRunEvents',
    summary: "A research run's events in order, for polling",
    description: `${EVENTS_DOC} Only events with seq > after (default 0), at most limit (default and max ${EVENTS_PAGE_MAX}). Another tenant's run → 404.`,
    tags,
    params: RunParams,
    response: EventList,
    example: { run_id: RUN_ID, value: EVENTS },
    poll: (tenantId, runId, q) => research.events(tenantId, runId, q),
  })
  app.get(
    `${BASE}/:run_id/report`,
    {
      schema: {
        operationId: 'getResearchReport',
        summary: 'The report of a completed research run (JSON or Markdown)',
        description:
          `${REPORT_DOC} format=markdown answers the same report as text/markdown (a heading per section, a ` +
          "line per symbol). 409 research.run_not_completed until the run is completed; another tenant's run → 404.",
        examples: {
          params: { run_id: RUN_ID },
          query: { format: 'json' },
          200: { description: 'The report', value: REPORT },
        },
        tags,
        params: RunParams,
        querystring: ReportQuery,
        response: { 200: Report, ...problems(401, 404, 409, 422) },
      },
    },
    async (req, reply) => {
      const out = await research.report(scopeOf(req).tenantId, req.params.run_id, req.query.format ?? 'json')
      return typeof out === 'string' ? reply.type('text/markdown; charset=utf-8').send(out as never) : out
    },
  )
}
