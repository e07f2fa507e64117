/** What the identity services share: their dependencies, the request context, and small helpers. */
import type { Logger } from 'pino'
import type { TokenSigner } from '../../../platform/auth/tokens.ts'
import type { Cache } from '../../../platform/cache/index.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Config } from '../../../platform/config.ts'
import type { SecretCipher } from '../../../platform/crypto.ts'
import type { Scopes } from '../../../platform/db/index.ts'
import type { FeatureFlags } from '../../../platform/feature-flags.ts'
import type { Ids } from '../../../platform/ids.ts'
import type { JobQueue } from '../../../platform/jobs/index.ts'
import type { EmailSender } from '../../../providers/email/index.ts'
import type { SmsSender } from '../../../providers/sms/index.ts'
import type { User } from './identity.schemas.ts'
import type { UserRow } from './users.repository.ts'
import { insertAudit, type AuditEvent } from '../../../platform/audit-log.ts'
import type { EntitlementsService } from '../tenancy/index.ts'

export interface IdentityDeps {
  config: Config
  scopes: Scopes
  cache: Cache
  clock: Clock
  ids: Ids
  signer: TokenSigner
  cipher: SecretCipher
  jobs: JobQueue
  email: EmailSender
  sms: SmsSender
  flags: FeatureFlags
  log: Logger
  /** Tenancy's plan limits and features (GET /api/auth/me/entitlements answers through it). */
  entitlements: EntitlementsService
}

/** Who is calling, for the audit log and session rows. */
export interface RequestContext {
  ip: string | null
  userAgent: string | null
}

/** `plan` is the tenant's plan code (tenancy's `tenant` row). */
export function toUser(row: UserRow, plan: string, mfaEnabled: boolean): User {
  return {
    id: row.id,
    email: row.email,
    full_name: row.full_name,
    email_verified: row.email_verified_at !== null,
    phone: row.phone,
    phone_verified: row.phone_verified_at !== null,
    tenant_id: row.tenant_id,
    role: row.role,
    plan,
    mfa_enabled: mfaEnabled,
    created_at: row.created_at.toISOString(),
  }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** Writes a security event; events of unknown accounts (no tenant) go through system scope. */
export async function audit(deps: Pick<IdentityDeps, 'scopes'>, e: AuditEvent): Promise<void> {
  if (e.tenantId === null)
    await deps.scopes.withSystem('audit: event without tenant', ({ db }) => insertAudit(db, e))
  else await deps.scopes.withTenant(e.tenantId, ({ db }) => insertAudit(db, e))
}

export const addSeconds = (d: Date, s: number) => new Date(d.getTime() + s * 1000)
