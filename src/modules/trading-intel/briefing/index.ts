/**
 * E-mail briefing: POST /email-briefing composes the daily briefing (game plan,
 * end-of-day review, open recommendations, holdings moves; each section degrading on its own) and
 * sends it through the e-mail port with RFC 8058 one-click unsubscribe headers; subscriptions, the
 * one-click unsubscribe and the `briefing.send-due` job send it on schedule. See README.md.
 */
import type { App } from '../../../platform/http/app-type.ts'
import { servePages } from '../../../platform/http/pages.ts'
import type { Daily } from '../daily/index.ts'
import type { Identity } from '../../accounts/identity/index.ts'
import type { Notifications } from '../../engagement/notifications/index.ts'
import { defineModule, job, type ModuleContext } from '../../module.ts'
import { briefingSweep } from './briefing.sweep.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import type { Recommendations } from '../recommendations/index.ts'
import type { Tenancy } from '../../accounts/tenancy/index.ts'
import { BriefingJob, BRIEFING_CRON } from './briefing.job.ts'
import { briefingRoutes } from './briefing.routes.ts'
import { BRIEFING_LIST, BriefingService, UNSUBSCRIBE_PATH } from './briefing.service.ts'
import { BRIEFING_TABLES } from './briefing.tables.ts'
import * as m0019 from './migrations/0019_briefing.ts'
import { subscriptionRoutes } from './subscription.routes.ts'
import { SubscriptionService } from './subscription.service.ts'

export const JOB_BRIEFING_SEND_DUE = 'briefing.send-due'

export interface Briefing {
  briefing: BriefingService
  subscriptions: SubscriptionService
  job: BriefingJob
}

interface Needs {
  identity: Identity
  tenancy: Tenancy
  portfolio: Portfolio
  recommendations: Recommendations
  daily: Daily
  notifications: Notifications
}

function createBriefing(ctx: ModuleContext, needs: Needs): Briefing {
  const { entitlements } = needs.tenancy
  const holdings = needs.portfolio.holdings
  const subscriptions = new SubscriptionService({
    scopes: ctx.scopes,
    clock: ctx.clock,
    cipher: ctx.cipher,
    entitlements,
    holdings,
    defaultSendAt: ctx.config.BRIEFING_SEND_AT,
  })
  const briefing = new BriefingService({
    clock: ctx.clock,
    cache: ctx.cache,
    log: ctx.log,
    email: ctx.providers.email,
    users: needs.identity.users,
    entitlements,
    holdings,
    subscriptions,
    sections: {
      daily: needs.daily,
      recommendations: needs.recommendations,
      holdings,
      market: ctx.providers.market,
    },
    notifications: needs.notifications,
  })
  // A one-click unsubscribe from the briefing list turns the schedule off, as the old link does.
  needs.notifications.onUnsubscribe(BRIEFING_LIST, ({ tenantId, userId }) =>
    subscriptions.unsubscribeUser(tenantId, userId),
  )
  const job = new BriefingJob({ ...ctx, users: needs.identity.users, entitlements, briefing })
  return { briefing, subscriptions, job }
}

export const briefingModule = defineModule({
  name: 'briefing',
  key: 'briefing',
  needs: {
    identity: true,
    tenancy: true,
    portfolio: true,
    recommendations: true,
    daily: true,
    notifications: true,
  },
  tables: BRIEFING_TABLES,
  migrations: [['0019_briefing', m0019]],
  build: createBriefing,
  routes: (app: App, api: Briefing) => {
    briefingRoutes(app, api)
    subscriptionRoutes(app, api)
    servePages(app, new URL('./web/', import.meta.url), {
      [UNSUBSCRIBE_PATH]: 'unsubscribe.html',
      '/assets/briefing/unsubscribe.js': 'unsubscribe.js',
    })
  },
  jobs: (api) => [
    job(JOB_BRIEFING_SEND_DUE, async () => void (await api.job.sendDue()), {
      cron: BRIEFING_CRON,
      tz: 'America/New_York',
    }),
  ],
  sweep: briefingSweep,
})
