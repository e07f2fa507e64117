/**
 * Alerts (`/api/alerts`, key `alerts`): the server-owned alert types (capabilities), each user's
 * rules and quiet hours (prefs), their evaluation — on market refreshes, screener rebuilds and a
 * schedule during the session — into firings unique per occurrence, dispatched through the
 * notifications module, and the delivery trace. Rules: README.md and docs/alerts.md.
 */
import type { App } from '../../../platform/http/app-type.ts'
import type { Identity } from '../../accounts/identity/index.ts'
import type { Tenancy } from '../../accounts/tenancy/index.ts'
import type { Content } from '../../market/content/index.ts'
import type { Intel } from '../../market/intel/index.ts'
import { defineModule, job, type ModuleContext } from '../../module.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import { SETUPS, type Intraday } from '../../trading-intel/intraday/index.ts'
import { FLOW_DIRECTIONS, type OptionsFlow } from '../../trading-intel/options-flow/index.ts'
import type { Screener } from '../../trading-intel/screener/index.ts'
import type { Watchlists } from '../../workspace/watchlists/index.ts'
import type { Notifications } from '../notifications/index.ts'
import { EVALUATE_CRON, JOB_ALERTS_EVALUATE, evaluateScheduled } from './alerts.job.ts'
import { alertsRoutes } from './alerts.routes.ts'
import { alertsSweep } from './alerts.sweep.ts'
import { ALERTS_TABLES } from './alerts.tables.ts'
import { CapabilitiesService } from './capabilities.service.ts'
import { DeliveriesService } from './deliveries.service.ts'
import { EventsService } from './events.service.ts'
import { FireService } from './fire.service.ts'
import { alertTypes } from './lib/catalog.ts'
import * as m0044 from './migrations/0044_alerts.ts'
import * as m0045 from './migrations/0045_alerts_caps.ts'
import { OccurrenceService } from './occurrence.service.ts'
import { PrefsService } from './prefs.service.ts'
import { QuotesService } from './quotes.service.ts'
import { ReadsService } from './reads.service.ts'
import { ScreensService } from './screens.service.ts'

export { JOB_ALERTS_EVALUATE } from './alerts.job.ts'
export { CHANNELS, FREQUENCIES, DAILY_CAPS, type Channel } from './lib/catalog.ts'

export interface Alerts {
  capabilities: CapabilitiesService
  prefs: PrefsService
  deliveries: DeliveriesService
  quotes: QuotesService
  events: EventsService
  screens: ScreensService
  /** The scheduled evaluation (quotes and the other sources), skipped while no session trades. */
  evaluateScheduled(): ReturnType<typeof evaluateScheduled>
  /** Resolves once the evaluations started by a market refresh or a screener rebuild have ended. */
  settled(): Promise<void>
}

interface Needs {
  identity: Identity
  tenancy: Tenancy
  portfolio: Portfolio
  watchlists: Watchlists
  screener: Screener
  intraday: Intraday
  optionsFlow: OptionsFlow
  content: Content
  intel: Intel
  notifications: Notifications
}

function createAlerts(ctx: ModuleContext, needs: Needs): Alerts {
  const { scopes, clock, log } = ctx
  const types = () => alertTypes({ setups: SETUPS, flowDirections: FLOW_DIRECTIONS })
  const notifier = () => needs.notifications
  const fire = new FireService({ scopes, clock, log, notifier })
  const occurrences = new OccurrenceService({ scopes, clock, fire })
  const reads = new ReadsService({ scopes, clock, log, users: needs.identity.users })
  const quotes = new QuotesService({
    scopes,
    log,
    market: ctx.providers.market,
    watchlists: needs.watchlists.watchlists,
    occurrences,
    reads,
  })
  const events = new EventsService({ ...needs, scopes, clock, log, occurrences, reads })
  const screens = new ScreensService({
    scopes,
    clock,
    log,
    screener: needs.screener,
    occurrences,
    reads,
  })
  const pending = new Set<Promise<unknown>>()
  const track = (what: string, p: Promise<unknown>) => {
    const tracked = p
      .catch((err: unknown) => log.warn({ err }, `alerts: ${what} failed`))
      .finally(() => pending.delete(tracked))
    pending.add(tracked)
  }
  // Hooks never throw into their caller: the work runs behind it and logs its failures.
  needs.portfolio.marketRefresh.onRefreshed((r) =>
    track(
      'evaluation after a market refresh',
      quotes.evaluate(
        r.prices.map((p) => p.symbol),
        new Map(r.prices.map((p) => [p.symbol, p.price])),
      ),
    ),
  )
  needs.screener.snapshots.onRebuilt((built) =>
    track('screen membership after a rebuild', screens.afterRebuild(built.snapshot.built_at)),
  )
  return {
    capabilities: new CapabilitiesService({ tenancy: needs.tenancy, types }),
    prefs: new PrefsService({
      scopes,
      clock,
      entitlements: needs.tenancy.entitlements,
      symbols: needs.watchlists.symbols,
      watchlists: needs.watchlists.watchlists,
      saved: needs.screener.saved,
      types,
    }),
    deliveries: new DeliveriesService({ scopes, notifier }),
    quotes,
    events,
    screens,
    evaluateScheduled: () => evaluateScheduled({ clock, quotes, events }),
    async settled() {
      while (pending.size) await Promise.all([...pending])
    },
  }
}

export const alertsModule = defineModule({
  name: 'alerts',
  key: 'alerts',
  needs: {
    identity: true,
    tenancy: true,
    portfolio: true,
    watchlists: true,
    screener: true,
    intraday: true,
    optionsFlow: true,
    content: true,
    intel: true,
    notifications: true,
  },
  tables: ALERTS_TABLES,
  migrations: [
    ['0044_alerts', m0044],
    ['0045_alerts_caps', m0045],
  ],
  build: createAlerts,
  routes: (app: App, api: Alerts) => alertsRoutes(app, api),
  jobs: (api) => [
    job(JOB_ALERTS_EVALUATE, async () => void (await api.evaluateScheduled()), {
      cron: EVALUATE_CRON,
      tz: 'America/New_York',
    }),
  ],
  sweep: alertsSweep,
})
