/**
 * Committee runs over HTTP: create (202 and a `committee.run` job), list, get (with its opinions so
 * far, from the events), events (polling with `after`), cancel, retry and promote (a recommendation
 * through the recommendations module; idempotent on the run id).
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import { ConflictError, UnprocessableError } from '../../../platform/http/errors.ts'
import type { JobQueue } from '../../../platform/jobs/index.ts'
import type { InstrumentLookup } from '../../market/market-data/index.ts'
import type { HoldingsService } from '../../portfolio/index.ts'
import type { Recommendations } from '../recommendations/index.ts'
import { JOB_COMMITTEE_RUN, type RunInput, type RunPayload } from './committee.job.ts'
import type { CommitteeConfigService } from './config.service.ts'
import type { Decision } from './lib/decide.ts'
import type { Opinion } from './lib/opinion.ts'
import type { RunStatus } from '../../../platform/run-log/run-states.ts'
import type { RunEventRow, RunLog, RunRow } from '../../../platform/run-log/run-log.ts'

export const NS = 'committee'

export interface RunsDeps {
  runs: RunLog
  jobs: Pick<JobQueue, 'enqueue'>
  config: Pick<CommitteeConfigService, 'current' | 'modelStatus'>
  instruments: InstrumentLookup
  holdings: Pick<HoldingsService, 'latest'>
  recommendations: Pick<Recommendations, 'record'>
}

function runOut(run: RunRow, events: RunEventRow[] = []) {
  const input = run.input as unknown as RunInput & { model_reason?: string | null }
  const result = run.result as { decision?: Decision } | null
  return {
    run_id: run.id,
    symbol: input.symbol,
    account_id: input.account_id,
    status: run.status as RunStatus,
    retry_of: run.retry_of,
    model: { requested: input.config.model, active: input.model_active, reason: input.model_reason ?? null },
    opinions: events.filter((e) => e.kind === 'analyst_opinion').map((e) => e.payload as unknown as Opinion),
    decision: result?.decision ?? null,
    error: (run.error as { code: string; detail: string } | null) ?? null,
    created_at: run.created_at.toISOString(),
    started_at: run.started_at?.toISOString() ?? null,
    finished_at: run.finished_at?.toISOString() ?? null,
  }
}
export type RunOut = ReturnType<typeof runOut>

export class CommitteeRunsService {
  constructor(private readonly deps: RunsDeps) {}

  /** 422 for a symbol the market data does not list; 404 for an account that is not the tenant's. */
  async create(scope: RequestScope, body: { symbol: string; account_id?: number }) {
    const symbol = body.symbol.toUpperCase()
    if ((await this.deps.instruments.unlisted([symbol])).length)
      throw UnprocessableError.field(['body', 'symbol'], `unknown symbol ${symbol}`, 'unknown_symbol')
    if (body.account_id !== undefined)
      await this.deps.holdings.latest(scope.tenantId, { accountId: body.account_id, limit: 1 })
    const { config } = await this.deps.config.current(scope.tenantId)
    const model = await this.deps.config.modelStatus(scope, config.model)
    const input = {
      symbol,
      account_id: body.account_id ?? null,
      config,
      model_active: model.active,
      model_reason: model.reason,
    }
    return this.enqueue(
      scope.tenantId,
      await this.deps.runs.create(scope.tenantId, { subject: symbol, input }),
    )
  }

  async list(tenantId: number, q: Parameters<RunLog['list']>[1] & { symbol?: string }) {
    const page = await this.deps.runs.list(tenantId, {
      ...q,
      ...(q.symbol ? { subject: q.symbol.toUpperCase() } : {}),
    })
    return { ...page, items: page.items.map((r) => summaryOut(r)) }
  }

  async get(tenantId: number, runId: string): Promise<RunOut> {
    const { run, events } = await this.deps.runs.withEvents(tenantId, runId)
    return runOut(run, events)
  }

  /** One poll of the run's events (RunLog.poll). */
  events(tenantId: number, runId: string, q: { after?: number; limit?: number }) {
    return this.deps.runs.poll(tenantId, runId, q)
  }

  async cancel(tenantId: number, runId: string): Promise<RunOut> {
    await this.deps.runs.cancel(tenantId, runId, NS)
    return this.get(tenantId, runId)
  }

  async retry(tenantId: number, runId: string) {
    return this.enqueue(tenantId, await this.deps.runs.retry(tenantId, runId, NS))
  }

  /** A completed run's decision as a recommendation (origin committee, origin_ref = run id). */
  async promote(tenantId: number, runId: string) {
    const run = await this.deps.runs.get(tenantId, runId)
    const d = (run.result as { decision?: Decision } | null)?.decision
    if (run.status !== 'completed' || !d)
      throw new ConflictError(
        `${NS}.run_not_completed`,
        `The run is ${run.status}; only a completed run can be promoted`,
      )
    const { recommendation, created } = await this.deps.recommendations.record(tenantId, {
      symbol: run.subject,
      action: d.action,
      confidence: d.conviction,
      rationale: d.rationale.slice(0, 2000),
      origin: 'committee',
      origin_ref: run.id,
      price_at: d.size.price,
      evidence: {
        weighted_score: d.weighted_score,
        method: d.method,
        size: d.size,
        coverage: d.evidence.coverage,
      },
    })
    return { run_id: run.id, created, recommendation }
  }

  private async enqueue(tenantId: number, run: RunRow) {
    const payload: RunPayload = { tenantId, runId: run.id }
    await this.deps.jobs.enqueue(JOB_COMMITTEE_RUN, payload, { idempotencyKey: `committee-run:${run.id}` })
    return { run_id: run.id, status: run.status as RunStatus, retry_of: run.retry_of }
  }
}

function summaryOut(run: RunRow) {
  const result = run.result as { decision?: Decision } | null
  const d = result?.decision
  return {
    run_id: run.id,
    symbol: run.subject,
    status: run.status as RunStatus,
    retry_of: run.retry_of,
    action: d?.action ?? null,
    conviction: d?.conviction ?? null,
    created_at: run.created_at.toISOString(),
    finished_at: run.finished_at?.toISOString() ?? null,
  }
}
