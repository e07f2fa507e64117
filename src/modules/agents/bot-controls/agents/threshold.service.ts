/**
 * The approval threshold: an agent's order whose priced notional is above it waits for a person.
 * The tenant has one (null: no order needs approval) and each account may override it; the
 * account's override takes precedence over the tenant's threshold.
 */
import { effectiveTenant, type RequestScope } from '../../../../platform/auth/scope.ts'
import type { Clock } from '../../../../platform/clock.ts'
import type { Scopes, TenantScope } from '../../../../platform/db/index.ts'
import { UnprocessableError } from '../../../../platform/http/errors.ts'
import type { AccountNames, TenantQuery } from './agents.service.ts'
import * as repo from './controls.repository.ts'
import { money, moneyOrNull } from './lib/values.ts'
import type { ThresholdView } from './lib/types.ts'

const latest = (dates: (Date | undefined)[]) =>
  dates.reduce<Date | null>((a, d) => (d && (!a || d > a) ? d : a), null)

/** The effective threshold of an account's override (null: none) and the tenant's threshold (null: none). */
export const effectiveThreshold = (
  override: string | null,
  tenant: string | null | undefined,
): string | null => (override !== null ? money(override) : moneyOrNull(tenant))

export class ThresholdService {
  constructor(private readonly deps: { scopes: Scopes; clock: Clock; accountNames: AccountNames }) {}

  /** The threshold an order in this account is held above: the account's override, else the tenant's, else null (none). */
  async effective(s: TenantScope, accountId: number): Promise<string | null> {
    const o = await repo.accountOverride(s, accountId)
    if (o) return effectiveThreshold(o.threshold, null)
    return effectiveThreshold(null, (await repo.tenantThreshold(s))?.threshold)
  }

  /** Every account's own threshold (money), by account id: what applies there instead of the tenant's. */
  async overrides(s: TenantScope): Promise<Map<number, string>> {
    const rows = await repo.overrides(s)
    return new Map(rows.map((r) => [Number(r.account_id), money(r.threshold)]))
  }

  get(scope: RequestScope, q: TenantQuery = {}): Promise<ThresholdView> {
    const tenantId = effectiveTenant(scope, q.tenant_id)
    return this.deps.scopes.withTenant(tenantId, (s) => this.view(s))
  }

  put(scope: RequestScope, body: { threshold: string | null }, q: TenantQuery = {}): Promise<ThresholdView> {
    const now = this.deps.clock.now()
    return this.deps.scopes.withTenant(effectiveTenant(scope, q.tenant_id), async (s) => {
      await repo.saveTenantThreshold(s, body.threshold, scope.userId, now)
      return this.view(s)
    })
  }

  /** Sets (or, with null, removes) an account's own threshold; either moves `updated_at` to now. */
  putOverride(
    scope: RequestScope,
    body: { account_id: number; threshold: string | null },
    q: TenantQuery = {},
  ): Promise<ThresholdView> {
    const now = this.deps.clock.now()
    return this.deps.scopes.withTenant(effectiveTenant(scope, q.tenant_id), async (s) => {
      const names = await this.deps.accountNames(s, [body.account_id])
      if (!names.has(body.account_id)) {
        throw new UnprocessableError(
          'bot.account_not_found',
          `account_id: account ${body.account_id} is not one of yours`,
          [
            {
              loc: ['body', 'account_id'],
              msg: `account ${body.account_id} is not one of yours`,
              type: 'not_found',
            },
          ],
        )
      }
      if (body.threshold !== null)
        await repo.saveOverride(s, body.account_id, body.threshold, scope.userId, now)
      // `updated_at` is the latest row's: a removal leaves no row, so it dates itself on the tenant's.
      else if (await repo.deleteOverride(s, body.account_id))
        await repo.touchTenantThreshold(s, scope.userId, now)
      return this.view(s)
    })
  }

  private async view(s: TenantScope): Promise<ThresholdView> {
    const t = await repo.tenantThreshold(s)
    const rows = await repo.overrides(s)
    const names = await this.deps.accountNames(
      s,
      rows.map((r) => Number(r.account_id)),
    )
    const updated = latest([t?.updated_at, ...rows.map((r) => r.updated_at)])
    return {
      tenant_id: s.tenantId,
      threshold: moneyOrNull(t?.threshold),
      overrides: rows.map((r) => ({
        account_id: Number(r.account_id),
        account_name: names.get(Number(r.account_id)) ?? '',
        threshold: money(r.threshold),
      })),
      updated_at: updated?.toISOString() ?? null,
    }
  }
}
