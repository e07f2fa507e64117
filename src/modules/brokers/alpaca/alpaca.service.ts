/**
 * Alpaca's account operations over a live connection: positions (synced into the portfolio and
 * logged), decimal-strict orders, activities behind our cursor, refresh and a health check that
 * never raises.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { NotFoundError, UnprocessableError } from '../../../platform/http/errors.ts'
import { errorText, neverStarted, reconnectRequired } from '../lib/broker-errors.ts'
import { isUpstreamError, type UpstreamError } from '../../../platform/upstream-errors.ts'
import type { BrokerOrder, OrderListQuery, OrderRequest } from '../../../providers/brokers/index.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import * as repo from '../connections/connections.repository.ts'
import type { ConnectionsService } from '../connections/connections.service.ts'
import type { OrderBodyInput } from './alpaca.schemas.ts'
import { decodeCursor, encodeCursor } from './lib/cursor.ts'
import { orderProblems } from './lib/order-rules.ts'
import { insertSyncLog } from '../sync/sync-log.repository.ts'

const BROKER = 'brokera'

export interface AlpacaDeps {
  scopes: Scopes
  clock: Clock
  connections: ConnectionsService
  holdings: Portfolio['brokerHoldings']
  today: () => string
}

export class AlpacaService {
  constructor(private readonly deps: AlpacaDeps) {}

  /**
   * Runs `call` with the tenant's token (`known`: its live connection, read ahead by the agent order
   * gate through unified/account-orders.service.ts); a token the vendor refuses: connect again.
   */
  async withToken<T>(
    scope: Pick<RequestScope, 'tenantId'>,
    call: (token: string) => Promise<T>,
    known?: Awaited<ReturnType<AlpacaDeps['connections']['live']>>,
  ) {
    const live = known ?? (await this.deps.connections.live(scope.tenantId, BROKER))
    try {
      return { live, value: await call(live.grant.accessToken) }
    } catch (err) {
      if (isUpstreamError(err) && err.kind === 'auth' && err.status === 401) {
        await this.deps.scopes.withTenant(scope.tenantId, (s) =>
          repo.markSynced(s, live.row.id, errorText(err)),
        )
        throw reconnectRequired('brokera', 'Alpaca no longer accepts this connection')
      }
      throw err
    }
  }

  async positions(scope: RequestScope) {
    const started = this.deps.clock.now()
    const adapter = this.deps.connections.adapter(BROKER)
    const { live, value } = await this.withToken(scope, (t) => adapter.positions!(t)).catch(
      async (err: unknown) => {
        await this.logFailure(scope, started, err)
        throw err
      },
    )
    const accountId = live.accounts[0]?.account_id
    const date = this.deps.today()
    const result = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const written = accountId
        ? await this.deps.holdings.replaceHoldings(s, accountId, date, value)
        : { written: 0, skipped: [] }
      await repo.markSynced(s, live.row.id, null)
      const log = await insertSyncLog(s, {
        broker_type: BROKER,
        connection_id: live.row.id,
        user_id: scope.userId,
        sync_kind: 'manual',
        status: 'ok',
        positions: written.written,
        transactions: 0,
        error: written.skipped.length ? `not in the portfolio: ${written.skipped.join(', ')}` : null,
        started_at: started,
        finished_at: this.deps.clock.now(),
      })
      return { ...written, syncId: log.id }
    })
    return {
      account_id: accountId ?? null,
      snapshot_date: date,
      sync_id: result.syncId,
      positions: value.map((p) => ({
        symbol: p.symbol,
        quantity: p.quantity,
        avg_entry_price: p.averagePrice,
        cost_basis: p.costBasis,
        current_price: p.price,
        market_value: p.marketValue,
        unrealized_pl: p.unrealizedPl,
        asset_class: p.assetClass,
      })),
      skipped: result.skipped,
    }
  }

  private async logFailure(scope: RequestScope, started: Date, err: unknown) {
    if (neverStarted(err)) return
    const row = await this.deps.scopes.withTenant(scope.tenantId, (s) => repo.findLiveConnection(s, BROKER))
    if (!row) return
    await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      insertSyncLog(s, {
        broker_type: BROKER,
        connection_id: row.id,
        user_id: scope.userId,
        sync_kind: 'manual',
        status: 'error',
        positions: 0,
        transactions: 0,
        error: errorText(err),
        started_at: started,
        finished_at: this.deps.clock.now(),
      }),
    )
  }

  async placeOrder(scope: RequestScope, b: OrderBodyInput) {
    const order: OrderRequest = {
      symbol: b.symbol.toUpperCase(),
      side: b.side,
      type: b.type,
      timeInForce: b.time_in_force,
      qty: b.qty,
      notional: b.notional,
      limitPrice: b.limit_price,
      stopPrice: b.stop_price,
      trailPrice: b.trail_price,
      trailPercent: b.trail_percent,
      extendedHours: b.extended_hours,
      clientOrderId: b.client_order_id,
    }
    const errors = orderProblems(order)
    if (errors.length)
      throw new UnprocessableError(
        'validation.failed',
        errors.map((e) => `${String(e.loc[1])}: ${e.msg}`).join('; '),
        errors,
      )
    const adapter = this.deps.connections.adapter(BROKER)
    const { value } = await this.withToken(scope, (t) => adapter.placeOrder!(t, order)).catch(orderRejected)
    return toOrderView(value)
  }

  async listOrders(scope: RequestScope, q: OrderListQuery) {
    const adapter = this.deps.connections.adapter(BROKER)
    const { value } = await this.withToken(scope, (t) => adapter.listOrders!(t, q))
    return { items: value.map(toOrderView) }
  }

  async cancelOrder(scope: RequestScope, orderId: string) {
    const adapter = this.deps.connections.adapter(BROKER)
    await this.withToken(scope, (t) => adapter.cancelOrder!(t, orderId)).catch((err: unknown) => {
      // Without a connection no order of this tenant exists: as for any id that is not theirs, 404.
      const unknown = err instanceof UnprocessableError && err.code === 'broker.not_connected'
      if (unknown || (isUpstreamError(err) && err.kind === 'not_found'))
        throw new NotFoundError('broker.order_not_found', `Order ${orderId} not found at Alpaca`)
      if (isUpstreamError(err) && err.status === 422) {
        const msg = vendorMessage(err, 'the order cannot be canceled')
        throw new UnprocessableError('broker.order_not_cancelable', msg, [
          { loc: ['path', 'order_id'], msg, type: 'order_not_cancelable' },
        ])
      }
      throw err
    })
    return { order_id: orderId, cancel_requested: true }
  }

  async activities(
    scope: RequestScope,
    q: { activity_type?: string; after?: string; until?: string; page_size: number; cursor?: string },
  ) {
    const filters = { t: q.activity_type ?? '', a: q.after ?? '', u: q.until ?? '' }
    const token = q.cursor === undefined ? undefined : decodeCursor(q.cursor, filters)
    const adapter = this.deps.connections.adapter(BROKER)
    const { value } = await this.withToken(scope, (t) =>
      adapter.activities!(t, {
        types: q.activity_type ? q.activity_type.split(',').map((s) => s.trim().toUpperCase()) : undefined,
        after: q.after,
        until: q.until,
        pageSize: q.page_size,
        pageToken: token,
      }),
    )
    return {
      items: value.items.map((a) => ({
        id: a.id,
        activity_type: a.type,
        time: a.time,
        symbol: a.symbol,
        side: a.side,
        qty: a.qty,
        price: a.price,
        net_amount: a.netAmount,
        description: a.description,
        order_id: a.orderId,
      })),
      next_cursor: value.nextPageToken === null ? null : encodeCursor(value.nextPageToken, filters),
    }
  }

  /** Alpaca issues no refresh token (its tokens do not expire): the stored one is checked instead. */
  async refresh(scope: RequestScope) {
    const adapter = this.deps.connections.adapter(BROKER)
    await this.withToken(scope, (t) => adapter.accounts!(t))
    return {
      refreshed: false,
      detail:
        'Alpaca access tokens do not expire and come without a refresh token; the stored token was verified',
      status: await this.deps.connections.status(scope, BROKER),
    }
  }

  /** Never raises: whether the vendor answers, and whether the tenant's connection works. */
  async health(scope: RequestScope) {
    const adapter = (() => {
      try {
        return this.deps.connections.adapter(BROKER)
      } catch {
        return null
      }
    })()
    if (!adapter)
      return { ok: false, broker: BROKER, configured: false, connected: false, error: 'not configured' }
    const started = performance.now()
    try {
      const row = await this.deps.scopes.withTenant(scope.tenantId, (s) => repo.findLiveConnection(s, BROKER))
      const token = row ? (await this.deps.connections.live(scope.tenantId, BROKER)).grant.accessToken : null
      await adapter.ping!(token)
      return {
        ok: true,
        broker: BROKER,
        configured: true,
        connected: row !== undefined,
        latency_ms: elapsed(started),
      }
    } catch (err) {
      return {
        ok: false,
        broker: BROKER,
        configured: true,
        connected: false,
        latency_ms: elapsed(started),
        error: errorText(err),
      }
    }
  }
}

const elapsed = (since: number) => Math.round(performance.now() - since)

function vendorMessage(err: UpstreamError, fallback: string): string {
  try {
    const m = (JSON.parse(err.body ?? '') as { message?: unknown }).message
    return typeof m === 'string' && m !== '' ? `Alpaca: ${m}` : fallback
  } catch {
    return fallback
  }
}

/** The vendor's refusals of an order (422 invalid, 403 buying power) are the caller's to fix. */
function orderRejected(err: unknown): never {
  if (isUpstreamError(err) && (err.status === 422 || err.status === 403 || err.status === 400)) {
    const msg = vendorMessage(err, 'Alpaca rejected the order')
    throw new UnprocessableError('broker.order_rejected', msg, [
      { loc: ['body'], msg, type: 'order_rejected' },
    ])
  }
  throw err
}

export function toOrderView(o: BrokerOrder) {
  return {
    id: o.id,
    client_order_id: o.clientOrderId,
    symbol: o.symbol,
    side: o.side,
    type: o.type,
    time_in_force: o.timeInForce,
    status: o.status,
    qty: o.qty,
    notional: o.notional,
    filled_qty: o.filledQty,
    filled_avg_price: o.filledAvgPrice,
    limit_price: o.limitPrice,
    stop_price: o.stopPrice,
    extended_hours: o.extendedHours,
    created_at: o.createdAt,
    submitted_at: o.submittedAt,
    filled_at: o.filledAt,
    canceled_at: o.canceledAt,
  }
}
