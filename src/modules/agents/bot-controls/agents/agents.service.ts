/** The tenant's agents: list, create, read, edit, archive. */
import { effectiveTenant, type RequestScope } from '../../../../platform/auth/scope.ts'
import type { Clock } from '../../../../platform/clock.ts'
import type { Scopes, TenantScope } from '../../../../platform/db/index.ts'
import { ConflictError, NotFoundError, UnprocessableError } from '../../../../platform/http/errors.ts'
import type { AllowedHours } from '../controls.tables.ts'
import type { AgentCap } from './agent-cap.service.ts'
import * as repo from './agents.repository.ts'
import { checkHours, normalizeSymbols } from './lib/values.ts'
import type { AgentScope, AgentView } from './lib/types.ts'

export const agentNotFound = () => new NotFoundError('bot.agent_not_found', 'Agent not found')

/** Another live agent of the tenant has this name (trimmed, any case): 409, nothing written. */
export const agentNameTaken = (name: string) =>
  new ConflictError(
    'bot.agent_name_taken',
    `An agent named "${name}" already exists: names are unique among the tenant's agents, ignoring case`,
    { extra: { name } },
  )

/**
 * Runs a write that may name an agent. The name is checked under the tenant's creation lock first;
 * the unique index answers the same 409 should a write still race past that check.
 */
async function naming<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (err) {
    if (name !== undefined && repo.isNameTaken(err)) throw agentNameTaken(name)
    throw err
  }
}

/** In the creation lock: 409 when another live agent (not `exceptId`) holds the name. */
async function claimName(s: TenantScope, name: string, exceptId?: number): Promise<void> {
  await repo.lockAgentCreation(s)
  if (await repo.agentNamed(s, name, exceptId)) throw agentNameTaken(name)
}

/** In the caller's transaction: names of the tenant's accounts among the ids (absent: not the tenant's). */
export type AccountNames = (s: TenantScope, ids: readonly number[]) => Promise<Map<number, string>>

/**
 * In the caller's transaction: the agent's pending approvals rejected by `by`, their orders with
 * them and their budgets given back (the approvals' own rule).
 */
export type RejectHeld = (s: TenantScope, agentId: number, by: number, note: string) => Promise<unknown>

export interface AgentsDeps {
  scopes: Scopes
  clock: Clock
  accountNames: AccountNames
  rejectHeld: RejectHeld
  /** The plan's cap on live agents (402 `plan.limit_reached` at it). */
  cap: AgentCap
}

export interface AgentInput {
  name?: string
  enabled?: boolean
  trading_state?: repo.AgentFields['trading_state']
  mode?: repo.AgentFields['mode']
  allowed_symbols?: string[] | null
  allowed_hours?: AllowedHours | null
  allowed_accounts?: number[] | null
  strategy_label?: string | null
}

export interface TenantQuery {
  tenant_id?: number
}

export function toAgentView(a: repo.AgentRow, c: repo.CredentialRow | undefined): AgentView {
  return {
    agent_id: Number(a.id),
    name: a.name,
    enabled: a.enabled,
    trading_state: a.trading_state,
    mode: a.mode,
    allowed_symbols: a.allowed_symbols,
    allowed_hours: a.allowed_hours,
    allowed_accounts: a.allowed_accounts,
    strategy_label: a.strategy_label,
    credential: c
      ? {
          prefix: c.prefix,
          scopes: c.scopes as AgentScope[],
          created_at: c.created_at.toISOString(),
          last_used_at: c.last_used_at?.toISOString() ?? null,
        }
      : null,
    created_at: a.created_at.toISOString(),
    updated_at: a.updated_at.toISOString(),
  }
}

/** The agent (live, the tenant's) or 404 `bot.agent_not_found`. */
export async function requireAgent(s: TenantScope, id: number, lock = false): Promise<repo.AgentRow> {
  const a = lock ? await repo.lockAgent(s, id) : await repo.findAgent(s, id)
  if (!a) throw agentNotFound()
  return a
}

export class AgentsService {
  constructor(private readonly deps: AgentsDeps) {}

  async list(
    scope: RequestScope,
    q: TenantQuery & { page?: number; page_size?: number },
  ): Promise<{ items: AgentView[]; total: number; page: number; page_size: number }> {
    const page = q.page ?? 1
    const size = q.page_size ?? 20
    return this.deps.scopes.withTenant(effectiveTenant(scope, q.tenant_id), async (s) => {
      const [total, rows] = [await repo.countAgents(s), await repo.listAgents(s, size, (page - 1) * size)]
      const creds = await repo.credentialsOf(
        s,
        rows.map((r) => Number(r.id)),
      )
      const byAgent = new Map(creds.map((c) => [Number(c.agent_id), c]))
      return {
        items: rows.map((r) => toAgentView(r, byAgent.get(Number(r.id)))),
        total,
        page,
        page_size: size,
      }
    })
  }

  async create(scope: RequestScope, body: AgentInput & { name: string }, q: TenantQuery): Promise<AgentView> {
    const now = this.deps.clock.now()
    const tenantId = effectiveTenant(scope, q.tenant_id)
    const withinCap = await this.deps.cap(scope, tenantId)
    const name = body.name.trim()
    return naming(name, () =>
      this.deps.scopes.withTenant(tenantId, async (s) => {
        const fields = await this.checked(s, body)
        await claimName(s, name)
        withinCap(await repo.countAgents(s))
        const row = await repo.insertAgent(s, { ...fields, name, created_by: scope.userId }, now)
        return toAgentView(row, undefined)
      }),
    )
  }

  async get(scope: RequestScope, id: number, q: TenantQuery): Promise<AgentView> {
    return this.deps.scopes.withTenant(effectiveTenant(scope, q.tenant_id), async (s) => {
      const a = await requireAgent(s, id)
      const [c] = await repo.credentialsOf(s, [id])
      return toAgentView(a, c)
    })
  }

  async patch(scope: RequestScope, id: number, body: AgentInput, q: TenantQuery): Promise<AgentView> {
    const now = this.deps.clock.now()
    const name = body.name?.trim()
    return naming(name, () =>
      this.deps.scopes.withTenant(effectiveTenant(scope, q.tenant_id), async (s) => {
        await requireAgent(s, id, true)
        const fields = await this.checked(s, body)
        if (name !== undefined) await claimName(s, name, id)
        const row = await repo.updateAgent(s, id, fields, now)
        const [c] = await repo.credentialsOf(s, [id])
        return toAgentView(row, c)
      }),
    )
  }

  /** Archives the agent: gone from lists, its key stops, its pending approvals are rejected (budgets back). */
  async archive(
    scope: RequestScope,
    id: number,
    q: TenantQuery,
  ): Promise<{ agent_id: number; archived: true }> {
    const now = this.deps.clock.now()
    await this.deps.scopes.withTenant(effectiveTenant(scope, q.tenant_id), async (s) => {
      await requireAgent(s, id, true)
      await repo.archiveAgent(s, id, now)
      await this.deps.rejectHeld(s, id, scope.userId, 'agent archived')
    })
    return { agent_id: id, archived: true }
  }

  /** The fields to write: names trimmed, symbols normalised, hours ordered, accounts the tenant's. */
  private async checked(s: TenantScope, body: AgentInput): Promise<repo.AgentFields> {
    const out: repo.AgentFields = { ...body }
    if (body.name !== undefined) out.name = body.name.trim()
    if (typeof body.strategy_label === 'string') out.strategy_label = body.strategy_label.trim() || null
    if (body.allowed_symbols) out.allowed_symbols = normalizeSymbols(body.allowed_symbols)
    checkHours(body.allowed_hours)
    if (body.allowed_accounts) {
      const ids = [...new Set(body.allowed_accounts)]
      const names = await this.deps.accountNames(s, ids)
      const i = body.allowed_accounts.findIndex((id) => !names.has(id))
      if (i >= 0) {
        const id = body.allowed_accounts[i]!
        throw new UnprocessableError(
          'bot.account_not_found',
          `allowed_accounts: account ${id} is not one of yours`,
          [
            {
              loc: ['body', 'allowed_accounts', i],
              msg: `account ${id} is not one of yours`,
              type: 'not_found',
            },
          ],
        )
      }
      out.allowed_accounts = ids
    }
    return out
  }
}
