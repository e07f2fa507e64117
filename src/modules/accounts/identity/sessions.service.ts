/**
 * Sessions: the OAuth 2.0 password grant, refresh-token rotation with reuse detection,
 * logout, and the session check the authenticator runs on every request (cached).
 */
import { sha256Hex } from '../../../platform/crypto.ts'
import { UnauthorizedError } from '../../../platform/http/errors.ts'
import type { Role } from '../../../platform/auth/scope.ts'
import type { Principal as UserStanding } from '../../../platform/auth/authenticator.ts'
import { tenantStanding } from '../tenancy/index.ts'
import {
  audit,
  addSeconds,
  normalizeEmail,
  type IdentityDeps,
  type RequestContext,
} from './identity.service.ts'
import type { MfaPending, TokenPair } from './identity.schemas.ts'
import { verifyPassword } from './lib/passwords.ts'
import { LoginThrottle } from './login-throttle.service.ts'
import { issueToken, tenantOfToken } from './lib/one-time.ts'
import * as creds from './credentials.repository.ts'
import * as repo from './sessions.repository.ts'
import { findUserByEmail } from './users.repository.ts'

/** A failed grant, answered as RFC 6749 §5.2 `{error, error_description}` with status 400. */
export class OAuthGrantError extends Error {
  constructor(
    readonly error: 'invalid_request' | 'invalid_grant' | 'unsupported_grant_type',
    readonly description: string,
  ) {
    super(description)
  }
}

const REFRESH_PREFIX = 'srt_'
const MFA_PREFIX = 'mfa_'
const MFA_TOKEN_TTL_S = 300
const SESSION_CACHE_TTL_MS = 60_000

export interface Principal {
  tenantId: number
  userId: number
  role: Role
}

export class SessionService {
  private readonly throttle: LoginThrottle

  constructor(private readonly deps: IdentityDeps) {
    this.throttle = new LoginThrottle(deps)
  }

  private get now() {
    return this.deps.clock.now()
  }

  /** Password grant. Same work (one argon2 verify) whether or not the account exists. */
  async login(
    form: { grant_type?: string; username: string; password: string },
    ctx: RequestContext,
  ): Promise<TokenPair | MfaPending> {
    if (form.grant_type !== undefined && form.grant_type !== 'password') {
      throw new OAuthGrantError('unsupported_grant_type', 'Only grant_type=password is supported')
    }
    const email = normalizeEmail(form.username)
    await this.throttle.check(email, ctx.ip)
    const user = await this.deps.scopes.withSystem('login by e-mail', (s) => findUserByEmail(s, email))
    const ok = await verifyPassword(user?.password_hash ?? null, form.password)
    if (!user || !ok || user.status !== 'active') {
      await this.throttle.failed(email, ctx.ip)
      await audit(this.deps, {
        tenantId: user?.tenant_id ?? null,
        userId: user?.id ?? null,
        event: 'login_failure',
        ...ctxFields(ctx),
        detail: { reason: !user ? 'unknown_account' : !ok ? 'bad_password' : 'deactivated' },
      })
      throw new OAuthGrantError('invalid_grant', 'Invalid e-mail or password')
    }
    await this.throttle.succeeded(email, ctx.ip)
    const totp = await this.deps.scopes.withTenant(user.tenant_id, (s) => creds.findTotp(s, user.id))
    if (totp?.verified_at) {
      const { token, hash } = issueToken(user.tenant_id, MFA_PREFIX)
      await this.deps.scopes.withTenant(user.tenant_id, (s) =>
        creds.replaceOneTime(s, {
          userId: user.id,
          purpose: 'mfa_login',
          hash,
          target: null,
          expiresAt: addSeconds(this.now, MFA_TOKEN_TTL_S),
        }),
      )
      return { mfa_required: true, mfa_token: token, mfa_methods: ['totp'] }
    }
    await audit(this.deps, {
      tenantId: user.tenant_id,
      userId: user.id,
      event: 'login_success',
      ...ctxFields(ctx),
    })
    return this.issue({ tenantId: user.tenant_id, userId: user.id, role: user.role }, ctx)
  }

  /** The user an MFA token stands for (not consumed here; the challenge consumes it on success). */
  async mfaTokenOwner(
    mfaToken: string,
  ): Promise<{ tokenId: number; tenantId: number; userId: number; attempts: number }> {
    const tenantId = tenantOfToken(mfaToken, MFA_PREFIX)
    const row = tenantId
      ? await this.deps.scopes.withTenant(tenantId, (s) =>
          creds.findOneTimeByHash(s, 'mfa_login', sha256Hex(mfaToken)),
        )
      : undefined
    if (!tenantId || !row || row.used_at || row.expires_at <= this.now || row.attempts >= 5) {
      throw new OAuthGrantError('invalid_grant', 'The MFA token is invalid or expired; log in again')
    }
    return { tokenId: row.id, tenantId, userId: row.user_id, attempts: row.attempts }
  }

  /** A new session: access token (JWT with the session id) and a new refresh-token family. */
  async issue(p: Principal, ctx: RequestContext): Promise<TokenPair> {
    const sessionId = this.deps.ids.ulid()
    const refresh = issueToken(p.tenantId, REFRESH_PREFIX)
    const expiresAt = addSeconds(this.now, this.deps.config.REFRESH_TOKEN_TTL_DAYS * 86_400)
    await this.deps.scopes.withTenant(p.tenantId, async (s) => {
      await repo.insertSession(s, { id: sessionId, userId: p.userId, expiresAt, ...ctx })
      await repo.insertRefreshToken(s, {
        familyId: this.deps.ids.ulid(),
        sessionId,
        userId: p.userId,
        hash: refresh.hash,
        expiresAt,
      })
    })
    return this.pair(p, sessionId, refresh.token)
  }

  private async pair(p: Principal, sessionId: string, refreshToken: string): Promise<TokenPair> {
    const ttl = this.deps.config.ACCESS_TOKEN_TTL_SECONDS
    const access = await this.deps.signer.sign(
      { ...p, sessionId, tokenId: this.deps.ids.ulid() },
      ttl,
      this.now,
    )
    return { access_token: access, token_type: 'bearer', expires_in: ttl, refresh_token: refreshToken }
  }

  async refresh(refreshToken: string, ctx: RequestContext): Promise<TokenPair> {
    const invalid = () =>
      new UnauthorizedError('auth.invalid_refresh_token', 'The refresh token is invalid or expired')
    const tenantId = tenantOfToken(refreshToken, REFRESH_PREFIX)
    if (!tenantId) throw invalid()
    const rotate = await this.deps.flags.isEnabled(tenantId, 'refresh_rotation')
    const next = issueToken(tenantId, REFRESH_PREFIX)
    const expiresAt = addSeconds(this.now, this.deps.config.REFRESH_TOKEN_TTL_DAYS * 86_400)
    const outcome = await this.deps.scopes.withTenant(tenantId, async (s) => {
      const row = await repo.findRefreshToken(s, sha256Hex(refreshToken))
      if (!row || row.revoked_at || row.expires_at <= this.now) return { kind: 'invalid' as const }
      if (row.used_at || (rotate && !(await repo.markRefreshUsed(s, row.id)))) {
        return {
          kind: 'reused' as const,
          userId: row.user_id,
          sessions: await repo.revokeFamily(s, row.family_id),
        }
      }
      const user = await repo.findUserStatus(s, row.user_id)
      if (!user || user.status !== 'active') return { kind: 'invalid' as const }
      if (rotate) {
        await repo.insertRefreshToken(s, {
          familyId: row.family_id,
          sessionId: row.session_id,
          userId: row.user_id,
          hash: next.hash,
          expiresAt,
        })
        await repo.extendSession(s, row.session_id, expiresAt)
      }
      return { kind: 'ok' as const, userId: row.user_id, role: user.role, sessionId: row.session_id }
    })
    if (outcome.kind === 'invalid') throw invalid()
    if (outcome.kind === 'reused') {
      await this.forgetSessions(outcome.sessions)
      await audit(this.deps, {
        tenantId,
        userId: outcome.userId,
        event: 'refresh_reuse_detected',
        ...ctxFields(ctx),
      })
      throw new UnauthorizedError(
        'auth.refresh_token_reused',
        'This refresh token was already used; its session was revoked',
      )
    }
    const p = { tenantId, userId: outcome.userId, role: outcome.role }
    return this.pair(p, outcome.sessionId, rotate ? next.token : refreshToken)
  }

  /** Revokes the access-token session (when a valid token is presented) and the refresh family. */
  async logout(accessTokens: string[], refreshToken: string | undefined): Promise<void> {
    for (const token of accessTokens) {
      const claims = await this.deps.signer.verify(token, this.now)
      if (!claims) continue
      const ids = await this.deps.scopes.withTenant(claims.tenantId, (s) =>
        repo.revokeSessions(s, { sessionId: claims.sessionId }),
      )
      await this.forgetSessions([...ids, claims.sessionId])
    }
    const tenantId = refreshToken ? tenantOfToken(refreshToken, REFRESH_PREFIX) : null
    if (refreshToken && tenantId) {
      const sessions = await this.deps.scopes.withTenant(tenantId, async (s) => {
        const row = await repo.findRefreshToken(s, sha256Hex(refreshToken))
        return row ? repo.revokeFamily(s, row.family_id) : []
      })
      await this.forgetSessions(sessions)
    }
  }

  /** Every session and refresh family of a user (password reset, deactivation). */
  async revokeAll(tenantId: number, userId: number): Promise<void> {
    const ids = await this.deps.scopes.withTenant(tenantId, (s) => repo.revokeSessions(s, { userId }))
    await this.forgetSessions(ids)
  }

  /** The authenticator's hook: the user's role, the tenant's plan, and whether both are active. */
  principal(tenantId: number, userId: number): Promise<UserStanding | null> {
    return this.deps.scopes.withTenant(tenantId, async (s) => {
      const user = await repo.findUserStatus(s, userId)
      const tenant = user ? await tenantStanding(s) : undefined
      if (!user || !tenant) return null
      const active = user.status === 'active' && tenant.status === 'active'
      return { role: user.role, plan: tenant.plan_code, active }
    })
  }

  /** The authenticator's hook: is this access token's session still live? Cached briefly. */
  async isActive(sessionId: string, _userId: number, tenantId: number): Promise<boolean> {
    const { value } = await this.deps.cache.wrap(
      `auth:session:${sessionId}`,
      SESSION_CACHE_TTL_MS,
      async () => {
        const row = await this.deps.scopes.withTenant(tenantId, (s) => repo.findSession(s, sessionId))
        return row !== undefined && row.revoked_at === null
      },
    )
    return value
  }

  private async forgetSessions(ids: string[]): Promise<void> {
    await Promise.all(ids.map((id) => this.deps.cache.delete(`auth:session:${id}`)))
  }
}

function ctxFields(ctx: RequestContext) {
  return { ip: ctx.ip, userAgent: ctx.userAgent }
}
