/**
 * How the Schwab operations reach Schwab for a tenant: the adapter (with Schwab's own reads), the
 * live connection with a fresh access token, and the `account_hash` rule — every account-scoped
 * parameter is the hashValue of an account linked to the caller's connection (lib/linked-account.ts:
 * a plain account number is a 422 that says to use the hash; an unknown hash is a 404).
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import type { SchwabBroker } from '../../../providers/brokers/index.ts'
import { errorText, notConfigured, reconnectRequired } from '../lib/broker-errors.ts'
import type { ConnectionsService } from '../connections/connections.service.ts'
import { linkedAccount } from '../lib/linked-account.ts'

export const BROKER = 'brokerb'

export type Live = Awaited<ReturnType<ConnectionsService['live']>>
export type Linked = Live['accounts'][number]

export class SchwabAccessService {
  constructor(
    private readonly schwab: SchwabBroker | null,
    readonly connections: ConnectionsService,
  ) {}

  adapter(): SchwabBroker {
    if (!this.schwab) throw notConfigured(BROKER)
    return this.schwab
  }

  /**
   * Runs `call` with the tenant's (refreshed) token. A token Schwab refuses (401) before its time is
   * refreshed once and the call repeated; refused again, or not refreshable: connect again.
   * `known`: the live connection, read ahead by the caller.
   */
  async withToken<T>(
    scope: Pick<RequestScope, 'tenantId'>,
    call: (token: string, live: Live) => Promise<T>,
    known?: Live,
  ) {
    this.adapter() // not configured: 503 before any database read
    const live = known ?? (await this.connections.live(scope.tenantId, BROKER))
    try {
      return { live, value: await call(live.grant.accessToken, live) }
    } catch (err) {
      if (!rejected(err)) throw err
    }
    const grant = await this.connections.forceFresh(scope.tenantId, BROKER)
    const again = { ...live, grant }
    try {
      return { live: again, value: await call(grant.accessToken, again) }
    } catch (err) {
      if (!rejected(err)) throw err
      await this.connections.markSynced(scope.tenantId, live.row.id, errorText(err))
      throw reconnectRequired(BROKER, 'Schwab no longer accepts this connection')
    }
  }

  /** The linked account a hashValue names (the one rule of lib/linked-account.ts). */
  account(live: Pick<Live, 'accounts'>, hash: string, loc: string = 'account_hash'): Linked {
    return linkedAccount(BROKER, live.accounts, hash, loc)
  }

  /** The accounts an optional account_hash selects: that one, or every linked account. */
  selected(live: Pick<Live, 'accounts'>, hash: string | undefined): Linked[] {
    return hash === undefined ? live.accounts : [this.account(live, hash)]
  }
}

const rejected = (err: unknown) => isUpstreamError(err) && err.kind === 'auth' && err.status === 401
