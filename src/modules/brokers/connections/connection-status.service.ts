/**
 * BrokerConnectionStatus of an OAuth broker's stored connection: never raises. No
 * configuration, no connection, an unreadable token and a refresh token past its limit all read as
 * `connected: false`, with a hint or `extra.error`; a connection shows its expiry, last sync and accounts.
 */
import type { Logger } from 'pino'
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { SecretCipher } from '../../../platform/crypto.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import type { BrokerAdapter } from '../../../providers/brokers/index.ts'
import { errorText, maskNumber, startOf, UNREADABLE } from '../lib/broker-errors.ts'
import type { ConnectedBroker } from '../brokers.tables.ts'
import * as repo from './connections.repository.ts'
import { reauthorization, unsealed } from './lib/token-seal.ts'

export interface ConnectionStatus {
  connected: boolean
  expires_at: string | null
  extra: Record<string, unknown>
}

export interface StatusDeps {
  scopes: Scopes
  clock: Clock
  cipher: SecretCipher
  log: Logger
  adapters: Partial<Record<ConnectedBroker, BrokerAdapter>>
  sandbox: boolean
}

export async function connectionStatus(
  deps: StatusDeps,
  scope: RequestScope,
  broker: ConnectedBroker,
): Promise<ConnectionStatus> {
  const off = (extra: Record<string, unknown>) => ({ connected: false, expires_at: null, extra })
  try {
    if (!deps.adapters[broker]) return off({ hint: `${broker} is not configured on this server` })
    // The connection and its accounts in one statement.
    const found = await deps.scopes.withTenant(scope.tenantId, (s) => repo.findLiveWithAccounts(s, broker))
    if (!found) return off({ hint: `connect through ${startOf(broker)}` })
    const { row, accounts } = found
    if (!unsealed(deps.cipher, scope.tenantId, broker, row)) return off({ error: UNREADABLE })
    const expires = row.refresh_expires_at ?? row.access_expires_at
    const lapsed = row.refresh_expires_at !== null && row.refresh_expires_at <= deps.clock.now()
    return {
      connected: !lapsed,
      expires_at: expires?.toISOString() ?? null,
      extra: {
        ...reauthorization(broker, row, lapsed),
        connected_at: row.connected_at.toISOString(),
        last_sync_at: row.last_sync_at?.toISOString() ?? null,
        last_error: row.last_error,
        sandbox: deps.sandbox,
        accounts: accounts.map((a) => ({ account_id: a.account_id, number: maskNumber(a.account_number) })),
      },
    }
  } catch (err) {
    deps.log.warn({ err, broker }, 'broker status failed')
    return off({ error: errorText(err) })
  }
}
