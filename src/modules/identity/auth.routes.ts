/** Routes of spec §4.1: registration, login, refresh, logout, profile, entitlements, API key, deactivation. */
import type { App } from '../../app/types.ts'
import { ACCESS_COOKIE, scopeOf } from '../../platform/auth/authenticate.ts'
import { problems } from '../../platform/http/problem.ts'
import { NoContent } from '../../platform/http/schemas.ts'
import type { Identity } from './index.ts'
import { ctxOf, clearAccessCookie, grant, perIp, sendTokens } from './identity.http.ts'
import * as S from './identity.schemas.ts'

const tags = ['auth']

export function authRoutes(app: App, { identity: id }: { identity: Identity }): void {
  const cfg = id.config
  app.post(
    '/api/auth/register',
    {
      config: { auth: 'public', rateLimit: perIp(cfg.REGISTRATIONS_PER_IP_PER_HOUR, '1 hour') },
      schema: {
        operationId: 'register',
        summary: 'Create an account in a new free tenant',
        tags,
        body: S.RegisterBody,
        response: { 201: S.RegisterResponse, ...problems(409, 422, 429) },
      },
    },
    async (req, reply) => reply.code(201).send({ user: await id.accounts.register(req.body) }),
  )

  app.post(
    '/api/auth/token',
    {
      config: { auth: 'public', rateLimit: perIp(cfg.LOGINS_PER_IP_PER_MINUTE, '1 minute') },
      schema: {
        operationId: 'login',
        summary: 'OAuth 2.0 password grant (form-encoded); sets the svc_token cookie',
        tags,
        description:
          'Answers an mfa-pending token instead when the user has verified MFA; finish at POST /api/auth/mfa/challenge.',
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

  app.post(
    '/api/auth/refresh',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'refreshToken',
        summary: 'Rotate a refresh token for a new access token',
        tags,
        body: S.RefreshBody,
        response: { 200: S.TokenResponse, ...problems(401, 422) },
      },
    },
    async (req, reply) =>
      sendTokens(reply, cfg, await id.sessions.refresh(req.body.refresh_token, ctxOf(req))),
  )

  app.post(
    '/api/auth/logout',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'logout',
        summary: 'Revoke the current session and clear the cookie (never fails on a stale token)',
        tags,
        body: { ...S.LogoutBody, nullable: true } as typeof S.LogoutBody,
        response: { 204: NoContent('Logged out'), ...problems(422) },
      },
    },
    async (req, reply) => {
      const tokens = [
        req.cookies[ACCESS_COOKIE],
        /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1],
      ]
      await id.sessions.logout(
        tokens.filter((t): t is string => Boolean(t)),
        req.body?.refresh_token,
      )
      clearAccessCookie(reply, cfg)
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/api/auth/me',
    {
      schema: {
        operationId: 'getMe',
        summary: 'The current user',
        tags,
        response: { 200: S.UserSchema, ...problems(401) },
      },
    },
    (req) => id.accounts.me(scopeOf(req)),
  )

  app.patch(
    '/api/auth/me',
    {
      schema: {
        operationId: 'updateMe',
        summary: 'Update name or phone (a new phone must be verified again)',
        tags,
        body: S.PatchMeBody,
        response: { 200: S.UserSchema, ...problems(401, 422) },
      },
    },
    (req) => id.accounts.update(scopeOf(req), req.body),
  )

  app.get(
    '/api/auth/me/entitlements',
    {
      schema: {
        operationId: 'getEntitlements',
        summary: 'Effective access envelope: plan, features, limits',
        tags,
        response: { 200: S.EntitlementsSchema, ...problems(401) },
      },
    },
    (req) => id.accounts.entitlements(scopeOf(req)),
  )

  app.post(
    '/api/auth/deactivate',
    {
      schema: {
        operationId: 'deactivateAccount',
        summary: 'Deactivate the account (password required); revokes every session',
        tags,
        body: S.PasswordBody,
        response: { 204: NoContent('Deactivated'), ...problems(401, 403, 422) },
      },
    },
    async (req, reply) => {
      await id.accounts.deactivate(scopeOf(req), req.body.password, ctxOf(req))
      clearAccessCookie(reply, cfg)
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/api/auth/reactivate/request',
    {
      config: { auth: 'public', rateLimit: perIp(cfg.MESSAGES_PER_IP_PER_HOUR, '1 hour') },
      schema: {
        operationId: 'requestReactivation',
        summary: 'E-mail a reactivation link to a deactivated account (always 204)',
        tags,
        body: S.EmailBody,
        response: { 204: NoContent('Accepted'), ...problems(422, 429) },
      },
    },
    async (req, reply) => {
      await id.accounts.requestReactivation(req.body.email)
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/api/auth/reactivate/confirm',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'confirmReactivation',
        summary: 'Reactivate with the e-mailed token',
        tags,
        body: S.TokenBody,
        response: { 200: S.RegisterResponse, ...problems(422) },
      },
    },
    async (req) => ({ user: await id.accounts.confirmReactivation(req.body.token, ctxOf(req)) }),
  )

  app.get(
    '/api/auth/api-key',
    {
      schema: {
        operationId: 'getApiKey',
        summary: 'API key metadata; creates the key (plaintext shown once) when absent',
        tags,
        response: { 200: S.ApiKeySchema, ...problems(401) },
      },
    },
    async (req, reply) => reply.header('cache-control', 'no-store').send(await id.apiKeys.get(scopeOf(req))),
  )

  app.post(
    '/api/auth/api-key/rotate',
    {
      schema: {
        operationId: 'rotateApiKey',
        summary: 'Replace the API key (plaintext shown once; the old key stops working)',
        tags,
        response: { 200: S.ApiKeySchema, ...problems(401) },
      },
    },
    async (req, reply) =>
      reply.header('cache-control', 'no-store').send(await id.apiKeys.rotate(scopeOf(req), ctxOf(req))),
  )
}
