/**
 * Investors and capital flows (designed here; not among the required operations): who put money in and took it out, and
 * when. net_capital is the sum of flows; investor allocation reads them with unit accounting.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Scopes, TenantScope } from '../../../platform/db/index.ts'
import { ConflictError, NotFoundError, UnprocessableError } from '../../../platform/http/errors.ts'
import * as accounts from '../accounts/accounts.repository.ts'
import * as repo from './capital.repository.ts'
import { toPage, type PageQueryInput, type PageResult } from '../../../platform/http/pagination.ts'
import { keysetOf } from '../lib/keyset.ts'
import { ownAccount } from '../accounts/accounts.service.ts'
import type { Flow, Investor } from './capital.schemas.ts'
import { centsToNumber, toCents } from '../../../kernel/decimal/cents.ts'
import { amountIssues, rejectBody } from '../lib/rules.ts'
import { xirr, type XirrResult } from './lib/xirr.ts'
import { accountHolder } from '../../accounts/identity/index.ts'
import { tenantBaseCurrency } from '../../accounts/tenancy/index.ts'

const investorNotFound = () => new NotFoundError('investors.not_found', 'Investor not found')
const flowNotFound = () => new NotFoundError('capital_flows.not_found', 'Capital flow not found')

const toInvestor = (r: repo.InvestorRow): Investor => ({
  investor_id: r.id,
  name: r.name,
  email: r.email,
  is_owner: r.is_owner,
  created_at: r.created_at.toISOString(),
})
const toFlow = (r: repo.FlowRow): Flow => ({
  flow_id: r.id,
  investor_id: r.investor_id,
  account_id: r.account_id,
  date: r.flow_date,
  amount: centsToNumber(toCents(r.amount)),
  note: r.note,
  kind: r.kind,
  activity_id: r.activity_id,
  currency: r.currency,
  created_at: r.created_at.toISOString(),
})

/** A flow an activity or a connection wrote: its amount and date are theirs (409 otherwise). */
const activityOwned = (what: string) =>
  new ConflictError(
    'capital_flows.activity_owned',
    `This flow follows an activity of the account's ledger (or a connection's opening balance): ${what}; ` +
      'edit the activity instead. Only investor_id and note may change here.',
  )

/**
 * The owner investor exists from the first use on: the account holder, named from identity's user
 * ("Owner" when no user is at hand, as in a scheduled broker sync). Answers its id.
 */
export async function ensureOwner(s: TenantScope, userId: number | null): Promise<number> {
  const found = await repo.findOwnerInvestor(s)
  if (found) return found.id
  const user = userId === null ? undefined : await accountHolder(s, userId)
  await repo.insertOwnerInvestor(s, {
    name: user?.full_name ?? user?.email ?? 'Owner',
    email: user?.email ?? null,
  })
  return (await repo.findOwnerInvestor(s))!.id
}

export class CapitalService {
  constructor(private readonly deps: { scopes: Scopes }) {}

  async investors(scope: RequestScope, q: PageQueryInput): Promise<PageResult<Investor>> {
    const keyset = keysetOf<[number, number]>(q, ['int', 'int'])
    const rows = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      await ensureOwner(s, scope.userId)
      return repo.listInvestors(s, keyset)
    })
    return toPage(rows, keyset.page, (r) => [r.is_owner ? 0 : 1, r.id], toInvestor)
  }

  async addInvestor(scope: RequestScope, b: { name: string; email?: string }): Promise<Investor> {
    const row = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      await ensureOwner(s, scope.userId)
      return repo.insertInvestor(s, { name: b.name.trim(), email: b.email?.toLowerCase() ?? null })
    })
    return toInvestor(row)
  }

  async updateInvestor(
    scope: RequestScope,
    id: number,
    b: { name?: string; email?: string | null },
  ): Promise<Investor> {
    const row = await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      repo.updateInvestor(s, id, {
        ...(b.name !== undefined ? { name: b.name.trim() } : {}),
        ...(b.email !== undefined ? { email: b.email?.toLowerCase() ?? null } : {}),
      }),
    )
    if (!row) throw investorNotFound()
    return toInvestor(row)
  }

  async flows(scope: RequestScope, q: PageQueryInput & { investor_id?: number; account_id?: number }) {
    const keyset = keysetOf<[string, number]>(q, ['date', 'int'])
    const filter = { investorId: q.investor_id, accountId: q.account_id }
    const [rows, total] = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      if (q.investor_id !== undefined && !(await repo.findInvestor(s, q.investor_id)))
        throw investorNotFound()
      await ownAccount(s, q.account_id)
      return [await repo.listFlows(s, filter, keyset), await repo.sumFlows(s, filter)] as const
    })
    return {
      ...toPage(rows, keyset.page, (r) => [r.flow_date, r.id], toFlow),
      net_capital: centsToNumber(toCents(total)),
    }
  }

  async addFlow(
    scope: RequestScope,
    b: {
      investor_id: number
      account_id?: number
      date: string
      amount: number
      note?: string
      currency?: string
    },
  ): Promise<Flow> {
    rejectBody(amountIssues(b.amount))
    const row = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      await ensureOwner(s, scope.userId)
      if (!(await repo.findInvestor(s, b.investor_id)))
        throw UnprocessableError.field(['body', 'investor_id'], 'no such investor', 'not_found')
      const account = b.account_id === undefined ? undefined : await accounts.findAccount(s, b.account_id)
      if (b.account_id !== undefined && !account)
        throw UnprocessableError.field(['body', 'account_id'], 'no such account', 'not_found')
      return repo.insertFlow(s, {
        investor_id: b.investor_id,
        account_id: b.account_id ?? null,
        flow_date: b.date,
        amount: b.amount,
        note: b.note ?? null,
        // Money typed in without a currency is the account's, or the tenant's base currency.
        currency: b.currency ?? account?.currency ?? (await tenantBaseCurrency(s)),
      })
    })
    return toFlow(row)
  }

  /**
   * A manual flow changes investor, date, amount or note; a flow of kind activity or opening_balance
   * only its investor (re-attribution) and note.
   */
  async updateFlow(
    scope: RequestScope,
    id: number,
    b: { investor_id?: number; date?: string; amount?: number; note?: string | null },
  ): Promise<Flow> {
    rejectBody(amountIssues(b.amount))
    const row = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const current = await repo.findFlow(s, id)
      if (!current) throw flowNotFound()
      if (current.kind !== 'manual' && (b.date !== undefined || b.amount !== undefined))
        throw activityOwned('its amount and date follow the activity')
      if (b.investor_id !== undefined && !(await repo.findInvestor(s, b.investor_id)))
        throw UnprocessableError.field(['body', 'investor_id'], 'no such investor', 'not_found')
      return repo.updateFlow(s, id, {
        ...(b.investor_id !== undefined ? { investor_id: b.investor_id } : {}),
        ...(b.date ? { flow_date: b.date } : {}),
        ...(b.amount !== undefined ? { amount: b.amount } : {}),
        ...(b.note !== undefined ? { note: b.note } : {}),
      })
    })
    if (!row) throw flowNotFound()
    return toFlow(row)
  }

  /** Deletes a manual flow; one an activity made goes only with its activity (409). */
  async deleteFlow(scope: RequestScope, id: number): Promise<void> {
    const deleted = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const current = await repo.findFlow(s, id)
      if (!current) return false
      if (current.kind !== 'manual') throw activityOwned('it is deleted with the activity')
      return repo.deleteFlow(s, id)
    })
    if (!deleted) throw flowNotFound()
  }

  /** XIRR of arbitrary cash flows; a RangeError of the maths (one sign, < 2 flows) is a 422. */
  xirr(b: { cash_flows: { date: string; amount: number }[]; guess?: number }): XirrResult {
    try {
      return xirr(b.cash_flows, b.guess)
    } catch (e) {
      if (e instanceof RangeError)
        throw UnprocessableError.field(['body', 'cash_flows'], e.message, 'cash_flows')
      throw e
    }
  }
}
