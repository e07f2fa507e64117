/**
 * Tenant scopes: the only way modules reach the database.
 *
 * `withTenant` opens a short transaction that sets `app.tenant_id` and switches to the
 * non-superuser role `sextant_app`, so PostgreSQL row-level security confines every statement to
 * one tenant, whatever the SQL says. Repositories still filter by tenant_id explicitly (RLS is the
 * backstop, and the filter lets indexes lead with tenant_id).
 *
 * `withSystem` is for audited cross-tenant work (login by e-mail, schedulers, admin reads): same
 * role, plus `app.system = on`, which the policies accept. The reason is logged.
 *
 * Never await a provider, an e-mail or anything slow inside either: on PGlite an open transaction
 * holds the only connection and stalls every other request.
 */
import type { CompiledQuery, Kysely, Transaction } from 'kysely'
import type { Logger } from 'pino'
import { alone, scopeSettings } from './scope-driver.ts'
import type { Database } from './schema.ts'

export type TenantId = number

export interface TenantScope {
  readonly tenantId: TenantId
  readonly db: Transaction<Database>
}

export interface SystemScope {
  readonly reason: string
  readonly db: Transaction<Database>
}

export interface Scopes {
  withTenant<T>(tenantId: TenantId, work: (scope: TenantScope) => Promise<T>): Promise<T>
  /**
   * One compiled statement as a tenant scope's whole work, its rows answered: sent alone, in its own
   * implicit transaction with the settings bound — no BEGIN, no COMMIT (ADR 0035) — a write included.
   */
  statementAlone<R>(tenantId: TenantId, statement: (scope: TenantScope) => CompiledQuery<R>): Promise<R[]>
  withSystem<T>(reason: string, work: (scope: SystemScope) => Promise<T>): Promise<T>
  /** `statementAlone` for a system scope: one compiled statement, its whole work, sent alone. */
  systemStatementAlone<R>(reason: string, statement: (scope: SystemScope) => CompiledQuery<R>): Promise<R[]>
  /** Global tables only (plans, catalogues): tenant tables read as empty here. */
  withGlobal<T>(work: (db: Transaction<Database>) => Promise<T>): Promise<T>
}

/** The tenant id as the scope's setting; anything but a positive safe integer is a bug of the caller. */
function tenantSetting(tenantId: TenantId): string {
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new Error(`invalid tenant id ${tenantId}`)
  return String(tenantId)
}

export function createScopes(root: Kysely<Database>, log: Pick<Logger, 'info'>): Scopes {
  const open = <T>(tenant: string, system: 'on' | 'off', work: (trx: Transaction<Database>) => Promise<T>) =>
    root.transaction().execute(async (trx) => {
      // Sent with BEGIN, ahead of the work's first query (scope-driver.ts): one round trip for all three.
      await trx.executeQuery(scopeSettings(tenant, system))
      return work(trx)
    })
  const scopes: Scopes = {
    withTenant(tenantId, work) {
      return open(tenantSetting(tenantId), 'off', (db) => work({ tenantId, db }))
    },
    async statementAlone<R>(tenantId: TenantId, statement: (scope: TenantScope) => CompiledQuery<R>) {
      return (await scopes.withTenant(tenantId, (s) => s.db.executeQuery(alone(statement(s))))).rows
    },
    withSystem(reason, work) {
      log.info({ system_scope: reason }, 'system scope')
      return open('', 'on', (db) => work({ reason, db }))
    },
    async systemStatementAlone<R>(reason: string, statement: (scope: SystemScope) => CompiledQuery<R>) {
      return (await scopes.withSystem(reason, (s) => s.db.executeQuery(alone(statement(s))))).rows
    },
    withGlobal(work) {
      return open('', 'off', work)
    },
  }
  return scopes
}
