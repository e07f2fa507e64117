/**
 * Schwab's account operations: accounts with their hashValues, balances, purchasing
 * power (degraded, never an error, when Schwab fails), positions synced into the portfolio, open
 * orders (each one seen is recorded as account activity), and account activity read back from what
 * was stored. Transactions live in schwab-transactions.service.ts, market data in
 * schwab-market.service.ts.
 */
import { DAY_MS } from '../../../kernel/dates.ts'
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { isUpstreamError } from '../../../platform/upstream-errors.ts'
import { decSum, type BrokerOrder } from '../../../providers/brokers/index.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import { errorText, maskNumber, neverStarted } from '../lib/broker-errors.ts'
import { decimalFields } from './lib/decimals.ts'
import { BROKER, type SchwabAccessService, type Linked, type Live } from './schwab-access.service.ts'
import { toOrderView } from '../alpaca/alpaca.service.ts'
import * as repo from './schwab.repository.ts'
import { markSynced } from '../connections/connections.repository.ts'
import { insertSyncLog, type SyncLogEntry } from '../sync/sync-log.repository.ts'
import { objectOf } from './lib/json.ts'

export interface SchwabDeps {
  scopes: Scopes
  clock: Clock
  access: SchwabAccessService
  holdings: Portfolio['brokerHoldings']
  today: () => string
}

export class SchwabService {
  constructor(private readonly deps: SchwabDeps) {}

  private get access() {
    return this.deps.access
  }

  async accounts(scope: RequestScope) {
    const { live, value } = await this.access.withToken(scope, (t) => this.access.adapter().accounts(t))
    return {
      items: value.map((a) => {
        const linked = live.accounts.find((l) => l.external_id === a.externalId)
        return {
          accountNumber: maskNumber(a.number),
          hashValue: a.externalId,
          account_id: linked?.account_id ?? null,
          linked: linked !== undefined,
          type: a.accountType,
          name: a.name,
        }
      }),
    }
  }

  async balance(scope: RequestScope) {
    const { live, value } = await this.access.withToken(scope, (t) =>
      this.access.adapter().accountDetails(t, undefined, false),
    )
    return {
      items: value.flatMap((d) => {
        const s = d.securitiesAccount
        const linked = live.accounts.find((a) => a.account_number === String(s['accountNumber']))
        if (!linked) return []
        return [
          {
            accountNumber: maskNumber(linked.account_number),
            hashValue: linked.external_id,
            type: typeof s['type'] === 'string' ? s['type'] : null,
            currentBalances: decimalFields(objectOf(s['currentBalances'])),
            projectedBalances: decimalFields(objectOf(s['projectedBalances'])),
            initialBalances: decimalFields(objectOf(s['initialBalances'])),
            aggregatedBalance: d.aggregatedBalance ? decimalFields(d.aggregatedBalance) : null,
          },
        ]
      }),
    }
  }

  /** Buying power summed exactly over the linked accounts; zeros with `degraded` when Schwab fails. */
  async purchasingPower(scope: RequestScope) {
    try {
      const { value } = await this.access.withToken(scope, (t, live) =>
        Promise.all(
          live.accounts.map(async (a) => ({
            a,
            b: await this.access.adapter().balances(t, a.external_id),
          })),
        ),
      )
      return {
        currency: 'USD',
        buying_power: decSum(value.map((v) => v.b.buyingPower)),
        degraded: false,
        accounts: value.map(({ a, b }) => ({
          accountNumber: maskNumber(a.account_number),
          hashValue: a.external_id,
          buying_power: b.buyingPower,
        })),
      }
    } catch (err) {
      if (!isUpstreamError(err)) throw err
      return {
        currency: 'USD',
        buying_power: '0',
        degraded: true,
        reason: `Schwab is unavailable (${errorText(err)}); buying power is unknown, shown as zero`,
        accounts: [],
      }
    }
  }

  /** Every linked account's positions into today's snapshot; one sync log row (manual). */
  async positions(scope: RequestScope) {
    const started = this.deps.clock.now()
    const { live, value } = await this.access
      .withToken(scope, (t, l) =>
        Promise.all(
          l.accounts.map(async (a) => ({ a, p: await this.access.adapter().positions(t, a.external_id) })),
        ),
      )
      .catch(async (err: unknown) => {
        if (!neverStarted(err)) await this.log(scope, started, errorText(err))
        throw err
      })
    const date = this.deps.today()
    // The snapshot, the connection's sync time and the log row in one transaction, as Alpaca's.
    const { skipped, syncId } = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const written = []
      for (const { a, p } of value)
        written.push(await this.deps.holdings.replaceHoldings(s, a.account_id, date, p))
      await markSynced(s, live.row.id, null)
      const skipped = written.flatMap((w) => w.skipped)
      const error = skipped.length ? `not in the portfolio: ${skipped.join(', ')}` : null
      const count = written.reduce((n, w) => n + w.written, 0)
      const row = await insertSyncLog(s, this.logRow(scope, live.row.id, started, count, error, 'ok'))
      return { skipped, syncId: row.id }
    })
    return {
      snapshot_date: date,
      sync_id: syncId,
      accounts: value.map(({ a, p }) => ({
        accountNumber: maskNumber(a.account_number),
        hashValue: a.external_id,
        account_id: a.account_id,
        positions: p.map((x) => ({
          symbol: x.symbol,
          quantity: x.quantity,
          average_price: x.averagePrice,
          cost_basis: x.costBasis,
          price: x.price,
          market_value: x.marketValue,
          unrealized_pl: x.unrealizedPl,
          asset_class: x.assetClass,
        })),
      })),
      skipped,
    }
  }

  /** A failed positions sync's log row, in a transaction of its own. */
  private async log(scope: RequestScope, started: Date, error: string): Promise<void> {
    const row = this.logRow(scope, null, started, 0, error, 'error')
    await this.deps.scopes.withTenant(scope.tenantId, (s) => insertSyncLog(s, row))
  }

  private logRow(
    scope: RequestScope,
    connectionId: number | null,
    started: Date,
    positions: number,
    error: string | null,
    status: 'ok' | 'error',
  ): SyncLogEntry {
    return {
      broker_type: BROKER,
      connection_id: connectionId,
      user_id: scope.userId,
      sync_kind: 'manual',
      status,
      positions,
      transactions: 0,
      error,
      started_at: started,
      finished_at: this.deps.clock.now(),
    }
  }

  /** Open orders of one account or all linked ones; each is recorded as observed account activity. */
  async openOrders(scope: RequestScope, hash: string | undefined) {
    const { value } = await this.access.withToken(scope, (t, live) =>
      this.ordersOf(t, this.access.selected(live, hash), 'open'),
    )
    await this.observe(scope.tenantId, value)
    return {
      items: value.flatMap(({ a, orders }) =>
        orders.map((o) => ({
          hashValue: a.external_id,
          accountNumber: maskNumber(a.account_number),
          ...toOrderView(o),
        })),
      ),
    }
  }

  /** Every order Schwab lists (60 days) of every linked account, recorded as activity (the polling job). */
  async poll(tenantId: number): Promise<number> {
    const live = await this.access.connections.live(tenantId, BROKER)
    return this.observe(tenantId, await this.ordersOf(live.grant.accessToken, live.accounts, 'all'))
  }

  /** Each account's orders in `status`, one account after another (Schwab throttles per account). */
  private async ordersOf(token: string, accounts: readonly Linked[], status: 'open' | 'all') {
    const out: Array<{ a: Linked; orders: BrokerOrder[] }> = []
    for (const a of accounts)
      out.push({
        a,
        orders: await this.access.adapter().listOrders(token, { status, accountId: a.external_id }),
      })
    return out
  }

  private observe(tenantId: number, seen: Array<{ a: Linked; orders: BrokerOrder[] }>): Promise<number> {
    const events = seen.flatMap(({ a, orders }) => orders.map((o) => orderEvent(a, o)))
    return this.deps.scopes.withTenant(tenantId, (s) => repo.insertEvents(s, events))
  }

  /** Stored events and transactions only: no vendor call, so it answers after the close and offline. */
  async accountActivity(scope: RequestScope, q: { days: number; limit: number }) {
    const accounts = await this.access.connections.linkedAccounts(scope.tenantId, BROKER)
    const since = new Date(this.deps.clock.now().getTime() - q.days * DAY_MS)
    const rows = await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      repo.accountActivity(
        s,
        accounts.map((a) => a.account_id),
        since,
        q.limit,
      ),
    )
    const byId = new Map(accounts.map((a) => [a.account_id, a]))
    return {
      days: q.days,
      since: since.toISOString(),
      items: rows.map((r) => ({
        source: r.source,
        id: r.id,
        hashValue: byId.get(Number(r.account_id))?.external_id ?? null,
        event_type: r.event_type,
        occurred_at: new Date(r.occurred_at).toISOString(),
        symbol: r.symbol,
        order_id: r.order_id,
        status: r.status,
        quantity: r.quantity,
        price: r.price,
        description: r.description,
      })),
    }
  }
}

/** An order as an event: one per order and status (`order:<id>:<status>`), at its latest known time. */
function orderEvent(a: Linked, o: BrokerOrder): repo.ActivityEvent {
  const status = o.status.toUpperCase()
  const at = o.filledAt ?? o.canceledAt ?? o.submittedAt ?? o.createdAt
  return {
    account_id: a.account_id,
    external_id: `order:${o.id}:${status}`,
    event_type: `ORDER_${status}`,
    occurred_at: new Date(at),
    symbol: o.symbol,
    order_id: o.id,
    status,
    quantity: o.qty,
    price: o.filledAvgPrice ?? o.limitPrice,
    description: `${o.side.toUpperCase()} ${o.qty ?? ''} ${o.symbol} ${o.type} ${status}`.replace(
      /\s+/g,
      ' ',
    ),
  }
}

export type { Live }
