/** SQL for `bot_agent` and `bot_agent_credential`; every query takes the tenant scope. */
import { sql, type Selectable } from 'kysely'
import type { TenantScope } from '../../../../platform/db/index.ts'
import type {
  AgentMode,
  AllowedHours,
  BotAgentCredentialTable,
  BotAgentTable,
  TradingState,
} from '../controls.tables.ts'

export type AgentRow = Selectable<BotAgentTable>
export type CredentialRow = Selectable<BotAgentCredentialTable>

export interface AgentFields {
  name?: string
  enabled?: boolean
  trading_state?: TradingState
  mode?: AgentMode
  allowed_symbols?: string[] | null
  allowed_hours?: AllowedHours | null
  allowed_accounts?: number[] | null
  strategy_label?: string | null
}

/** jsonb columns are written as JSON text (both engines read it back as the value). */
function jsonFields(f: AgentFields) {
  const out: Record<string, unknown> = { ...f }
  for (const k of ['allowed_symbols', 'allowed_hours', 'allowed_accounts'] as const) {
    if (k in f) out[k] = f[k] === null ? null : JSON.stringify(f[k])
  }
  return out
}

const live = (s: TenantScope) =>
  s.db.selectFrom('bot_agent').where('tenant_id', '=', s.tenantId).where('archived_at', 'is', null)

export const countAgents = (s: TenantScope) =>
  live(s)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n))

/** The name an agent holds among the live ones (migration 0056's unique index): trimmed, any case. */
const NAME_KEY = sql<string>`lower(btrim(name))`

/** The tenant's live agent named `name` (trimmed, any case) other than `exceptId`, if any. */
export const agentNamed = (s: TenantScope, name: string, exceptId?: number) => {
  let q = live(s)
    .select('id')
    .where(NAME_KEY, '=', sql<string>`lower(btrim(${name}))`)
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId)
  return q.executeTakeFirst()
}

/** Whether `err` is a write that would give two live agents of a tenant the same name. */
export function isNameTaken(err: unknown): boolean {
  const e = err as { code?: unknown; constraint?: unknown } | null
  return e?.code === '23505' && e.constraint === 'bot_agent_live_name_key'
}

/**
 * Holds the tenant's agent-creation lock to the end of the transaction, so two creates cannot both
 * count the same number of agents and pass the plan's cap together, nor two creates or renames both
 * find a name free and take it.
 */
export async function lockAgentCreation(s: TenantScope): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`bot_agent:${s.tenantId}`}, 0))`.execute(s.db)
}

export const listAgents = (s: TenantScope, limit: number, offset: number) =>
  live(s).selectAll().orderBy('id').limit(limit).offset(offset).execute()

/** A live (not archived) agent of the tenant. */
export const findAgent = (s: TenantScope, id: number) =>
  live(s).selectAll().where('id', '=', id).executeTakeFirst()

/** The agent locked for the rest of the transaction (edits, credential rotation and archiving serialise). */
export const lockAgent = (s: TenantScope, id: number) =>
  live(s).selectAll().where('id', '=', id).forUpdate().executeTakeFirst()

export async function insertAgent(
  s: TenantScope,
  f: AgentFields & { name: string; created_by: number },
  now: Date,
) {
  const row = await s.db
    .insertInto('bot_agent')
    .values({
      ...jsonFields(f),
      name: f.name,
      created_by: f.created_by,
      tenant_id: s.tenantId,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  await s.db
    .insertInto('bot_agent_limits')
    .values({ tenant_id: s.tenantId, agent_id: row.id, updated_by: f.created_by, updated_at: now })
    .execute()
  return row
}

export const updateAgent = (s: TenantScope, id: number, f: AgentFields, now: Date) =>
  s.db
    .updateTable('bot_agent')
    .set({ ...jsonFields(f), updated_at: now })
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()

/**
 * Archives the agent: disabled and hidden, its credential deleted (the key stops at once). Its
 * pending approvals are the approvals' to close (`AgentsDeps.rejectHeld`), in the same transaction.
 */
export async function archiveAgent(s: TenantScope, id: number, now: Date): Promise<void> {
  await s.db
    .updateTable('bot_agent')
    .set({ archived_at: now, updated_at: now, enabled: false })
    .where('tenant_id', '=', s.tenantId)
    .where('id', '=', id)
    .execute()
  await s.db
    .deleteFrom('bot_agent_credential')
    .where('tenant_id', '=', s.tenantId)
    .where('agent_id', '=', id)
    .execute()
}

export const credentialsOf = (s: TenantScope, agentIds: readonly number[]) =>
  agentIds.length === 0
    ? Promise.resolve([] as CredentialRow[])
    : s.db
        .selectFrom('bot_agent_credential')
        .selectAll()
        .where('tenant_id', '=', s.tenantId)
        .where('agent_id', 'in', agentIds)
        .execute()

/** Issues or replaces the agent's one credential: the previous hash is gone when this commits. */
export async function saveCredential(
  s: TenantScope,
  c: { agent_id: number; prefix: string; key_hash: string; scopes: string[]; created_by: number },
  now: Date,
) {
  await s.db
    .deleteFrom('bot_agent_credential')
    .where('tenant_id', '=', s.tenantId)
    .where('agent_id', '=', c.agent_id)
    .execute()
  return s.db
    .insertInto('bot_agent_credential')
    .values({
      ...c,
      scopes: JSON.stringify(c.scopes),
      tenant_id: s.tenantId,
      created_at: now,
      last_used_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** The credential with this hash, with its live agent's creator (archived agents have none). */
export const credentialByHash = (s: TenantScope, keyHash: string) =>
  s.db
    .selectFrom('bot_agent_credential as c')
    .innerJoin('bot_agent as a', (j) =>
      j.onRef('a.tenant_id', '=', 'c.tenant_id').onRef('a.id', '=', 'c.agent_id'),
    )
    .select(['c.agent_id', 'c.scopes', 'c.last_used_at', 'a.created_by'])
    .where('c.tenant_id', '=', s.tenantId)
    .where('c.key_hash', '=', keyHash)
    .where('a.archived_at', 'is', null)
    .executeTakeFirst()

export const touchCredential = (s: TenantScope, agentId: number, now: Date) =>
  s.db
    .updateTable('bot_agent_credential')
    .set({ last_used_at: now })
    .where('tenant_id', '=', s.tenantId)
    .where('agent_id', '=', agentId)
    .execute()
