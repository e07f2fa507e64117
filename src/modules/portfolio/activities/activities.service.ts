/**
 * The activity ledger for people: list with filters, manual entry, correction and deletion of
 * manual and imported rows. Every write goes through recordActivities (or keeps its capital flow in
 * step itself on an edit), and a manual account's holdings and realized trades of the symbols it
 * touched are derived again (derive.service.ts) in the same transaction.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes, TenantScope } from '../../../platform/db/index.ts'
import { ConflictError, UnprocessableError } from '../../../platform/http/errors.ts'
import { toPage, type PageQueryInput, type PageResult } from '../../../platform/http/pagination.ts'
import type { MarketDataProvider } from '../../../providers/market-data/index.ts'
import type { InstrumentLookup } from '../../market/market-data/index.ts'
import { findAccount } from '../accounts/accounts.repository.ts'
import { accountNotFound } from '../accounts/accounts.service.ts'
import { keysetOf } from '../lib/keyset.ts'
import type { TradeWrites } from '../trades/trade-writes.service.ts'
import type {
  Activity,
  ActivityFilterInput,
  CreateActivityInput,
  PatchActivityInput,
} from './activities.schemas.ts'
import {
  activityNotFound,
  draftOf,
  filterOf,
  ownedByPerson,
  stored,
  toActivity,
  validOrReject,
  writableAccount,
} from './activity-rows.service.ts'
import { fetchCloses, rederive, todayOf, type Closes } from './derive.service.ts'
import { syncFlow } from './flow-sync.service.ts'
import * as ledger from './ledger.repository.ts'
import { movesShares } from './lib/derive.ts'
import type { ValidActivity } from './lib/validate.ts'
import { recordActivities } from './record.service.ts'
import { unlistedMessage } from '../manual/manual.service.ts'

export interface ActivitiesDeps {
  scopes: Scopes
  clock: Clock
  market: MarketDataProvider
  instruments: InstrumentLookup
  tradeWrites?: Pick<TradeWrites, 'written'>
}

/** A BUY/SELL/SPLIT/securities transfer into a symbol the account keeps as manual positions: 409. */
export async function refuseHeldAsPosition(s: TenantScope, accountId: number, row: ValidActivity) {
  if (!movesShares(row) || !(await ledger.heldAsPosition(s, accountId, row.symbol!))) return
  throw new ConflictError(
    'activities.symbol_held_as_position',
    `${row.symbol} is kept as manual positions in this account (POST /api/brokers/manual/positions); ` +
      'its holding cannot also follow activities. Delete those positions first, or record the activity ' +
      'in another account.',
  )
}

export class ActivitiesService {
  constructor(private readonly deps: ActivitiesDeps) {}

  async list(scope: RequestScope, q: PageQueryInput & ActivityFilterInput): Promise<PageResult<Activity>> {
    const keyset = keysetOf<[string, number]>(q, ['date', 'int'])
    const filter = filterOf(q)
    const rows = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      await ownAccounts(s, q)
      const { page, after } = keyset
      return ledger.listActivities(s, filter, { after, offset: page.offset, limit: page.pageSize + 1 })
    })
    return toPage(
      rows,
      keyset.page,
      (r) => [r.activity_date, r.id],
      (r) => toActivity(r, r.capital_flow_id),
    )
  }

  /** 422 on a symbol the market data provider does not list, unless the caller allows it. */
  private async listed(symbol: string | null, allow: boolean | undefined): Promise<void> {
    if (symbol === null || allow) return
    const [unknown] = await this.deps.instruments.unlisted([symbol])
    if (unknown)
      throw UnprocessableError.field(['body', 'symbol'], unlistedMessage(unknown), 'unknown_symbol')
  }

  /** Closes of the symbols a write touches, from their earliest activity (or `day`) to today. */
  private async closes(
    scope: RequestScope,
    accountId: number,
    symbols: string[],
    day: string,
  ): Promise<Closes> {
    if (symbols.length === 0) return new Map()
    const first = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const account = await findAccount(s, accountId)
      return account?.broker_type === 'manual' ? await ledger.firstShareDay(s, accountId, symbols) : undefined
    })
    if (first === undefined) return new Map()
    return fetchCloses(
      this.deps.market,
      this.deps.clock,
      symbols,
      first !== null && first < day ? first : day,
    )
  }

  async create(scope: RequestScope, b: CreateActivityInput): Promise<Activity> {
    const today = todayOf(this.deps.clock)
    const currency = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const account = await writableAccount(s, b.account_id)
      return account.currency
    })
    const row = validOrReject(draftOf(b, currency), today)
    await this.listed(row.symbol, b.allow_unlisted)
    const symbols = movesShares(row) ? [row.symbol!] : []
    const closes = await this.closes(scope, b.account_id, symbols, row.activity_date)
    const out = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const account = await writableAccount(s, b.account_id, true)
      await refuseHeldAsPosition(s, account.id, row)
      const rec = await recordActivities(
        s,
        account.id,
        [{ ...row, source: 'manual', source_id: null, note: b.note ?? null }],
        scope.userId,
      )
      const written = rec.activities[0]!
      const trades = await rederive(s, account, symbols, closes)
      const flow = await ledger.flowIdOf(s, written.id)
      return { activity: toActivity(written, flow), trades }
    })
    this.deps.tradeWrites?.written(scope.tenantId, out.trades)
    return out.activity
  }

  async patch(scope: RequestScope, id: number, b: PatchActivityInput): Promise<Activity> {
    const today = todayOf(this.deps.clock)
    const current = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const found = await ledger.findActivity(s, id)
      if (!found) throw activityNotFound()
      ownedByPerson(found)
      const account = await writableAccount(s, found.account_id)
      return { found: stored(found), currency: account.currency }
    })
    const before = current.found
    const next = validOrReject(draftOf(merged(before, b), current.currency), today)
    if (b.symbol !== undefined) await this.listed(next.symbol, b.allow_unlisted)
    const symbols = [...new Set([before, next].filter(movesShares).map((r) => r.symbol!))]
    const closes = await this.closes(scope, before.account_id, symbols, next.activity_date)
    const out = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const found = await ledger.findActivity(s, id)
      if (!found) throw activityNotFound()
      ownedByPerson(found)
      const account = await writableAccount(s, found.account_id, true)
      if (!movesShares(before) || before.symbol !== next.symbol)
        await refuseHeldAsPosition(s, account.id, next)
      const note = b.note === undefined ? found.note : b.note
      const saved = await ledger.updateActivity(s, id, { ...next, note })
      const flow = await syncFlow(s, saved, scope.userId)
      const trades = await rederive(s, account, symbols, closes)
      return { activity: toActivity(saved, flow), trades }
    })
    this.deps.tradeWrites?.written(scope.tenantId, out.trades)
    return out.activity
  }

  /** Hard delete of a manual or imported row; its capital flow goes with it, holdings are derived again. */
  async remove(scope: RequestScope, id: number): Promise<void> {
    const pre = await this.deps.scopes.withTenant(scope.tenantId, (s) => ledger.findActivity(s, id))
    if (!pre) throw activityNotFound()
    const symbols = movesShares(pre) ? [pre.symbol!] : []
    const closes = await this.closes(scope, pre.account_id, symbols, pre.activity_date)
    const trades = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const found = await ledger.findActivity(s, id)
      if (!found) throw activityNotFound()
      ownedByPerson(found)
      const account = await writableAccount(s, found.account_id, true)
      await ledger.deleteActivity(s, id)
      try {
        return await rederive(s, account, symbols, closes)
      } catch (e) {
        if (e instanceof UnprocessableError && e.code === 'activities.oversold')
          throw new ConflictError(e.code, `Deleting it would leave a sale without shares: ${e.message}`)
        throw e
      }
    })
    this.deps.tradeWrites?.written(scope.tenantId, trades)
  }
}

/** The row after a PATCH: the stored values with the body's; a trade's amount follows a new quantity or price. */
function merged(
  r: ReturnType<typeof stored<NonNullable<Awaited<ReturnType<typeof ledger.findActivity>>>>>,
  b: PatchActivityInput,
) {
  const amountFollows = (b.quantity !== undefined || b.price !== undefined) && b.amount === undefined
  const pick = <K extends 'symbol' | 'quantity' | 'price' | 'amount'>(k: K, fromRow: string | null) =>
    b[k] !== undefined ? b[k] : fromRow
  return {
    type: b.type ?? r.type,
    date: b.date ?? r.activity_date,
    symbol: pick('symbol', r.symbol),
    quantity: pick('quantity', r.quantity),
    price: pick('price', r.price),
    amount: amountFollows ? null : pick('amount', r.amount),
    fee: b.fee ?? r.fee,
    currency: b.currency ?? r.currency,
  }
}

/** Accounts named by the filters must be the tenant's (404 otherwise). */
export async function ownAccounts(s: TenantScope, q: ActivityFilterInput): Promise<void> {
  const ids = [...(q.account_ids?.split(',').map(Number) ?? []), ...(q.account_id ? [q.account_id] : [])]
  for (const id of new Set(ids)) if (!(await findAccount(s, id))) throw accountNotFound()
}
