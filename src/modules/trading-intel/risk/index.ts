/**
 * Risk tools (docs/definitions.md#risk-tools): the correlation matrix of the holdings
 * and benchmarks, inverse-fund hedges of concentrated positions, ATR and chandelier exits, and the
 * tenant's named exit strategies. Rules, constants and the operation list: README.md.
 */
import type { App } from '../../../platform/http/app-type.ts'
import { defineModule, type ModuleContext } from '../../module.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import { correlationRoutes } from './correlation.routes.ts'
import { exitStrategiesRoutes } from './exit-strategies.routes.ts'
import { ExitStrategiesService } from './exit-strategies.service.ts'
import { exitRoutes } from './exit.routes.ts'
import { ExitService } from './exit.service.ts'
import { hedgingRoutes } from './hedging.routes.ts'
import { HedgingService } from './hedging.service.ts'
import { CorrelationService } from './correlation.service.ts'
import * as m0017 from './migrations/0017_risk.ts'
import { riskSweep } from './risk.sweep.ts'
import { RISK_TABLES } from './risk.tables.ts'

export { CorrelationService } from './correlation.service.ts'
export { HedgingService } from './hedging.service.ts'
export { ExitService } from './exit.service.ts'
export { ExitStrategiesService } from './exit-strategies.service.ts'

export interface Risk {
  correlation: CorrelationService
  hedging: HedgingService
  exits: ExitService
  strategies: ExitStrategiesService
}

function createRisk(ctx: ModuleContext, { portfolio }: { portfolio: Portfolio }): Risk {
  const market = ctx.providers.market
  const holdings = portfolio.holdings
  const { scopes, clock } = ctx
  return {
    exits: new ExitService({ scopes, clock, market, holdings }),
    strategies: new ExitStrategiesService({ scopes, holdings }),
    hedging: new HedgingService({ scopes: ctx.scopes, clock: ctx.clock, market, holdings }),
    correlation: new CorrelationService({
      clock: ctx.clock,
      cache: ctx.cache,
      market,
      holdings: portfolio.holdings,
    }),
  }
}

function riskRoutes(app: App, risk: Risk): void {
  correlationRoutes(app, risk)
  hedgingRoutes(app, risk)
  exitRoutes(app, risk)
  exitStrategiesRoutes(app, risk)
}

export const riskModule = defineModule({
  name: 'risk',
  key: 'risk',
  needs: { portfolio: true },
  tables: RISK_TABLES,
  migrations: [['0017_risk', m0017]],
  build: createRisk,
  routes: riskRoutes,
  sweep: riskSweep,
})
