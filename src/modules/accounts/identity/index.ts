/**
 * Identity and access: accounts, sessions (password grant, refresh rotation, logout), MFA,
 * e-mail/phone verification, password reset and API keys. The authenticator (built by the
 * container after the modules) uses its session check and API-key resolver.
 */
import type { App } from '../../../platform/http/app-type.ts'
import { defineModule, job, type ModuleContext } from '../../module.ts'
import { identitySweep } from './identity.sweep.ts'
import type { Tenancy } from '../tenancy/index.ts'
import { ApiKeyService } from './api-keys.service.ts'
import { authRoutes } from './auth.routes.ts'
import type { IdentityDeps } from './identity.service.ts'
import { IDENTITY_TABLES } from './identity.tables.ts'
import * as m0002 from './migrations/0002_identity.ts'
import { mfaRoutes } from './mfa.routes.ts'
import { MfaService } from './mfa.service.ts'
import { SessionService } from './sessions.service.ts'
import {
  JOB_REACTIVATION_MAIL,
  JOB_REGISTRATION_NOTICE,
  JOB_VERIFICATION_MAIL,
  UsersService,
} from './users.service.ts'
import { verificationRoutes } from './verification.routes.ts'
import { JOB_EMAIL_CODE, JOB_RESET, VerificationService } from './verification.service.ts'
import { identityPages } from './web.routes.ts'

export type { IdentityDeps } from './identity.service.ts'
export { hashPassword } from './lib/passwords.ts'
/** Tenant-carrying one-time tokens (`<prefix><tenant>.<random>`, stored as SHA-256): other modules' keys reuse them. */
export { issueToken, tenantOfToken } from './lib/one-time.ts'
export { accountHolder, accountMailbox } from './users.service.ts'

export interface Identity {
  config: IdentityDeps['config']
  sessions: SessionService
  users: UsersService
  mfa: MfaService
  verification: VerificationService
  apiKeys: ApiKeyService
}

function createIdentity(ctx: ModuleContext, { tenancy }: { tenancy: Tenancy }): Identity {
  const deps: IdentityDeps = {
    ...ctx,
    email: ctx.providers.email,
    sms: ctx.providers.sms,
    entitlements: tenancy.entitlements,
  }
  const sessions = new SessionService(deps)
  const users = new UsersService(deps, sessions)
  return {
    config: deps.config,
    sessions,
    users,
    mfa: new MfaService(deps, sessions),
    verification: new VerificationService(deps, users, sessions),
    apiKeys: new ApiKeyService(deps),
  }
}

function identityRoutes(app: App, identity: Identity): void {
  authRoutes(app, { identity })
  mfaRoutes(app, { identity })
  verificationRoutes(app, { identity })
  identityPages(app)
}

type Mail = { email: string }

export const identityModule = defineModule({
  name: 'identity',
  key: 'identity',
  needs: { tenancy: true },
  tables: IDENTITY_TABLES,
  migrations: [['0002_identity', m0002]],
  build: createIdentity,
  routes: identityRoutes,
  jobs: ({ users, verification }) => [
    job<Mail>(JOB_VERIFICATION_MAIL, (p) => verification.sendEmailLink(p.email)),
    job<Mail>(JOB_EMAIL_CODE, (p) => verification.sendEmailCode(p.email)),
    job<Mail>(JOB_RESET, (p) => verification.sendReset(p.email)),
    job<Mail>(JOB_REACTIVATION_MAIL, (p) => users.sendReactivation(p.email)),
    job<Mail>(JOB_REGISTRATION_NOTICE, (p) => users.sendRegistrationNotice(p.email)),
  ],
  sweep: identitySweep,
})
