/** Broker B's services, built from the module context and the shared connections service. */
import type { ModuleContext } from '../../module.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import { BrokerBAccess } from './schwab-access.service.ts'
import { BrokerBMarketService } from './schwab-market.service.ts'
import { BrokerBTransactionsService } from './schwab-transactions.service.ts'
import { BrokerBService } from './schwab.service.ts'
import { allLiveConnections } from '../connections/connections.repository.ts'
import type { ConnectionsService } from '../connections/connections.service.ts'

export interface BrokerB {
  brokerb: BrokerBService
  brokerbTransactions: BrokerBTransactionsService
  brokerbMarket: BrokerBMarketService
  /** Records the order events of every broker B connection (the activity job); answers the new ones. */
  pollBrokerB(): Promise<number>
}

export function createBrokerB(
  ctx: ModuleContext,
  connections: ConnectionsService,
  holdings: Portfolio['brokerHoldings'],
  today: () => string,
): BrokerB {
  const access = new BrokerBAccess(ctx.providers.brokers.schwab ?? null, connections)
  const brokerb = new BrokerBService({ scopes: ctx.scopes, clock: ctx.clock, access, holdings, today })
  const pollBrokerB = async () => {
    const live = await ctx.scopes.withSystem('brokers: broker B activity poll', allLiveConnections)
    let n = 0
    for (const c of live.filter((x) => x.broker_type === 'brokerb'))
      n += await brokerb.poll(c.tenant_id).catch((err: unknown) => {
        ctx.log.warn({ err, tenant_id: c.tenant_id }, 'broker B activity poll failed')
        return 0
      })
    return n
  }
  return {
    brokerb,
    brokerbTransactions: new BrokerBTransactionsService({ clock: ctx.clock, access }),
    // Delayed quotes come straight from the market data provider (a provider, not another module).
    brokerbMarket: new BrokerBMarketService({
      scopes: ctx.scopes,
      clock: ctx.clock,
      access,
      market: ctx.providers.market,
      today,
    }),
    pollBrokerB,
  }
}
