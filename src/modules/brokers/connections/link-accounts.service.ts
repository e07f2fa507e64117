/**
 * Linking a connection's vendor accounts: each becomes (or revives) a portfolio broker account and is
 * recorded against the connection. The same for the OAuth brokers and the hosted aggregator.
 */
import type { TenantScope } from '../../../platform/db/index.ts'
import type { BrokerAdapter } from '../../../providers/brokers/index.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import type { ConnectedBroker } from '../brokers.tables.ts'
import * as repo from './connections.repository.ts'

/** The accounts a vendor lists for a token. */
export type VendorAccounts = Awaited<ReturnType<NonNullable<BrokerAdapter['accounts']>>>

export async function linkAccounts(
  holdings: Portfolio['brokerHoldings'],
  s: TenantScope,
  link: { broker: ConnectedBroker; connectionId: number; accounts: VendorAccounts },
): Promise<void> {
  for (const a of link.accounts) {
    const accountId = await holdings.ensureBrokerAccount(s, {
      brokerType: link.broker,
      externalId: a.externalId,
      name: a.name,
      accountType: a.accountType,
      currency: a.currency,
    })
    await repo.linkAccount(s, {
      connectionId: link.connectionId,
      externalId: a.externalId,
      accountNumber: a.number,
      accountId,
    })
  }
}
