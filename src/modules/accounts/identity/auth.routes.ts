/**
 * Auth routes: registration, login, refresh, logout, profile, entitlements; then deactivation,
 * reactivation and the API key, in account-access.routes.ts.
 */
import type { App } from '../../../platform/http/app-type.ts'
import { ACCESS_COOKIE, bearerToken, scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import { NoContent } from '../../../platform/http/schemas.ts'
import { UnprocessableError } from '../../../platform/http/errors.ts'
import type { Identity } from './index.ts'
import { ctxOf, clearAccessCookie, grant, perIp, REFRESH_COOKIE, sendTokens } from './identity.routes.ts'
import * as S from './identity.schemas.ts'
import { ENTITLEMENTS, TOKENS, USER } from './identity.examples.ts'
import { accountAccessRoutes } from './account-access.routes.ts'

const tags = ['auth']

export function authRoutes(app: App, deps: { identity: Identity }): void {
  registerRoute(app, deps)
  loginRoute(app, deps)
  refreshTokenRoute(app, deps)
  logoutRoute(app, deps)
  getMeRoute(app, deps)
  updateMeRoute(app, deps)
  getEntitlementsRoute(app, deps)
  accountAccessRoutes(app, deps)
}

function registerRoute(app: App, { identity: id }: { identity: Identity }): void {
  const cfg = id.config
  app.post(
    '/api/auth/register',
    {
      config: { auth: 'public', rateLimit: perIp(cfg.REGISTRATIONS_PER_IP_PER_HOUR, '1 hour') },
      schema: {
        operationId: 'register',
        summary: 'Create an account in a new free tenant',
        description:
          'Creates a user in a new free-plan tenant of its own and e-mails a verification link. Passwords: ' +
          '8–128 characters, not a common one (else 422 `validation.weak_password`). An address that already ' +
          'has an account gets the same 201 answer, but nothing is created and its owner is e-mailed that ' +
          'someone tried (with a way to log in or reset the password): the answer never tells whether an ' +
          'address is registered. Limited per IP (429). Then log in at POST /api/auth/token.',
        examples: {
          body: { email: 'ada@example.com', password: 'orbit-lantern-42', full_name: 'Ada Lovelace' },
          201: {
            description: 'Accepted: check the inbox (the same answer whether or not the address was free)',
            value: {
              status: 'check_email',
              email: 'ada@example.com',
              detail:
                'A message is on its way to ada@example.com. A new account is confirmed with its link; then ' +
                'log in at POST /api/auth/token.',
            },
          },
        },
        tags,
        body: S.RegisterBody,
        response: { 201: S.RegisterResponse, ...problems(422, 429) },
      },
    },
    async (req, reply) => reply.code(201).send(await id.users.register(req.body)),
  )
}

function loginRoute(app: App, { identity: id }: { identity: Identity }): void {
  const cfg = id.config
  app.post(
    '/api/auth/token',
    {
      config: { auth: 'public', rateLimit: perIp(cfg.LOGINS_PER_IP_PER_MINUTE, '1 minute') },
      schema: {
        operationId: 'login',
        summary: 'OAuth 2.0 password grant (form-encoded); sets the svc_token cookie',
        examples: {
          body: { grant_type: 'password', username: 'ada@example.com', password: 'orbit-lantern-42' },
          200: {
            description:
              'Tokens (the access token also as the `svc_token` cookie), or an mfa_token under MFA',
            value: TOKENS,
          },
          400: {
            description: 'RFC 6749 error: invalid_grant (bad credentials) or unsupported_grant_type',
            value: { error: 'invalid_grant', error_description: 'Invalid e-mail or password' },
          },
        },
        tags,
        description:
          'Answers an mfa-pending token instead when the user has verified MFA; finish at POST /api/auth/mfa/challenge. ' +
          'Failed logins are counted per account and source address: after LOGIN_FREE_FAILURES (5) from one ' +
          'address, that address waits 1, 2, 4 … s (at most 15 min) after each failure, answered 429 ' +
          '`auth.login_throttled` with Retry-After even for the right password; other addresses are not ' +
          'delayed. Past LOGIN_FAILURES_PER_ACCOUNT (100) failures an hour from all addresses, only addresses ' +
          'the account logged in from in the last 30 days may try until the hour ends.',
        consumes: ['application/x-www-form-urlencoded'],
        body: S.TokenForm,
        response: {
          200: { anyOf: [S.TokenResponse, S.MfaPendingResponse] },
          400: S.OAuthError,
          ...problems(422, 429),
        },
      },
    },
    (req, reply) => grant(reply, cfg, () => id.sessions.login(req.body, ctxOf(req))),
  )
}

function refreshTokenRoute(app: App, { identity: id }: { identity: Identity }): void {
  const cfg = id.config
  app.post(
    '/api/auth/refresh',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'refreshToken',
        summary: 'Rotate a refresh token for a new access token',
        description:
          'Exchanges a refresh token for a new token pair; the one presented stops working. The token is the ' +
          "body's `refresh_token`, or else the httpOnly `svc_refresh` cookie the login set (how a browser " +
          'refreshes: it never sees the token); with neither, 422. Presenting a used ' +
          'one revokes its whole family (every token of that login): 401 `auth.refresh_token_reused`; an ' +
          'unknown or expired one: 401 `auth.invalid_refresh_token`.',
        examples: {
          body: { refresh_token: 'srt_17.eP95neSxQ0mD7a3YbLr1Vt9kZc2HwJ5uNf8gKp4oTqA' },
          200: {
            description: 'A new token pair (the cookie is set again)',
            value: { ...TOKENS, refresh_token: 'srt_17.bbpRY7CwT2nLq9XzV4mK8sJd1HfA6uGe3oPiRy5tN0c' },
          },
        },
        tags,
        body: { ...S.RefreshBody, nullable: true } as typeof S.RefreshBody,
        response: { 200: S.TokenResponse, ...problems(401, 422) },
      },
    },
    async (req, reply) => {
      const token = req.body?.refresh_token ?? req.cookies[REFRESH_COOKIE]
      if (!token)
        throw UnprocessableError.field(
          ['body', 'refresh_token'],
          'Send the refresh token in the body, or from a browser that logged in, the svc_refresh cookie',
          'missing',
        )
      return sendTokens(reply, cfg, await id.sessions.refresh(token, ctxOf(req)))
    },
  )
}

function logoutRoute(app: App, { identity: id }: { identity: Identity }): void {
  const cfg = id.config
  app.post(
    '/api/auth/logout',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'logout',
        summary: 'Revoke the current session and clear the cookie (never fails on a stale token)',
        description:
          'Revokes the session of the access token presented (cookie or bearer) and the refresh token if given, ' +
          'then clears the `svc_token` cookie. Never a 401: a missing, stale or invalid token still gets 204.',
        examples: {
          body: { refresh_token: 'srt_17.bbpRY7CwT2nLq9XzV4mK8sJd1HfA6uGe3oPiRy5tN0c' },
          204: { description: 'Logged out; the cookie is cleared' },
        },
        tags,
        body: { ...S.LogoutBody, nullable: true } as typeof S.LogoutBody,
        response: { 204: NoContent('Logged out'), ...problems(422) },
      },
    },
    async (req, reply) => {
      const tokens = [req.cookies[ACCESS_COOKIE], bearerToken(req.headers.authorization)]
      await id.sessions.logout(
        tokens.filter((t): t is string => Boolean(t)),
        req.body?.refresh_token ?? req.cookies[REFRESH_COOKIE],
      )
      clearAccessCookie(reply, cfg)
      return reply.code(204).send(null)
    },
  )
}

function getMeRoute(app: App, { identity: id }: { identity: Identity }): void {
  app.get(
    '/api/auth/me',
    {
      schema: {
        operationId: 'getMe',
        summary: 'The current user',
        description: 'The profile of the user the credentials belong to.',
        examples: {
          200: {
            description: 'The current user',
            value: { ...USER, phone: '+15551234567', phone_verified: true, plan: 'pro' },
          },
        },
        tags,
        response: { 200: S.UserSchema, ...problems(401) },
      },
    },
    (req) => id.users.me(scopeOf(req)),
  )
}

function updateMeRoute(app: App, { identity: id }: { identity: Identity }): void {
  app.patch(
    '/api/auth/me',
    {
      schema: {
        operationId: 'updateMe',
        summary: 'Update name or phone (a new phone must be verified again)',
        description:
          'Changes the full name and/or the phone (E.164, e.g. +15551234567); null clears either. A new phone ' +
          'is unverified until POST /api/auth/verify-phone/confirm. Unknown fields and an empty body answer 422.',
        examples: {
          body: { full_name: 'Ada King', phone: '+15551234567' },
          200: {
            description: 'The updated user',
            value: { ...USER, full_name: 'Ada King', phone: '+15551234567', plan: 'pro' },
          },
        },
        tags,
        body: S.PatchMeBody,
        response: { 200: S.UserSchema, ...problems(401, 422) },
      },
    },
    (req) => id.users.update(scopeOf(req), req.body),
  )
}

function getEntitlementsRoute(app: App, { identity: id }: { identity: Identity }): void {
  app.get(
    '/api/auth/me/entitlements',
    {
      schema: {
        operationId: 'getEntitlements',
        summary: 'Effective access envelope: plan, features, limits',
        description:
          "What the caller may use: the tenant's plan, each feature (the plan's, with the tenant's feature " +
          'flag overrides applied) and the numeric limits of the plan. A plan feature means what it ' +
          'gates: `broker_connect` — connecting a broker (402 without); `email_briefing` — the e-mail ' +
          'briefing (402 without); `committee_model` — the language model deciding committee runs ' +
          '(committee runs themselves are on every plan, the rules deciding without it); ' +
          '`learn_advanced` — advanced learning concepts (402 without).',
        examples: {
          200: { description: 'The plan, features and limits in effect', value: ENTITLEMENTS },
        },
        tags,
        response: { 200: S.EntitlementsSchema, ...problems(401) },
      },
    },
    (req) => id.users.entitlements(scopeOf(req)),
  )
}
