/**
 * The hosted aggregator (SnapTrade) connection: the tenant's user registered with the vendor on the
 * first connect (its secret stored AES-256-GCM encrypted, bound to the tenant), a portal URL whose
 * return address (`customRedirect`) carries a signed single-use state and the sub-broker's slug, the
 * callback that records the brokerage connection and links its accounts, status (asks the vendor;
 * never raises), refresh (links accounts that appeared) and disconnect (the vendor's connections
 * and user deleted best-effort, the secret erased, the accounts soft-archived).
 *
 * The live `broker_connection` row of type `aggregator` holds the credential the adapter's reads
 * take (user id and secret, encrypted), so the unified accounts, positions, transactions and sync
 * work as for any broker.
 */
import type { Logger } from 'pino'
import type { RequestScope } from '../../../platform/auth/scope.ts'
import { randomToken, type SecretCipher } from '../../../platform/crypto.ts'
import type { Scopes, TenantScope } from '../../../platform/db/index.ts'
import { ServiceUnavailableError, UnprocessableError } from '../../../platform/http/errors.ts'
import {
  isConnectionGone,
  type AggregatorAuthorization,
  type AggregatorUser,
  type BrokerAdapter,
  type HostedAggregator,
} from '../../../providers/brokers/index.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import * as snaptradeRepo from './snaptrade.repository.ts'
import { errorText } from '../lib/broker-errors.ts'
import { reconnectAdvice } from '../connections/lib/connection-gone.ts'
import * as repo from '../connections/connections.repository.ts'
import type { ConnectionStatus, ConnectionsService } from '../connections/connections.service.ts'
import { linkAccounts, type VendorAccounts } from '../connections/link-accounts.service.ts'
import { sealed } from '../connections/lib/token-seal.ts'

const BROKER = 'aggregator' as const
const CALLBACK = '/api/brokers/aggregator/callback'
const secretAad = (tenantId: number) => `broker-aggregator-user:${tenantId}`

export interface SnapTradeDeps {
  scopes: Scopes
  cipher: SecretCipher
  log: Logger
  connections: ConnectionsService
  holdings: Portfolio['brokerHoldings']
  /** PUBLIC_BASE_URL: where the portal sends the browser back. */
  publicBaseUrl: string
  onConnected?: (tenantId: number) => Promise<void>
}

export interface CallbackQuery {
  subbroker_slug: string
  state?: string | undefined
  status?: string | undefined
  external_connection_id?: string | undefined
  connection_id?: string | undefined
  brokerage_authorization_id?: string | undefined
  brokerageAuthorizationId?: string | undefined
}

/**
 * When none of the brokerage connections the callback recorded is still live at the vendor (each
 * deleted there, or disabled by the brokerage): why, and that the person must reconnect.
 */
function goneConnections(recorded: Map<string, string>, auths: AggregatorAuthorization[]) {
  if (recorded.size === 0) return null
  const found = [...recorded.keys()].map((id) => auths.find((a) => a.id === id))
  if (found.some((a) => a !== undefined && !a.disabled)) return null
  const said = found.some((a) => a?.disabled)
    ? 'the brokerage connection is disabled at the aggregator'
    : 'the aggregator no longer has the brokerage connection (deleted there)'
  return { reconnect_required: true, reason: reconnectAdvice(BROKER, 'connection_disabled', said) }
}

const fieldError = (code: string, field: string, msg: string) =>
  new UnprocessableError(code, msg, [{ loc: ['query', field], msg, type: code.split('.')[1] ?? code }])

export class SnapTradeService {
  constructor(private readonly deps: SnapTradeDeps) {}

  private vendor(): { adapter: BrokerAdapter; hosted: HostedAggregator } {
    const adapter = this.deps.connections.adapter(BROKER)
    if (!adapter.aggregator)
      throw new ServiceUnavailableError('broker.not_configured', 'the aggregator adapter has no portal')
    return { adapter, hosted: adapter.aggregator }
  }

  /** The tenant's registered user, registering one with the vendor the first time. */
  private async user(scope: RequestScope, hosted: HostedAggregator): Promise<AggregatorUser> {
    const found = await this.storedUser(scope.tenantId)
    if (found) return found
    // Opaque and immutable: nothing of the tenant or user ids in it.
    const user = await hosted.registerUser(`sextant-${randomToken(18)}`)
    const secretEnc = this.deps.cipher.encrypt(user.userSecret, secretAad(scope.tenantId))
    await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      snaptradeRepo.insertUser(s, { vendorUserId: user.userId, secretEnc, userId: scope.userId }),
    )
    this.deps.log.info({ tenant_id: scope.tenantId, broker: BROKER }, 'aggregator user registered')
    return user
  }

  private async storedUser(tenantId: number): Promise<AggregatorUser | null> {
    const row = await this.deps.scopes.withTenant(tenantId, (s) => snaptradeRepo.findUser(s))
    if (!row) return null
    try {
      return {
        userId: row.vendor_user_id,
        userSecret: this.deps.cipher.decrypt(row.user_secret_enc, secretAad(tenantId)),
      }
    } catch {
      throw new UnprocessableError(
        'broker.reconnect_required',
        'aggregator: the stored user secret can no longer be read; disconnect and connect again',
      )
    }
  }

  /**
   * POST /api/brokers/aggregator/connect (after the plan check): the portal URL. `returnTo`: the
   * console path the callback sends the browser back to (carried by the state).
   */
  async connect(scope: RequestScope, broker: string | undefined, returnTo?: string) {
    if (!broker)
      throw UnprocessableError.field(
        ['body', 'broker'],
        'required: the brokerage slug to connect (e.g. ALPACA)',
      )
    const { hosted } = this.vendor()
    const user = await this.user(scope, hosted)
    const { state } = await this.deps.connections.states.issue(scope, BROKER, returnTo)
    const back = new URL(`${this.deps.publicBaseUrl.replace(/\/+$/, '')}${CALLBACK}`)
    back.searchParams.set('subbroker_slug', broker.toUpperCase())
    back.searchParams.set('state', state)
    const url = await hosted.portalUrl(user, { broker: broker.toUpperCase(), redirect: back.toString() })
    return { redirect_url: url }
  }

  /** The console path the callback's state carries (a flow started with return_to), else undefined. */
  returnPath(state: unknown): string | undefined {
    return this.deps.connections.states.returnPath(state)
  }

  /** GET /api/brokers/aggregator/callback: checks the state, records the connection and its accounts. */
  async callback(scope: RequestScope, q: CallbackQuery): Promise<ConnectionStatus> {
    if (q.status !== undefined && q.status.toUpperCase() !== 'SUCCESS')
      throw fieldError('broker.portal_not_completed', 'status', `the portal ended with ${q.status}`)
    const id =
      q.external_connection_id ??
      q.connection_id ??
      q.brokerage_authorization_id ??
      q.brokerageAuthorizationId
    if (!id)
      throw fieldError(
        'broker.connection_id_required',
        'connection_id',
        'one of external_connection_id, connection_id, brokerage_authorization_id, brokerageAuthorizationId is required',
      )
    await this.deps.connections.states.take(scope, BROKER, q.state, 'query')
    const { adapter, hosted } = this.vendor()
    const user = await this.storedUser(scope.tenantId)
    if (!user)
      throw fieldError('broker.not_connected', 'state', 'no aggregator user: start with POST connect')
    const auths = await hosted.authorizations(user)
    if (!auths.some((a) => a.id === id))
      throw fieldError(
        'broker.connection_unknown',
        'connection_id',
        `the aggregator knows no connection ${id}`,
      )
    const accounts = (await adapter.accounts!(hosted.credential(user))).filter((a) => a.connectionId === id)
    await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const conn = await this.liveConnection(s, scope.userId, user, hosted)
      await this.link(s, conn.id, accounts)
      await snaptradeRepo.recordConnection(s, {
        connectionId: conn.id,
        authorizationId: id,
        slug: q.subbroker_slug,
        userId: scope.userId,
      })
    })
    this.deps.log.info(
      { broker: BROKER, tenant_id: scope.tenantId, accounts: accounts.length },
      'broker connected',
    )
    await this.deps.onConnected?.(scope.tenantId)
    return this.status(scope, { user, auths })
  }

  /** The tenant's live aggregator connection, created on its first brokerage. */
  private async liveConnection(
    s: TenantScope,
    userId: number,
    user: AggregatorUser,
    hosted: HostedAggregator,
  ) {
    const live = await repo.findLiveConnection(s, BROKER)
    if (live) return live
    return repo.saveConnection(s, {
      broker: BROKER,
      userId,
      vendorUserId: user.userId,
      // The credential (user id and secret) is stored as a token is, bound to the tenant and broker.
      ...sealed(this.deps.cipher, s.tenantId, BROKER, { accessToken: hosted.credential(user) }),
    })
  }

  private link(s: TenantScope, connectionId: number, accounts: VendorAccounts) {
    return linkAccounts(this.deps.holdings, s, { broker: BROKER, connectionId, accounts })
  }

  /**
   * BrokerConnectionStatus: the stored connection, confirmed with the vendor; never raises. `known`:
   * the user and the vendor's authorizations the caller has just read (the callback), not read again.
   */
  async status(
    scope: RequestScope,
    known?: { user: AggregatorUser; auths: AggregatorAuthorization[] },
  ): Promise<ConnectionStatus> {
    const base = await this.deps.connections.status(scope, BROKER)
    if (!base.connected) return base
    try {
      const user = known?.user ?? (await this.storedUser(scope.tenantId))
      if (!user) return { connected: false, expires_at: null, extra: { error: 'no aggregator user' } }
      const auths = known?.auths ?? (await this.vendor().hosted.authorizations(user))
      const recorded = await this.recorded(scope.tenantId)
      const extra = {
        ...base.extra,
        hint: 'aggregator connections carry no token expiry',
        authorizations: auths.map((a) => ({
          id: a.id,
          slug: recorded.get(a.id) ?? a.slug,
          name: a.name,
          disabled: a.disabled,
        })),
      }
      const gone = goneConnections(recorded, auths)
      return gone ? { connected: false, expires_at: null, extra: { ...extra, ...gone } } : { ...base, extra }
    } catch (err) {
      this.deps.log.warn({ err, broker: BROKER }, 'broker status failed')
      const gone = isConnectionGone(err)
        ? { reconnect_required: true, reason: reconnectAdvice(BROKER, err.reason, err.message) }
        : {}
      return { connected: false, expires_at: null, extra: { ...base.extra, error: errorText(err), ...gone } }
    }
  }

  private async recorded(tenantId: number): Promise<Map<string, string>> {
    return this.deps.scopes.withTenant(tenantId, async (s) => {
      const live = await repo.findLiveConnection(s, BROKER)
      const rows = live ? await snaptradeRepo.connectionsOf(s, live.id) : []
      return new Map(rows.map((r) => [r.authorization_id, r.subbroker_slug]))
    })
  }

  /**
   * Links the accounts of the recorded brokerage connections that appeared at the vendor since (the
   * vendor may still be populating them at the callback); before every sync and on refresh.
   */
  async linkNew(tenantId: number): Promise<{ linked: number; fresh: number }> {
    const live = await this.deps.connections.live(tenantId, BROKER)
    const known = await this.recorded(tenantId)
    const accounts = (await this.vendor().adapter.accounts!(live.grant.accessToken)).filter(
      (a) => a.connectionId !== undefined && known.has(a.connectionId),
    )
    const fresh = accounts.filter((a) => !live.accounts.some((l) => l.external_id === a.externalId))
    if (fresh.length) await this.deps.scopes.withTenant(tenantId, (s) => this.link(s, live.row.id, fresh))
    return { linked: accounts.length, fresh: fresh.length }
  }

  /** No token to refresh: the accounts are re-read and new ones linked; answers the status. */
  async refresh(scope: RequestScope) {
    const r = await this.linkNew(scope.tenantId)
    return {
      refreshed: true,
      detail: `aggregator accounts re-read: ${r.linked} linked (${r.fresh} new; no token to refresh)`,
      status: await this.status(scope),
    }
  }

  /** The vendor's connections and user deleted (best effort), the secret erased, accounts soft-archived. */
  async disconnect(scope: RequestScope) {
    const user = await this.storedUser(scope.tenantId).catch(() => null)
    const hosted = this.deps.connections.adapter(BROKER).aggregator
    let revoked = false
    if (user && hosted) {
      try {
        const auths = await hosted.authorizations(user)
        for (const a of auths) await hosted.removeAuthorization(user, a.id)
        await hosted.deleteUser(user.userId)
        revoked = true
      } catch (err) {
        this.deps.log.warn({ err, broker: BROKER }, 'aggregator cleanup failed; the secret is erased anyway')
      }
    }
    const out = await this.deps.connections.disconnect(scope, BROKER)
    await this.deps.scopes.withTenant(scope.tenantId, (s) => snaptradeRepo.deleteUser(s))
    return { ...out, disconnected: out.disconnected || user !== null, revoked }
  }
}
