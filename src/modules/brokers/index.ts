/**
 * Brokers: OAuth connections (broker A, Alpaca; broker B, Schwab), their encrypted tokens, the accounts they link into
 * the portfolio, positions synced into the daily snapshots, fills matched into realized trades,
 * orders, activities, the unified routes over every broker type, and the sync log. Vendors are
 * reached through the broker adapters of `src/providers/brokers` (real adapters; the offline sandbox
 * when no credentials are configured), whose consent pages this module mounts under `/sandbox`.
 *
 * Jobs: `brokers.sync-all` (weekdays 17:30 New York) enqueues `brokers.sync` for every live
 * connection; a new connection enqueues its first sync. `brokers.brokerb-refresh` (every 5 minutes)
 * renews broker B access tokens that expire within 10 minutes; `brokers.brokerb-activity` (every 5
 * minutes on weekdays) records the order events of each broker B connection as account activity.
 */
import type { App } from '../../platform/http/app-type.ts'
import { aggregatorRoutes } from './snaptrade/snaptrade.routes.ts'
import { AggregatorService } from './snaptrade/snaptrade.service.ts'
import { nyDate } from '../../platform/market-calendar.ts'
import type { Portfolio } from '../portfolio/index.ts'
import type { Tenancy } from '../accounts/tenancy/index.ts'
import { defineModule, job, type ModuleContext } from '../module.ts'
import { brokerARoutes } from './alpaca/alpaca.routes.ts'
import { BrokerAService } from './alpaca/alpaca.service.ts'
import { createBrokerB, type BrokerB } from './schwab/schwab.build.ts'
import { brokerBRoutes } from './schwab/schwab.routes.ts'
import { BROKERS_TABLES, type ConnectedBroker } from './brokers.tables.ts'
import { allLiveConnections, purgeStates } from './connections/connections.repository.ts'
import { ConnectionsService } from './connections/connections.service.ts'
import * as m0009 from './migrations/0009_brokers.ts'
import * as m0011 from './migrations/0011_brokerb.ts'
import * as m0012 from './migrations/0012_aggregator.ts'
import * as m0029 from './migrations/0029_broker_sandbox_state.ts'
import { sandboxRoutes } from './sandbox/sandbox.routes.ts'
import { loadSandboxState, saveSandboxState } from './sandbox/sandbox-state.repository.ts'
import { SyncLogService } from './sync/sync-log.service.ts'
import { SyncService } from './sync/sync.service.ts'
import { unifiedRoutes } from './unified/unified.routes.ts'
import { UnifiedBrokersService } from './unified/unified.service.ts'

export const JOB_SYNC_ALL = 'brokers.sync-all'
export const JOB_SYNC = 'brokers.sync'
const SYNC_CRON = '30 17 * * 1-5'
export const JOB_BROKERB_REFRESH = 'brokers.brokerb-refresh'
export const JOB_BROKERB_ACTIVITY = 'brokers.brokerb-activity'
/** Broker B access tokens live 30 minutes: the job runs every 5 and renews those expiring within 10. */
export const BROKERB_REFRESH_WITHIN_MS = 10 * 60_000
/**
 * The first sync of a new connection reads this far back: ten years, so that a sale finds the
 * purchase it closes (what is older is reported as unmatched in the sync log, never guessed).
 */
const HISTORY_DAYS = 3653

export interface Brokers extends BrokerB {
  connections: ConnectionsService
  brokera: BrokerAService
  aggregator: AggregatorService
  unified: UnifiedBrokersService
  sync: SyncService
  syncLog: SyncLogService
  /** Every live connection gets a `brokers.sync` job (the evening schedule). */
  enqueueAll(): Promise<number>
  sandbox: ModuleContext['providers']['brokers']['sandbox']
}

interface SyncPayload {
  tenantId: number
  broker: ConnectedBroker
  kind: 'scheduled' | 'connect'
}

/** The hosted aggregator's connection service; a new connection queues its first sync. */
function createAggregator(
  ctx: ModuleContext,
  connections: ConnectionsService,
  holdings: Portfolio['brokerHoldings'],
): AggregatorService {
  return new AggregatorService({
    scopes: ctx.scopes,
    cipher: ctx.cipher,
    log: ctx.log,
    connections,
    holdings,
    publicBaseUrl: ctx.config.PUBLIC_BASE_URL,
    onConnected: (tenantId) =>
      ctx.jobs
        .enqueue(JOB_SYNC, { tenantId, broker: 'aggregator', kind: 'connect' } satisfies SyncPayload)
        .then(() => undefined),
  })
}

/** The simulated SnapTrade remembers its users and connections in the database, across restarts. */
function persistSandbox(ctx: ModuleContext, sandbox: ModuleContext['providers']['brokers']['sandbox']) {
  sandbox?.snaptrade?.persistTo({
    load: () => ctx.scopes.withGlobal((db) => loadSandboxState(db, 'snaptrade')),
    save: (state) => ctx.scopes.withGlobal((db) => saveSandboxState(db, 'snaptrade', state)),
  })
}

function createBrokers(
  ctx: ModuleContext,
  { portfolio, tenancy }: { portfolio: Portfolio; tenancy: Tenancy },
): Brokers {
  const { adapters, sandbox } = ctx.providers.brokers
  persistSandbox(ctx, sandbox)
  const holdings = portfolio.brokerHoldings
  // New York trading dates, as the manual holdings and the market refresh use (one cached formatter).
  const dateOf = nyDate
  const connections = new ConnectionsService({
    scopes: ctx.scopes,
    clock: ctx.clock,
    cipher: ctx.cipher,
    log: ctx.log,
    adapters: { brokera: adapters.brokera, brokerb: adapters.brokerb, aggregator: adapters.aggregator },
    holdings,
    sandbox: sandbox !== null,
    // A new connection's history is read in the background, so connecting stays quick.
    onConnected: (tenantId, broker) =>
      ctx.jobs
        .enqueue(JOB_SYNC, { tenantId, broker, kind: 'connect' } satisfies SyncPayload)
        .then(() => undefined),
  })
  const brokera = new BrokerAService({
    scopes: ctx.scopes,
    clock: ctx.clock,
    connections,
    holdings,
    today: () => dateOf(ctx.clock.now()),
  })
  const aggregator = createAggregator(ctx, connections, holdings)
  const b = createBrokerB(ctx, connections, holdings, () => dateOf(ctx.clock.now()))
  const sync = new SyncService({
    scopes: ctx.scopes,
    clock: ctx.clock,
    log: ctx.log,
    connections,
    holdings,
    dateOf,
    historyDays: HISTORY_DAYS,
    beforeSync: { aggregator: (tenantId) => aggregator.linkNew(tenantId) },
    tradeWrites: portfolio.tradeWrites,
  })
  const unified = new UnifiedBrokersService({
    connections,
    sync,
    entitlements: tenancy.entitlements,
    clock: ctx.clock,
    refreshers: {
      brokera: (scope) => brokera.refresh(scope),
      aggregator: (scope) => aggregator.refresh(scope),
      brokerb: (scope) => connections.refreshNow(scope, 'brokerb'),
    },
    aggregator,
    quoters: { brokerb: (scope, symbols) => b.brokerbMarket.quotes(scope, symbols) },
  })
  const enqueueAll = async () => {
    const live = await ctx.scopes.withSystem('brokers: evening sync of every connection', async (s) => {
      await purgeStates(s) // OAuth states a day past their expiry are of no further use
      return allLiveConnections(s)
    })
    const day = dateOf(ctx.clock.now())
    for (const c of live)
      await ctx.jobs.enqueue(
        JOB_SYNC,
        { tenantId: c.tenant_id, broker: c.broker_type, kind: 'scheduled' } satisfies SyncPayload,
        { idempotencyKey: `${c.tenant_id}:${c.broker_type}:${day}` },
      )
    return live.length
  }
  return {
    connections,
    brokera,
    aggregator,
    ...b,
    unified,
    sync,
    syncLog: new SyncLogService({ scopes: ctx.scopes }),
    enqueueAll,
    sandbox,
  }
}

function brokersRoutes(app: App, b: Brokers): void {
  brokerARoutes(app, b)
  aggregatorRoutes(app, b)
  brokerBRoutes(app, b)
  unifiedRoutes(app, b)
  if (b.sandbox) sandboxRoutes(app, b.sandbox)
}

export const brokersModule = defineModule({
  name: 'brokers',
  key: 'brokers',
  needs: { portfolio: true, tenancy: true },
  tables: BROKERS_TABLES,
  migrations: [
    ['0009_brokers', m0009],
    ['0011_brokerb', m0011],
    ['0012_aggregator', m0012],
    ['0029_broker_sandbox_state', m0029],
  ],
  build: createBrokers,
  routes: brokersRoutes,
  jobs: (b) => [
    job(JOB_SYNC_ALL, async () => void (await b.enqueueAll()), { cron: SYNC_CRON, tz: 'America/New_York' }),
    job(
      JOB_BROKERB_REFRESH,
      async () => void (await b.connections.refreshExpiring('brokerb', BROKERB_REFRESH_WITHIN_MS)),
      { cron: '*/5 * * * *' },
    ),
    job(JOB_BROKERB_ACTIVITY, async () => void (await b.pollBrokerB()), {
      cron: '*/5 * * * 1-5',
      tz: 'America/New_York',
    }),
    // A connection that went away since it was queued has nothing to sync.
    job<SyncPayload>(JOB_SYNC, async (p) => {
      const status = await b.connections.isConnected(p.tenantId, p.broker)
      if (!status) return
      await b.sync.sync(p.tenantId, null, p.broker, p.kind)
    }),
  ],
  sweep: {
    // broker_type names a kind of broker, not a tenant's resource: the data behind each operation is the
    // caller's own connection (brokers-unified.test.ts checks one tenant never sees another's).
    ...Object.fromEntries(
      [
        'brokerStatus',
        'brokerConnect',
        'brokerDisconnect',
        'brokerRefresh',
        'brokerAccounts',
        'brokerPositions',
        'brokerQuotes',
        'brokerTransactions',
        'brokerSync',
      ].map((op) => [op, async () => ({ params: { broker_type: 'brokera' }, shared: true })]),
    ),
    // Orders live at the vendor under the owner's connection; an intruder (not connected, or connected
    // to an account of their own) must get 404 for the owner's order id either way.
    brokeraCancelOrder: async () => ({ params: { order_id: '6f1c2a9e-3b7d-4e21-9c55-0a8b7d3e4f10' } }),
  },
})
