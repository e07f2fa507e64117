/**
 * Investment committee: the multi-analyst pattern done deterministically.
 * Five analysts score a symbol from real data (technical, fundamental, news/sentiment, flow, risk)
 * and the portfolio manager aggregates them into a decision (rules; the language model when
 * configured, switched on and on the plan). Runs are asynchronous (`committee.run` job) with
 * ordered events, and promote into recommendations. Rules and defaults: README.md.
 * Also exports the analysts that market-research reuses. The run log is the platform's (platform/run-log).
 */
import type { App } from '../../../platform/http/app-type.ts'
import { createDailyBudget } from '../../../platform/daily-budget.ts'
import { RunLog } from '../../../platform/run-log/run-log.ts'
import type { MarketData } from '../../market/market-data/index.ts'
import { defineModule, job, type ModuleContext } from '../../module.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import type { Recommendations } from '../recommendations/index.ts'
import type { Tenancy } from '../../accounts/tenancy/index.ts'
import { AnalystsService } from './analysts.service.ts'
import { COMMITTEE_TABLES } from './committee.tables.ts'
import { CommitteeJob, JOB_COMMITTEE_RUN, type RunPayload } from './committee.job.ts'
import { committeeSweep } from './committee.sweep.ts'
import { configRoutes } from './config.routes.ts'
import { CommitteeConfigService } from './config.service.ts'
import * as m0020 from './migrations/0020_committee.ts'
import * as m0028 from './migrations/0028_committee_model_feature.ts'
import { runActionRoutes } from './run-actions.routes.ts'
import { committeeRunStore } from './runs.repository.ts'
import { runRoutes } from './runs.routes.ts'
import { CommitteeRunsService } from './runs.service.ts'

export { AnalystsService, type Evaluation } from './analysts.service.ts'
export { DEFAULT_CONFIG, votingWeights, type CommitteeConfig } from './lib/config.ts'
export { ruleDecision, type Decision } from './lib/decide.ts'
export type { Opinion } from './lib/opinion.ts'
export { headlineSentiment } from './lib/sentiment.ts'
export { JOB_COMMITTEE_RUN } from './committee.job.ts'

export interface Committee {
  config: CommitteeConfigService
  runs: CommitteeRunsService
  analysts: AnalystsService
  job: CommitteeJob
}

interface Needs {
  portfolio: Portfolio
  marketData: MarketData
  tenancy: Tenancy
  recommendations: Recommendations
}

function createCommittee(ctx: ModuleContext, needs: Needs): Committee {
  const log = new RunLog(ctx, committeeRunStore, 'committee.run_not_found')
  const config = new CommitteeConfigService({
    scopes: ctx.scopes,
    clock: ctx.clock,
    llm: ctx.providers.llm,
    entitlements: needs.tenancy.entitlements,
  })
  const analysts = new AnalystsService({
    clock: ctx.clock,
    market: ctx.providers.market,
    news: ctx.providers.news,
    earnings: ctx.providers.earnings,
    holdings: needs.portfolio.holdings,
  })
  const runs = new CommitteeRunsService({
    runs: log,
    jobs: ctx.jobs,
    config,
    instruments: needs.marketData.instruments,
    holdings: needs.portfolio.holdings,
    recommendations: needs.recommendations,
  })
  const job = new CommitteeJob({
    log: ctx.log,
    runs: log,
    analysts,
    llm: ctx.providers.llm,
    llmBudget: createDailyBudget('llm-calls', ctx.config.LLM_DAILY_CALLS_PER_TENANT, ctx),
  })
  return { config, runs, analysts, job }
}

function committeeRoutes(app: App, c: Committee): void {
  configRoutes(app, c)
  runRoutes(app, c)
  runActionRoutes(app, c)
}

export const committeeModule = defineModule({
  name: 'committee',
  key: 'committee',
  needs: { portfolio: true, marketData: true, tenancy: true, recommendations: true },
  tables: COMMITTEE_TABLES,
  migrations: [
    ['0020_committee', m0020],
    ['0028_committee_model_feature', m0028],
  ],
  build: createCommittee,
  routes: committeeRoutes,
  jobs: (c) => [job(JOB_COMMITTEE_RUN, (p: RunPayload) => c.job.work(p))],
  sweep: committeeSweep,
})
