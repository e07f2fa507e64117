/** /api/me/push-tokens: the caller's mobile device tokens. */
import { scopeOf } from '../../../platform/auth/authenticate.ts'
import type { App } from '../../../platform/http/app-type.ts'
import { problems } from '../../../platform/http/problem.ts'
import { NoContent } from '../../../platform/http/schemas.ts'
import type { Push } from './index.ts'
import * as X from './push.examples.ts'
import * as S from './push.schemas.ts'

const tags = ['push']
const BASE = '/api/me/push-tokens'

export function tokenRoutes(app: App, { tokens }: Push): void {
  app.get(
    BASE,
    {
      schema: {
        operationId: 'listPushTokens',
        summary: 'The caller’s mobile device tokens',
        description: `The caller’s own device tokens (at most ${S.MAX_TOKENS}), the most recently registered first.`,
        examples: { 200: { description: 'The tokens', value: X.TOKENS } },
        tags,
        response: { 200: S.Tokens, ...problems(401) },
      },
    },
    (req) => tokens.list(scopeOf(req)),
  )
  app.post(
    BASE,
    {
      schema: {
        operationId: 'registerPushToken',
        summary: 'Register this device for mobile push (upsert by user and token)',
        description:
          'Upsert of (user, `device_token`) in one atomic statement: a new pair → 201, an existing pair → 200 with ' +
          '`last_seen_at` refreshed (and the posted `platform` and `app_id`); concurrent registrations of one pair ' +
          'give one 201 and 200s. iOS tokens are APNs device tokens in hex — 64 characters (longer: whole bytes, ' +
          'at most 200), stored lower case; Android tokens are FCM registration tokens, 100–4096 characters of ' +
          'A–Z, a–z, 0–9, `_`, `:` and `-`; anything else → 422 naming `device_token`. The same token registered ' +
          'by another user of the tenant is removed from them (the device is the caller’s now). A user keeps at ' +
          `most ${S.MAX_TOKENS} tokens: one more drops the one registered longest ago; tokens not registered again ` +
          `for ${S.TOKEN_IDLE_DAYS} days are pruned daily, and a token FCM or APNs calls unregistered is removed ` +
          'when a push to it fails.',
        examples: {
          body: X.TOKEN_BODY,
          201: { description: 'A new pair', value: X.TOKEN },
          200: { description: 'An existing pair, last_seen_at refreshed', value: X.TOKEN },
        },
        tags,
        body: S.TokenBody,
        response: { 200: S.Token, 201: S.Token, ...problems(401, 422) },
      },
    },
    async (req, reply) => {
      const { created, token } = await tokens.register(scopeOf(req), req.body)
      return reply.code(created ? 201 : 200).send(token)
    },
  )
  app.delete(
    `${BASE}/:token_id`,
    {
      schema: {
        operationId: 'deletePushToken',
        summary: 'Unregister a device token',
        description:
          'Removes one of the caller’s device tokens (e.g. on sign-out in the app). Another user’s or tenant’s, or ' +
          'one already removed → 404 `push.token_not_found`.',
        examples: { params: { token_id: 12 } },
        tags,
        params: S.TokenParams,
        response: { 204: NoContent('Removed'), ...problems(401, 404, 422) },
      },
    },
    async (req, reply) => {
      await tokens.remove(scopeOf(req), req.params.token_id)
      return reply.code(204).send(null)
    },
  )
}
