/**
 * Research runs over HTTP: create (202 and a `market-research.run` job), list, get, events and the
 * report (JSON, or Markdown rendered from it). The run log is the platform's (platform/run-log).
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import { ConflictError, UnprocessableError } from '../../../platform/http/errors.ts'
import type { PageQueryInput } from '../../../platform/http/pagination.ts'
import type { JobQueue } from '../../../platform/jobs/index.ts'
import type { RunLog, RunRow } from '../../../platform/run-log/run-log.ts'
import type { RunStatus } from '../../../platform/run-log/run-states.ts'
import type { InstrumentLookup } from '../../market/market-data/index.ts'
import { reportMarkdown } from './lib/markdown.ts'
import { THEMES, type Theme } from './lib/themes.ts'
import { JOB_RESEARCH_RUN, type ResearchInput, type ResearchPayload } from './research.job.ts'
import type { Section } from './sections.service.ts'

export interface Report extends ResearchInput {
  generated_at: string
  sections: Section[]
}

function runOut(run: RunRow) {
  const input = run.input as unknown as ResearchInput
  const result = run.result as unknown as Report | null
  return {
    run_id: run.id,
    symbol: input.symbol,
    theme: input.theme,
    symbols: input.symbols,
    status: run.status as RunStatus,
    sections_ok: result ? result.sections.filter((s) => s.status === 'ok').map((s) => s.name) : [],
    error: (run.error as { code: string; detail: string } | null) ?? null,
    created_at: run.created_at.toISOString(),
    started_at: run.started_at?.toISOString() ?? null,
    finished_at: run.finished_at?.toISOString() ?? null,
  }
}

export class ResearchService {
  constructor(
    private readonly deps: { runs: RunLog; jobs: Pick<JobQueue, 'enqueue'>; instruments: InstrumentLookup },
  ) {}

  /** Exactly one of symbol (listed by the market data) and theme (THEMES). */
  async create(scope: RequestScope, body: { symbol?: string; theme?: Theme }) {
    if ((body.symbol === undefined) === (body.theme === undefined))
      throw UnprocessableError.field(['body'], 'give exactly one of symbol and theme', 'symbol_or_theme')
    let input: ResearchInput
    if (body.symbol !== undefined) {
      const symbol = body.symbol.toUpperCase()
      if ((await this.deps.instruments.unlisted([symbol])).length)
        throw UnprocessableError.field(['body', 'symbol'], `unknown symbol ${symbol}`, 'unknown_symbol')
      input = { symbol, theme: null, symbols: [symbol] }
    } else {
      const theme = body.theme!
      input = { symbol: null, theme, symbols: [...THEMES[theme]] }
    }
    const subject = input.symbol ?? input.theme!
    const run = await this.deps.runs.create(scope.tenantId, {
      subject,
      input: input as unknown as Record<string, unknown>,
    })
    const payload: ResearchPayload = { tenantId: scope.tenantId, runId: run.id }
    await this.deps.jobs.enqueue(JOB_RESEARCH_RUN, payload, { idempotencyKey: `research-run:${run.id}` })
    return { run_id: run.id, status: run.status as RunStatus }
  }

  async list(tenantId: number, q: PageQueryInput & { symbol?: string; theme?: Theme }) {
    const subject = q.symbol?.toUpperCase() ?? q.theme
    const page = await this.deps.runs.list(tenantId, { ...q, ...(subject ? { subject } : {}) })
    return { ...page, items: page.items.map(runOut) }
  }

  async get(tenantId: number, runId: string) {
    return runOut(await this.deps.runs.get(tenantId, runId))
  }

  /** One poll of the run's events (RunLog.poll). */
  events(tenantId: number, runId: string, q: { after?: number; limit?: number }) {
    return this.deps.runs.poll(tenantId, runId, q)
  }

  /** The report of a completed run; 409 research.run_not_completed before. */
  async report(tenantId: number, runId: string, format: 'json' | 'markdown') {
    const run = await this.deps.runs.get(tenantId, runId)
    const report = run.result as unknown as Report | null
    if (run.status !== 'completed' || !report)
      throw new ConflictError(
        'research.run_not_completed',
        `The run is ${run.status}; the report exists once it is completed`,
      )
    const body = { run_id: run.id, ...report }
    return format === 'markdown' ? reportMarkdown(body) : body
  }
}
