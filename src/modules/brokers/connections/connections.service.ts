/**
 * The OAuth code flow of a broker and the life of its connection: authorization URL with a signed
 * single-use state, code exchange, encrypted token storage, status (never raises), disconnect
 * (best-effort revoke, tokens erased, accounts soft-archived). Vendor calls happen outside any
 * transaction; tokens never leave this file unencrypted except towards the vendor.
 */
import type { Logger } from 'pino'
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { SecretCipher } from '../../../platform/crypto.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { UnprocessableError } from '../../../platform/http/errors.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import type { BrokerAdapter, BrokerGrant, OAuthBroker } from '../../../providers/brokers/index.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import type { ConnectedBroker } from '../brokers.tables.ts'
import * as repo from './connections.repository.ts'
import { linkAccounts } from './link-accounts.service.ts'
import { sealed, unsealed } from './lib/token-seal.ts'
import { connectionStatus, type ConnectionStatus } from './connection-status.service.ts'
import { OAuthStatesService } from './oauth-states.service.ts'
import {
  errorText,
  notConfigured,
  notConnected,
  reconnectRequired,
  UNREADABLE,
} from '../lib/broker-errors.ts'
import { goneAware } from './lib/connection-gone.ts'

export interface ConnectionDeps {
  scopes: Scopes
  clock: Clock
  cipher: SecretCipher
  log: Logger
  adapters: Partial<Record<ConnectedBroker, BrokerAdapter>>
  holdings: Portfolio['brokerHoldings']
  sandbox: boolean
  /** After a connection is stored (outside its transaction): the first sync is queued here. */
  onConnected?: (tenantId: number, broker: ConnectedBroker) => Promise<void>
}

export type { ConnectionStatus } from './connection-status.service.ts'

/** Refreshes an access token this close to its expiry before using it. */
const REFRESH_AHEAD_MS = 60_000
const REAUTHORIZE =
  'the refresh token has passed its 7-day limit, which no refresh extends: authorise again (auth-url, then connect)'

export class ConnectionsService {
  /** The signed single-use states of every connect flow (OAuth, and the aggregator's portal). */
  readonly states: OAuthStatesService
  readonly #adapters = new Map<ConnectedBroker, BrokerAdapter>()

  constructor(private readonly deps: ConnectionDeps) {
    this.states = new OAuthStatesService(deps)
  }

  /** The broker's adapter; a read through a connection the vendor no longer has answers 422 reconnect_required. */
  adapter(broker: ConnectedBroker): BrokerAdapter {
    const a = this.deps.adapters[broker]
    if (!a) throw notConfigured(broker)
    let wrapped = this.#adapters.get(broker)
    if (!wrapped) this.#adapters.set(broker, (wrapped = goneAware(a, broker)))
    return wrapped
  }

  private oauth(broker: ConnectedBroker): OAuthBroker {
    const o = this.adapter(broker).oauth
    if (!o) throw new UnprocessableError('broker.not_supported', `${broker} does not connect through OAuth`)
    return o
  }

  /** The consent URL and its state; `returnTo`: the console path the callback returns the browser to. */
  async authUrl(scope: RequestScope, broker: ConnectedBroker, returnTo?: string) {
    const oauth = this.oauth(broker)
    const { state, expiresAt } = await this.states.issue(scope, broker, returnTo)
    return { url: oauth.authorizationUrl(state), state, expires_at: expiresAt.toISOString() }
  }

  /** Checks the state (signature, expiry, owner, single use), exchanges the code, stores the grant. */
  async connect(
    scope: RequestScope,
    broker: ConnectedBroker,
    input: { code: string; state: string | undefined; where: 'query' | 'body' },
  ): Promise<ConnectionStatus> {
    const oauth = this.oauth(broker)
    await this.states.take(scope, broker, input.state, input.where)
    const grant = await oauth.exchangeCode(input.code).catch((err: unknown) => {
      if (isUpstreamError(err) && err.kind === 'bad_request')
        throw new UnprocessableError(
          'broker.code_rejected',
          `${this.adapter(broker).vendor} rejected the code`,
          [
            {
              loc: [input.where, input.where === 'query' ? 'code' : 'auth_code'],
              msg: 'rejected',
              type: 'code_rejected',
            },
          ],
        )
      throw err
    })
    const adapter = this.adapter(broker)
    const accounts = adapter.accounts
      ? await adapter.accounts(grant.accessToken).catch(async (err: unknown) => {
          await this.revoke(broker, grant) // not stored: it must not stay live at the vendor
          throw err
        })
      : []
    // A connection replaced without a disconnect: its token is revoked and the accounts it alone
    // linked are archived, as a disconnect would.
    const previous = await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      repo.findLiveWithAccounts(s, broker),
    )
    const kept = new Set(accounts.map((a) => a.externalId))
    const orphans = (previous?.accounts ?? [])
      .filter((a) => !kept.has(a.external_id))
      .map((a) => a.account_id)
    await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      if (orphans.length) await this.deps.holdings.archiveAccounts(s, orphans, this.deps.clock.now())
      const conn = await repo.saveConnection(s, {
        broker,
        userId: scope.userId,
        ...sealed(this.deps.cipher, s.tenantId, broker, grant),
      })
      await linkAccounts(this.deps.holdings, s, { broker, connectionId: conn.id, accounts })
    })
    const old = previous && unsealed(this.deps.cipher, scope.tenantId, broker, previous.row)
    if (old && old.accessToken !== grant.accessToken) await this.revoke(broker, old)
    this.deps.log.info({ broker, tenant_id: scope.tenantId, accounts: accounts.length }, 'broker connected')
    await this.deps.onConnected?.(scope.tenantId, broker)
    return this.status(scope, broker)
  }

  /**
   * The live connection with its decrypted grant, the access token refreshed first when it expires
   * within a minute (Schwab's 30-minute tokens); 422 broker.not_connected when there is none,
   * 422 broker.reconnect_required when the refresh token is past its limit or refused.
   */
  async live(tenantId: number, broker: ConnectedBroker) {
    const live = await this.stored(tenantId, broker)
    return { ...live, grant: await this.fresh(tenantId, broker, live.row, live.grant, false) }
  }

  /** The accounts the live connection links, read from the database only (no token, no vendor call). */
  async linkedAccounts(tenantId: number, broker: ConnectedBroker) {
    const found = await this.deps.scopes.withTenant(tenantId, (s) => repo.findLiveWithAccounts(s, broker))
    if (!found) throw notConnected(broker)
    return found.accounts
  }

  /** The live connection and its grant as stored (no refresh). */
  private async stored(tenantId: number, broker: ConnectedBroker) {
    const found = await this.deps.scopes.withTenant(tenantId, (s) => repo.findLiveWithAccounts(s, broker))
    if (!found?.row.access_token_enc) throw notConnected(broker)
    const { row, accounts } = found
    const grant = unsealed(this.deps.cipher, tenantId, broker, row)
    if (!grant) {
      await this.markSynced(tenantId, row.id, UNREADABLE)
      throw reconnectRequired(broker, 'its stored token can no longer be read (the secrets key changed)')
    }
    return { row, grant, accounts }
  }

  /**
   * The grant, refreshed at the vendor when `force` or when its access token expires within a
   * minute, and stored encrypted. Vendors without refresh (Alpaca) keep theirs.
   */
  private async fresh(
    tenantId: number,
    broker: ConnectedBroker,
    row: repo.ConnectionRow,
    grant: BrokerGrant,
    force: boolean,
  ): Promise<BrokerGrant> {
    const adapter = this.deps.adapters[broker]
    if (!adapter?.oauth?.refresh || !grant.refreshToken) return grant
    const now = this.deps.clock.now().getTime()
    const expires = grant.accessExpiresAt?.getTime()
    if (!force && (expires === undefined || expires - REFRESH_AHEAD_MS > now)) return grant
    if (grant.refreshExpiresAt && grant.refreshExpiresAt.getTime() <= now) {
      await this.markSynced(tenantId, row.id, REAUTHORIZE)
      throw reconnectRequired(broker, REAUTHORIZE)
    }
    const next = await adapter.oauth.refresh(grant).catch(async (err: unknown) => {
      if (isUpstreamError(err) && (err.kind === 'auth' || err.kind === 'bad_request')) {
        await this.markSynced(tenantId, row.id, errorText(err))
        throw reconnectRequired(broker, `${adapter.vendor} refused the refresh token`)
      }
      throw err
    })
    await this.deps.scopes.withTenant(tenantId, (s) =>
      repo.updateTokens(s, row.id, sealed(this.deps.cipher, s.tenantId, broker, next)),
    )
    this.deps.log.info(
      { broker, tenant_id: tenantId, access_expires_at: next.accessExpiresAt?.toISOString() },
      'broker access token refreshed',
    )
    return next
  }

  /** A new grant now (an access token the vendor refused before its time): 422 reconnect_required when refused too. */
  async forceFresh(tenantId: number, broker: ConnectedBroker): Promise<BrokerGrant> {
    const live = await this.stored(tenantId, broker)
    return this.fresh(tenantId, broker, live.row, live.grant, true)
  }

  /** POST …/refresh: a new access token now from the stored refresh token. */
  async refreshNow(scope: RequestScope, broker: ConnectedBroker) {
    const next = await this.forceFresh(scope.tenantId, broker)
    return {
      refreshed: true,
      detail: `a new access token was issued; it expires at ${next.accessExpiresAt?.toISOString() ?? 'no set time'}`,
      status: await this.status(scope, broker),
    }
  }

  /**
   * The refresh job: every live connection of `broker` whose access token expires within
   * `withinMs` gets a new one. A failure is logged and noted on the connection, never raised.
   */
  async refreshExpiring(
    broker: ConnectedBroker,
    withinMs: number,
  ): Promise<{ refreshed: number; failed: number }> {
    const now = this.deps.clock.now()
    const before = new Date(now.getTime() + withinMs)
    const due = await this.deps.scopes.withSystem(`brokers: ${broker} tokens expiring soon`, (s) =>
      repo.expiringConnections(s, broker, before, now),
    )
    let failed = 0
    for (const c of due)
      await this.forceFresh(c.tenant_id, broker).catch((err: unknown) => {
        failed++
        this.deps.log.warn({ err, broker, tenant_id: c.tenant_id }, 'broker token refresh failed')
      })
    return { refreshed: due.length - failed, failed }
  }

  async isConnected(tenantId: number, broker: ConnectedBroker): Promise<boolean> {
    const row = await this.deps.scopes.withTenant(tenantId, (s) => repo.findLiveConnection(s, broker))
    return row !== undefined
  }

  async markSynced(tenantId: number, connectionId: number, error: string | null): Promise<void> {
    await this.deps.scopes.withTenant(tenantId, (s) => repo.markSynced(s, connectionId, error))
  }

  /** BrokerConnectionStatus: never raises; a failure reads as `connected: false` with `extra.error`. */
  status(scope: RequestScope, broker: ConnectedBroker): Promise<ConnectionStatus> {
    return connectionStatus(this.deps, scope, broker)
  }

  async disconnect(scope: RequestScope, broker: ConnectedBroker) {
    const found = await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      repo.findLiveWithAccounts(s, broker),
    )
    if (!found)
      return { disconnected: false, detail: `${broker} was not connected`, archived_account_ids: [] }
    const { row, accounts } = found
    // A token that cannot be read cannot be revoked either; it is erased all the same.
    const grant = unsealed(this.deps.cipher, scope.tenantId, broker, row)
    const revoked = grant ? await this.revoke(broker, grant) : false
    const ids = accounts.map((a) => a.account_id)
    await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      await repo.disconnect(s, row.id)
      await this.deps.holdings.archiveAccounts(s, ids, this.deps.clock.now())
    })
    return { disconnected: true, revoked, detail: `${broker} disconnected`, archived_account_ids: ids }
  }

  /** Best effort: true when the vendor confirmed it; a failure is logged, never raised. */
  private async revoke(broker: ConnectedBroker, grant: BrokerGrant): Promise<boolean> {
    const oauth = this.deps.adapters[broker]?.oauth
    if (!oauth?.revoke) return false
    try {
      await oauth.revoke(grant)
      return true
    } catch (err) {
      this.deps.log.warn({ err, broker }, 'broker token revoke failed; the tokens are deleted anyway')
      return false
    }
  }
}
