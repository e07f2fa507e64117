/**
 * Identity and access: accounts, sessions (password grant, refresh rotation, logout), MFA,
 * e-mail/phone verification, password reset and API keys. The container builds it with
 * `createIdentity`; the authenticator uses its session check and API-key resolver.
 */
import type { App } from '../../platform/http/app-type.ts'
import { AccountService } from './accounts.service.ts'
import { ApiKeyService } from './api-keys.service.ts'
import { authRoutes } from './auth.routes.ts'
import type { IdentityDeps } from './identity.context.ts'
import { MfaService } from './mfa.service.ts'
import { mfaRoutes } from './mfa.routes.ts'
import { SessionService } from './sessions.service.ts'
import { VerificationService } from './verification.service.ts'
import { verificationRoutes } from './verification.routes.ts'
import { identityPages } from './web.routes.ts'

export type { IdentityDeps } from './identity.context.ts'
export { hashPassword } from './lib/passwords.ts'
export { accountHolder } from './accounts.service.ts'

export interface Identity {
  config: IdentityDeps['config']
  sessions: SessionService
  accounts: AccountService
  mfa: MfaService
  verification: VerificationService
  apiKeys: ApiKeyService
}

export function createIdentity(deps: IdentityDeps): Identity {
  const sessions = new SessionService(deps)
  const accounts = new AccountService(deps, sessions)
  return {
    config: deps.config,
    sessions,
    accounts,
    mfa: new MfaService(deps, sessions),
    verification: new VerificationService(deps, accounts, sessions),
    apiKeys: new ApiKeyService(deps),
  }
}

export function identityRoutes(app: App, deps: { identity: Identity }): void {
  authRoutes(app, deps)
  mfaRoutes(app, deps)
  verificationRoutes(app, deps)
  identityPages(app)
}
