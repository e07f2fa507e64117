/**
 * Manual holdings and manual closed trades. Positions are per-day holding snapshots ("creates or
 * replaces"); transactions are realized trades whose gain_loss defaults to proceeds − cost − fees,
 * computed in exact cents. Both are soft-deleted.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import { nyDate } from '../../../kernel/calendar/nyse.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes, TenantScope } from '../../../platform/db/index.ts'
import { ConflictError, NotFoundError, UnprocessableError } from '../../../platform/http/errors.ts'
import { toPage, type PageQueryInput, type PageResult } from '../../../platform/http/pagination.ts'
import * as accounts from '../accounts/accounts.repository.ts'
import { accountNotFound, ownAccount } from '../accounts/accounts.service.ts'
import { keysetOf } from '../lib/keyset.ts'
import { parseTradeDate } from '../lib/dates.ts'
import { centsToNumber, toCents } from '../../../kernel/decimal/cents.ts'
import { holdingIssues, rejectBody, tradeDerived, tradeIssues } from '../lib/rules.ts'
import * as positionsRepo from './positions.repository.ts'
import * as snapshotsRepo from '../holdings/snapshots.repository.ts'
import * as tradesRepo from '../trades/trades.repository.ts'
import type { Position, Transaction } from './manual.schemas.ts'
import type { InstrumentLookup } from '../../market/market-data/index.ts'
import type { MarketDataProvider } from '../../../providers/market-data/index.ts'
import { backDatedClose, mirrorHolding } from '../holdings/closing-price.service.ts'
import { keepsHolding } from '../activities/ledger.repository.ts'

/** A symbol whose holding the account's activity ledger keeps cannot also be kept as positions (409). */
async function refuseKeptByActivities(s: TenantScope, accountId: number, symbol: string): Promise<void> {
  if (!(await keepsHolding(s, accountId, symbol))) return
  throw new ConflictError(
    'positions.kept_by_activities',
    `${symbol} in this account is held through its activities (BUY, SELL, SPLIT, transfers; GET /api/activities); ` +
      'record an activity instead of a position, or delete those activities first',
  )
}

export const unlistedMessage = (symbol: string) =>
  `unknown symbol ${symbol}: the market data provider does not list it (send allow_unlisted: true for a private holding)`

const money = (s: string | number) => centsToNumber(toCents(s))
const positionNotFound = () => new NotFoundError('positions.not_found', 'Position not found')
const tradeNotFound = () => new NotFoundError('transactions.not_found', 'Transaction not found')

function toPosition(r: positionsRepo.PositionRow): Position {
  return {
    position_id: r.id,
    account_id: r.account_id,
    symbol: r.symbol,
    quantity: Number(r.quantity),
    cost_basis: money(r.cost_basis),
    as_of: r.as_of,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  }
}

function toTransaction(r: tradesRepo.TradeRow): Transaction {
  return {
    transaction_id: r.id,
    account_id: r.account_id,
    symbol: r.symbol,
    quantity: Number(r.quantity),
    date_acquired: r.date_acquired,
    date_sold: r.date_sold,
    date_sold_valid: r.sold_on !== null,
    proceeds: money(r.proceeds),
    cost_basis: money(r.cost_basis),
    fees: money(r.fees),
    gain_loss: money(r.gain_loss),
    term: r.term,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  }
}

type TradeInput = {
  allow_unlisted?: boolean
  account_id: number
  symbol: string
  quantity: number
  date_acquired: string
  date_sold: string
  proceeds: number
  cost_basis: number
  fees?: number
  gain_loss?: number
}

/** The row to store, after the shared rules (lib/rules.ts) pass; `today` is the New York date. */
function tradeValues(t: TradeInput, today: string): tradesRepo.TradeValues {
  const soldOn = parseTradeDate(t.date_sold.trim())
  const acquired = t.date_acquired === 'VARIOUS' ? 'VARIOUS' : parseTradeDate(t.date_acquired)
  if (acquired === null)
    throw UnprocessableError.field(['body', 'date_acquired'], 'not a real calendar date', 'date')
  rejectBody(tradeIssues({ ...t, date_acquired: acquired, sold_on: soldOn }, today))
  const fees = t.fees ?? 0
  return {
    account_id: t.account_id,
    symbol: t.symbol.toUpperCase(),
    quantity: t.quantity,
    date_acquired: acquired,
    date_sold: t.date_sold.trim(),
    sold_on: soldOn,
    proceeds: t.proceeds,
    cost_basis: t.cost_basis,
    fees,
    ...tradeDerived({
      proceeds: t.proceeds,
      cost_basis: t.cost_basis,
      fees,
      gain_loss: t.gain_loss,
      date_acquired: acquired,
      sold_on: soldOn,
    }),
  }
}

export class ManualService {
  constructor(
    private readonly deps: {
      scopes: Scopes
      clock: Clock
      instruments: InstrumentLookup
      market: Pick<MarketDataProvider, 'bars'>
    },
  ) {}

  private today(): string {
    return nyDate(this.deps.clock.now())
  }

  /** 422 on a symbol the market data provider does not list, unless the caller allows it. */
  private async listed(symbol: string | undefined, allowUnlisted: boolean | undefined): Promise<void> {
    if (symbol === undefined || allowUnlisted) return
    const [unknown] = await this.deps.instruments.unlisted([symbol])
    if (unknown)
      throw UnprocessableError.field(['body', 'symbol'], unlistedMessage(unknown), 'unknown_symbol')
  }

  /** The account must be the caller's (404 otherwise) and a manual one (422 otherwise). */
  private async manualAccount(s: TenantScope, accountId: number, field = 'account_id') {
    const account = await accounts.findAccount(s, accountId)
    if (!account) throw accountNotFound()
    if (account.broker_type !== 'manual') {
      throw UnprocessableError.field(
        ['body', field],
        'is not a manual account; broker accounts sync from the broker',
        'not_manual',
      )
    }
    return account
  }

  /**
   * A closed trade the caller may edit: theirs (404 otherwise) and in a manual account. A broker
   * account's trades are derived from its fills at every sync (422: edit them at the broker).
   */
  private async manualTrade(s: TenantScope, id: number) {
    const trade = await tradesRepo.findTrade(s, id)
    if (!trade) throw tradeNotFound()
    if (trade.source === 'activity')
      throw new ConflictError(
        'transactions.activity_derived',
        "This trade is derived from the account's activities (its BUY and SELL lots); edit or delete those instead",
      )
    const account = await accounts.findAccount(s, trade.account_id)
    if (account && account.broker_type !== 'manual')
      throw UnprocessableError.field(
        ['path', 'transaction_id'],
        'belongs to a broker account; its trades come from the broker’s fills at each sync',
        'not_manual',
      )
    return trade
  }

  async positions(
    scope: RequestScope,
    q: PageQueryInput & { account_id?: number },
  ): Promise<PageResult<Position>> {
    const keyset = keysetOf<[number, string]>(q, ['int', 'text'])
    const rows = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      await ownAccount(s, q.account_id)
      return positionsRepo.latestPositions(s, q.account_id, keyset)
    })
    return toPage(rows, keyset.page, (r) => [r.account_id, r.symbol], toPosition)
  }

  async putPosition(
    scope: RequestScope,
    b: {
      account_id: number
      symbol: string
      quantity: number
      cost_basis: number
      as_of?: string
      allow_unlisted?: boolean
    },
  ): Promise<Position> {
    rejectBody(holdingIssues(b))
    await this.listed(b.symbol, b.allow_unlisted)
    const asOf = b.as_of ?? this.today()
    const close = await backDatedClose(this.deps, b.symbol, asOf)
    const row = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      await this.manualAccount(s, b.account_id)
      await refuseKeptByActivities(s, b.account_id, b.symbol.toUpperCase())
      const saved = await positionsRepo.upsertPosition(s, {
        accountId: b.account_id,
        symbol: b.symbol.toUpperCase(),
        quantity: b.quantity,
        costBasis: b.cost_basis,
        asOf,
      })
      await mirrorHolding(s, saved, close)
      return saved
    })
    return toPosition(row)
  }

  async patchPosition(
    scope: RequestScope,
    id: number,
    b: { quantity?: number; cost_basis?: number; as_of?: string },
  ): Promise<Position> {
    rejectBody(holdingIssues(b))
    const found = await this.deps.scopes.withTenant(scope.tenantId, (s) => positionsRepo.findPosition(s, id))
    const close = found ? await backDatedClose(this.deps, found.symbol, b.as_of ?? found.as_of) : null
    const row = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const before = await positionsRepo.findPosition(s, id)
      if (!before) throw positionNotFound()
      const target = b.as_of ?? before.as_of
      if (
        target !== before.as_of &&
        (await positionsRepo.livePositionOn(s, before.account_id, before.symbol, target))
      ) {
        throw new ConflictError(
          'positions.day_taken',
          `A ${before.symbol} holding for ${target} already exists in this account; edit that one instead`,
        )
      }
      const saved = await positionsRepo.updatePosition(s, id, b)
      if (saved.as_of !== before.as_of) await snapshotsRepo.deleteSnapshot(s, before)
      await mirrorHolding(s, saved, close)
      return saved
    })
    return toPosition(row)
  }

  /** Soft delete; the holding also leaves its day's snapshot. */
  async deletePosition(scope: RequestScope, id: number): Promise<void> {
    const found = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const before = await positionsRepo.findPosition(s, id)
      if (!before || !(await positionsRepo.deletePosition(s, id))) return false
      await snapshotsRepo.deleteSnapshot(s, before)
      return true
    })
    if (!found) throw positionNotFound()
  }

  async transactions(
    scope: RequestScope,
    q: PageQueryInput & { account_id?: number; year?: number },
  ): Promise<PageResult<Transaction>> {
    const keyset = keysetOf<[string | null, number]>(q, ['date?', 'int'])
    const rows = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      await ownAccount(s, q.account_id)
      return tradesRepo.listTrades(s, { accountId: q.account_id, year: q.year }, keyset)
    })
    return toPage(rows, keyset.page, (r) => [r.sold_on, r.id], toTransaction)
  }

  async createTransaction(scope: RequestScope, b: TradeInput): Promise<Transaction> {
    const values = tradeValues(b, this.today())
    await this.listed(values.symbol, b.allow_unlisted)
    const row = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      await this.manualAccount(s, b.account_id)
      return tradesRepo.insertTrade(s, values)
    })
    return toTransaction(row)
  }

  async patchTransaction(scope: RequestScope, id: number, b: Partial<TradeInput>): Promise<Transaction> {
    await this.listed(b.symbol, b.allow_unlisted)
    const today = this.today()
    const row = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const current = await this.manualTrade(s, id)
      if (b.account_id !== undefined && b.account_id !== current.account_id)
        await this.manualAccount(s, b.account_id)
      const merged: TradeInput = {
        account_id: current.account_id,
        symbol: current.symbol,
        quantity: Number(current.quantity),
        date_acquired: current.date_acquired,
        date_sold: current.date_sold,
        proceeds: Number(current.proceeds),
        cost_basis: Number(current.cost_basis),
        fees: Number(current.fees),
        gain_loss: Number(current.gain_loss),
        ...b,
      }
      // The stored gain_loss is recomputed when one of its inputs changes, unless the caller sets it.
      const inputsChanged = b.proceeds !== undefined || b.cost_basis !== undefined || b.fees !== undefined
      if (inputsChanged && b.gain_loss === undefined) delete merged.gain_loss
      return tradesRepo.updateTrade(s, id, tradeValues(merged, today))
    })
    return toTransaction(row)
  }

  async deleteTransaction(scope: RequestScope, id: number): Promise<void> {
    const deleted = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      await this.manualTrade(s, id)
      return tradesRepo.deleteTrade(s, id)
    })
    if (!deleted) throw tradeNotFound()
  }
}
