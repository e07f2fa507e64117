/**
 * Proofs of ownership: e-mail (link or 6-digit code), phone (SMS code) and password reset.
 * Requests that name an e-mail answer the same whatever the account: the lookup and the sending
 * happen in a job, after the response, so neither the answer nor its timing reveals an account.
 */
import type { RequestScope } from '../../../platform/auth/scope.ts'
import { sha256Hex, timingSafeEqualStr } from '../../../platform/crypto.ts'
import { UnprocessableError } from '../../../platform/http/errors.ts'
import type { OneTimePurpose } from './identity.tables.ts'
import { JOB_VERIFICATION_MAIL, type UsersService } from './users.service.ts'
import {
  audit,
  addSeconds,
  normalizeEmail,
  type IdentityDeps,
  type RequestContext,
} from './identity.service.ts'
import type { User } from './identity.schemas.ts'
import * as creds from './credentials.repository.ts'
import { codeHash, issueToken, newCode, tenantOfToken } from './lib/one-time.ts'
import { hashPassword, passwordProblems } from './lib/passwords.ts'
import { linkTo, messages } from './lib/messages.ts'
import type { SessionService } from './sessions.service.ts'
import * as users from './users.repository.ts'

export const JOB_EMAIL_CODE = 'identity.email_code_mail'
export const JOB_RESET = 'identity.password_reset_mail'
const CODE_TTL_S = 600
const CODE_ATTEMPTS = 5
const invalid = (field: string, what = 'token') =>
  UnprocessableError.field(['body', field], `invalid or expired ${what}`, `invalid_${what}`)

export class VerificationService {
  constructor(
    private readonly deps: IdentityDeps,
    private readonly users: UsersService,
    private readonly sessions: SessionService,
  ) {}

  private get now() {
    return this.deps.clock.now()
  }

  async requestEmailLink(email: string): Promise<void> {
    await this.deps.jobs.enqueue(JOB_VERIFICATION_MAIL, { email: normalizeEmail(email) })
  }

  async requestEmailCode(email: string): Promise<void> {
    await this.deps.jobs.enqueue(JOB_EMAIL_CODE, { email: normalizeEmail(email) })
  }

  async requestPasswordReset(email: string): Promise<void> {
    await this.deps.jobs.enqueue(JOB_RESET, { email: normalizeEmail(email) })
  }

  private async account(email: string) {
    const user = await this.deps.scopes.withSystem('verification mail', (s) =>
      users.findUserByEmail(s, email),
    )
    return user?.status === 'active' ? user : undefined
  }

  private async issueLink(
    user: { tenant_id: number; id: number; email: string },
    purpose: OneTimePurpose,
    ttlS: number,
  ) {
    const { token, hash } = issueToken(user.tenant_id)
    await this.deps.scopes.withTenant(user.tenant_id, (s) =>
      creds.replaceOneTime(s, {
        userId: user.id,
        purpose,
        hash,
        target: user.email,
        expiresAt: addSeconds(this.now, ttlS),
      }),
    )
    return token
  }

  /** Job handler (identity module jobs). */
  async sendEmailLink(email: string): Promise<void> {
    const user = await this.account(email)
    if (!user || user.email_verified_at) return
    const token = await this.issueLink(user, 'email_verify', 86_400)
    await this.deps.email.send(
      messages.verifyEmail(
        email,
        user.tenant_id,
        linkTo(this.deps.config.PUBLIC_BASE_URL, '/verify-email', token),
      ),
    )
  }

  /** Job handler (identity module jobs). */
  async sendEmailCode(email: string): Promise<void> {
    const user = await this.account(email)
    if (!user || user.email_verified_at) return
    const code = newCode()
    await this.deps.scopes.withTenant(user.tenant_id, (s) =>
      creds.replaceOneTime(s, {
        userId: user.id,
        purpose: 'email_code',
        hash: codeHash('email_code', user.id, code),
        target: email,
        expiresAt: addSeconds(this.now, CODE_TTL_S),
      }),
    )
    await this.deps.email.send(messages.emailCode(email, user.tenant_id, code))
  }

  /** Job handler (identity module jobs). */
  async sendReset(email: string): Promise<void> {
    const user = await this.account(email)
    if (!user) return
    const token = await this.issueLink(user, 'password_reset', 3_600)
    await this.deps.email.send(
      messages.passwordReset(
        email,
        user.tenant_id,
        linkTo(this.deps.config.PUBLIC_BASE_URL, '/reset-password', token),
      ),
    )
  }

  /** Consumes a link token of `purpose`; returns its owner, or null when invalid/expired/used. */
  private async consumeLink(token: string, purpose: OneTimePurpose) {
    const tenantId = tenantOfToken(token)
    if (!tenantId) return null
    return this.deps.scopes.withTenant(tenantId, async (s) => {
      const row = await creds.findOneTimeByHash(s, purpose, sha256Hex(token))
      if (!row || row.used_at || row.expires_at <= this.now || !(await creds.consumeOneTime(s, row.id)))
        return null
      const user = await users.findUser(s, row.user_id)
      // A link proves the address it was sent to; if the account's address changed since, it proves nothing.
      if (!user || (row.target && row.target !== user.email)) return null
      return { tenantId, userId: row.user_id }
    })
  }

  async confirmEmailLink(token: string): Promise<User> {
    const tenantId = tenantOfToken(token)
    const owner = await this.consumeLink(token, 'email_verify')
    if (!owner || !tenantId) throw invalid('token')
    await this.deps.scopes.withTenant(tenantId, (s) =>
      users.updateUser(s, owner.userId, { email_verified_at: this.now }),
    )
    return this.users.me({ tenantId, userId: owner.userId })
  }

  /**
   * Checks a code against the user's current one (at most 5 attempts, then it is spent) and that
   * it was sent to `target` — the address or number the account has now.
   */
  private async checkCode(
    tenantId: number,
    userId: number,
    purpose: OneTimePurpose,
    code: string,
    target: string | null,
  ) {
    const ok = await this.deps.scopes.withTenant(tenantId, async (s) => {
      const row = await creds.currentCode(s, userId, purpose)
      if (!row || row.expires_at <= this.now || row.attempts >= CODE_ATTEMPTS || row.target !== target)
        return false
      if (!timingSafeEqualStr(row.token_hash, codeHash(purpose, userId, code))) {
        await creds.countAttempt(s, row.id)
        return false
      }
      return creds.consumeOneTime(s, row.id)
    })
    if (!ok) throw invalid('code', 'code')
  }

  async confirmEmailCode(email: string, code: string): Promise<User> {
    const user = await this.deps.scopes.withSystem('confirm e-mail code', (s) =>
      users.findUserByEmail(s, normalizeEmail(email)),
    )
    if (!user) throw invalid('code', 'code') // same answer as a wrong code
    await this.checkCode(user.tenant_id, user.id, 'email_code', code, user.email)
    await this.deps.scopes.withTenant(user.tenant_id, (s) =>
      users.updateUser(s, user.id, { email_verified_at: this.now }),
    )
    return this.users.me({ tenantId: user.tenant_id, userId: user.id })
  }

  async confirmPasswordReset(token: string, newPassword: string, ctx: RequestContext): Promise<void> {
    const tenantId = tenantOfToken(token)
    const peek = tenantId
      ? await this.deps.scopes.withTenant(tenantId, async (s) => {
          const row = await creds.findOneTimeByHash(s, 'password_reset', sha256Hex(token))
          return row && !row.used_at && row.expires_at > this.now ? users.findUser(s, row.user_id) : undefined
        })
      : undefined
    if (!tenantId || !peek) throw invalid('token')
    const problems = passwordProblems(newPassword, peek.email, 'new_password')
    if (problems.length)
      throw new UnprocessableError('validation.weak_password', `new_password: ${problems[0]?.msg}`, problems)
    const passwordHash = await hashPassword(newPassword)
    const owner = await this.consumeLink(token, 'password_reset')
    if (!owner) throw invalid('token')
    await this.deps.scopes.withTenant(tenantId, (s) =>
      // The link reached the inbox, so the address is proven too.
      users.updateUser(s, owner.userId, {
        password_hash: passwordHash,
        password_changed_at: this.now,
        ...(peek.email_verified_at ? {} : { email_verified_at: this.now }),
      }),
    )
    await this.sessions.revokeAll(tenantId, owner.userId)
    // Whoever knew the old password may have read the key: it goes too (the user creates a new one).
    const keyRevoked = await this.deps.scopes.withTenant(tenantId, (s) => creds.deleteApiKey(s, owner.userId))
    if (keyRevoked) await this.deps.cache.deletePrefix(`auth:apikey:${tenantId}:`)
    await audit(this.deps, {
      tenantId,
      userId: owner.userId,
      event: 'password_reset',
      ...ctx,
      detail: { api_key_revoked: keyRevoked },
    })
  }

  async requestPhoneCode(scope: RequestScope): Promise<{ sent: true; expires_in: number }> {
    const user = await this.users.me(scope)
    if (!user.phone)
      throw UnprocessableError.field(
        ['body', 'phone'],
        'no phone number on the profile; set one with PATCH /api/auth/me',
        'phone_missing',
      )
    const code = newCode()
    await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      creds.replaceOneTime(s, {
        userId: scope.userId,
        purpose: 'phone_code',
        hash: codeHash('phone_code', scope.userId, code),
        target: user.phone,
        expiresAt: addSeconds(this.now, CODE_TTL_S),
      }),
    )
    await this.deps.sms.send({ to: user.phone, body: messages.phoneCode(code), tenantId: scope.tenantId })
    return { sent: true, expires_in: CODE_TTL_S }
  }

  async confirmPhoneCode(scope: RequestScope, code: string): Promise<User> {
    const { phone } = await this.users.me(scope)
    await this.checkCode(scope.tenantId, scope.userId, 'phone_code', code, phone)
    await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      users.updateUser(s, scope.userId, { phone_verified_at: this.now }),
    )
    return this.users.me(scope)
  }
}
