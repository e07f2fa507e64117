/**
 * Market research: asynchronous research reports on a symbol or a theme —
 * market figures, news with sentiment, the latest earnings call, insider activity and the
 * committee's view — with ordered events (the platform's run log, on this module's tables).
 * Rules: README.md.
 */
import { defineModule, job, type ModuleContext } from '../../module.ts'
import { marketResearchSweep } from './market-research.sweep.ts'
import { RunLog } from '../../../platform/run-log/run-log.ts'
import type { Committee } from '../committee/index.ts'
import type { MarketData } from '../../market/market-data/index.ts'
import { MARKET_RESEARCH_TABLES } from './market-research.tables.ts'
import * as m0022 from './migrations/0022_market_research.ts'
import { researchRunStore } from './research.repository.ts'
import { JOB_RESEARCH_RUN, ResearchJob, type ResearchPayload } from './research.job.ts'
import { researchRoutes } from './research.routes.ts'
import { ResearchService } from './research.service.ts'
import { ResearchSections } from './sections.service.ts'

export { JOB_RESEARCH_RUN } from './research.job.ts'

export interface MarketResearch {
  research: ResearchService
  job: ResearchJob
}

function createMarketResearch(
  ctx: ModuleContext,
  { committee, marketData }: { committee: Committee; marketData: MarketData },
): MarketResearch {
  const runs = new RunLog(ctx, researchRunStore, 'research.run_not_found')
  const sections = new ResearchSections({
    clock: ctx.clock,
    market: ctx.providers.market,
    news: ctx.providers.news,
    transcripts: ctx.providers.transcripts,
    insider: ctx.providers.insider,
    committee,
  })
  return {
    research: new ResearchService({ runs, jobs: ctx.jobs, instruments: marketData.instruments }),
    job: new ResearchJob({ log: ctx.log, clock: ctx.clock, runs, sections }),
  }
}

export const marketResearchModule = defineModule({
  name: 'market-research',
  key: 'marketResearch',
  needs: { committee: true, marketData: true },
  tables: MARKET_RESEARCH_TABLES,
  migrations: [['0022_market_research', m0022]],
  build: createMarketResearch,
  routes: (app, api: MarketResearch) => researchRoutes(app, api),
  jobs: (api) => [job(JOB_RESEARCH_RUN, (p: ResearchPayload) => api.job.work(p))],
  sweep: marketResearchSweep,
})
