/**
 * A broker sync: the positions into today's snapshot, and the fills since the last sync stored under
 * their vendor ids and matched into realized trades (FIFO or average cost, per account), so every
 * analytic reads broker accounts as it reads manual ones. Idempotent (vendor ids are natural keys;
 * trades are recomputed from all fills of the symbols touched) and incremental (activities are asked
 * from the latest stored fill on, with a few days of overlap for late corrections). The same read
 * writes every activity into the account's ledger, with the broker's cash and, on the first sync, the
 * opening balance (ledger-sync.ts). Every run,
 * successful or not, writes a sync log row.
 */
import type { Logger } from 'pino'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes, TenantScope } from '../../../platform/db/index.ts'
import { UpstreamProtocolError } from '../../../platform/upstream-errors.ts'
import type { BrokerActivity, BrokerAdapter, CashBalance } from '../../../providers/brokers/index.ts'
import type { MarketDataProvider } from '../../../providers/market-data/index.ts'
import type { Portfolio } from '../../portfolio/index.ts'
import type { ConnectedBroker } from '../brokers.tables.ts'
import type { ConnectionsService } from '../connections/connections.service.ts'
import { errorText } from '../lib/broker-errors.ts'
import { byHour, inTradeOrder, newFills, toFill } from './lib/fill-rows.ts'
import * as fills from './fills.repository.ts'
import { historyFrom, setHistoryFrom } from './history.repository.ts'
import {
  cashRows,
  closeOn,
  mapActivities,
  openingValue,
  unmappedNote,
  withSource,
} from './lib/ledger-sync.ts'
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
  /** Daily closes that value the shares held at the start of a first sync's history. */
  market?: Pick<MarketDataProvider, 'bars'> | null
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
  /** Activities written into the accounts' ledgers (not seen before). */
  activities_new: number
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
      const totals = { positions: 0, fills_received: 0, fills_new: 0, trades: 0, activities_new: 0 }
      const notes: string[] = []
      for (const account of live.accounts) {
        const r = await this.syncAccount(tenantId, userId, broker, adapter, live.grant.accessToken, account)
        totals.positions += r.positions
        totals.fills_received += r.received
        totals.fills_new += r.fresh
        totals.trades += r.trades
        totals.activities_new += r.activities
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
    userId: number | null,
    broker: ConnectedBroker,
    adapter: BrokerAdapter,
    token: string,
    account: { external_id: string; account_id: number },
  ) {
    const { holdings, dateOf } = this.deps
    const positions = adapter.positions ? await adapter.positions(token, account.external_id) : []
    const cash = adapter.cash ? await adapter.cash(token, account.external_id) : null
    const known = await this.deps.scopes.withTenant(tenantId, async (s) => ({
      fill: await fills.latestFillTime(s, account.account_id),
      activity: await holdings.latestActivityDate(s, account.account_id, broker),
      from: await historyFrom(s, account.account_id),
      currency: await holdings.accountCurrency(s, account.account_id),
    }))
    const window = new Date(this.deps.clock.now().getTime() - this.deps.historyDays * 86_400_000)
    const first = known.from === null
    const activity = adapter.activities
      ? await this.activitiesSince(adapter, token, account.external_id, readFrom(known, window))
      : []
    const day = byHour(dateOf)
    const rows = activity.flatMap((a) => toFill(a, day))
    const notes: string[] = []
    const rejected = activity.filter((a) => a.type === 'FILL').length - rows.length
    if (rejected > 0)
      notes.push(`${rejected} fills without a usable symbol, side, quantity or price were left out`)
    const ledger = mapActivities(broker, activity, { day, currency: known.currency })
    const unmapped = unmappedNote(ledger.unmapped)
    if (unmapped) notes.push(unmapped)
    const opening = first
      ? await openingValue(
          {
            date: dateOf(window),
            currency: known.currency,
            cashNow: cashIn(cash, known.currency),
            positions,
            rows: ledger.rows,
            close: (symbol) => closeOn(this.deps.market ?? null, symbol, dateOf(window)),
          },
          holdings,
        )
      : null
    if (opening) notes.push(...opening.notes)
    return this.deps.scopes.withTenant(tenantId, async (s) => {
      // One sync of an account at a time (the connect job and a request may overlap on PostgreSQL).
      const lotsMethod = await fills.lockLinkedAccount(s, account.account_id)
      const today = dateOf(this.deps.clock.now())
      const snapshot = await holdings.replaceHoldings(s, account.account_id, today, positions)
      const { fresh, trades } = await this.storeAndMatch(s, account.account_id, rows, lotsMethod, notes)
      const recorded = await holdings.recordActivities(
        s,
        account.account_id,
        withSource(ledger.rows, broker),
        userId,
      )
      if (cash) await holdings.replaceCash(s, account.account_id, today, cashRows(cash))
      if (first && (await historyFrom(s, account.account_id)) === null) {
        if (opening) {
          const o = { date: dateOf(window), amount: opening.value, currency: known.currency }
          await holdings.recordOpeningBalance(s, account.account_id, o, userId)
        } else notes.push('the broker reports no cash: no opening balance was written')
        await setHistoryFrom(s, account.account_id, dateOf(window))
      }
      const activities = recorded.activities.length
      return { positions: snapshot.written, received: rows.length, fresh, trades, activities, notes }
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

  /** Every activity (fills, cash and corporate events) after `after`, oldest first. */
  private async activitiesSince(adapter: BrokerAdapter, token: string, accountId: string, after: Date) {
    const out: BrokerActivity[] = []
    let pageToken: string | undefined
    for (let page = 0; page < MAX_PAGES; page++) {
      const r = await adapter.activities!(token, {
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

/**
 * Where a sync reads activities from: a first sync reads the whole window; later ones from the latest
 * stored fill and the latest stored activity (the earlier of the two), a few days back for late
 * corrections (vendor ids make the overlap harmless).
 */
function readFrom(
  known: { fill: Date | null; activity: string | null; from: string | null },
  window: Date,
): Date {
  if (known.from === null) return window
  const fill = known.fill ? known.fill.getTime() - OVERLAP_MS : window.getTime()
  const since = known.activity ?? known.from
  const activity = Date.parse(`${since}T00:00:00Z`) - OVERLAP_MS
  return new Date(Math.max(window.getTime(), Math.min(fill, activity)))
}

/** The account's cash in its currency (zero when the broker lists others only); null: none reported. */
function cashIn(cash: readonly CashBalance[] | null, currency: string): string | null {
  if (!cash) return null
  return cashRows(cash).find((c) => c.currency === currency)?.balance ?? '0'
}
