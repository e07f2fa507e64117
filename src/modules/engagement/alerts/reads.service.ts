/**
 * Reads of another module's per-user data during a background evaluation, made as the rule's user:
 * the scope carries the tenant's plan and the user's role as identity knows them (the scope the
 * user's own requests get), so a plan- or role-gated read answers as it would answer the user. A
 * read refused for that reason — 402 (the plan), 403 (the role), 404 (the user or the thing read is
 * gone) — skips the rule: the reason is stored on it (`skipped` in GET /api/alerts/prefs) and
 * cleared the next time the rule's reads succeed. Any other failure propagates as before.
 */
import type { Logger } from 'pino'
import type { RequestScope } from '../../../platform/auth/scope.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import { AppError } from '../../../platform/http/errors.ts'
import type { Identity } from '../../accounts/identity/index.ts'
import * as repo from './firing.repository.ts'

/** Why a rule was skipped: which read, and the answer a request of the user would have had. */
export interface SkipNote {
  at: string
  read: string
  status: number
  code: string
  message: string
}

export interface ReadsDeps {
  scopes: Scopes
  clock: Clock
  log: Pick<Logger, 'info'>
  users: Pick<Identity['users'], 'me'>
}

const REFUSED = new Set([402, 403, 404])

/** One evaluation pass: user scopes looked up once each; `finish` records what was skipped and what ran. */
export class ReadPass {
  private readonly scopeOf = new Map<string, Promise<RequestScope>>()
  private readonly skipped = new Map<number, { tenantId: number; note: SkipNote }>()
  private readonly ran = new Map<number, number>()

  constructor(private readonly deps: ReadsDeps) {}

  /** The user's scope: tenant, user, the tenant's plan and the user's role. */
  scope(tenantId: number, userId: number): Promise<RequestScope> {
    const key = `${tenantId}:${userId}`
    let at = this.scopeOf.get(key)
    if (!at) {
      at = this.deps.users.me({ tenantId, userId }).then((me) => ({
        tenantId,
        userId,
        role: me.role,
        plan: me.plan,
        via: 'bearer' as const,
      }))
      this.scopeOf.set(key, at)
    }
    return at
  }

  /** `fn` with the rule user's scope; null (and the rule noted as skipped) when refused. */
  async as<T>(rule: repo.LiveRule, read: string, fn: (scope: RequestScope) => Promise<T>): Promise<T | null> {
    try {
      const out = await fn(await this.scope(rule.tenant_id, rule.user_id))
      if (!this.skipped.has(rule.id)) this.ran.set(rule.id, rule.tenant_id)
      return out
    } catch (e) {
      if (!(e instanceof AppError) || !REFUSED.has(e.status)) throw e
      const note = {
        at: this.deps.clock.now().toISOString(),
        read,
        status: e.status,
        code: e.code,
        message: e.message,
      }
      this.deps.log.info({ rule_id: rule.id, tenant_id: rule.tenant_id, ...note }, 'alerts: rule skipped')
      this.skipped.set(rule.id, { tenantId: rule.tenant_id, note })
      this.ran.delete(rule.id)
      return null
    }
  }

  /** Stores the skip notes of this pass and clears those of the rules whose reads succeeded. */
  async finish(): Promise<void> {
    const tenants = new Set([...this.ran.values(), ...[...this.skipped.values()].map((x) => x.tenantId)])
    for (const tenantId of tenants) {
      const skips = [...this.skipped].filter(([, x]) => x.tenantId === tenantId)
      const ran = [...this.ran].filter(([, t]) => t === tenantId).map(([id]) => id)
      await this.deps.scopes.withTenant(tenantId, async (s) => {
        for (const [ruleId, { note }] of skips) await repo.saveSkipped(s, ruleId, note, this.deps.clock.now())
        await repo.clearSkipped(s, ran)
      })
    }
  }
}

export class ReadsService {
  constructor(private readonly deps: ReadsDeps) {}

  pass(): ReadPass {
    return new ReadPass(this.deps)
  }

  /** Runs `work` in a pass and records the pass's skips, also when `work` fails. */
  async within<T>(work: (pass: ReadPass) => Promise<T>): Promise<T> {
    const pass = this.pass()
    try {
      return await work(pass)
    } finally {
      await pass.finish()
    }
  }
}
