/**
 * Technical-analysis learning (/learn/*): the public concept catalog, plan-gated
 * teaching content with live worked examples, and per-user quizzes and progress. Rules, constants
 * and operations: README.md.
 */
import type { App } from '../../../platform/http/app-type.ts'
import type { MarketData } from '../../market/market-data/index.ts'
import { defineModule, type ModuleContext } from '../../module.ts'
import { taLearnSweep } from './ta-learn.sweep.ts'
import type { Tenancy } from '../../accounts/tenancy/index.ts'
import * as m0023 from './migrations/0023_ta_learn.ts'
import { learnRoutes } from './ta-learn.routes.ts'
import { LearnService } from './ta-learn.service.ts'
import { TA_LEARN_TABLES } from './ta-learn.tables.ts'

export { CONCEPTS, conceptById, questionById, type Concept, type LearnLayer } from './lib/catalog.ts'
export { LearnService } from './ta-learn.service.ts'

export interface TaLearn {
  learn: LearnService
}

function createTaLearn(ctx: ModuleContext, deps: { marketData: MarketData; tenancy: Tenancy }): TaLearn {
  return {
    learn: new LearnService({
      scopes: ctx.scopes,
      clock: ctx.clock,
      timeframes: deps.marketData.timeframes,
      entitlements: deps.tenancy.entitlements,
    }),
  }
}

export const taLearnModule = defineModule({
  name: 'ta-learn',
  key: 'taLearn',
  needs: { marketData: true, tenancy: true },
  tables: TA_LEARN_TABLES,
  migrations: [['0023_ta_learn', m0023]],
  build: createTaLearn,
  routes: (app: App, api: TaLearn) => learnRoutes(app, api.learn),
  sweep: taLearnSweep,
})
