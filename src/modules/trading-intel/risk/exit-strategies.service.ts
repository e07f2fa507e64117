/**
 * Exit strategies (not among the required operations): a tenant's named rule sets for POST /exit/compute.
 * Defaults by method (atr: 14 bars, k 2; chandelier: 22 bars, k 3, trailing; percent: needs `percent`);
 * a strategy names an account or symbols, not both; names are unique per tenant (409).
 */
import { effectiveTenant, type RequestScope } from '../../../platform/auth/scope.ts'
import type { Scopes, TenantScope } from '../../../platform/db/index.ts'
import { ConflictError, NotFoundError, UnprocessableError } from '../../../platform/http/errors.ts'
import { afterKey, resolvePage, toPage, type PageResult } from '../../../platform/http/pagination.ts'
import type { HoldingsService } from '../../portfolio/index.ts'
import * as repo from './exit-strategies.repository.ts'
import type {
  StrategyInput,
  StrategyListQueryInput,
  StrategyOut,
  StrategyPatchInput,
} from './exit.schemas.ts'
import {
  CHANDELIER_MULTIPLIER,
  CHANDELIER_PERIOD,
  DEFAULT_ATR_PERIOD,
  DEFAULT_MULTIPLIER,
} from './lib/stops.ts'
import type { ExitMethod } from './risk.tables.ts'

export interface ExitStrategiesDeps {
  scopes: Scopes
  holdings: Pick<HoldingsService, 'latest'>
}

export const strategyNotFound = () => new NotFoundError('exit.strategy_not_found', 'No such exit strategy')

/** The defaults a method fills in when the body leaves them out. */
export function methodDefaults(method: ExitMethod) {
  return method === 'chandelier'
    ? { atr_period: CHANDELIER_PERIOD, multiplier: CHANDELIER_MULTIPLIER, trailing: true }
    : { atr_period: DEFAULT_ATR_PERIOD, multiplier: DEFAULT_MULTIPLIER, trailing: false }
}

interface Resolved {
  name: string
  method: ExitMethod
  atr_period: number
  multiplier: number
  percent: number | null
  trailing: boolean
  account_id: number | null
  symbols: string[] | null
}

export class ExitStrategiesService {
  constructor(private readonly deps: ExitStrategiesDeps) {}

  async create(scope: RequestScope, b: StrategyInput): Promise<StrategyOut> {
    const d = methodDefaults(b.method)
    const v = await this.checked(scope.tenantId, {
      name: b.name.trim(),
      method: b.method,
      atr_period: b.atr_period ?? d.atr_period,
      multiplier: b.multiplier ?? d.multiplier,
      percent: b.percent ?? null,
      trailing: b.trailing ?? d.trailing,
      account_id: b.account_id ?? null,
      symbols: b.symbols ?? null,
    })
    const row = await this.deps.scopes.withTenant(scope.tenantId, (s) => repo.insertStrategy(s, toValues(v)))
    if (!row) throw nameTaken(v.name)
    return strategyOut(row)
  }

  async list(scope: RequestScope, q: StrategyListQueryInput): Promise<PageResult<StrategyOut>> {
    const tenantId = effectiveTenant(scope, q.tenant_id)
    const req = resolvePage(q)
    const after = afterKey<[number]>(req, ['int'])
    const [rows, total] = await this.deps.scopes.withTenant(tenantId, async (s) => [
      await repo.listStrategies(s, after?.[0] ?? null, req.offset, req.pageSize + 1),
      await repo.countStrategies(s),
    ])
    return toPage(rows, req, (r) => [r.id], strategyOut, total)
  }

  async get(scope: RequestScope, id: number): Promise<StrategyOut> {
    return strategyOut(await this.deps.scopes.withTenant(scope.tenantId, (s) => found(s, id)))
  }

  async update(scope: RequestScope, id: number, p: StrategyPatchInput): Promise<StrategyOut> {
    const before = strategyOut(await this.deps.scopes.withTenant(scope.tenantId, (s) => found(s, id)))
    const methodChanged = p.method !== undefined && p.method !== before.method
    const d = methodDefaults(p.method ?? before.method)
    const v = await this.checked(scope.tenantId, {
      name: p.name?.trim() ?? before.name,
      method: p.method ?? before.method,
      atr_period: p.atr_period ?? (methodChanged ? d.atr_period : before.atr_period),
      multiplier: p.multiplier ?? (methodChanged ? d.multiplier : before.multiplier),
      percent: p.percent === undefined ? before.percent : p.percent,
      trailing: p.trailing ?? (methodChanged ? d.trailing : before.trailing),
      account_id: p.account_id === undefined ? before.account_id : p.account_id,
      symbols: p.symbols === undefined ? before.symbols : p.symbols,
    })
    const row = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      await found(s, id)
      const other = await repo.findStrategyByName(s, v.name)
      if (other && other.id !== id) throw nameTaken(v.name)
      return repo.updateStrategy(s, id, toValues(v))
    })
    return strategyOut(row)
  }

  async remove(scope: RequestScope, id: number): Promise<void> {
    const gone = await this.deps.scopes.withTenant(scope.tenantId, (s) => repo.deleteStrategy(s, id))
    if (!gone) throw strategyNotFound()
  }

  /** The rules across fields; an account must be the tenant's (checked through the portfolio API). */
  private async checked(tenantId: number, v: Resolved): Promise<Resolved> {
    if (v.method === 'percent' && v.percent === null)
      throw UnprocessableError.field(['body', 'percent'], 'required for the percent method', 'required')
    if (v.account_id !== null && v.symbols !== null)
      throw UnprocessableError.field(['body', 'symbols'], 'give account_id or symbols, not both', 'exclusive')
    if (v.account_id !== null) {
      try {
        await this.deps.holdings.latest(tenantId, { accountId: v.account_id, limit: 1 })
      } catch (e) {
        if (e instanceof NotFoundError)
          throw UnprocessableError.field(['body', 'account_id'], 'unknown account', 'unknown_account')
        throw e
      }
    }
    return { ...v, symbols: v.symbols?.map((s) => s.toUpperCase()) ?? null }
  }
}

async function found(s: TenantScope, id: number): Promise<repo.StrategyRow> {
  const row = await repo.findStrategy(s, id)
  if (!row) throw strategyNotFound()
  return row
}

const nameTaken = (name: string) =>
  new ConflictError('exit.strategy_name_taken', `An exit strategy named "${name}" already exists`)

function toValues(v: Resolved) {
  return {
    name: v.name,
    method: v.method,
    atr_period: v.atr_period,
    multiplier: v.multiplier,
    percent: v.percent,
    trailing_stop: v.trailing,
    account_id: v.account_id,
    symbols: v.symbols === null ? null : JSON.stringify(v.symbols),
  }
}

export function strategyOut(r: repo.StrategyRow): StrategyOut {
  return {
    id: r.id,
    name: r.name,
    method: r.method,
    atr_period: r.atr_period,
    multiplier: Number(r.multiplier),
    percent: r.percent === null ? null : Number(r.percent),
    trailing: r.trailing_stop,
    account_id: r.account_id === null ? null : Number(r.account_id),
    symbols: r.symbols,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  }
}
