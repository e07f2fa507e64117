/**
 * Brokers: OAuth connections to broker A (Alpaca), their encrypted tokens, the accounts they link
 * into the portfolio, positions synced into the daily snapshots, orders, activities, and the sync
 * log. Vendors are reached through the broker adapters of `src/providers/brokers` (real adapters;
 * the offline sandbox when no credentials are configured), whose consent pages this module mounts
 * under `/sandbox`.
 */
import { DateTime } from 'luxon'
import type { App } from '../../platform/http/app-type.ts'
import type { Portfolio } from '../portfolio/index.ts'
import { defineModule, type ModuleContext } from '../module.ts'
import { brokerARoutes } from './brokera.routes.ts'
import { BrokerAService } from './brokera.service.ts'
import { BROKERS_TABLES } from './brokers.tables.ts'
import { ConnectionsService } from './connections.service.ts'
import * as m0009 from './migrations/0009_brokers.ts'
import { sandboxRoutes } from './sandbox.routes.ts'

export interface Brokers {
  connections: ConnectionsService
  brokera: BrokerAService
  /** The offline sandbox's routes (null when BROKER_SANDBOX is off). */
  sandbox: ModuleContext['providers']['brokers']['sandbox']
}

function createBrokers(ctx: ModuleContext, { portfolio }: { portfolio: Portfolio }): Brokers {
  const { adapters, sandbox } = ctx.providers.brokers
  const connections = new ConnectionsService({
    scopes: ctx.scopes,
    clock: ctx.clock,
    cipher: ctx.cipher,
    log: ctx.log,
    adapters: { brokera: adapters.brokera },
    holdings: portfolio.brokerHoldings,
    sandbox: sandbox !== null,
  })
  // Snapshots are dated by the New York trading day, as the manual holdings and market refresh are.
  const today = () => DateTime.fromJSDate(ctx.clock.now(), { zone: 'America/New_York' }).toISODate()!
  const brokera = new BrokerAService({
    scopes: ctx.scopes,
    clock: ctx.clock,
    connections,
    holdings: portfolio.brokerHoldings,
    today,
  })
  return { connections, brokera, sandbox }
}

function brokersRoutes(app: App, b: Brokers): void {
  brokerARoutes(app, b)
  if (b.sandbox) sandboxRoutes(app, b.sandbox)
}

export const brokersModule = defineModule({
  name: 'brokers',
  key: 'brokers',
  needs: { portfolio: true },
  tables: BROKERS_TABLES,
  migrations: [['0009_brokers', m0009]],
  build: createBrokers,
  routes: brokersRoutes,
  sweep: {
    // Orders live at the vendor under the owner's connection; an intruder (not connected, or connected
    // to an account of their own) must get 404 for the owner's order id either way.
    brokeraCancelOrder: async () => ({ params: { order_id: '6f1c2a9e-3b7d-4e21-9c55-0a8b7d3e4f10' } }),
  },
})
