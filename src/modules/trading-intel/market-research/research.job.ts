/**
 * The `market-research.run` job: `started`, one `section` event per part of the report in order
 * (market, news, transcripts, insider, committee; the run's status is checked before each), then
 * `completed` ({sections_ok, sections_unavailable}; the report is stored on the run) — or `failed`
 * (research.all_sections_unavailable) when no section could be read. A redelivered job finds a
 * finished run and does nothing, or a running one (its earlier attempt died) and fails it as
 * research.interrupted (platform/run-log/run-log.ts); an unexpected error fails the run
 * (research.internal).
 */
import type { Logger } from 'pino'
import type { Clock } from '../../../platform/clock.ts'
import type { RunLog } from '../../../platform/run-log/run-log.ts'
import { SECTION_NAMES, type ResearchSections, type Section } from './sections.service.ts'

export const JOB_RESEARCH_RUN = 'market-research.run'

export interface ResearchPayload {
  tenantId: number
  runId: string
}

export interface ResearchInput {
  symbol: string | null
  theme: string | null
  symbols: string[]
}

export class ResearchJob {
  constructor(
    private readonly deps: {
      log: Pick<Logger, 'warn'>
      clock: Clock
      runs: RunLog
      sections: ResearchSections
    },
  ) {}

  async work({ tenantId, runId }: ResearchPayload): Promise<void> {
    const run = await this.deps.runs.start(tenantId, runId)
    if (!run) return
    try {
      await this.report(tenantId, runId, run.input as unknown as ResearchInput)
    } catch (e) {
      this.deps.log.warn({ err: e, tenantId, runId }, 'market-research: run failed unexpectedly')
      const detail = e instanceof Error ? e.message : String(e)
      await this.deps.runs.finish(tenantId, runId, {
        status: 'failed',
        kind: 'failed',
        payload: { code: 'research.internal', detail },
      })
    }
  }

  private async report(tenantId: number, runId: string, input: ResearchInput): Promise<void> {
    const sections: Section[] = []
    for (const name of SECTION_NAMES) {
      const s = await this.deps.sections.section(name, tenantId, input.symbols)
      sections.push(s)
      if (!(await this.deps.runs.step(tenantId, runId, 'section', s as unknown as Record<string, unknown>)))
        return
    }
    const unavailable = sections.filter((s) => s.status !== 'ok').map((s) => s.name)
    if (unavailable.length === sections.length) {
      const payload = {
        code: 'research.all_sections_unavailable',
        detail: 'No part of the report could be read',
      }
      await this.deps.runs.finish(tenantId, runId, { status: 'failed', kind: 'failed', payload })
      return
    }
    const report = { ...input, generated_at: this.deps.clock.now().toISOString(), sections }
    const payload = { sections_ok: sections.length - unavailable.length, sections_unavailable: unavailable }
    await this.deps.runs.finish(tenantId, runId, {
      status: 'completed',
      kind: 'completed',
      payload,
      result: report,
    })
  }
}
