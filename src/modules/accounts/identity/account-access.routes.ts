/** Auth routes that gate access to an account: deactivation, reactivation, the API key. */
import type { App } from '../../../platform/http/app-type.ts'
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import { problems } from '../../../platform/http/problem.ts'
import { NoContent } from '../../../platform/http/schemas.ts'
import type { Identity } from './index.ts'
import { ctxOf, clearAccessCookie, perIp } from './identity.routes.ts'
import * as S from './identity.schemas.ts'
import { API_KEY, ROTATED_API_KEY, USER } from './identity.examples.ts'

const tags = ['auth']

export function accountAccessRoutes(app: App, deps: { identity: Identity }): void {
  deactivateAccountRoute(app, deps)
  requestReactivationRoute(app, deps)
  confirmReactivationRoute(app, deps)
  getApiKeyRoute(app, deps)
  rotateApiKeyRoute(app, deps)
}

function deactivateAccountRoute(app: App, { identity: id }: { identity: Identity }): void {
  const cfg = id.config
  app.post(
    '/api/auth/deactivate',
    {
      schema: {
        operationId: 'deactivateAccount',
        summary: 'Deactivate the account (password required); revokes every session',
        description:
          'Deactivates the caller after checking the password (403 `auth.invalid_password` when wrong): every ' +
          'session and refresh token is revoked and the cookie cleared. The account can be restored with ' +
          'POST /api/auth/reactivate/request.',
        examples: {
          body: { password: 'orbit-lantern-42' },
          204: { description: 'Deactivated and logged out everywhere' },
        },
        tags,
        body: S.PasswordBody,
        response: { 204: NoContent('Deactivated'), ...problems(401, 403, 422) },
      },
    },
    async (req, reply) => {
      await id.users.deactivate(scopeOf(req), req.body.password, ctxOf(req))
      clearAccessCookie(reply, cfg)
      return reply.code(204).send(null)
    },
  )
}

function requestReactivationRoute(app: App, { identity: id }: { identity: Identity }): void {
  const cfg = id.config
  app.post(
    '/api/auth/reactivate/request',
    {
      config: { auth: 'public', rateLimit: perIp(cfg.MESSAGES_PER_IP_PER_HOUR, '1 hour') },
      schema: {
        operationId: 'requestReactivation',
        summary: 'E-mail a reactivation link to a deactivated account (always 204)',
        description:
          'E-mails a reactivation link when the address belongs to a deactivated account. Always 204, whether ' +
          'or not such an account exists (no account enumeration). Limited per IP address (429).',
        examples: {
          body: { email: 'ada@example.com' },
          204: { description: 'Accepted; an e-mail is sent if the account is deactivated' },
        },
        tags,
        body: S.EmailBody,
        response: { 204: NoContent('Accepted'), ...problems(422, 429) },
      },
    },
    async (req, reply) => {
      await id.users.requestReactivation(req.body.email)
      return reply.code(204).send(null)
    },
  )
}

function confirmReactivationRoute(app: App, { identity: id }: { identity: Identity }): void {
  app.post(
    '/api/auth/reactivate/confirm',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'confirmReactivation',
        summary: 'Reactivate with the e-mailed token',
        description:
          'Reactivates the account named by the e-mailed token; the token works once. An unknown, used or ' +
          'expired token answers 422 (`loc: ["body","token"]`). Log in again afterwards.',
        examples: {
          body: { token: '17.Hh3kQ9xV2mB7nC4zL8pR1sT6wY0aD5fG9jK2uE7iO3q' },
          200: { description: 'The reactivated user', value: { user: USER } },
        },
        tags,
        body: S.TokenBody,
        response: { 200: S.UserEnvelope, ...problems(422) },
      },
    },
    async (req) => ({ user: await id.users.confirmReactivation(req.body.token, ctxOf(req)) }),
  )
}

function getApiKeyRoute(app: App, { identity: id }: { identity: Identity }): void {
  app.get(
    '/api/auth/api-key',
    {
      schema: {
        operationId: 'getApiKey',
        summary: 'API key metadata; creates the key (plaintext shown once) when absent',
        description:
          "The caller's API key (one per user; send it as `X-API-Key`). The first call creates it and is the " +
          'only answer with the plaintext `key`; later ones show its prefix and last use. Not cacheable.',
        examples: {
          200: {
            description: 'The key metadata (and the plaintext key when it was just created)',
            value: API_KEY,
          },
        },
        tags,
        response: { 200: S.ApiKeySchema, ...problems(401) },
      },
    },
    async (req, reply) => reply.header('cache-control', 'no-store').send(await id.apiKeys.get(scopeOf(req))),
  )
}

function rotateApiKeyRoute(app: App, { identity: id }: { identity: Identity }): void {
  app.post(
    '/api/auth/api-key/rotate',
    {
      schema: {
        operationId: 'rotateApiKey',
        summary: 'Replace the API key (plaintext shown once; the old key stops working)',
        description:
          'Replaces the API key: the old key stops working at once; the new plaintext key is in this answer only.',
        examples: {
          200: {
            description: 'The new key, with its plaintext',
            value: ROTATED_API_KEY,
          },
        },
        tags,
        response: { 200: S.ApiKeySchema, ...problems(401) },
      },
    },
    async (req, reply) =>
      reply.header('cache-control', 'no-store').send(await id.apiKeys.rotate(scopeOf(req), ctxOf(req))),
  )
}
