/** MFA routes: TOTP enrolment and removal, and the login challenge. */
import type { App } from '../../app/types.ts'
import { scopeOf } from '../../platform/auth/authenticate.ts'
import { problems } from '../../platform/http/problem.ts'
import { NoContent } from '../../platform/http/schemas.ts'
import type { Identity } from './index.ts'
import { ctxOf, grant, perIp } from './identity.http.ts'
import * as S from './identity.schemas.ts'

const tags = ['auth']

export function mfaRoutes(app: App, { identity: id }: { identity: Identity }): void {
  app.post(
    '/api/auth/mfa/totp/setup',
    {
      schema: {
        operationId: 'setupTotp',
        summary: 'Start TOTP enrolment: a secret and otpauth:// URL for an authenticator app',
        tags,
        response: { 200: S.TotpSetupResponse, ...problems(401, 409) },
      },
    },
    async (req, reply) => reply.header('cache-control', 'no-store').send(await id.mfa.setup(scopeOf(req))),
  )

  app.post(
    '/api/auth/mfa/totp/verify',
    {
      schema: {
        operationId: 'verifyTotp',
        summary: 'Confirm enrolment with a first code; returns 10 one-time recovery codes',
        tags,
        body: S.PhoneCodeBody,
        response: { 200: S.RecoveryCodesResponse, ...problems(401, 409, 422) },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await id.mfa.verify(scopeOf(req), req.body.code, ctxOf(req))),
  )

  app.delete(
    '/api/auth/mfa/totp',
    {
      schema: {
        operationId: 'disableTotp',
        summary: 'Remove TOTP (a current code or a recovery code is required)',
        tags,
        body: S.CodeBody,
        response: { 204: NoContent('Removed'), ...problems(401, 409, 422) },
      },
    },
    async (req, reply) => {
      await id.mfa.disable(scopeOf(req), req.body.code, ctxOf(req))
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/api/auth/mfa/challenge',
    {
      config: { auth: 'public', rateLimit: perIp(id.config.LOGINS_PER_IP_PER_MINUTE, '1 minute') },
      schema: {
        operationId: 'mfaChallenge',
        summary: 'Finish an MFA login with a TOTP or recovery code; same answer as /token',
        tags,
        body: S.ChallengeBody,
        response: { 200: S.TokenResponse, 400: S.OAuthError, ...problems(422, 429) },
      },
    },
    (req, reply) =>
      grant(reply, id.config, () => id.mfa.challenge(req.body.mfa_token, req.body.code, ctxOf(req))),
  )
}
