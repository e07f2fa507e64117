/**
 * A broker sync: the positions into today's snapshot, and the fills since the last sync stored under
 * their vendor ids and matched into realized trades (FIFO or average cost, per account), so every
 * analytic reads broker accounts as it reads manual ones. Idempotent (vendor ids are natural keys;
 * trades are recomputed from all fills of the symbols touched) and incremental (activities are asked
 * from the latest stored fill on, with a few days of overlap for late corrections). Every run,
 * successful or not, writes a sync log row.
 */
import type { Logger } from 'pino'
import type { Clock } from '../../platform/clock.ts'
import type { Scopes } from '../../platform/db/tenant-scope.ts'
import { UpstreamProtocolError } from '../../platform/upstream-errors.ts'
import type { BrokerActivity, BrokerAdapter } from '../../providers/brokers/index.ts'
import type { Portfolio } from '../portfolio/index.ts'
import type { ConnectedBroker } from './brokers.tables.ts'
import { errorText, type ConnectionsService } from './connections.service.ts'
import * as fills from './fills.repository.ts'
import { insertSyncLog } from './sync-log.repository.ts'

const OVERLAP_MS = 3 * 86_400_000
const PAGE = 100
/** A runaway vendor cursor is a fault, not something to follow forever (10,000 pages of 100). */
const MAX_PAGES = 10_000

export interface SyncDeps {
  scopes: Scopes
  clock: Clock
  log: Logger
  connections: ConnectionsService
  holdings: Portfolio['brokerHoldings']
  /** YYYY-MM-DD in New York for an instant. */
  dateOf: (at: Date) => string
  /** How far back the first sync of an account reads. */
  historyDays: number
}

export interface SyncResult {
  sync_id: number
  broker: ConnectedBroker
  kind: 'manual' | 'scheduled' | 'connect'
  accounts: number
  positions: number
  fills_received: number
  fills_new: number
  trades: number
}

export class SyncService {
  constructor(private readonly deps: SyncDeps) {}

  async sync(tenantId: number, userId: number | null, broker: ConnectedBroker, kind: SyncResult['kind']) {
    const started = this.deps.clock.now()
    let connectionId: number | null = null
    const log = (
      status: 'ok' | 'error',
      counts: { positions: number; transactions: number },
      error: string | null,
    ) =>
      this.deps.scopes.withTenant(tenantId, (s) =>
        insertSyncLog(s, {
          broker_type: broker,
          connection_id: connectionId,
          user_id: userId,
          sync_kind: kind,
          status,
          ...counts,
          error,
          started_at: started,
          finished_at: this.deps.clock.now(),
        }),
      )
    try {
      const live = await this.deps.connections.live(tenantId, broker)
      connectionId = live.row.id
      const adapter = this.deps.connections.adapter(broker)
      const totals = { positions: 0, fills_received: 0, fills_new: 0, trades: 0 }
      const notes: string[] = []
      for (const account of live.accounts) {
        const r = await this.syncAccount(tenantId, adapter, live.grant.accessToken, account)
        totals.positions += r.positions
        totals.fills_received += r.received
        totals.fills_new += r.fresh
        totals.trades += r.trades
        notes.push(...r.notes)
      }
      await this.deps.connections.markSynced(tenantId, live.row.id, null)
      // Fills it could not use are no failure, but the owner should see them in the log.
      const note = notes.length ? notes.join('; ').slice(0, 2000) : null
      const row = await log('ok', { positions: totals.positions, transactions: totals.fills_new }, note)
      return { sync_id: row.id, broker, kind, accounts: live.accounts.length, ...totals }
    } catch (err) {
      this.deps.log.warn({ err, broker, tenant_id: tenantId }, 'broker sync failed')
      await log('error', { positions: 0, transactions: 0 }, errorText(err))
      if (connectionId !== null)
        await this.deps.connections.markSynced(tenantId, connectionId, errorText(err))
      throw err
    }
  }

  private async syncAccount(
    tenantId: number,
    adapter: BrokerAdapter,
    token: string,
    account: { external_id: string; account_id: number },
  ) {
    const { holdings } = this.deps
    const positions = adapter.positions ? await adapter.positions(token, account.external_id) : []
    const since = await this.deps.scopes.withTenant(tenantId, (s) =>
      fills.latestFillTime(s, account.account_id),
    )
    const after = new Date(
      since
        ? since.getTime() - OVERLAP_MS
        : this.deps.clock.now().getTime() - this.deps.historyDays * 86_400_000,
    )
    const activity = adapter.activities
      ? await this.fillsSince(adapter, token, account.external_id, after)
      : []
    const rows = activity.flatMap((a) => this.toFill(a))
    const notes: string[] = []
    const rejected = activity.filter((a) => a.type === 'FILL').length - rows.length
    if (rejected > 0)
      notes.push(`${rejected} fills without a usable symbol, side, quantity or price were left out`)
    return this.deps.scopes.withTenant(tenantId, async (s) => {
      // One sync of an account at a time (the connect job and a request may overlap on PostgreSQL).
      const lotsMethod = await fills.lockLinkedAccount(s, account.account_id)
      const snapshot = await holdings.replaceHoldings(
        s,
        account.account_id,
        this.deps.dateOf(this.deps.clock.now()),
        positions,
      )
      const { inserted, symbols: touched } = await fills.insertNewFills(s, account.account_id, rows)
      const method = await holdings.costMethod(s, account.account_id)
      // A changed method recomputes every symbol; otherwise only those with new fills.
      const symbols = lotsMethod === method ? [...touched] : null
      let trades = 0
      if (symbols === null || symbols.length > 0) {
        const history = await fills.fillsOf(s, account.account_id, symbols)
        const { closed, unmatched } = holdings.matchLots(
          history.map((f) => ({
            id: f.external_id,
            symbol: f.symbol,
            side: f.side,
            qty: f.quantity,
            price: f.price,
            fee: f.fee,
            date: f.trade_date,
          })),
          method,
        )
        trades = await holdings.replaceBrokerTrades(s, account.account_id, symbols, closed)
        const held = [...new Set(unmatched.map((u) => u.symbol))]
        if (held.length)
          notes.push(`sales of shares held before the history (not realized): ${held.join(', ')}`)
        await fills.setLotsMethod(s, account.account_id, method)
      }
      return { positions: snapshot.written, received: rows.length, fresh: inserted, trades, notes }
    })
  }

  private async fillsSince(adapter: BrokerAdapter, token: string, accountId: string, after: Date) {
    const out: BrokerActivity[] = []
    let pageToken: string | undefined
    for (let page = 0; page < MAX_PAGES; page++) {
      const r = await adapter.activities!(token, {
        types: ['FILL'],
        after: after.toISOString(),
        pageSize: PAGE,
        pageToken,
        accountId,
        direction: 'asc',
      })
      out.push(...r.items)
      if (r.nextPageToken === null) return out
      pageToken = r.nextPageToken
    }
    // A vendor cursor that never ends is its fault: a 502 like any other upstream failure.
    throw new UpstreamProtocolError(`${adapter.vendor} activities did not end after ${MAX_PAGES} pages`, {
      provider: adapter.vendor.toLowerCase(),
    })
  }

  /** A fill with everything lot matching needs; anything else (a dividend, a partial record) is left out. */
  private toFill(a: BrokerActivity): fills.FillRow[] {
    if (a.type !== 'FILL' || !a.symbol || !a.side || !a.qty || !a.price) return []
    const qty = a.qty.replace(/^-/, '')
    if (!/^\d+(\.\d{1,9})?$/.test(qty) || !/^\d+(\.\d{1,10})?$/.test(a.price) || Number(qty) === 0) return []
    const at = new Date(a.time)
    if (Number.isNaN(at.getTime())) return []
    return [
      {
        external_id: a.id,
        symbol: a.symbol.toUpperCase(),
        side: a.side,
        quantity: qty,
        price: a.price,
        fee: '0',
        traded_at: at,
        trade_date: this.deps.dateOf(at),
      },
    ]
  }
}
