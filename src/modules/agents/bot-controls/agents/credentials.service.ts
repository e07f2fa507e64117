/**
 * Agent credentials: one API key per agent, bound to the agent and its scopes, shown once and
 * stored as its SHA-256. Issuing again replaces it: the old key stops when the new one commits.
 * Keys carry their tenant (`sxa_<tenant>.<random>`), so a key is looked up inside that tenant's
 * scope. Nothing is cached: every use reads the row, so a rotation or an archive is seen at once
 * by every process.
 */
import { effectiveTenant, type RequestScope } from '../../../../platform/auth/scope.ts'
import type { Clock } from '../../../../platform/clock.ts'
import { sha256Hex } from '../../../../platform/crypto.ts'
import type { Scopes } from '../../../../platform/db/index.ts'
import { issueToken, tenantOfToken } from '../../../accounts/identity/index.ts'
import * as repo from './agents.repository.ts'
import { requireAgent, type TenantQuery } from './agents.service.ts'
import {
  AGENT_SCOPES,
  type AgentPrincipal,
  type AgentScope,
  DEFAULT_AGENT_SCOPES,
  type IssuedCredential,
} from './lib/types.ts'

/** Every agent key starts with this. */
export const AGENT_KEY_PREFIX = 'sxa_'
/** `last_used_at` is written at most this often per key (a read per use, a write per minute). */
const TOUCH_EVERY_MS = 60_000

/** The shown part of a key: its tenant and the first four random characters. */
export const keyPrefix = (key: string) => key.slice(0, key.indexOf('.') + 5)

export class CredentialsService {
  constructor(private readonly deps: { scopes: Scopes; clock: Clock }) {}

  /** Issues (or rotates) the agent's key; the answer is the only time the key is shown. */
  async issue(
    scope: RequestScope,
    agentId: number,
    scopes: readonly AgentScope[] = DEFAULT_AGENT_SCOPES,
    q: TenantQuery = {},
  ): Promise<IssuedCredential> {
    const tenantId = effectiveTenant(scope, q.tenant_id)
    const granted = AGENT_SCOPES.filter((x) => scopes.includes(x))
    const { token, hash } = issueToken(tenantId, AGENT_KEY_PREFIX)
    const now = this.deps.clock.now()
    const row = await this.deps.scopes.withTenant(tenantId, async (s) => {
      await requireAgent(s, agentId, true)
      return repo.saveCredential(
        s,
        {
          agent_id: agentId,
          prefix: keyPrefix(token),
          key_hash: hash,
          scopes: granted,
          created_by: scope.userId,
        },
        now,
      )
    })
    return {
      agent_id: agentId,
      key: token,
      prefix: row.prefix,
      scopes: granted,
      created_at: row.created_at.toISOString(),
    }
  }

  /** The agent a presented key stands for, or null (malformed, unknown, replaced, or its agent archived). */
  async resolve(key: string): Promise<AgentPrincipal | null> {
    const tenantId = tenantOfToken(key, AGENT_KEY_PREFIX)
    if (tenantId === null) return null
    const now = this.deps.clock.now()
    return this.deps.scopes.withTenant(tenantId, async (s) => {
      const c = await repo.credentialByHash(s, sha256Hex(key))
      if (!c) return null
      const agentId = Number(c.agent_id)
      if (!c.last_used_at || now.getTime() - c.last_used_at.getTime() >= TOUCH_EVERY_MS) {
        await repo.touchCredential(s, agentId, now)
      }
      return { tenantId, agentId, userId: Number(c.created_by), scopes: c.scopes as AgentScope[] }
    })
  }

  /**
   * Whether `key` is a live agent key (known, current, its agent not archived), without counting
   * it as used: the platform asks this to refuse such a key on a person's operation with a 403.
   */
  async isLive(key: string): Promise<boolean> {
    const tenantId = tenantOfToken(key, AGENT_KEY_PREFIX)
    if (tenantId === null) return false
    const c = await this.deps.scopes.withTenant(tenantId, (s) => repo.credentialByHash(s, sha256Hex(key)))
    return c !== undefined
  }
}
