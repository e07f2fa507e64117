/** Accounts: registration (a new free tenant each), profile, entitlements, deactivation and reactivation. */
import { principalCacheKey } from '../../../platform/auth/authenticator.ts'
import type { RequestScope } from '../../../platform/auth/scope.ts'
import { sha256Hex } from '../../../platform/crypto.ts'
import type { TenantScope } from '../../../platform/db/index.ts'
import { ForbiddenError, NotFoundError, UnprocessableError } from '../../../platform/http/errors.ts'
import {
  audit,
  addSeconds,
  normalizeEmail,
  toUser,
  type IdentityDeps,
  type RequestContext,
} from './identity.service.ts'
import type { Registration, User } from './identity.schemas.ts'
import { createTenant, tenantPlanCode, type Entitlements } from '../tenancy/index.ts'
import * as creds from './credentials.repository.ts'
import { issueToken, tenantOfToken } from './lib/one-time.ts'
import { hashPassword, passwordProblems, verifyPassword } from './lib/passwords.ts'
import { linkTo, messages } from './lib/messages.ts'
import type { SessionService } from './sessions.service.ts'
import * as users from './users.repository.ts'

export const JOB_REACTIVATION_MAIL = 'identity.reactivation_mail'
export const JOB_VERIFICATION_MAIL = 'identity.verification_mail'
export const JOB_REGISTRATION_NOTICE = 'identity.registration_notice_mail'
const DAY_S = 86_400

/** A user's full_name and email, read in the caller's transaction (for other modules). */
export function accountHolder(
  scope: TenantScope,
  userId: number,
): Promise<{ full_name: string | null; email: string } | undefined> {
  return users.findUserContact(scope, userId)
}

/** A user's address and when it was verified (null: not verified), read in the caller's transaction. */
export function accountMailbox(
  scope: TenantScope,
  userId: number,
): Promise<{ email: string; email_verified_at: Date | null } | undefined> {
  return users.findUserMailbox(scope, userId)
}

export class UsersService {
  constructor(
    private readonly deps: IdentityDeps,
    private readonly sessions: SessionService,
  ) {}

  /**
   * Answers the same whether or not the address is free, so registration tells no one which
   * addresses have accounts: a free one gets a new account and a verification link; a taken one
   * gets nothing created and its owner is told by e-mail that someone tried. Both hash the password
   * and queue one mail, so neither the answer nor its timing differs.
   */
  async register(input: { email: string; password: string; full_name?: string }): Promise<Registration> {
    const email = normalizeEmail(input.email)
    const problems = passwordProblems(input.password, email)
    if (problems.length)
      throw new UnprocessableError('validation.weak_password', `password: ${problems[0]?.msg}`, problems)
    const passwordHash = await hashPassword(input.password) // slow: before the transaction
    const created = await this.deps.scopes.withSystem('register: new tenant', async (s) => {
      if (await users.findUserByEmail(s, email)) return false
      const fullName = input.full_name?.trim() || null
      // Tenant and owner in this one transaction: a failed user insert leaves no tenant behind.
      const tenantId = await createTenant(s, { name: fullName ? `${fullName}'s workspace` : email })
      await users.insertUser(s, { tenantId, email, passwordHash, fullName })
      return true
    })
    await this.deps.jobs.enqueue(created ? JOB_VERIFICATION_MAIL : JOB_REGISTRATION_NOTICE, { email })
    return {
      status: 'check_email',
      email,
      detail:
        `A message is on its way to ${email}. A new account is confirmed with its link; then log in ` +
        'at POST /api/auth/token.',
    }
  }

  /** Job handler (identity module jobs): tells an address's owner that someone registered with it. */
  async sendRegistrationNotice(email: string): Promise<void> {
    const user = await this.deps.scopes.withSystem('registration notice', (s) =>
      users.findUserByEmail(s, email),
    )
    if (!user) return
    const base = this.deps.config.PUBLIC_BASE_URL
    const page = user.status === 'deactivated' ? '/reactivate' : '/reset-password'
    await this.deps.email.send(
      messages.registrationAttempt(email, user.tenant_id, new URL(page, base).toString(), user.status),
    )
  }

  /**
   * The operator CLI's `create-admin` (no HTTP operation creates an administrator): promotes the
   * account of `email`, or creates it as the owner of a new tenant on the premium plan.
   */
  async bootstrapAdmin(email: string, passwordHash: string) {
    return this.deps.scopes.withSystem(`admin cli: create-admin ${email}`, async (s) => {
      const existing = await users.findUserByEmail(s, email)
      if (existing) {
        await users.promoteToAdmin(s, existing.tenant_id, existing.id)
        return { created: false, tenantId: existing.tenant_id, userId: existing.id }
      }
      const tenantId = await createTenant(s, { name: 'Administrators', planCode: 'premium' })
      const userId = await users.insertUser(s, {
        tenantId,
        email,
        passwordHash,
        fullName: null,
        role: 'admin',
      })
      return { created: true, tenantId, userId }
    })
  }

  /**
   * The demo login (`SEED_DEMO`): a verified owner of a new tenant named `tenantName` on `planCode`.
   * Null when the address is taken (the seed then does nothing).
   */
  async bootstrapDemo(input: {
    email: string
    password: string
    fullName: string
    tenantName: string
    planCode: string
  }): Promise<{ tenantId: number; userId: number } | null> {
    const email = normalizeEmail(input.email)
    if (await this.deps.scopes.withSystem('demo seed: lookup', (s) => users.findUserByEmail(s, email)))
      return null
    const passwordHash = await hashPassword(input.password) // slow: before the transaction
    return this.deps.scopes.withSystem('demo seed: the demo login', async (s) => {
      if (await users.findUserByEmail(s, email)) return null
      const tenantId = await createTenant(s, { name: input.tenantName, planCode: input.planCode })
      const userId = await users.insertUser(s, {
        tenantId,
        email,
        passwordHash,
        fullName: input.fullName,
        emailVerified: true,
      })
      return { tenantId, userId }
    })
  }

  /** The tenant of the account registered under `email` (the operator CLI), or null. */
  async tenantOf(email: string): Promise<number | null> {
    const found = await this.deps.scopes.withSystem('admin cli: find an account', (s) =>
      users.findUserByEmail(s, normalizeEmail(email)),
    )
    return found?.tenant_id ?? null
  }

  /** Users of every tenant whose verified address, lower-cased, is one of `addresses` (lower case). */
  async verifiedByAddresses(
    addresses: string[],
  ): Promise<Array<{ tenantId: number; userId: number; email: string }>> {
    if (!addresses.length) return []
    const rows = await this.deps.scopes.withSystem('mail provider events: find the mailboxes', (s) =>
      users.findVerifiedByAddresses(s, addresses),
    )
    return rows.map((r) => ({ tenantId: r.tenant_id, userId: r.id, email: r.email }))
  }

  async me(scope: Pick<RequestScope, 'tenantId' | 'userId'>): Promise<User> {
    const found = await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const row = await users.findUser(s, scope.userId)
      if (!row) return null
      const totp = await creds.findTotp(s, scope.userId)
      return toUser(row, (await tenantPlanCode(s)) ?? '', Boolean(totp?.verified_at))
    })
    if (!found) throw new NotFoundError('auth.user_not_found', 'User not found')
    return found
  }

  async update(
    scope: RequestScope,
    patch: { full_name?: string | null; phone?: string | null },
  ): Promise<User> {
    await this.deps.scopes.withTenant(scope.tenantId, async (s) => {
      const row = await users.findUser(s, scope.userId)
      const phoneChanged = patch.phone !== undefined && patch.phone !== row?.phone
      await users.updateUser(s, scope.userId, {
        ...(patch.full_name !== undefined ? { full_name: patch.full_name?.trim() || null } : {}),
        ...(phoneChanged ? { phone: patch.phone ?? null, phone_verified_at: null } : {}),
      })
    })
    return this.me(scope)
  }

  /** The caller's plan, features and limits, decided by tenancy's entitlements service. */
  entitlements(scope: RequestScope): Promise<Entitlements> {
    return this.deps.entitlements.forTenant(scope)
  }

  async deactivate(scope: RequestScope, password: string, ctx: RequestContext): Promise<void> {
    const row = await this.deps.scopes.withTenant(scope.tenantId, (s) => users.findUser(s, scope.userId))
    if (!row || !(await verifyPassword(row.password_hash, password))) {
      throw new ForbiddenError('auth.invalid_password', 'The password is not correct')
    }
    await this.deps.scopes.withTenant(scope.tenantId, (s) =>
      users.updateUser(s, scope.userId, { status: 'deactivated', deactivated_at: this.deps.clock.now() }),
    )
    await this.sessions.revokeAll(scope.tenantId, scope.userId)
    // API keys have no session: the cached "active" status must go too, at once.
    await this.deps.cache.delete(principalCacheKey(scope.tenantId, scope.userId))
    await audit(this.deps, {
      tenantId: scope.tenantId,
      userId: scope.userId,
      event: 'account_deactivated',
      ...ctx,
    })
  }

  /** Always succeeds for the caller; the e-mail goes out (from a job) only to a deactivated account. */
  async requestReactivation(email: string): Promise<void> {
    await this.deps.jobs.enqueue(JOB_REACTIVATION_MAIL, { email: normalizeEmail(email) })
  }

  /** Job handler (identity module jobs). */
  async sendReactivation(email: string): Promise<void> {
    const user = await this.deps.scopes.withSystem('reactivation mail', (s) =>
      users.findUserByEmail(s, email),
    )
    if (!user || user.status !== 'deactivated') return
    const { token, hash } = issueToken(user.tenant_id)
    await this.deps.scopes.withTenant(user.tenant_id, (s) =>
      creds.replaceOneTime(s, {
        userId: user.id,
        purpose: 'reactivate',
        hash,
        target: email,
        expiresAt: addSeconds(this.deps.clock.now(), DAY_S),
      }),
    )
    const url = linkTo(this.deps.config.PUBLIC_BASE_URL, '/reactivate', token)
    await this.deps.email.send(messages.reactivate(email, user.tenant_id, url))
  }

  async confirmReactivation(token: string, ctx: RequestContext): Promise<User> {
    const tenantId = tenantOfToken(token)
    const userId = tenantId
      ? await this.deps.scopes.withTenant(tenantId, async (s) => {
          const row = await creds.findOneTimeByHash(s, 'reactivate', sha256Hex(token))
          if (
            !row ||
            row.used_at ||
            row.expires_at <= this.deps.clock.now() ||
            !(await creds.consumeOneTime(s, row.id))
          )
            return null
          await users.updateUser(s, row.user_id, { status: 'active', deactivated_at: null })
          return row.user_id
        })
      : null
    if (!tenantId || !userId)
      throw UnprocessableError.field(['body', 'token'], 'invalid or expired token', 'invalid_token')
    await this.deps.cache.delete(principalCacheKey(tenantId, userId))
    await audit(this.deps, { tenantId, userId, event: 'account_reactivated', ...ctx })
    return this.me({ tenantId, userId })
  }
}
