/**
 * A broker sync: the positions into today's snapshot, and the fills since the last sync stored under
 * their vendor ids and matched into realized trades (FIFO or average cost, per account), so every
 * analytic reads broker accounts as it reads manual ones. Idempotent (vendor ids are natural keys;
 * trades are recomputed from all fills of the symbols touched) and incremental (activities are asked
 * from the latest stored fill on, with a few days of overlap for late corrections). Every run,
 * successful or not, writes a sync log row.
 */
import type { Logger } from 'pino'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes, TenantScope } from '../../../platform/db/index.ts'
import { UpstreamProtocolError } from '../../../platform/upstream-errors.ts'
import type { BrokerActivity, BrokerAdapter } from '../../../providers/brokers/index.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import type { ConnectedBroker } from '../brokers.tables.ts'
import type { ConnectionsService } from '../connections/connections.service.ts'
import { errorText } from '../lib/broker-errors.ts'
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
  /**
   * Per broker, run before every sync: the aggregator links accounts that appeared at the vendor
   * since its callback. Its failure is left for the sync's own vendor calls to report.
   */
  beforeSync?: Partial<Record<ConnectedBroker, (tenantId: number) => Promise<unknown>>>
  /** Told of the trades a sync recomputed, once committed (portfolio's TradeWrites). */
  tradeWrites?: Pick<Portfolio['tradeWrites'], 'written'>
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
      await this.deps.beforeSync?.[broker]?.(tenantId).catch(() => null)
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
      this.deps.tradeWrites?.written(tenantId, totals.trades)
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
    const day = byHour(this.deps.dateOf)
    const rows = activity.flatMap((a) => toFill(a, day))
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
      const { fresh, trades } = await this.storeAndMatch(s, account.account_id, rows, lotsMethod, notes)
      return { positions: snapshot.written, received: rows.length, fresh, trades, notes }
    })
  }

  /**
   * Stores the fills not seen before and recomputes the realized trades of the symbols they touch
   * (of every symbol when the lots method changed). Lot matching reads the stored fills of those
   * symbols from before the insert and the new ones from memory, in the order `fillsOf` would
   * answer all of them after it: a year of fills is not read back just after being written.
   */
  private async storeAndMatch(
    s: TenantScope,
    accountId: number,
    rows: readonly fills.FillRow[],
    lotsMethod: string | null,
    notes: string[],
  ) {
    const { holdings } = this.deps
    const anyStored = await fills.hasFills(s, accountId)
    const stored = anyStored
      ? await fills.storedFillIds(s, accountId, [...new Set(rows.map((r) => r.external_id))])
      : new Set<string>()
    const fresh = newFills(rows, stored)
    const method = await holdings.costMethod(s, accountId)
    // A changed method recomputes every symbol; otherwise only those with new fills.
    const symbols = lotsMethod === method ? [...new Set(fresh.map((f) => f.symbol))] : null
    const recompute = symbols === null || symbols.length > 0
    const before = recompute && anyStored ? await fills.fillsOf(s, accountId, symbols) : []
    await fills.insertFills(s, accountId, fresh)
    if (!recompute) return { fresh: fresh.length, trades: 0 }
    const { closed, unmatched } = holdings.matchLots(
      inTradeOrder(before, fresh).map((f) => ({
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
    const trades = await holdings.replaceBrokerTrades(s, accountId, symbols, closed)
    const held = [...new Set(unmatched.map((u) => u.symbol))]
    if (held.length) notes.push(`sales of shares held before the history (not realized): ${held.join(', ')}`)
    await fills.setLotsMethod(s, accountId, method)
    return { fresh: fresh.length, trades }
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
}

/** The fills not stored yet, each vendor id once (its first report wins, as the stored one does). */
function newFills(rows: readonly fills.FillRow[], stored: ReadonlySet<string>): fills.FillRow[] {
  const seen = new Set(stored)
  return rows.filter((r) => !seen.has(r.external_id) && seen.add(r.external_id))
}

/**
 * Stored fills (by time, then id) and new ones (in insert order, so with higher ids) merged by time:
 * the stable sort keeps the stored first among fills of the same instant, as `order by traded_at, id`.
 */
function inTradeOrder(stored: readonly fills.FillRow[], fresh: readonly fills.FillRow[]): fills.FillRow[] {
  if (fresh.length === 0) return [...stored]
  return [...stored, ...fresh].sort((a, b) => a.traded_at.getTime() - b.traded_at.getTime())
}

/** A fill with everything lot matching needs; anything else (a dividend, a partial record) is left out. */
function toFill(a: BrokerActivity, day: (at: Date) => string): fills.FillRow[] {
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
      trade_date: day(at),
    },
  ]
}

/**
 * `dateOf` through a memo by UTC hour: New York's offset from UTC has been whole hours since 1883,
 * so every instant of an hour has one New York date (10,000 fills span a few thousand hours).
 */
function byHour(dateOf: (at: Date) => string): (at: Date) => string {
  const memo = new Map<number, string>()
  return (at) => {
    const hour = Math.floor(at.getTime() / 3_600_000)
    let date = memo.get(hour)
    if (date === undefined) memo.set(hour, (date = dateOf(at)))
    return date
  }
}
