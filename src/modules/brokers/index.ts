/**
 * Brokers: OAuth connections (Alpaca, broker type `brokera`; Schwab, `brokerb`) and SnapTrade's hosted
 * portal (`aggregator`), their encrypted tokens, the accounts they link into
 * the portfolio, positions synced into the daily snapshots, fills matched into realized trades,
 * orders, activities, the unified routes over every broker type, and the sync log. Vendors are
 * reached through the broker adapters of `src/providers/brokers` (real adapters; the offline sandbox
 * when no credentials are configured), whose consent pages this module mounts under `/sandbox`.
 *
 * Jobs: `brokers.sync-all` (weekdays 17:30 New York) enqueues `brokers.sync` for every live
 * connection; a new connection enqueues its first sync. `brokers.brokerb-refresh` (every 5 minutes)
 * renews Schwab access tokens that expire within 10 minutes; `brokers.brokerb-activity` (every 5
 * minutes on weekdays) records the order events of each Schwab connection as account activity.
 * The sub-domains and where to start reading: README.md beside this file.
 */
import { nyDate } from '../../kernel/calendar/nyse.ts'
import type { App } from '../../platform/http/app-type.ts'
import type { Tenancy } from '../accounts/tenancy/index.ts'
import { defineModule, job, type ModuleContext } from '../module.ts'
import type { Portfolio } from '../portfolio/index.ts'
import { alpacaRoutes } from './alpaca/alpaca.routes.ts'
import { AlpacaService } from './alpaca/alpaca.service.ts'
import { brokersSweep } from './brokers.sweep.ts'
import { BROKERS_TABLES, type ConnectedBroker } from './brokers.tables.ts'
import { allLiveConnections, purgeStates } from './connections/connections.repository.ts'
import { ConnectionsService } from './connections/connections.service.ts'
import * as m0009 from './migrations/0009_brokers.ts'
import * as m0011 from './migrations/0011_brokerb.ts'
import * as m0012 from './migrations/0012_aggregator.ts'
import * as m0029 from './migrations/0029_broker_sandbox_state.ts'
import * as m0035 from './migrations/0035_broker_history_from.ts'
import { sandboxRoutes } from './sandbox/sandbox.routes.ts'
import { loadSandboxState, saveSandboxState } from './sandbox/sandbox-state.repository.ts'
import { SchwabAccessService } from './schwab/schwab-access.service.ts'
import { SchwabMarketService } from './schwab/schwab-market.service.ts'
import { SchwabTransactionsService } from './schwab/schwab-transactions.service.ts'
import { schwabRoutes } from './schwab/schwab.routes.ts'
import { SchwabService } from './schwab/schwab.service.ts'
import { snapTradeRoutes } from './snaptrade/snaptrade.routes.ts'
import { SnapTradeService } from './snaptrade/snaptrade.service.ts'
import { SyncLogService } from './sync/sync-log.service.ts'
import { SyncService } from './sync/sync.service.ts'
import { unifiedRoutes } from './unified/unified.routes.ts'
import { UnifiedBrokersService } from './unified/unified.service.ts'
import { AccountOrdersService } from './unified/account-orders.service.ts'

export type {
  AccountOrdersService,
  AccountRoute,
  OrderConnection,
  TradingBroker,
} from './unified/account-orders.service.ts'

/** Whether an order call's error means it never reached the broker (not configured, not connected). */
export { neverSent } from './lib/broker-errors.ts'

export const JOB_SYNC_ALL = 'brokers.sync-all'
export const JOB_SYNC = 'brokers.sync'
const SYNC_CRON = '30 17 * * 1-5'
export const JOB_SCHWAB_REFRESH = 'brokers.brokerb-refresh'
export const JOB_SCHWAB_ACTIVITY = 'brokers.brokerb-activity'
/** Schwab access tokens live 30 minutes: the job runs every 5 and renews those expiring within 10. */
export const SCHWAB_REFRESH_WITHIN_MS = 10 * 60_000
/**
 * The first sync of a new connection reads this far back: ten years, so that a sale finds the
 * purchase it closes (what is older is reported as unmatched in the sync log, never guessed).
 */
const HISTORY_DAYS = 3653

/** Schwab's services: accounts and orders, transactions, market data, and the activity poll. */
export interface Schwab {
  schwab: SchwabService
  schwabTransactions: SchwabTransactionsService
  schwabMarket: SchwabMarketService
  /** Records the order events of every Schwab connection (the activity job); answers the new ones. */
  pollSchwab(): Promise<number>
}

export interface Brokers extends Schwab {
  connections: ConnectionsService
  alpaca: AlpacaService
  snaptrade: SnapTradeService
  unified: UnifiedBrokersService
  sync: SyncService
  syncLog: SyncLogService
  /** Every live connection gets a `brokers.sync` job (the evening schedule). */
  enqueueAll(): Promise<number>
  sandbox: ModuleContext['providers']['brokers']['sandbox']
  /** Orders for a portfolio account through the trading broker linking it (bot controls' agents). */
  accountOrders: AccountOrdersService
}

interface SyncPayload {
  tenantId: number
  broker: ConnectedBroker
  kind: 'scheduled' | 'connect'
}

/** SnapTrade's connection service (its hosted portal); a new connection queues its first sync. */
function createSnapTrade(
  ctx: ModuleContext,
  connections: ConnectionsService,
  holdings: Portfolio['brokerHoldings'],
): SnapTradeService {
  return new SnapTradeService({
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

/** Schwab's services over one access rule (the adapter, a fresh token, the account_hash check). */
function createSchwab(
  ctx: ModuleContext,
  access: SchwabAccessService,
  holdings: Portfolio['brokerHoldings'],
  today: () => string,
): Schwab {
  const schwab = new SchwabService({ scopes: ctx.scopes, clock: ctx.clock, access, holdings, today })
  const pollSchwab = async () => {
    const live = await ctx.scopes.withSystem('brokers: broker B activity poll', allLiveConnections)
    let n = 0
    for (const c of live.filter((x) => x.broker_type === 'brokerb'))
      n += await schwab.poll(c.tenant_id).catch((err: unknown) => {
        ctx.log.warn({ err, tenant_id: c.tenant_id }, 'broker B activity poll failed')
        return 0
      })
    return n
  }
  return {
    schwab,
    schwabTransactions: new SchwabTransactionsService({ clock: ctx.clock, access }),
    // Delayed quotes come straight from the market data provider (a provider, not another module).
    schwabMarket: new SchwabMarketService({
      scopes: ctx.scopes,
      clock: ctx.clock,
      access,
      market: ctx.providers.market,
      today,
    }),
    pollSchwab,
  }
}

/** The simulated SnapTrade remembers its users and connections in the database, across restarts. */
function persistSandbox(ctx: ModuleContext, sandbox: ModuleContext['providers']['brokers']['sandbox']) {
  sandbox?.snaptrade?.persistTo({
    load: () => ctx.scopes.withGlobal((db) => loadSandboxState(db, 'snaptrade')),
    save: (state) => ctx.scopes.withGlobal((db) => saveSandboxState(db, 'snaptrade', state)),
  })
}

/** The evening job: one scheduled sync per live connection, at most one a day each (idempotency key). */
async function enqueueEveningSyncs(ctx: ModuleContext): Promise<number> {
  const live = await ctx.scopes.withSystem('brokers: evening sync of every connection', async (s) => {
    await purgeStates(s) // OAuth states a day past their expiry are of no further use
    return allLiveConnections(s)
  })
  const day = nyDate(ctx.clock.now())
  for (const c of live)
    await ctx.jobs.enqueue(
      JOB_SYNC,
      { tenantId: c.tenant_id, broker: c.broker_type, kind: 'scheduled' } satisfies SyncPayload,
      { idempotencyKey: `${c.tenant_id}:${c.broker_type}:${day}` },
    )
  return live.length
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
  const alpaca = new AlpacaService({
    scopes: ctx.scopes,
    clock: ctx.clock,
    connections,
    holdings,
    today: () => dateOf(ctx.clock.now()),
  })
  const snaptrade = createSnapTrade(ctx, connections, holdings)
  const schwabAccess = new SchwabAccessService(ctx.providers.brokers.schwab ?? null, connections)
  const schwab = createSchwab(ctx, schwabAccess, holdings, () => dateOf(ctx.clock.now()))
  const sync = new SyncService({
    scopes: ctx.scopes,
    clock: ctx.clock,
    log: ctx.log,
    connections,
    holdings,
    dateOf,
    historyDays: HISTORY_DAYS,
    market: ctx.providers.market,
    beforeSync: { aggregator: (tenantId) => snaptrade.linkNew(tenantId) },
    tradeWrites: portfolio.tradeWrites,
  })
  const unified = new UnifiedBrokersService({
    connections,
    sync,
    entitlements: tenancy.entitlements,
    clock: ctx.clock,
    refreshers: {
      brokera: (scope) => alpaca.refresh(scope),
      aggregator: (scope) => snaptrade.refresh(scope),
      brokerb: (scope) => connections.refreshNow(scope, 'brokerb'),
    },
    snaptrade,
    quoters: { brokerb: (scope, symbols) => schwab.schwabMarket.quotes(scope, symbols) },
  })
  const enqueueAll = () => enqueueEveningSyncs(ctx)
  return {
    connections,
    alpaca,
    snaptrade,
    ...schwab,
    unified,
    sync,
    syncLog: new SyncLogService({ scopes: ctx.scopes }),
    enqueueAll,
    sandbox,
    accountOrders: new AccountOrdersService({
      scopes: ctx.scopes,
      connections,
      alpaca,
      schwab: schwabAccess,
    }),
  }
}

function brokersRoutes(app: App, b: Brokers): void {
  alpacaRoutes(app, b)
  snapTradeRoutes(app, b)
  schwabRoutes(app, b)
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
    ['0035_broker_history_from', m0035],
  ],
  build: createBrokers,
  routes: brokersRoutes,
  jobs: (b) => [
    job(JOB_SYNC_ALL, async () => void (await b.enqueueAll()), { cron: SYNC_CRON, tz: 'America/New_York' }),
    job(
      JOB_SCHWAB_REFRESH,
      async () => void (await b.connections.refreshExpiring('brokerb', SCHWAB_REFRESH_WITHIN_MS)),
      { cron: '*/5 * * * *' },
    ),
    job(JOB_SCHWAB_ACTIVITY, async () => void (await b.pollSchwab()), {
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
  sweep: brokersSweep,
})
