/**
 * TOTP MFA: enrolment (setup → verify, which returns 10 one-time recovery codes), removal, and the
 * login challenge. The secret is stored encrypted (AES-256-GCM, bound to its tenant and user); a
 * TOTP step, once used, is refused again (no replay), and each recovery code works once.
 */
import { sha256Hex } from '../../../platform/crypto.ts'
import { ConflictError, UnprocessableError } from '../../../platform/http/errors.ts'
import type { RequestScope } from '../../../platform/auth/scope.ts'
import { audit, type IdentityDeps, type RequestContext } from './identity.service.ts'
import type { TokenPair } from './identity.schemas.ts'
import * as creds from './credentials.repository.ts'
import { newRecoveryCode, normalizeRecoveryCode } from './lib/one-time.ts'
import { matchTotp, newTotpSecret, otpauthUrl } from './lib/totp.ts'
import { OAuthGrantError, type SessionService } from './sessions.service.ts'
import { findUser } from './users.repository.ts'

const RECOVERY_CODES = 10
const aad = (tenantId: number, userId: number) => `totp:${tenantId}:${userId}`
const recoveryHash = (userId: number, code: string) =>
  sha256Hex(`recovery:${userId}:${normalizeRecoveryCode(code)}`)
const invalidCode = () =>
  UnprocessableError.field(['body', 'code'], 'invalid or expired code', 'invalid_code')

export class MfaService {
  constructor(
    private readonly deps: IdentityDeps,
    private readonly sessions: SessionService,
  ) {}

  async setup(scope: RequestScope): Promise<{ secret: string; otpauth_url: string }> {
    const secret = newTotpSecret()
    const email = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const existing = await creds.findTotp(s, scope.userId)
      if (existing?.verified_at)
        throw new ConflictError('auth.mfa_already_enabled', 'TOTP is already enabled; remove it first')
      await creds.upsertPendingTotp(
        s,
        scope.userId,
        this.deps.cipher.encrypt(secret, aad(scope.tenantId, scope.userId)),
      )
      return (await findUser(s, scope.userId))?.email ?? 'account'
    })
    return { secret, otpauth_url: otpauthUrl(secret, email) }
  }

  /** Confirms enrolment with a first code and returns the recovery codes (shown once). */
  async verify(
    scope: RequestScope,
    code: string,
    ctx: RequestContext,
  ): Promise<{ mfa_enabled: true; recovery_codes: string[] }> {
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode)
    await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const totp = await creds.findTotp(s, scope.userId)
      if (!totp) throw new ConflictError('auth.mfa_not_set_up', 'Call POST /api/auth/mfa/totp/setup first')
      if (totp.verified_at) throw new ConflictError('auth.mfa_already_enabled', 'TOTP is already enabled')
      const step = matchTotp(this.secret(totp.secret_enc, scope), code, this.deps.clock.now())
      if (step === null || !(await creds.advanceTotpStep(s, scope.userId, step, true))) throw invalidCode()
      await creds.replaceRecoveryCodes(
        s,
        scope.userId,
        codes.map((c) => recoveryHash(scope.userId, c)),
      )
    })
    await audit(this.deps, {
      tenantId: scope.tenantId,
      userId: scope.userId,
      event: 'mfa_enabled',
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    })
    return { mfa_enabled: true, recovery_codes: codes }
  }

  async disable(scope: RequestScope, code: string, ctx: RequestContext): Promise<void> {
    const ok = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const totp = await creds.findTotp(s, scope.userId)
      if (!totp?.verified_at) throw new ConflictError('auth.mfa_not_enabled', 'TOTP is not enabled')
      if (!(await this.checkCode(s, scope.userId, totp.secret_enc, scope.tenantId, code))) return false
      await creds.deleteTotp(s, scope.userId)
      return true
    })
    if (!ok) throw invalidCode()
    await audit(this.deps, {
      tenantId: scope.tenantId,
      userId: scope.userId,
      event: 'mfa_disabled',
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    })
  }

  /** The second step of login: a TOTP or recovery code for a pending MFA token → a session. */
  async challenge(mfaToken: string, code: string, ctx: RequestContext): Promise<TokenPair> {
    const owner = await this.sessions.mfaTokenOwner(mfaToken)
    const { tenantId, userId } = owner
    const result = await this.deps.scopes.withTenant(tenantId, async (s) => {
      const totp = await creds.findTotp(s, userId)
      const user = await findUser(s, userId)
      if (!totp?.verified_at || !user || user.status !== 'active') return null
      if (!(await this.checkCode(s, userId, totp.secret_enc, tenantId, code))) {
        await creds.countAttempt(s, owner.tokenId)
        return null
      }
      return (await creds.consumeOneTime(s, owner.tokenId)) ? user : null
    })
    if (!result) {
      await audit(this.deps, {
        tenantId,
        userId,
        event: 'mfa_challenge_failure',
        ip: ctx.ip,
        userAgent: ctx.userAgent,
      })
      throw new OAuthGrantError('invalid_grant', 'Invalid or expired code')
    }
    await audit(this.deps, {
      tenantId,
      userId,
      event: 'login_success',
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      detail: { mfa: true },
    })
    return this.sessions.issue({ tenantId, userId, role: result.role }, ctx)
  }

  private secret(secretEnc: string, owner: { tenantId: number; userId: number }): string {
    return this.deps.cipher.decrypt(secretEnc, aad(owner.tenantId, owner.userId))
  }

  private async checkCode(
    s: Parameters<typeof creds.findTotp>[0],
    userId: number,
    secretEnc: string,
    tenantId: number,
    code: string,
  ): Promise<boolean> {
    const step = matchTotp(this.secret(secretEnc, { tenantId, userId }), code.trim(), this.deps.clock.now())
    if (step !== null) return creds.advanceTotpStep(s, userId, step, false)
    return creds.useRecoveryCode(s, userId, recoveryHash(userId, code))
  }
}
