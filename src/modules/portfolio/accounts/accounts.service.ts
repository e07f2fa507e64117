/** Broker accounts: list (archived hidden unless asked), create manual accounts, edit. */
import { effectiveTenant, type RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes, TenantScope } from '../../../platform/db/index.ts'
import { NotFoundError } from '../../../platform/http/errors.ts'
import { toPage, type PageQueryInput, type PageResult } from '../../../platform/http/pagination.ts'
import { keysetOf } from '../lib/keyset.ts'
import type { EntitlementsService } from '../../accounts/tenancy/index.ts'
import * as repo from './accounts.repository.ts'
import type { Account } from './accounts.schemas.ts'
import { accountsCash } from '../activities/cash.service.ts'
import { nyDate } from '../../../kernel/calendar/nyse.ts'

export function toAccount(r: repo.AccountRow, cash: Account['cash'] = []): Account {
  return {
    id: r.id,
    name: r.name,
    broker_type: r.broker_type,
    account_type: r.account_type,
    currency: r.currency,
    cost_method: r.cost_method,
    status: r.status,
    archived: r.status !== 'active' || r.archived_at !== null,
    archived_at: r.archived_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    cash,
  }
}

export const accountNotFound = () => new NotFoundError('accounts.not_found', 'Account not found')

/** An account given must be the tenant's (another tenant's, or none → 404 `accounts.not_found`). */
export async function ownAccount(s: TenantScope, accountId: number | undefined): Promise<void> {
  if (accountId !== undefined && !(await repo.findAccount(s, accountId))) throw accountNotFound()
}

/** For another module's statement to embed (the agent order gate's read): the tenant's account. */
export const ownedAccountQuery = repo.ownedAccountQuery

/**
 * In the caller's transaction: the names of the tenant's accounts among `ids`, by id (any status).
 * An id missing from the map is no account of the tenant's.
 */
export async function accountNames(s: TenantScope, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await repo.accountNamesOf(s, [...new Set(ids)])
  return new Map(rows.map((r) => [Number(r.id), r.name]))
}

const MANUAL_ACCOUNTS = 'manual_accounts'

export class AccountsService {
  constructor(
    private readonly deps: {
      scopes: Scopes
      clock: Clock
      entitlements: Pick<EntitlementsService, 'limitGuard' | 'guardForTenant'>
    },
  ) {}

  async list(
    scope: RequestScope,
    q: PageQueryInput & { tenant_id?: number; include_archived: boolean },
  ): Promise<PageResult<Account>> {
    const tenantId = effectiveTenant(scope, q.tenant_id)
    const { page, after } = keysetOf<[number]>(q, ['int'])
    const today = nyDate(this.deps.clock.now())
    const [rows, cash] = await this.deps.scopes.withTenant(tenantId, async (s) => {
      const found = await repo.listAccounts(s, q.include_archived, page, after?.[0] ?? null)
      return [
        found,
        await accountsCash(
          s,
          found.map((r) => r.id),
          today,
        ),
      ] as const
    })
    return toPage(
      rows,
      page,
      (r) => [r.id],
      (r) => toAccount(r, cash.get(r.id)),
    )
  }

  async create(
    scope: RequestScope,
    body: { name: string; broker_type: 'manual'; account_type?: string; currency?: string },
  ): Promise<Account> {
    const withinLimit = await this.deps.entitlements.limitGuard(scope, MANUAL_ACCOUNTS)
    const row = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      withinLimit(await repo.countManualAccounts(s))
      return repo.insertAccount(s, {
        name: body.name.trim(),
        broker_type: body.broker_type,
        account_type: body.account_type ?? null,
        currency: body.currency ?? 'USD',
      })
    })
    return toAccount(row)
  }

  async update(
    scope: RequestScope,
    id: number,
    q: { tenant_id?: number },
    body: {
      name?: string
      status?: 'active' | 'closed' | 'inactive'
      account_type?: string | null
      cost_method?: 'fifo' | 'average'
    },
  ): Promise<Account> {
    const tenantId = effectiveTenant(scope, q.tenant_id)
    // An administrator reopening in another tenant takes a slot of that tenant's plan, not their own.
    const withinLimit =
      body.status === 'active'
        ? await this.deps.entitlements.guardForTenant(scope, tenantId, MANUAL_ACCOUNTS)
        : null
    const row = await this.deps.scopes.withTenant(tenantId, async (s) => {
      const current = await repo.findAccount(s, id)
      if (!current) throw accountNotFound()
      // Reopening a manual account takes a slot of the plan, like creating one.
      const reopening =
        body.status === 'active' && current.status !== 'active' && current.broker_type === 'manual'
      if (reopening && withinLimit) withinLimit(await repo.countManualAccounts(s))
      const saved = await repo.updateAccount(
        s,
        id,
        { ...body, ...(body.name ? { name: body.name.trim() } : {}) },
        this.deps.clock.now(),
      )
      const cash = await accountsCash(s, [id], nyDate(this.deps.clock.now()))
      return saved && toAccount(saved, cash.get(id))
    })
    if (!row) throw accountNotFound()
    return row
  }
}
